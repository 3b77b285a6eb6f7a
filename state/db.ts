import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

export type Db = Database.Database;

/** A forward-only schema step; `version` numbers are contiguous from 1. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export class SchemaTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(`${file} has schema version ${found}, newer than this svc understands (${known}); upgrade svc`);
    this.name = "SchemaTooNewError";
  }
}

/**
 * Opens (creating when needed) a SQLite file in WAL mode and brings it to the latest schema.
 * Each migration runs in its own transaction so a failed step leaves the previous version intact.
 */
export function openDatabase(file: string, migrations: readonly Migration[]): Db {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    migrate(db, file, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: Db, file: string, migrations: readonly Migration[]): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new SchemaTooNewError(file, current, latest);
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
}
