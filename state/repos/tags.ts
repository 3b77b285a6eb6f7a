import { Repository } from "../statements.js";

export type TagSource = "auto" | "manual";

export interface TagRow {
  name: string;
  source: TagSource;
}

/** One name to put on some items and take off others. */
export interface ManualTagChange {
  name: string;
  add: readonly number[];
  remove: readonly number[];
}

/** What a change did under one spelling: the items that newly got it, and those that lost it. */
export interface ManualTagDelta {
  name: string;
  added: number[];
  removed: number[];
}

export interface TagCount {
  name: string;
  items: number;
}

export class TagsRepo extends Repository {
  /** Items carrying each spelling of a tag (auto and manual counted once), present items only. */
  counts(): TagCount[] {
    return this.prepare(
      // The trigger-kept counts (migration 20) hold missing items too; those are few, so their
      // tags are taken away here (media_missing) rather than counted into a second table.
      `SELECT c.name AS name, c.items - coalesce(x.n, 0) AS items
         FROM tag_item_counts c
         LEFT JOIN (SELECT t.name AS name, COUNT(DISTINCT t.media_id) AS n
              FROM media m INDEXED BY media_missing CROSS JOIN tags t ON t.media_id = m.id
             WHERE m.missing_since IS NOT NULL GROUP BY t.name) x ON x.name = c.name
        WHERE c.items - coalesce(x.n, 0) > 0`,
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

  /**
   * Takes a manual tag off an item, matched in any letter case as `addManual` matches: the
   * spelling it had, null when it had none, "no_item" when there is no such item.
   */
  removeManual(mediaId: number, name: string): string | null | "no_item" {
    return this.db
      .transaction(() => {
        if (!this.prepare("SELECT 1 FROM media WHERE id = ?").get(mediaId)) return "no_item";
        const row = this.prepare(
          "DELETE FROM tags WHERE media_id = ? AND source = 'manual' AND name = ? COLLATE NOCASE RETURNING name",
        ).get(mediaId, name) as { name: string } | undefined;
        return row?.name ?? null;
      })
      .immediate();
  }

  /**
   * Adds and takes off manual tags of many items in one write transaction, each change in turn
   * (its removals, then its additions), matching names in any letter case. `require` sees which
   * of the ids are items first and throws to refuse, in which case nothing is written. Answers
   * what changed under each spelling: the requested one for additions, the stored one for removals.
   */
  changeManual(changes: readonly ManualTagChange[], require: (found: Set<number>) => void): ManualTagDelta[] {
    const write = this.db.transaction((): ManualTagDelta[] => {
      const ids = [...new Set(changes.flatMap((change) => [...change.add, ...change.remove]))];
      const found = this.prepare("SELECT m.id AS id FROM json_each(?) j JOIN media m ON m.id = j.value").all(
        JSON.stringify(ids),
      ) as { id: number }[];
      require(new Set(found.map((row) => row.id)));
      const deltas: ManualTagDelta[] = [];
      const delta = (name: string) => {
        const known = deltas.find((d) => d.name === name);
        if (known) return known;
        const made: ManualTagDelta = { name, added: [], removed: [] };
        deltas.push(made);
        return made;
      };
      const stamp = new Date().toISOString();
      for (const change of changes) {
        const removed = this.prepare(
          `DELETE FROM tags WHERE source = 'manual' AND name = ? COLLATE NOCASE
              AND media_id IN (SELECT value FROM json_each(?)) RETURNING media_id, name`,
        ).all(change.name, JSON.stringify(change.remove)) as { media_id: number; name: string }[];
        for (const row of removed) delta(row.name).removed.push(row.media_id);
        const added = this.prepare(
          `INSERT INTO tags (media_id, name, source, created_at)
           SELECT DISTINCT j.value, @name, 'manual', @stamp FROM json_each(@ids) j
            WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE t.media_id = j.value AND t.source = 'manual'
                                AND t.name = @name COLLATE NOCASE)
           RETURNING media_id`,
        ).all({ name: change.name, stamp, ids: JSON.stringify(change.add) }) as { media_id: number }[];
        delta(change.name).added.push(...added.map((row) => row.media_id));
      }
      for (const d of deltas) {
        d.added.sort((a, b) => a - b);
        d.removed.sort((a, b) => a - b);
      }
      return deltas.filter((d) => d.added.length > 0 || d.removed.length > 0);
    });
    return write.immediate();
  }

  /** Vision re-runs replace auto tags only; manual tags survive every re-ingest. */
  replaceAuto(mediaId: number, names: readonly string[]): void {
    this.db.transaction(() => {
      this.prepare("DELETE FROM tags WHERE media_id = ? AND source = 'auto'").run(mediaId);
      for (const name of names) this.add(mediaId, name, "auto");
    })();
  }
}
