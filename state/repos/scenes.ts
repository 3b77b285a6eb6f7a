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

/** A scene with what a chat answer may say about its clip: names and facts, never a path. */
export interface SceneContextRow extends SceneRow {
  scene_id: number;
  rel_path: string;
  kind: string;
  shot_date: string | null;
  camera_id: string | null;
  rating: string | null;
  clip_duration_s: number | null;
  segments_json: string | null;
  manual_tags: string | null;
}

export class ScenesRepo extends Repository {
  /** Whether any present item has a scene: chat falls back to plain talk on a library without. */
  hasAny(): boolean {
    return (
      (
        this.prepare(
          "SELECT EXISTS (SELECT 1 FROM scenes s JOIN media m ON m.id = s.media_id WHERE m.missing_since IS NULL) AS yes",
        ).get() as { yes: number }
      ).yes === 1
    );
  }

  /** Scenes by row id with their clip's facts, in no particular order; unknown ids are left out. */
  withContext(ids: readonly number[]): SceneContextRow[] {
    if (ids.length === 0) return [];
    return this.prepare(
      `SELECT s.*, s.id AS scene_id, m.rel_path, m.kind, m.shot_date, m.camera_id, m.rating,
              m.duration_s AS clip_duration_s, m.segments_json,
              (SELECT group_concat(t.name, char(31)) FROM tags t WHERE t.media_id = m.id) AS manual_tags
         FROM scenes s JOIN media m ON m.id = s.media_id
         WHERE s.id IN (SELECT value FROM json_each(?)) AND m.missing_since IS NULL`,
    ).all(JSON.stringify(ids)) as SceneContextRow[];
  }

  /** The scene ids of items, by item and position (a search hit names an item and a scene index). */
  idsAt(pairs: readonly { mediaId: number; idx: number }[]): Map<string, number> {
    if (pairs.length === 0) return new Map();
    const rows = this.prepare(
      `SELECT s.id, s.media_id, s.idx FROM scenes s
         JOIN json_each(?) j ON s.media_id = json_extract(j.value, '$[0]') AND s.idx = json_extract(j.value, '$[1]')`,
    ).all(JSON.stringify(pairs.map((p) => [p.mediaId, p.idx]))) as {
      id: number;
      media_id: number;
      idx: number;
    }[];
    return new Map(rows.map((r) => [`${r.media_id}:${r.idx}`, r.id]));
  }

  /** Scene ids of items by file name (case-insensitive), for "more like A001_C002.mov". */
  idsByFileName(name: string, limit: number): { media_id: number; scene_id: number }[] {
    return this.prepare(
      `SELECT m.id AS media_id, s.id AS scene_id FROM media m JOIN scenes s ON s.media_id = m.id
         WHERE (m.name = ? OR m.name LIKE ? ESCAPE '\\') AND m.missing_since IS NULL
         ORDER BY m.name = ? DESC, m.id, s.idx LIMIT ?`,
    ).all(name, `${name.replace(/[\\%_]/g, "\\$&")}.%`, name, limit) as {
      media_id: number;
      scene_id: number;
    }[];
  }

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

  /** Up to `limit` scene descriptions after scene id `after`, in id order. */
  descriptionPage(after: number, limit: number): { id: number; description: string }[] {
    return this.prepare(
      "SELECT id, description FROM scenes WHERE id > ? AND description IS NOT NULL ORDER BY id LIMIT ?",
    ).all(after, limit) as { id: number; description: string }[];
  }

  putDescription(id: number, description: string): void {
    this.prepare("UPDATE scenes SET description = ? WHERE id = ?").run(description, id);
  }
}
