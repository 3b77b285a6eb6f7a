/**
 * Dual-system sound for the sync tests and bench: a recorder's BWF (bext time reference, iXML
 * track names and rate) of real speech, and camera clips whose scratch track is that speech
 * from a known sample, quieter and under noise, or something else (other speech, silence, none).
 */
import { join } from "node:path";
import { appendRiffChunk, ixmlDocument } from "./camera/sound.js";
import { runFfmpeg } from "./camera/time.js";
import { LIBRIVOX } from "./speech.js";

export const RATE = 48_000;
/** One frame at 25 fps in samples at 48 kHz. */
export const FRAME = 1920;
/** 10:00:00:00 at 25 fps, as samples since midnight. */
export const TEN_HOURS = 36_000 * RATE;

/** Two LibriVox readings end to end at 48 kHz mono (12.4 s): the speech every test pair shares. */
export const speechBed = (dir: string) =>
  runFfmpeg([
    ...["-i", join(LIBRIVOX, "sense_and_sensibility_01_austen_64kb-0870.wav")],
    ...["-i", join(LIBRIVOX, "sense_and_sensibility_01_austen_64kb-0890.wav")],
    ...["-filter_complex", "[0:a][1:a]concat=n=2:v=0:a=1,aresample=48000[a]", "-map", "[a]"],
    ...["-c:a", "pcm_f32le", join(dir, "bed.wav")],
  ]);

/** The same reader saying something else: unrelated sound in the same voice. */
export const otherSpeech = (dir: string) =>
  runFfmpeg([
    ...["-i", join(LIBRIVOX, "sense_and_sensibility_01_austen_64kb-0920.wav")],
    ...["-af", "aresample=48000", "-c:a", "pcm_f32le", join(dir, "other.wav")],
  ]);

/**
 * A recorder's polyphonic BWF of `source` (BOOM, and a LAV at half the level) starting at
 * `timeReference` samples since midnight, its iXML saying 25 fps non-drop.
 */
export async function recorderFile(source: string, out: string, timeReference: number): Promise<string> {
  await runFfmpeg([
    ...["-i", source, "-filter_complex", "[0:a]asplit=2[a][b];[b]volume=0.5[c];[a][c]amerge=inputs=2[out]"],
    ...["-map", "[out]", "-c:a", "pcm_s24le", "-write_bext", "1"],
    ...["-metadata", `time_reference=${timeReference}`, out],
  ]);
  await appendRiffChunk(
    out,
    "iXML",
    ixmlDocument({
      rate: "25/1",
      flag: "NDF",
      samples: BigInt(timeReference),
      tracks: ["BOOM", "LAV"],
      scene: "1",
      take: "1",
    }),
  );
  return out;
}

export interface ClipOptions {
  seconds: number;
  /** tmcd start timecode at 25 fps; none when absent. */
  timecode?: string;
  /**
   * The scratch track: `source` from sample `from` (negative: that many samples of room noise
   * first), at 0.3 of its level under pink noise; silence; or no audio stream at all.
   */
  scratch: { source: string; from: number } | "silence" | "none";
}

/** A 25 fps QuickTime clip with 16-bit PCM scratch sound at 48 kHz, as a cinema camera records. */
export function cameraClip(out: string, o: ClipOptions): Promise<string> {
  const n = Math.round(o.seconds * RATE);
  const picture = ["-f", "lavfi", "-i", `testsrc=size=160x120:rate=25:duration=${o.seconds}`];
  const video = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
  const tc = o.timecode ? ["-timecode", o.timecode] : [];
  if (o.scratch === "none") return runFfmpeg([...picture, ...video, ...tc, out]);
  const audio = ["-c:a", "pcm_s16le", "-ar", String(RATE), "-ac", "1"];
  if (o.scratch === "silence")
    return runFfmpeg([
      ...picture,
      ...["-f", "lavfi", "-i", `anullsrc=r=${RATE}:cl=mono:d=${o.seconds}`],
      ...["-map", "0:v", "-map", "1:a", ...video, ...audio, ...tc, "-shortest", out],
    ]);
  const { source, from } = o.scratch;
  const start = Math.max(0, from);
  const lead = Math.max(0, -from);
  const speech =
    `[1:a]atrim=start_sample=${start}:end_sample=${start + n - lead},asetpts=PTS-STARTPTS,volume=0.3` +
    `${lead > 0 ? `,adelay=delays=${lead}S:all=1` : ""},apad=whole_len=${n}[s]`;
  const noise = `anoisesrc=color=pink:amplitude=0.02:sample_rate=${RATE}:duration=${o.seconds}:seed=7[n]`;
  return runFfmpeg([
    ...picture,
    ...["-i", source],
    ...["-filter_complex", `${speech};${noise};[s][n]amix=inputs=2:duration=first,atrim=end_sample=${n}[a]`],
    ...["-map", "0:v", "-map", "[a]", ...video, ...audio, ...tc, out],
  ]);
}
