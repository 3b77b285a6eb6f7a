import type { Db } from "../db.js";

export interface SceneInput {
  start_s: number;
  end_s: number;
  keyframe_path: string;
}

export interface SceneRow {
  id: number;
  media_id: number;
  idx: number;
  start_s: number;
  end_s: number;
  duration_s: number;
  keyframe_path: string;
  description: string | null;
  shot_type: string | null;
  camera_motion: string | null;
  subjects: string | null;
  objects: string | null;
  setting: string | null;
  time_of_day: string | null;
  lighting: string | null;
  mood: string | null;
}

export class ScenesRepo {
  constructor(private readonly db: Db) {}

  forMedia(mediaId: number): SceneRow[] {
    return this.db.prepare("SELECT * FROM scenes WHERE media_id = ? ORDER BY idx").all(mediaId) as SceneRow[];
  }

  at(mediaId: number, idx: number): SceneRow | undefined {
    return this.db.prepare("SELECT * FROM scenes WHERE media_id = ? AND idx = ?").get(mediaId, idx) as
      | SceneRow
      | undefined;
  }

  /** Replaces an item's scenes in one transaction: readers see the old set or the new, never a mix. */
  replace(mediaId: number, scenes: readonly SceneInput[]): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM scenes WHERE media_id = ?").run(mediaId);
      const insert = this.db.prepare(
        `INSERT INTO scenes (media_id, idx, start_s, end_s, duration_s, keyframe_path)
         VALUES (?, ?, ?, ?, ?, ?)`,
      );
      scenes.forEach((scene, idx) => {
        const duration = Math.round((scene.end_s - scene.start_s) * 1000) / 1000;
        insert.run(mediaId, idx, scene.start_s, scene.end_s, duration, scene.keyframe_path);
      });
    })();
  }
}
