import { mkdtemp, rm } from "node:fs/promises";
import { join } from "node:path";
import { toLanguageCode } from "../adapters/asr/language.js";
import type { Asr, Segment, Transcription, Word } from "../adapters/asr/types.js";
import type { Ffmpeg, Source } from "../adapters/ffmpeg.js";
import { guardSegments } from "./transcript-guards.js";

export interface TranscribeDeps {
  ffmpeg: Ffmpeg;
  asr: Asr;
  /** An existing folder; each run works in its own subfolder and removes it. */
  tmpDir: string;
  /** Forces the language; otherwise the recogniser detects it. */
  language?: string | undefined;
  /** Words to expect (the correction dictionary's `pre` rules), for recognisers that take a prompt. */
  hints?: readonly string[] | undefined;
  signal: AbortSignal;
  /** Longest piece of audio sent to the recogniser at once, in seconds (default 600). */
  chunkS?: number | undefined;
}

export interface Span {
  start: number;
  end: number;
}

const DEFAULT_CHUNK_S = 600;
// Quieter than room tone on most location recordings, yet above a silent track's dither.
const SILENCE_NOISE_DB = -45;
const SILENCE_MIN_S = 1;
const CUT_MARGIN_S = 0.5;
/** Shorter than this at the end of a file is not worth a chunk of its own. */
const MIN_CHUNK_S = 0.05;

// Decoding audio runs hundreds of times faster than real time; recognisers on a CPU can run slower
// than real time, so they get five times the chunk's length on top of a fixed allowance.
const decodeTimeoutMs = (seconds: number) => Math.ceil(60_000 + seconds * 50);
const recogniseTimeoutMs = (seconds: number) => Math.ceil(120_000 + seconds * 5_000);

/**
 * Splits [0, durationS] into pieces of at most `chunkS` seconds. Each cut goes as late as possible
 * inside a silence in the second half of its piece, when there is one, so that no word is cut in two.
 */
export function planChunks(durationS: number, silences: readonly Span[], chunkS: number): Span[] {
  if (!(chunkS > 0)) throw new Error(`chunk length must be positive, got ${chunkS}`);
  const chunks: Span[] = [];
  let start = 0;
  while (durationS - start > MIN_CHUNK_S) {
    let end = Math.min(durationS, start + chunkS);
    if (end < durationS) {
      const earliest = start + chunkS / 2;
      let best: number | null = null;
      for (const s of silences) {
        // Keep clear of the silence's edges, where detection may have clipped a soft word ending.
        const margin = Math.min(CUT_MARGIN_S, (s.end - s.start) / 2);
        const cut = Math.min(end, s.end - margin);
        if (cut < Math.max(earliest, s.start + margin)) continue;
        if (best === null || cut > best) best = cut;
      }
      if (best !== null) end = best;
    }
    chunks.push({ start, end });
    start = end;
  }
  return chunks;
}

const silentThroughout = (chunk: Span, silences: readonly Span[]) =>
  silences.some((s) => s.start <= chunk.start + MIN_CHUNK_S && s.end >= chunk.end - MIN_CHUNK_S);

function shifted<T extends Span>(item: T, offset: number, length: number): T {
  // Whisper-family models sometimes stamp past the end of the audio they were given.
  const start = Math.min(Math.max(0, item.start), length);
  const end = Math.min(Math.max(start, item.end), length);
  return { ...item, start: start + offset, end: end + offset };
}

/**
 * Transcribes a media file's first audio track with timed segments and words. Returns null when
 * the track is silent throughout (nothing is sent to the recogniser). Long files go through in
 * chunks, each extracted to its own temporary WAV and deleted before the next, so memory and disk
 * stay bounded whatever the length; chunks that are silent throughout are skipped.
 */
export async function transcribeFile(
  file: Source,
  durationS: number | null,
  deps: TranscribeDeps,
): Promise<Transcription | null> {
  const { ffmpeg, asr, signal } = deps;
  const chunkS = deps.chunkS ?? DEFAULT_CHUNK_S;
  const report = await ffmpeg.silences(file, {
    noiseDb: SILENCE_NOISE_DB,
    minS: SILENCE_MIN_S,
    signal,
    timeoutMs: decodeTimeoutMs(durationS ?? 4 * 3600),
  });
  // The decoded length beats the container's claim, which can be missing or wrong.
  const length = report.durationS ?? durationS;
  if (length === null || !(length > 0)) return null;
  const chunks = planChunks(length, report.silences, chunkS).filter(
    (c) => !silentThroughout(c, report.silences),
  );
  if (chunks.length === 0) return null;

  const segments: Segment[] = [];
  const words: Word[] = [];
  let detected: string | null = null;
  const work = await mkdtemp(join(deps.tmpDir, "asr-"));
  try {
    for (const [index, chunk] of chunks.entries()) {
      signal.throwIfAborted();
      const seconds = chunk.end - chunk.start;
      const wav = join(work, `chunk-${index}.wav`);
      try {
        await ffmpeg.extractAudio(file, wav, {
          startS: chunk.start,
          durationS: seconds,
          signal,
          timeoutMs: decodeTimeoutMs(seconds),
        });
        const part = await asr.transcribe(wav, {
          language: deps.language,
          hints: deps.hints,
          signal,
          timeoutMs: recogniseTimeoutMs(seconds),
        });
        detected ??= part.language;
        segments.push(...part.segments.map((s) => shifted(s, chunk.start, seconds)));
        words.push(...part.words.map((w) => shifted(w, chunk.start, seconds)));
      } finally {
        await rm(wav, { force: true });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  const language = deps.language ? (toLanguageCode(deps.language) ?? deps.language) : detected;
  return guardSegments({ language, segments, words });
}
