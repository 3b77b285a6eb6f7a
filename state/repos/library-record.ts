import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import { Repository } from "../statements.js";

/** The release a library was first opened under, kept in the library itself (it travels with the drive). */
export class LibraryRecordRepo extends Repository {
  ensure(version: string): string {
    this.prepare(
      "INSERT OR IGNORE INTO library_record (id, first_version, first_seen_at) VALUES (1, ?, ?)",
    ).run(version, new Date().toISOString());
    return (
      this.prepare("SELECT first_version FROM library_record WHERE id = 1").get() as {
        first_version: string;
      }
    ).first_version;
  }
}

export interface LibraryPeek {
  firstVersion: string | null;
  items: number;
  missing: number;
}

/**
 * A library's recorded first version and item counts, read without creating, migrating or writing
 * anything; null when the database does not exist or cannot be read.
 */
export function peekLibrary(libraryDb: string): LibraryPeek | null {
  if (!existsSync(libraryDb)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(libraryDb, { readonly: true, fileMustExist: true });
    const counts = db
      .prepare("SELECT count(*) AS items, count(missing_since) AS missing FROM media")
      .get() as { items: number; missing: number };
    let firstVersion: string | null = null;
    try {
      const row = db.prepare("SELECT first_version FROM library_record WHERE id = 1").get() as
        | { first_version: unknown }
        | undefined;
      if (typeof row?.first_version === "string") firstVersion = row.first_version;
    } catch {
      firstVersion = null;
    }
    return { firstVersion, items: counts.items, missing: counts.missing };
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/**
 * A library's recorded first version, read without creating, migrating or writing anything: null
 * when the file, the table or the row is absent or unreadable (absence is no evidence).
 */
export function peekLibraryFirstVersion(libraryDb: string): string | null {
  if (!existsSync(libraryDb)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(libraryDb, { readonly: true, fileMustExist: true });
    const row = db.prepare("SELECT first_version FROM library_record WHERE id = 1").get() as
      | { first_version: unknown }
      | undefined;
    return typeof row?.first_version === "string" ? row.first_version : null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
