import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import Database from "better-sqlite3";
import { produceAtomicSync } from "./atomic.js";
import { errnoOf } from "./errno.js";
import { makeFolderSync } from "./folders.js";
import { type MountLookup, type StorageInfo, storageOf } from "./storage-mode.js";

export type Db = Database.Database;

/** A forward-only schema step; `version` numbers are contiguous from 1. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export class SchemaTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(
      `${basename(file)} has schema version ${found}, newer than this svc understands (${known}); upgrade svc`,
    );
    this.name = "SchemaTooNewError";
  }
}

/** The snapshot a migration takes first could not be written, so the database was left as it was. */
export class MigrationBackupError extends Error {
  constructor(file: string, from: number, to: number, reason: string) {
    super(
      `${basename(file)} needs migrating from schema version ${from} to ${to}, but its snapshot could not be ` +
        `written to the backups folder beside it (${reason}); nothing was changed`,
    );
    this.name = "MigrationBackupError";
  }
}

/** Snapshots kept per database; older ones are removed after a new one is written. */
export const KEPT_SNAPSHOTS = 5;

/**
 * How a database on this storage keeps its journal. WAL needs shared memory that every process
 * using the file maps, which exists only on one machine: on a share another machine's svc would
 * read a database whose recent commits it cannot see, and recover (or corrupt) it as its own
 * (sqlite.org/wal.html, "WAL does not work over a network filesystem"). There the classic rollback
 * journal is used, written through (`synchronous = FULL`), so a database left by a host that died
 * is whole for the next one. Locally WAL stays: readers never wait for the writer.
 */
export function journalFor(storage: StorageInfo): {
  journal: "wal" | "delete";
  synchronous: "NORMAL" | "FULL";
} {
  return storage.mode === "network"
    ? { journal: "delete", synchronous: "FULL" }
    : { journal: "wal", synchronous: "NORMAL" };
}

/** The journal mode a database handle is in (`wal`, `delete`…). */
export const journalModeOf = (db: Db): string => String(db.pragma("journal_mode", { simple: true }));

/**
 * Opens (creating when needed) a SQLite file and brings it to the latest schema: in WAL mode on
 * this machine's own disks, with a rollback journal on a share (`journalFor`; `mounts` is the
 * mount table's answer where statfs cannot tell, macOS and Windows). A database that moved (a
 * project copied to a share, or back) is switched on open; the switch waits for other handles like
 * any write, and fails as "database is locked" rather than keep WAL where it is unsafe. Its
 * folder is made when missing, never the folder above it. Before an existing database is migrated, a consistent copy of it goes to `backupDir` (by
 * default `backups/` beside the file). All pending steps run in one transaction, so a failed
 * step leaves the file at the version it had.
 */
export function openDatabase(
  file: string,
  migrations: readonly Migration[],
  backupDir: string = join(dirname(file), "backups"),
  mounts?: MountLookup,
): Db {
  makeFolderSync(dirname(file));
  const db = new Database(file);
  try {
    const { journal, synchronous } = journalFor(storageOf(dirname(file), mounts));
    db.pragma("busy_timeout = 5000");
    db.pragma(`journal_mode = ${journal}`);
    db.pragma(`synchronous = ${synchronous}`);
    db.pragma("foreign_keys = ON");
    migrate(db, file, migrations, backupDir);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

const version = (db: Db) => db.pragma("user_version", { simple: true }) as number;

function migrate(db: Db, file: string, migrations: readonly Migration[], backupDir: string): void {
  const latest = migrations.length;
  const current = version(db);
  if (current > latest) throw new SchemaTooNewError(file, current, latest);
  if (current === latest) return;
  if (current > 0) snapshot(db, file, current, latest, backupDir);
  db.transaction(() => {
    // Another process may have migrated the file since it was read above.
    for (const migration of migrations.slice(version(db))) {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }
  }).immediate();
}

const stamp = () => new Date().toISOString().replace(/[-:.]/g, "");

/**
 * `<name>-v<from>-<UTC timestamp>.db` in `dir`, written by SQLite itself (`VACUUM INTO` reads one
 * consistent state, WAL included) through the atomic-write helper, so a snapshot that exists
 * is complete. Only the newest KEPT_SNAPSHOTS of this database stay.
 */
function snapshot(db: Db, file: string, from: number, to: number, dir: string): void {
  const name = basename(file, extname(file));
  const target = join(dir, `${name}-v${from}-${stamp()}.db`);
  try {
    mkdirSync(dir, { recursive: true });
    // SQLite does not sync what VACUUM INTO writes; the helper does.
    produceAtomicSync(target, (temp) => db.prepare("VACUUM INTO ?").run(temp));
    const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-v\\d+-\\d{8}T\\d{9}Z\\.db$`);
    const older = readdirSync(dir)
      .filter((entry) => pattern.test(entry))
      .sort((a, b) => a.slice(a.lastIndexOf("-")).localeCompare(b.slice(b.lastIndexOf("-"))))
      .slice(0, -KEPT_SNAPSHOTS);
    for (const entry of older) rmSync(join(dir, entry), { force: true });
  } catch (error) {
    const reason = errnoOf(error, (error as Error).message);
    throw new MigrationBackupError(file, from, to, reason);
  }
}
