import { Repository } from "../statements.js";
import type { MediaRow } from "./media.js";

/** The columns an editor sets by hand; ingest never writes them. */
export const EDITORIAL_COLUMNS = [
  "in_point",
  "out_point",
  "camera_id",
  "angle",
  "rating",
  "rating_note",
] as const;

export type EditorialColumn = (typeof EDITORIAL_COLUMNS)[number];
export type EditorialPatch = Partial<Pick<MediaRow, EditorialColumn>>;

/** What deleting an item leaves to clean up on disk, read before the row goes. */
export interface RemovedItem {
  thumbPath: string | null;
  keyframePaths: string[];
}

export class MediaEditsRepo extends Repository {
  /**
   * Applies a partial update of editorial columns in one write transaction: a key absent from
   * `patch` is untouched, a null clears. `check` sees the row as it would be after the patch and
   * throws to refuse it, in which case nothing is written. Undefined when the item does not exist.
   */
  patch(id: number, patch: EditorialPatch, check: (merged: MediaRow) => void): MediaRow | undefined {
    const write = this.db.transaction((): MediaRow | undefined => {
      const row = this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow | undefined;
      if (!row) return undefined;
      const columns = EDITORIAL_COLUMNS.filter((column) => patch[column] !== undefined);
      const merged: MediaRow = { ...row };
      for (const column of columns) Object.assign(merged, { [column]: patch[column] });
      check(merged);
      if (columns.length === 0) return row;
      const assignments = columns.map((column) => `${column} = @${column}`).join(", ");
      const values = Object.fromEntries(columns.map((column) => [column, merged[column]]));
      this.prepare(`UPDATE media SET ${assignments}, updated_at = @stamp WHERE id = @id`).run({
        ...values,
        stamp: new Date().toISOString(),
        id,
      });
      return this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow;
    });
    return write.immediate();
  }

  /**
   * Deletes an item's row; its scenes, tags and stage records go with it (foreign-key cascade),
   * and the search and shoot-day tables follow through triggers. Undefined when it did not exist.
   */
  remove(id: number): RemovedItem | undefined {
    const write = this.db.transaction((): RemovedItem | undefined => {
      const row = this.prepare("SELECT thumb_path FROM media WHERE id = ?").get(id) as
        | { thumb_path: string | null }
        | undefined;
      if (!row) return undefined;
      const frames = this.prepare("SELECT keyframe_path FROM scenes WHERE media_id = ? ORDER BY idx").all(
        id,
      ) as { keyframe_path: string }[];
      this.prepare("DELETE FROM media WHERE id = ?").run(id);
      return { thumbPath: row.thumb_path, keyframePaths: frames.map((f) => f.keyframe_path) };
    });
    return write.immediate();
  }
}
