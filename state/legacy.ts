import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import { produceAtomicSync } from "./atomic.js";

const SQLITE_MAGIC = "SQLite format 3\0";

/** Row counts a storage migration compares before and after moving a database. */
export interface LibraryCounts {
  media: number;
  scenes: number;
  transcripts: number;
}

function isSqliteFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.toString("latin1") === SQLITE_MAGIC;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const hasTable = (db: Database.Database, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

function countsOf(db: Database.Database): LibraryCounts {
  const count = (table: string) =>
    hasTable(db, table) ? (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
  return { media: count("media"), scenes: count("scenes"), transcripts: count("transcripts") };
}

/**
 * The row counts of an svc library database at `file`, or null when `file` is not one (absent,
 * not SQLite, unreadable, or without svc's `media` table). Opened read-only: nothing is changed,
 * and the empty log and index files a read-only reader of a WAL database leaves are removed.
 */
export function inspectLibraryDb(file: string): LibraryCounts | null {
  if (!isSqliteFile(file)) return null;
  const sideFiles = [`${file}-wal`, `${file}-shm`].filter((side) => !existsSync(side));
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    if (!hasTable(db, "media")) return null;
    return countsOf(db);
  } catch {
    return null;
  } finally {
    db?.close();
    removeLeftovers(sideFiles);
  }
}

/** Side files this process created by reading: an empty log, and the index beside it. */
function removeLeftovers(created: readonly string[]): void {
  const wal = created.find((side) => side.endsWith("-wal"));
  try {
    if (wal && existsSync(wal) && statSync(wal).size > 0) return;
  } catch {
    return;
  }
  for (const side of created) rmSync(side, { force: true });
}

/**
 * Writes a consistent copy of the database at `file` to `target` (through the atomic-write
 * helper) and folds its write-ahead log into the main file, so the file can be moved alone.
 */
export function archiveAndCheckpoint(file: string, target: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    produceAtomicSync(target, (temp) => db.prepare("VACUUM INTO ?").run(temp));
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}
