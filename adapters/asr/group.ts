import type { Segment, Word } from "./types.js";

/** A pause longer than this starts a new segment. */
const SEGMENT_GAP_S = 0.6;
const SEGMENT_MAX_WORDS = 12;

/**
 * Groups timed words into segments at pauses and every dozen words or so, for backends that give
 * words but no sentences (pocketsphinx, or a server that returns only word timestamps).
 */
export function groupWords(
  words: readonly Word[],
  maxGapS = SEGMENT_GAP_S,
  maxWords = SEGMENT_MAX_WORDS,
): Segment[] {
  const segments: Segment[] = [];
  let current: Word[] = [];
  const flush = () => {
    const first = current[0];
    const last = current[current.length - 1];
    if (first && last) {
      segments.push({ start: first.start, end: last.end, text: current.map((w) => w.word).join(" ") });
    }
    current = [];
  };
  for (const word of words) {
    const previous = current[current.length - 1];
    if (previous && (word.start - previous.end > maxGapS || current.length >= maxWords)) flush();
    current.push(word);
  }
  flush();
  return segments;
}
