import { Repository } from "../statements.js";

export interface BinRow {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface BinItemRow {
  bin_id: number;
  project: string;
  media_id: number;
  media_created_at: string;
  rel_path: string;
  added_at: string;
}

export class BinsRepo extends Repository {
  all(): BinRow[] {
    return this.prepare("SELECT * FROM bins ORDER BY name, id").all() as BinRow[];
  }

  get(id: number): BinRow | undefined {
    return this.prepare("SELECT * FROM bins WHERE id = ?").get(id) as BinRow | undefined;
  }

  create(name: string): BinRow {
    const now = new Date().toISOString();
    const id = Number(
      this.prepare("INSERT INTO bins (name, created_at, updated_at) VALUES (?, ?, ?)").run(name, now, now)
        .lastInsertRowid,
    );
    return { id, name, created_at: now, updated_at: now };
  }

  rename(id: number, name: string): boolean {
    return (
      this.prepare("UPDATE bins SET name = ?, updated_at = ? WHERE id = ?").run(
        name,
        new Date().toISOString(),
        id,
      ).changes > 0
    );
  }

  remove(id: number): boolean {
    return this.prepare("DELETE FROM bins WHERE id = ?").run(id).changes > 0;
  }

  items(binId: number): BinItemRow[] {
    return this.prepare("SELECT * FROM bin_items WHERE bin_id = ? ORDER BY added_at, project, media_id").all(
      binId,
    ) as BinItemRow[];
  }

  /** The projects a bin already holds items of. */
  projects(binId: number): string[] {
    return (
      this.prepare("SELECT DISTINCT project FROM bin_items WHERE bin_id = ? ORDER BY project").all(binId) as {
        project: string;
      }[]
    ).map((r) => r.project);
  }

  /** Adds an item; false when the bin already holds it. */
  addItem(item: Omit<BinItemRow, "added_at">): boolean {
    const added = this.prepare(
      `INSERT OR IGNORE INTO bin_items (bin_id, project, media_id, media_created_at, rel_path, added_at)
       VALUES (@bin_id, @project, @media_id, @media_created_at, @rel_path, @added_at)`,
    ).run({ ...item, added_at: new Date().toISOString() }).changes;
    if (added > 0) this.touch(item.bin_id);
    return added > 0;
  }

  /** Adds items of one project in one transaction; the media ids the bin did not hold before. */
  addItems(
    binId: number,
    project: string,
    items: readonly Omit<BinItemRow, "bin_id" | "project" | "added_at">[],
  ): number[] {
    const write = this.db.transaction(() => {
      const insert = this.prepare(
        `INSERT OR IGNORE INTO bin_items (bin_id, project, media_id, media_created_at, rel_path, added_at)
         VALUES (@bin_id, @project, @media_id, @media_created_at, @rel_path, @added_at)`,
      );
      const added_at = new Date().toISOString();
      const added = items.filter(
        (item) => insert.run({ ...item, bin_id: binId, project, added_at }).changes > 0,
      );
      if (added.length > 0) this.touch(binId);
      return added.map((item) => item.media_id);
    });
    return write.immediate();
  }

  /** Takes items of one project out in one transaction; the media ids the bin held. */
  removeItems(binId: number, project: string, mediaIds: readonly number[]): number[] {
    const write = this.db.transaction(() => {
      const removed = (
        this.prepare(
          `DELETE FROM bin_items WHERE bin_id = ? AND project = ?
              AND media_id IN (SELECT value FROM json_each(?)) RETURNING media_id`,
        ).all(binId, project, JSON.stringify(mediaIds)) as { media_id: number }[]
      ).map((row) => row.media_id);
      if (removed.length > 0) this.touch(binId);
      return removed.sort((a, b) => a - b);
    });
    return write.immediate();
  }

  removeItem(binId: number, project: string, mediaId: number): boolean {
    const removed =
      this.prepare("DELETE FROM bin_items WHERE bin_id = ? AND project = ? AND media_id = ?").run(
        binId,
        project,
        mediaId,
      ).changes > 0;
    if (removed) this.touch(binId);
    return removed;
  }

  /** Deleted media leaves every bin. */
  removeMedia(project: string, mediaIds: readonly number[]): number {
    const statement = this.prepare("DELETE FROM bin_items WHERE project = ? AND media_id = ?");
    let removed = 0;
    this.db.transaction(() => {
      for (const id of mediaIds) removed += statement.run(project, id).changes;
    })();
    return removed;
  }

  private touch(binId: number): void {
    this.prepare("UPDATE bins SET updated_at = ? WHERE id = ?").run(new Date().toISOString(), binId);
  }
}
