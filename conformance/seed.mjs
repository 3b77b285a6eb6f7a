import { statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openLibrary } from "../dist/state/stores.js";

/** The one item the tiny library holds, and what the tools should say about it. */
export const CLIP = Object.freeze({
  name: "harbour_dusk.mov",
  tag: "harbour",
  transcript: "boats come into the harbour at dusk",
  scenes: 2,
});

const done = (stage) => ({
  stage,
  status: "done",
  detail: null,
  startedAt: new Date().toISOString(),
  elapsedMs: 1,
});

const VISION = {
  content_type: "b-roll",
  focus_score: 0.8,
  exposure: "normal",
  stability: "stable",
  audio_quality: "good",
  atmosphere: "calm",
  energy: "low",
  edit_position: "opening",
  edit_reason: "establishes the place",
};

/**
 * Writes one analysed clip (scenes with vision fields, a manual tag, a transcript with word
 * timings) straight into the project's library through svc's own state layer, as ingest would
 * leave it, without ffmpeg or a model host. Returns the item's id.
 *
 * A placeholder file of the row's size and mtime stands behind it: the daemon's scan then finds
 * the item present and unchanged, neither flagged missing nor sent through the pipeline again.
 */
export function seedLibrary(root) {
  const file = join(root, CLIP.name);
  writeFileSync(file, Buffer.alloc(1000));
  // Whole seconds: the library keeps mtime_ms as a number that must equal what the scan's stat reads.
  const seconds = Math.floor(Date.now() / 1000) - 60;
  utimesSync(file, seconds, seconds);
  const { size, mtimeMs } = statSync(file);
  const store = openLibrary(root);
  try {
    const id = store.media.saveProbe(
      { relPath: CLIP.name, kind: "video", size, mtimeMs, fingerprint: CLIP.name },
      {
        duration_s: 12,
        codec: "h264",
        audio_codec: "aac",
        fps: 25,
        width: 1920,
        height: 1080,
        start_timecode: null,
        audio_tracks: 1,
        creation_date: "2026-03-14T18:30:00Z",
        metadata_json: null,
      },
      done("probe"),
    );
    store.media.completeStage(id, done("thumbnails"), "done", { thumb_path: `thumbs/${id}.jpg` });
    store.scenes.replace(id, [
      { start_s: 0, end_s: 6, keyframe_path: `frames/${id}-0.jpg` },
      { start_s: 6, end_s: 12, keyframe_path: `frames/${id}-1.jpg` },
    ]);
    store.scenes.setVision(id, 0, { ...VISION, description: "fishing boats entering a harbour", tags: [] });
    store.scenes.setVision(id, 1, { ...VISION, description: "harbour lights at dusk", tags: [] });
    store.tags.addManual(id, CLIP.tag);
    const words = CLIP.transcript.split(" ").map((word, i) => ({ word, start: i, end: i + 0.8, score: 0.9 }));
    store.transcripts.save(
      id,
      {
        language: "en",
        text: CLIP.transcript,
        segments_json: JSON.stringify([{ start: 0, end: words.length, text: CLIP.transcript }]),
        words_json: JSON.stringify(words),
        backend: "seed",
      },
      true,
    );
    return id;
  } finally {
    store.close();
  }
}
