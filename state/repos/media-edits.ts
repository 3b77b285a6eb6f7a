import { Repository } from "../statements.js";
import type { MediaRow } from "./media.js";
import type { Editorial } from "./trash.js";

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

/** Where a deleted item's file went, relative to the project root. */
export interface TrashedFile {
  trashPath: string;
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
  remove(id: number, trashed?: TrashedFile): RemovedItem | undefined {
    const write = this.db.transaction((): RemovedItem | undefined => {
      const row = this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow | undefined;
      if (!row) return undefined;
      if (trashed) {
        const manual = this.prepare(
          "SELECT name FROM tags WHERE media_id = ? AND source = 'manual' ORDER BY name",
        ).all(id) as { name: string }[];
        const editorial: Editorial = {
          in_point: row.in_point,
          out_point: row.out_point,
          camera_id: row.camera_id,
          angle: row.angle,
          rating: row.rating,
          rating_note: row.rating_note,
          manual_tags: manual.map((t) => t.name),
        };
        this.prepare(
          `INSERT INTO trash (rel_path, trash_path, kind, size, deleted_at, editorial_json)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).run(
          row.rel_path,
          trashed.trashPath,
          row.kind,
          row.size,
          new Date().toISOString(),
          JSON.stringify(editorial),
        );
      }
      const frames = this.prepare("SELECT keyframe_path FROM scenes WHERE media_id = ? ORDER BY idx").all(
        id,
      ) as { keyframe_path: string }[];
      this.prepare("DELETE FROM media WHERE id = ?").run(id);
      return { thumbPath: row.thumb_path, keyframePaths: frames.map((f) => f.keyframe_path) };
    });
    return write.immediate();
  }
}
