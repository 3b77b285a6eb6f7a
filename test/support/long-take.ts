import type { LibraryStore } from "../../state/stores.js";
import { CLIP_PROBE, stageDone } from "./rows.js";

/**
 * Saves `count` timed words as item `id`'s transcript, as the transcribe stage stores them:
 * `w<i>` every half second (the first spelled `first`), score 0.9, under one segment.
 */
export function saveTimedWords(store: LibraryStore, id: number, count: number, first = "w0"): void {
  const words = Array.from({ length: count }, (_, i) => ({
    word: i === 0 ? first : `w${i}`,
    start: i / 2,
    end: i / 2 + 0.4,
    score: 0.9,
  }));
  store.transcripts.save(
    id,
    {
      language: "en",
      text: words.map((w) => w.word).join(" "),
      segments_json: JSON.stringify([{ start: 0, end: count / 2, text: "a long talk" }]),
      words_json: JSON.stringify(words),
      backend: "test",
    },
    true,
  );
}

/** A probed video item `name` as long as `count` words take, with them as its transcript; its id. */
export function seedLongTake(store: LibraryStore, name: string, count: number): number {
  const id = store.media.saveProbe(
    { relPath: name, kind: "video", size: 1, mtimeMs: 1, fingerprint: name },
    { ...CLIP_PROBE, duration_s: count / 2 },
    stageDone("probe"),
  );
  saveTimedWords(store, id, count);
  return id;
}
