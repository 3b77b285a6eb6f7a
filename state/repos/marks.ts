import { Repository } from "../statements.js";

export type MarkType = "marker" | "subclip";
export type MarkerKind = "marker" | "todo" | "chapter";

/** A marker or a subclip as stored; times in seconds of the file, like the trims. */
export interface MarkRow {
  id: number;
  media_id: number;
  type: MarkType;
  name: string;
  note: string;
  color: string;
  /** A marker's kind; null for a subclip. */
  kind: MarkerKind | null;
  start_s: number;
  /** A subclip's out (after start_s); a marker's end when it lasts, else null. */
  end_s: number | null;
  author: string;
  created_at: string;
  updated_at: string;
}

/** What a new mark is made of; ids and stamps are the repository's. */
export type NewMark = Omit<MarkRow, "id" | "media_id" | "created_at" | "updated_at">;
/** The fields an edit may change; absent keys stay. */
export type MarkPatch = Partial<Pick<MarkRow, "name" | "note" | "color" | "kind" | "start_s" | "end_s">>;

const PATCHABLE = ["name", "note", "color", "kind", "start_s", "end_s"] as const;

/** Markers and subclips of items (table `marks`); they go with their item (foreign-key cascade). */
export class MarksRepo extends Repository {
  /** An item's marks of one type in time order. */
  forMedia(mediaId: number, type: MarkType): MarkRow[] {
    return this.prepare("SELECT * FROM marks WHERE media_id = ? AND type = ? ORDER BY start_s, id").all(
      mediaId,
      type,
    ) as MarkRow[];
  }

  /** The marks of every one of `mediaIds`, by item, each list in time order (exports, one query). */
  forMany(mediaIds: readonly number[], type: MarkType): Map<number, MarkRow[]> {
    const rows = this.prepare(
      `SELECT * FROM marks WHERE type = ? AND media_id IN (SELECT value FROM json_each(?))
        ORDER BY media_id, start_s, id`,
    ).all(type, JSON.stringify([...new Set(mediaIds)])) as MarkRow[];
    const byItem = new Map<number, MarkRow[]>();
    for (const row of rows) {
      const list = byItem.get(row.media_id);
      if (list) list.push(row);
      else byItem.set(row.media_id, [row]);
    }
    return byItem;
  }

  get(id: number, type: MarkType): MarkRow | undefined {
    return this.prepare("SELECT * FROM marks WHERE id = ? AND type = ?").get(id, type) as MarkRow | undefined;
  }

  count(mediaId: number, type: MarkType): number {
    const row = this.prepare("SELECT count(*) AS n FROM marks WHERE media_id = ? AND type = ?").get(
      mediaId,
      type,
    ) as { n: number };
    return row.n;
  }

  /**
   * Adds a mark to an item in one write transaction; `check` sees the item's current count of
   * that type and throws to refuse (nothing written). It runs before the row is written, so it
   * may also complete `mark` (a default name numbered from the count). Undefined when the item
   * does not exist.
   */
  add(mediaId: number, mark: NewMark, check: (count: number) => void): MarkRow | undefined {
    const write = this.db.transaction((): MarkRow | undefined => {
      if (!this.prepare("SELECT 1 FROM media WHERE id = ?").get(mediaId)) return undefined;
      check(this.count(mediaId, mark.type));
      const stamp = new Date().toISOString();
      return this.prepare(
        `INSERT INTO marks (media_id, type, name, note, color, kind, start_s, end_s, author, created_at, updated_at)
         VALUES (@media_id, @type, @name, @note, @color, @kind, @start_s, @end_s, @author, @stamp, @stamp)
         RETURNING *`,
      ).get({ ...mark, media_id: mediaId, stamp }) as MarkRow;
    });
    return write.immediate();
  }

  /**
   * Applies a partial edit in one write transaction; `check` sees the mark as it would be and
   * throws to refuse (nothing written). Undefined when there is no such mark of that type.
   */
  patch(id: number, type: MarkType, patch: MarkPatch, check: (merged: MarkRow) => void): MarkRow | undefined {
    const write = this.db.transaction((): MarkRow | undefined => {
      const row = this.get(id, type);
      if (!row) return undefined;
      const columns = PATCHABLE.filter((column) => patch[column] !== undefined);
      const merged: MarkRow = { ...row };
      for (const column of columns) Object.assign(merged, { [column]: patch[column] });
      check(merged);
      if (columns.length === 0) return row;
      const assignments = columns.map((column) => `${column} = @${column}`).join(", ");
      return this.prepare(
        `UPDATE marks SET ${assignments}, updated_at = @stamp WHERE id = @id RETURNING *`,
      ).get({
        ...Object.fromEntries(columns.map((column) => [column, merged[column]])),
        stamp: new Date().toISOString(),
        id,
      }) as MarkRow;
    });
    return write.immediate();
  }

  /** Whether a mark of that type was there to delete. */
  remove(id: number, type: MarkType): boolean {
    return this.prepare("DELETE FROM marks WHERE id = ? AND type = ?").run(id, type).changes > 0;
  }
}
