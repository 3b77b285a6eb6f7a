import type { Db } from "../db.js";

export type TagSource = "auto" | "manual";

export interface TagRow {
  name: string;
  source: TagSource;
}

export class TagsRepo {
  constructor(private readonly db: Db) {}

  forMedia(mediaId: number): TagRow[] {
    return this.db
      .prepare("SELECT name, source FROM tags WHERE media_id = ? ORDER BY name, source")
      .all(mediaId) as TagRow[];
  }

  /** Adding a tag that is already there is a no-op. */
  add(mediaId: number, name: string, source: TagSource): void {
    this.db
      .prepare("INSERT OR IGNORE INTO tags (media_id, name, source, created_at) VALUES (?, ?, ?, ?)")
      .run(mediaId, name, source, new Date().toISOString());
  }

  /** Vision re-runs replace auto tags only; manual tags survive every re-ingest. */
  replaceAuto(mediaId: number, names: readonly string[]): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM tags WHERE media_id = ? AND source = 'auto'").run(mediaId);
      for (const name of names) this.add(mediaId, name, "auto");
    })();
  }
}
