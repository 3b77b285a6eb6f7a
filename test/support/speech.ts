/** Speech fixtures and checks shared by the speech-recognition tests (one file per backend). */
import { join } from "node:path";
import { execa } from "execa";
import { expect } from "vitest";
import type { Asr, Transcription } from "../../adapters/asr/types.js";
import { readWavInfo } from "../../adapters/asr/wav.js";
import { findOnPath } from "../../adapters/binaries.js";
import { needFiles } from "./files.js";
import { normaliseWords } from "./wer.js";

export const TIMEOUT_MS = 60_000;
export const LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox";
// The LibriVox transcription spells out what the reader says; pocketsphinx's dictionary writes "mr".
export const SPELLINGS = { mr: "mister", harbor: "harbour" };

export const ffmpegBin = () => process.env.SVC_FFMPEG || findOnPath("ffmpeg") || "ffmpeg";
export const pocketsphinxBin = () => findOnPath("pocketsphinx_continuous") ?? "pocketsphinx_continuous";
export const signal = () => AbortSignal.timeout(TIMEOUT_MS);

export async function ff(args: string[]): Promise<void> {
  await execa(ffmpegBin(), ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args], {
    timeout: TIMEOUT_MS,
  });
}

/** flite's 16 kHz voice: the synthetic speech pocketsphinx recognises (espeak-ng's it does not). */
export async function speech(dir: string, name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await execa("flite", ["-voice", "kal16", "-t", text, "-o", file], { timeout: TIMEOUT_MS });
  return file;
}

export async function silence(dir: string, name: string, seconds: number): Promise<string> {
  const file = join(dir, name);
  await ff(["-f", "lavfi", "-i", `anullsrc=r=16000:cl=mono:d=${seconds}`, "-c:a", "pcm_s16le", file]);
  return file;
}

/** A small H.264 + AAC mp4 carrying the given audio, as a camera clip would. */
export async function asMp4(audio: string, out: string, seconds: number): Promise<string> {
  await ff([
    ...["-f", "lavfi", "-i", `color=c=darkblue:s=160x120:r=10:d=${seconds}`, "-i", audio],
    ...["-map", "0:v", "-map", "1:a", "-shortest"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k"],
    out,
  ]);
  return out;
}

/** Joins WAVs end to end at 16 kHz mono. */
export async function concat(files: string[], out: string): Promise<string> {
  const inputs = files.flatMap((f) => ["-i", f]);
  const graph = `${files.map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono[a${i}];`).join("")}${files
    .map((_, i) => `[a${i}]`)
    .join("")}concat=n=${files.length}:v=0:a=1[out]`;
  await ff([...inputs, "-filter_complex", graph, "-map", "[out]", "-c:a", "pcm_s16le", out]);
  return out;
}

/** Debian's pocketsphinx-testdata; Homebrew has no equivalent package. */
export const hasLibrivox = () =>
  needFiles("pocketsphinx-testdata's LibriVox recordings", join(LIBRIVOX, "transcription"));

export const textOf = (t: Transcription) => t.words.map((w) => w.word).join(" ");

export function expectWellFormed(t: Transcription, durationS: number) {
  expect(t.words.length).toBeGreaterThan(0);
  let previousStart = -1;
  for (const w of t.words) {
    expect(w.start).toBeGreaterThanOrEqual(previousStart);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(durationS + 0.05);
    expect(w.score).toBeGreaterThanOrEqual(0);
    expect(w.score).toBeLessThanOrEqual(1);
    expect(w.word).toMatch(/^[a-z']+$/);
    previousStart = w.start;
  }
  for (const s of t.segments) {
    expect(s.end).toBeGreaterThanOrEqual(s.start);
    expect(s.text.trim()).not.toBe("");
  }
  // Segments are the same words, grouped.
  expect(normaliseWords(t.segments.map((s) => s.text).join(" "))).toEqual(normaliseWords(textOf(t)));
}

/** Wraps a recogniser to record every chunk it is handed. */
export function spy(inner: Asr | null) {
  const calls: { durationS: number; language: string | undefined }[] = [];
  const asr: Asr = {
    name: inner?.name ?? "openai",
    async transcribe(wav, opts) {
      calls.push({ durationS: (await readWavInfo(wav)).durationS, language: opts.language });
      if (!inner) throw new Error("this recogniser must not be called");
      return inner.transcribe(wav, opts);
    },
  };
  return { asr, calls };
}
