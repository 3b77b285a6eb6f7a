import type { Segment, Transcription, Word } from "../adapters/asr/types.js";

/**
 * What Whisper-family models are known to produce from silence, music or the end of a file,
 * learnt from subtitled video. Dropped only when they are the whole segment.
 */
const FILLER_PHRASES = new Set([
  "thank you for watching",
  "thanks for watching",
  "thank you so much for watching",
  "thank you very much for watching",
  "thank you for watching and see you next time",
  "please subscribe",
  "please subscribe to my channel",
  "like and subscribe",
  "dont forget to like and subscribe",
  "see you in the next video",
  "music",
  "applause",
  "laughter",
  "silence",
  "blank audio",
]);
const FILLER_PREFIXES = [
  "subtitles by",
  "subtitles made by",
  "subtitled by",
  "captions by",
  "captioning by",
  "transcription by",
  "transcribed by",
  "amara org",
];
/** A word said this many times in a row is a decoder stuck in a loop, not speech. */
const MAX_REPEATS = 4;
/** Words whose middle falls this close outside a kept segment still belong to it. */
const WORD_SLACK_S = 0.1;

// Bracketed annotations ("[music]", "(applause)", "[BLANK_AUDIO]") and music notes carry no speech.
const withoutAnnotations = (text: string) => text.replace(/\[[^\]]*\]|\([^)]*\)|[♪♫♩♬]/g, " ");
const hasSpeech = (text: string) => /[\p{L}\p{N}]/u.test(text);
const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
const plainWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function isFiller(text: string): boolean {
  if (!hasSpeech(withoutAnnotations(text))) return true;
  const phrase = plainWords(text).join(" ");
  return (
    FILLER_PHRASES.has(phrase) || FILLER_PREFIXES.some((p) => phrase === p || phrase.startsWith(`${p} `))
  );
}

function isStuck(text: string): boolean {
  let run = 0;
  let previous = "";
  for (const word of plainWords(text)) {
    run = word === previous ? run + 1 : 1;
    previous = word;
    if (run >= MAX_REPEATS) return true;
  }
  return false;
}

function clamp<T extends { start: number; end: number }>(item: T): T {
  const start = Math.max(0, item.start);
  return { ...item, start, end: Math.max(start, item.end) };
}

/**
 * Removes what recognisers invent rather than hear: blank or punctuation-only segments, a segment
 * repeating the one before it, a word repeated four or more times in a row, and known filler lines.
 * Words survive only inside a kept segment; every time is clamped to start ≥ 0 and end ≥ start.
 */
export function guardSegments(t: Transcription): Transcription {
  const segments: Segment[] = [];
  let previousText: string | null = null;
  for (const raw of t.segments) {
    if (!Number.isFinite(raw.start) || !Number.isFinite(raw.end)) continue;
    const text = raw.text.replace(/\s+/g, " ").trim();
    if (!hasSpeech(text) || isFiller(text) || isStuck(text)) continue;
    const key = normalised(text);
    if (key === previousText) continue;
    previousText = key;
    segments.push(clamp({ ...raw, text }));
  }
  const inside = coveredBy(segments);
  const words: Word[] = [];
  for (const raw of t.words) {
    if (!Number.isFinite(raw.start) || !Number.isFinite(raw.end) || raw.word.trim() === "") continue;
    const word = clamp({ ...raw, word: raw.word.trim() });
    const score = Number.isFinite(word.score) ? Math.min(1, Math.max(0, word.score)) : 0;
    if (inside((word.start + word.end) / 2)) words.push({ ...word, score });
  }
  return { language: t.language, segments, words };
}

/** A test for "this time falls in one of these segments", in log time per query (hours of words). */
function coveredBy(segments: readonly Segment[]): (at: number) => boolean {
  const sorted = [...segments].sort((a, b) => a.start - b.start);
  const reach: number[] = [];
  for (const s of sorted) reach.push(Math.max(reach[reach.length - 1] ?? Number.NEGATIVE_INFINITY, s.end));
  return (at) => {
    let lo = 0;
    let hi = sorted.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid]?.start ?? 0) - WORD_SLACK_S <= at) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    // Every segment up to `last` starts early enough; the furthest end among them decides.
    return last >= 0 && (reach[last] ?? Number.NEGATIVE_INFINITY) + WORD_SLACK_S >= at;
  };
}
