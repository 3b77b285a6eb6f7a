import { z } from "zod";
import { readJsonColumn } from "../json-column.js";
import { Repository } from "../statements.js";

export interface SceneInput {
  start_s: number;
  end_s: number;
  keyframe_path: string;
}

/** The nine per-key-frame fields of the vision stage plus its description and auto tags. */
export interface SceneVision {
  description: string | null;
  content_type: string | null;
  focus_score: number | null;
  exposure: string | null;
  stability: string | null;
  audio_quality: string | null;
  atmosphere: string | null;
  energy: string | null;
  edit_position: string | null;
  edit_reason: string | null;
  tags: string[];
}

export interface SceneRow extends Omit<SceneVision, "tags"> {
  id: number;
  media_id: number;
  idx: number;
  start_s: number;
  end_s: number;
  duration_s: number;
  keyframe_path: string;
  tags_json: string | null;
  vision_error: string | null;
}

/** Auto tags as stored per key frame; anything but a list of strings reads as none. */
export function sceneTags(json: string | null): string[] {
  return readJsonColumn(json, LENIENT_STRINGS, []);
}

const LENIENT_STRINGS = z.array(z.unknown()).transform((list) => list.filter((v) => typeof v === "string"));

/** The nine per-key-frame fields of the vision stage; null until it has run. */
export const VISION_FIELDS = [
  "content_type",
  "focus_score",
  "exposure",
  "stability",
  "audio_quality",
  "atmosphere",
  "energy",
  "edit_position",
  "edit_reason",
] as const;

const VISION_COLUMNS = ["description", ...VISION_FIELDS, "tags_json", "vision_error"] as const;

const sameWindow = (a: { start_s: number; end_s: number }, b: { start_s: number; end_s: number }) =>
  Math.abs(a.start_s - b.start_s) < 0.001 && Math.abs(a.end_s - b.end_s) < 0.001;

export class ScenesRepo extends Repository {
  forMedia(mediaId: number): SceneRow[] {
    return this.prepare("SELECT * FROM scenes WHERE media_id = ? ORDER BY idx").all(mediaId) as SceneRow[];
  }

  at(mediaId: number, idx: number): SceneRow | undefined {
    return this.prepare("SELECT * FROM scenes WHERE media_id = ? AND idx = ?").get(mediaId, idx) as
      | SceneRow
      | undefined;
  }

  /**
   * Replaces an item's scenes in one transaction: readers see the old set or the new, never a mix.
   * A scene whose window did not change keeps its vision fields, so regenerating key frames does
   * not throw away what the vision model said about them.
   */
  replace(mediaId: number, scenes: readonly SceneInput[]): void {
    this.db.transaction(() => {
      const before = this.forMedia(mediaId);
      this.prepare("DELETE FROM scenes WHERE media_id = ?").run(mediaId);
      const insert = this.prepare(
        `INSERT INTO scenes (media_id, idx, start_s, end_s, duration_s, keyframe_path, ${VISION_COLUMNS.join(", ")})
         VALUES (?, ?, ?, ?, ?, ?, ${VISION_COLUMNS.map(() => "?").join(", ")})`,
      );
      scenes.forEach((scene, idx) => {
        const duration = Math.round((scene.end_s - scene.start_s) * 1000) / 1000;
        const kept = before[idx] && sameWindow(before[idx], scene) ? before[idx] : undefined;
        const vision = VISION_COLUMNS.map((column) => kept?.[column] ?? null);
        insert.run(mediaId, idx, scene.start_s, scene.end_s, duration, scene.keyframe_path, ...vision);
      });
    })();
  }

  /** Stores what the vision stage found for one key frame, clearing an earlier failure. */
  setVision(mediaId: number, idx: number, vision: SceneVision): void {
    this.prepare(
      `UPDATE scenes SET description = @description, content_type = @content_type,
           focus_score = @focus_score, exposure = @exposure, stability = @stability,
           audio_quality = @audio_quality, atmosphere = @atmosphere, energy = @energy,
           edit_position = @edit_position, edit_reason = @edit_reason, tags_json = @tags_json,
           vision_error = NULL
         WHERE media_id = @media_id AND idx = @idx`,
    ).run({
      description: vision.description,
      content_type: vision.content_type,
      focus_score: vision.focus_score,
      exposure: vision.exposure,
      stability: vision.stability,
      audio_quality: vision.audio_quality,
      atmosphere: vision.atmosphere,
      energy: vision.energy,
      edit_position: vision.edit_position,
      edit_reason: vision.edit_reason,
      tags_json: JSON.stringify(vision.tags),
      media_id: mediaId,
      idx,
    });
  }

  /** Records why one key frame has no vision fields; what an earlier run found stays. */
  setVisionError(mediaId: number, idx: number, reason: string): void {
    this.prepare("UPDATE scenes SET vision_error = ? WHERE media_id = ? AND idx = ?").run(
      reason,
      mediaId,
      idx,
    );
  }

  /** A still has no scenes of its own; its vision result is kept as one scene spanning nothing. */
  ensureStillScene(mediaId: number, keyframePath: string): void {
    const existing = this.at(mediaId, 0);
    if (existing) {
      if (existing.keyframe_path !== keyframePath)
        this.prepare("UPDATE scenes SET keyframe_path = ? WHERE media_id = ? AND idx = 0").run(
          keyframePath,
          mediaId,
        );
      return;
    }
    this.prepare(
      `INSERT INTO scenes (media_id, idx, start_s, end_s, duration_s, keyframe_path)
         VALUES (?, 0, 0, 0, 0, ?)`,
    ).run(mediaId, keyframePath);
  }
}
