import type { AsrBackend } from "../../state/config.js";
/** A stretch of speech; `speaker_id` only appears when speaker labelling ran. */
export interface Segment {
  start: number;
  end: number;
  text: string;
  speaker_id?: string;
}

/** One recognised word with its timing in seconds and a confidence from 0 to 1. */
export interface Word {
  word: string;
  start: number;
  end: number;
  score: number;
}

/** Times are seconds from the start of the audio that was transcribed. */
export interface Transcription {
  language: string | null;
  segments: Segment[];
  words: Word[];
}

/** The recognisers SVC_ASR can name (state/config.ts owns the list). */
export type AsrName = Exclude<AsrBackend, "auto" | "none">;

export interface TranscribeOptions {
  /** ISO 639-1 code (or a language name); absent or "auto" lets the backend detect it. */
  language?: string | undefined;
  /**
   * Words the recogniser should expect (names, brands: the correction dictionary's `pre` rules),
   * given as its prompt by the backends that take one; pocketsphinx has none and ignores them.
   */
  hints?: readonly string[] | undefined;
  signal: AbortSignal;
  timeoutMs: number;
}

export interface Asr {
  readonly name: AsrName;
  /** `wav16kMono` must be a 16 kHz mono PCM WAV file (what `Ffmpeg.extractAudio` writes). */
  transcribe(wav16kMono: string, opts: TranscribeOptions): Promise<Transcription>;
}

/** Whisper reads its prompt as preceding text; a short list of the words keeps within its limit. */
const MAX_PROMPT_CHARS = 800;

export function promptOf(hints: readonly string[]): string {
  let prompt = "";
  for (const hint of hints) {
    const next = prompt ? `${prompt}, ${hint}` : hint;
    if (next.length > MAX_PROMPT_CHARS) break;
    prompt = next;
  }
  return prompt;
}
