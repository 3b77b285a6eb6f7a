import type { Segment, Word } from "../client.js";

export interface Spoken {
  text: string;
  at: number;
  /** When the word ends: the recogniser's, or the next word of the even spread. */
  end: number;
}

/** A segment's words with times spread evenly over it, for a transcript without word timings. */
function spread(segment: Segment): Spoken[] {
  const parts = segment.text.split(/\s+/).filter(Boolean);
  const step = parts.length > 0 ? (segment.end - segment.start) / parts.length : 0;
  return parts.map((text, i) => ({
    text,
    at: segment.start + i * step,
    end: segment.start + (i + 1) * step,
  }));
}

/**
 * The words of each segment: the recogniser's own timings, each word under the last segment that
 * starts at or before it. A segment past the last timed word (the answer is capped) or one with
 * no timed word in it falls back to the even spread, so no spoken text goes missing.
 */
export function transcriptLines(segments: readonly Segment[], timed: readonly Word[]): Spoken[][] {
  const lines: Spoken[][] = segments.map(() => []);
  let s = 0;
  for (const w of timed) {
    while (s + 1 < segments.length && (segments[s + 1]?.start ?? Infinity) <= w.start) s += 1;
    lines[s]?.push({ text: w.word, at: w.start, end: w.end });
  }
  return segments.map((segment, i) => {
    const line = lines[i] ?? [];
    return line.length > 0 ? line : spread(segment);
  });
}
