import { Repository } from "../statements.js";
import type { MediaRow } from "./media.js";
import type { Editorial, KeptMark, KeptSyncPair } from "./trash.js";

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
  /** The item's waveform peaks, relative to `.svc`; null when none were made. */
  waveformPath: string | null;
  /** The trash entry written for its file; null when the file was not trashed. */
  trashId: number | null;
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
   * Applies each item's partial update of editorial columns, all in one write transaction.
   * `require` sees which of the ids are items first and throws to refuse, in which case nothing
   * is written. Each item's row before and after, in the order given.
   */
  patchMany(
    patches: readonly { id: number; patch: EditorialPatch }[],
    require: (found: Set<number>) => void,
  ): { before: MediaRow; after: MediaRow }[] {
    const write = this.db.transaction(() => {
      const rows = this.prepare("SELECT m.* FROM json_each(?) j JOIN media m ON m.id = j.value").all(
        JSON.stringify(patches.map((p) => p.id)),
      ) as MediaRow[];
      const byId = new Map(rows.map((row) => [row.id, row]));
      require(new Set(byId.keys()));
      const stamp = new Date().toISOString();
      return patches.map(({ id, patch }) => {
        const before = byId.get(id) as MediaRow;
        const columns = EDITORIAL_COLUMNS.filter((column) => patch[column] !== undefined);
        const after: MediaRow = { ...before };
        for (const column of columns) Object.assign(after, { [column]: patch[column] });
        const changed = columns.filter((column) => after[column] !== before[column]);
        if (changed.length > 0) {
          const assignments = changed.map((column) => `${column} = @${column}`).join(", ");
          const values = Object.fromEntries(changed.map((column) => [column, after[column]]));
          this.prepare(`UPDATE media SET ${assignments}, updated_at = @stamp WHERE id = @id`).run({
            ...values,
            stamp,
            id,
          });
          after.updated_at = stamp;
        }
        return { before, after };
      });
    });
    return write.immediate();
  }

  /**
   * Sets the colour profile of all of `ids` in one write transaction (null clears) and returns
   * their rows as updated. `require` sees which ids exist first and throws to refuse, in which
   * case nothing is written.
   */
  setColorProfile(
    ids: readonly number[],
    profile: string | null,
    require: (found: Set<number>) => void,
  ): MediaRow[] {
    const write = this.db.transaction((): MediaRow[] => {
      const rows = this.prepare("SELECT m.* FROM json_each(?) j JOIN media m ON m.id = j.value").all(
        JSON.stringify(ids),
      ) as MediaRow[];
      require(new Set(rows.map((row) => row.id)));
      this.prepare(
        "UPDATE media SET color_profile = @profile, updated_at = @stamp WHERE id IN (SELECT value FROM json_each(@ids))",
      ).run({ profile, stamp: new Date().toISOString(), ids: JSON.stringify(ids) });
      return rows.map((row) => ({ ...row, color_profile: profile }));
    });
    return write.immediate();
  }

  /**
   * Sets an item's desqueeze (NULL for 1, none) and the display size `displayOf` derives from the
   * row with it, in one write transaction; the row as updated, or undefined for no such item.
   */
  setDesqueeze(
    id: number,
    desqueeze: number,
    displayOf: (row: MediaRow) => Pick<MediaRow, "display_width" | "display_height">,
  ): MediaRow | undefined {
    const write = this.db.transaction((): MediaRow | undefined => {
      const row = this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow | undefined;
      if (!row) return undefined;
      const updated: MediaRow = { ...row, desqueeze: desqueeze === 1 ? null : desqueeze };
      Object.assign(updated, displayOf(updated));
      this.prepare(
        `UPDATE media SET desqueeze = @desqueeze, display_width = @display_width,
             display_height = @display_height, updated_at = @stamp WHERE id = @id`,
      ).run({
        id,
        desqueeze: updated.desqueeze,
        display_width: updated.display_width,
        display_height: updated.display_height,
        stamp: new Date().toISOString(),
      });
      return this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow;
    });
    return write.immediate();
  }

  /**
   * Records derived images rewritten in place under their stored names: each is a new file of
   * unknown size, measured when the stats next ask.
   */
  derivedRewritten(mediaId: number, thumbnail: boolean, sceneIds: readonly number[]): void {
    this.db.transaction(() => {
      if (thumbnail)
        this.prepare("UPDATE media SET thumb_bytes = NULL WHERE id = ? AND thumb_path IS NOT NULL").run(
          mediaId,
        );
      const scene = this.prepare("UPDATE scenes SET keyframe_bytes = NULL WHERE id = ?");
      for (const id of sceneIds) scene.run(id);
    })();
  }

  /**
   * Deletes an item's row; its scenes, tags and stage records go with it (foreign-key cascade),
   * and the search and shoot-day tables follow through triggers. Undefined when it did not exist.
   */
  remove(id: number, trashed?: TrashedFile): RemovedItem | undefined {
    const write = this.db.transaction((): RemovedItem | undefined => {
      const row = this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow | undefined;
      if (!row) return undefined;
      let trashId: number | null = null;
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
          desqueeze: row.desqueeze,
          marks: this.prepare(
            `SELECT type, name, note, color, kind, start_s, end_s, author, created_at FROM marks
              WHERE media_id = ? ORDER BY id`,
          ).all(id) as KeptMark[],
          sync_pairs: this.prepare(
            `SELECT CASE WHEN p.camera_media_id = @id THEN 'camera' ELSE 'sound' END AS role,
                    o.rel_path AS other_path, p.channels_json, p.offset_samples, p.sound_rate, p.method,
                    p.confidence, p.state, p.reason
               FROM sync_pairs p
               JOIN media o ON o.id = CASE WHEN p.camera_media_id = @id THEN p.sound_media_id ELSE p.camera_media_id END
              WHERE p.camera_media_id = @id OR p.sound_media_id = @id ORDER BY p.id`,
          ).all({ id }) as KeptSyncPair[],
        };
        trashId = Number(
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
          ).lastInsertRowid,
        );
      }
      const frames = this.prepare("SELECT keyframe_path FROM scenes WHERE media_id = ? ORDER BY idx").all(
        id,
      ) as { keyframe_path: string }[];
      this.prepare("DELETE FROM media WHERE id = ?").run(id);
      return {
        thumbPath: row.thumb_path,
        keyframePaths: frames.map((f) => f.keyframe_path),
        waveformPath: row.waveform_path,
        trashId,
      };
    });
    return write.immediate();
  }
}
