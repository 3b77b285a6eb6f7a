import type { MediaKind } from "../../state/repos/media.js";
import { openLibrary } from "../../state/stores.js";
import { CLIP_PROBE, stageDone } from "./rows.js";

export interface ExportSeed {
  path: string;
  kind?: MediaKind;
  duration_s: number | null;
  fps?: number | null;
  start_timecode?: string | null;
  audio_tracks?: number;
  in_point?: number | null;
  out_point?: number | null;
  /** Transcript segments in the file's own time. */
  segments?: { start: number; end: number; text: string }[];
  /** Scene starts in seconds, each with a description. */
  scenes?: { start_s: number; end_s: number; description: string }[];
}

/** Items as ingest leaves them, with the fields exports read (rate, timecode, trims, transcript, scenes). */
export function seedExportItems(root: string, seeds: readonly ExportSeed[]): number[] {
  const store = openLibrary(root);
  try {
    return seeds.map((seed) => {
      const kind = seed.kind ?? "video";
      const id = store.media.saveProbe(
        { relPath: seed.path, kind, size: 1000, mtimeMs: 1, fingerprint: seed.path },
        {
          ...CLIP_PROBE,
          duration_s: seed.duration_s,
          fps: kind === "video" ? (seed.fps ?? 25) : null,
          width: kind === "audio" ? null : 1920,
          height: kind === "audio" ? null : 1080,
          start_timecode: seed.start_timecode ?? null,
          audio_tracks: seed.audio_tracks ?? (kind === "image" ? 0 : 1),
        },
        stageDone("probe"),
      );
      if (seed.in_point !== undefined || seed.out_point !== undefined) {
        store.edits.patch(
          id,
          { in_point: seed.in_point ?? null, out_point: seed.out_point ?? null },
          () => undefined,
        );
      }
      if (seed.segments) {
        store.transcripts.save(
          id,
          {
            language: "en",
            text: seed.segments.map((s) => s.text).join(" "),
            segments_json: JSON.stringify(seed.segments),
            words_json: "[]",
            backend: "test",
          },
          true,
        );
      }
      if (seed.scenes) {
        store.scenes.replace(
          id,
          seed.scenes.map((s, i) => ({
            start_s: s.start_s,
            end_s: s.end_s,
            keyframe_path: `frames/${id}-${i}.jpg`,
          })),
        );
        seed.scenes.forEach((s, idx) => {
          store.scenes.setVision(id, idx, {
            description: s.description,
            content_type: null,
            focus_score: null,
            exposure: null,
            stability: null,
            audio_quality: null,
            atmosphere: null,
            energy: null,
            edit_position: null,
            edit_reason: null,
            tags: [],
          });
        });
      }
      return id;
    });
  } finally {
    store.close();
  }
}
