import { Repository } from "../statements.js";

export type TagSource = "auto" | "manual";

export interface TagRow {
  name: string;
  source: TagSource;
}

export interface TagCount {
  name: string;
  items: number;
}

export class TagsRepo extends Repository {
  /** Items carrying each spelling of a tag (auto and manual counted once), present items only. */
  counts(): TagCount[] {
    return this.prepare(
      // Missing items are few: leaving them out beats looking up every tagged row (media_missing).
      `SELECT t.name AS name, COUNT(DISTINCT t.media_id) AS items
         FROM tags t
        WHERE t.media_id NOT IN (SELECT id FROM media INDEXED BY media_missing WHERE missing_since IS NOT NULL)
        GROUP BY t.name`,
    ).all() as TagCount[];
  }

  /** Present items carrying any one of `names`, each counted once. */
  itemsWithAny(names: readonly string[]): number {
    const row = this.prepare(
      `SELECT COUNT(DISTINCT t.media_id) AS items
         FROM tags t JOIN media m ON m.id = t.media_id
        WHERE m.missing_since IS NULL AND t.name IN (SELECT value FROM json_each(?))`,
    ).get(JSON.stringify(names)) as { items: number };
    return row.items;
  }

  forMedia(mediaId: number): TagRow[] {
    return this.prepare("SELECT name, source FROM tags WHERE media_id = ? ORDER BY name, source").all(
      mediaId,
    ) as TagRow[];
  }

  /** The tag names of each of `mediaIds`, each name once (auto and manual alike), by name. */
  namesForMany(mediaIds: readonly number[]): Map<number, string[]> {
    const rows = this.prepare(
      `SELECT DISTINCT media_id, name FROM tags WHERE media_id IN (SELECT value FROM json_each(?))
        ORDER BY media_id, name`,
    ).all(JSON.stringify([...new Set(mediaIds)])) as { media_id: number; name: string }[];
    const byItem = new Map<number, string[]>();
    for (const row of rows) {
      const list = byItem.get(row.media_id);
      if (list) list.push(row.name);
      else byItem.set(row.media_id, [row.name]);
    }
    return byItem;
  }

  /** Adding a tag that is already there is a no-op. */
  add(mediaId: number, name: string, source: TagSource): void {
    this.prepare("INSERT OR IGNORE INTO tags (media_id, name, source, created_at) VALUES (?, ?, ?, ?)").run(
      mediaId,
      name,
      source,
      new Date().toISOString(),
    );
  }

  /**
   * Adds a manual tag unless the item already has a manual tag of that name in any letter case.
   * Checked and written in one transaction, so the item cannot vanish in between.
   */
  addManual(mediaId: number, name: string): "added" | "exists" | "no_item" {
    return this.db
      .transaction(() => {
        if (!this.prepare("SELECT 1 FROM media WHERE id = ?").get(mediaId)) return "no_item";
        const existing = this.prepare(
          "SELECT 1 FROM tags WHERE media_id = ? AND source = 'manual' AND name = ? COLLATE NOCASE",
        ).get(mediaId, name);
        if (existing) return "exists";
        this.add(mediaId, name, "manual");
        return "added";
      })
      .immediate();
  }

  /** Vision re-runs replace auto tags only; manual tags survive every re-ingest. */
  replaceAuto(mediaId: number, names: readonly string[]): void {
    this.db.transaction(() => {
      this.prepare("DELETE FROM tags WHERE media_id = ? AND source = 'auto'").run(mediaId);
      for (const name of names) this.add(mediaId, name, "auto");
    })();
  }
}
