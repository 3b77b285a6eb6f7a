import { readWords } from "../../domain/embedding-text.js";
import type { TranscriptView, TranscriptWord } from "../../domain/schemas/media.js";
import type { Logger } from "../../state/logger.js";
import type { LibraryStore } from "../../state/stores.js";
import { readSegments } from "./browse.js";
import { requireItem } from "./ids.js";

/** Words one answer carries at most (SPEC.md Limits): a feature film has tens of thousands. */
export const MAX_WORDS = 5000;

/**
 * An item's active transcript as segments (unless left out), with its word timings when asked
 * for (at most MAX_WORDS of them, saying when more were left out).
 */
export function mediaTranscript(
  store: LibraryStore,
  id: number,
  options: { includeWords: boolean; includeSegments?: boolean },
  log: Logger,
): TranscriptView {
  const row = requireItem(store, id);
  const words = readWords(row.words_json);
  const view: TranscriptView = {
    media_id: id,
    duration_s: row.duration_s,
    language: row.language,
    has_words: words.length > 0,
  };
  if (options.includeSegments !== false) view.segments = readSegments(row.segments_json, id, log);
  if (!options.includeWords) return view;
  view.words = words.slice(0, MAX_WORDS).map((w) => {
    const score = (w as { score?: unknown }).score;
    return { word: w.word, start: w.start, end: w.end, score: typeof score === "number" ? score : null };
  });
  view.words_truncated = words.length > MAX_WORDS;
  return view;
}

/** The word timings alone, as the HTTP API answers them (the MCP tool's words, same cap). */
export function mediaWords(
  store: LibraryStore,
  id: number,
  log: Logger,
): { words: TranscriptWord[]; truncated: boolean } {
  const view = mediaTranscript(store, id, { includeWords: true, includeSegments: false }, log);
  return { words: view.words ?? [], truncated: view.words_truncated ?? false };
}
