import Database from "better-sqlite3";
import type { Db } from "./db.js";
import type { Statement } from "./statements.js";

interface Copy {
  db: Db;
  read: Statement;
  clear: Statement;
  insert: Statement;
  match: Statement;
}

/**
 * Whether one row of `media_fts` matches an FTS5 expression, asked of a copy of that row in a
 * private in-memory table made from the same definition (columns, tokenizer), so the answer is
 * FTS5's own. On the whole index a prefix (`"th"*`) is first merged from the lists of every word
 * it starts, most of the index for a short one; on the copy, from the words of one row.
 */
export class FtsRowMatch {
  private copy: Copy | null = null;

  constructor(private readonly db: Db) {}

  matches(rowid: number, expression: string): boolean {
    const copy = this.open();
    const row = copy.read.get(rowid) as unknown[] | undefined;
    if (!row) return false;
    copy.clear.run();
    copy.insert.run(...row);
    return copy.match.get(expression) !== undefined;
  }

  close(): void {
    this.copy?.db.close();
    this.copy = null;
  }

  private open(): Copy {
    if (this.copy) return this.copy;
    const { sql } = this.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'media_fts'")
      .get() as { sql: string };
    const db = new Database(":memory:");
    db.exec(sql);
    this.copy = {
      db,
      // A rowid bound as a JS number arrives as a REAL, which FTS5 does not take as a rowid lookup.
      read: this.db
        .prepare(
          "SELECT name, transcript, tags, scenes, slate, marks FROM media_fts WHERE rowid = CAST(? AS INTEGER)",
        )
        .raw(true),
      clear: db.prepare("DELETE FROM media_fts"),
      insert: db.prepare(
        "INSERT INTO media_fts (name, transcript, tags, scenes, slate, marks) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      match: db.prepare("SELECT 1 FROM media_fts WHERE media_fts MATCH ?"),
    };
    return this.copy;
  }
}
