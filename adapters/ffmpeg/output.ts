import { join } from "node:path";
import type { PcmSink, WavFormat } from "../../formats/wav-stream.js";
import type { Peaks } from "../../formats/waveform.js";
import { CLIP_LEVEL, SIGNAL_RATE, SIGNAL_STEP_S } from "./args.js";

/**
 * What ffmpeg's output means: the reports its filters log on stderr, its progress report, and
 * the pictures it pipes to stdout, read back into values. Pure, so each reading is tested on
 * captured text.
 */

export interface Analysis {
  cuts: SceneCut[];
  /** Sample files written, with the time each shows. */
  samples: { timeS: number; file: string }[];
  /** One entry per grid frame after the first; empty unless motion was asked for. */
  motion: MotionSample[];
  /** Null unless audio was asked for. */
  audio: AudioTrack | null;
  /** The first audio track's waveform peaks; null without audio (or when the track held no sample). */
  peaks: Peaks | null;
}

export interface SceneCut {
  timeS: number;
  score: number;
}

/** How different a grid frame is from the one SIGNAL_STEP_S before it. */
export interface MotionSample {
  /** The later frame's time. */
  timeS: number;
  /** Mean absolute grey difference, 0–1, at 128 × 72. */
  diff: number;
}

export interface AudioWindow {
  startS: number;
  /** Samples in the window at SIGNAL_RATE; the last window of a track may be short. */
  samples: number;
  /** dBFS of the window; null when every sample is zero. */
  rmsDb: number | null;
  peakDb: number | null;
  /** Per channel, the share of samples at full scale. */
  clipped: number[];
}

export interface AudioTrack {
  windows: AudioWindow[];
  /** Silences of half a second or more under -50 dB; one still open at the end closes there. */
  silences: { start: number; end: number }[];
  /** How much audio was decoded. */
  decodedS: number;
}

export interface AudioStats {
  /** dBFS over the window; null when every sample is zero. */
  rmsDb: number | null;
  peakDb: number | null;
  /** Share of samples at full scale in the worst channel. */
  clippedShare: number;
  /** Share of the window spent in silences of half a second or more, or with no audio at all. */
  silentShare: number;
}

export interface SilenceReport {
  silences: { start: number; end: number }[];
  /** Length of the decoded audio; null when ffmpeg reported no progress. */
  durationS: number | null;
}

/** The latest `out_time_us` of an ffmpeg progress report, in seconds; null when the chunk has none. */
export function progressSeconds(report: string): number | null {
  const found = [...report.matchAll(/^out_time_us=(\d+)$/gm)].pop();
  return found ? Number(found[1]) / 1e6 : null;
}

const astatsField = (stderr: string, name: string) =>
  new RegExp(`^\\[Parsed_astats_\\d+ @ [^\\]]+\\] ${name}: (\\S+)`, "m").exec(stderr)?.[1];

/** "-inf" (digital silence) and anything unparsable become null. */
const finite = (text: string | undefined) => {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) ? value : null;
};

/** The stderr of an audioStatsArgs run over a window of `durationS` seconds. */
export function parseAudioStats(stderr: string, durationS: number): AudioStats {
  const decodedS = (finite(astatsField(stderr, "Number of samples")) ?? 0) / SIGNAL_RATE;
  let silentS = 0;
  let openSince: number | null = null;
  for (const match of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const at = Number(match[2]);
    if (match[1] === "start") openSince = at;
    else if (openSince !== null) {
      silentS += at - openSince;
      openSince = null;
    }
  }
  if (openSince !== null) silentS += Math.max(0, decodedS - openSince);
  // A window the track does not reach (audio shorter than the picture) is heard as silence.
  const missingS = Math.max(0, durationS - decodedS);
  return {
    rmsDb: finite(astatsField(stderr, "RMS level dB")),
    peakDb: finite(astatsField(stderr, "Peak level dB")),
    clippedShare: finite(astatsField(stderr, "DC offset")) ?? 0,
    silentShare: Math.min(1, (silentS + missingS) / durationS),
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** image2pipe writes PNGs back to back; each one ends with its IEND chunk. */
export function splitPngs(bytes: Buffer): Buffer[] {
  const pictures: Buffer[] = [];
  let start = 0;
  while (start < bytes.length) {
    if (!bytes.subarray(start, start + PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
      throw new Error("ffmpeg wrote something other than PNG frames");
    }
    let at = start + PNG_SIGNATURE.length;
    let type = "";
    while (type !== "IEND") {
      if (at + 12 > bytes.length) throw new Error("ffmpeg wrote a truncated PNG frame");
      type = bytes.toString("latin1", at + 4, at + 8);
      // length, type, data, CRC
      at += 12 + bytes.readUInt32BE(at);
    }
    if (at > bytes.length) throw new Error("ffmpeg wrote a truncated PNG frame");
    pictures.push(bytes.subarray(start, at));
    start = at;
  }
  return pictures;
}

const clock = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);

/**
 * Silent spans from silencedetect's "silence_start"/"silence_end" matches (group 1 the kind,
 * group 2 the time); a silence still open at the end closes at `endS`, or is dropped without one.
 */
function silentSpans(
  lines: Iterable<RegExpMatchArray>,
  endS: number | null,
): { start: number; end: number }[] {
  const silences: { start: number; end: number }[] = [];
  let openSince: number | null = null;
  for (const m of lines) {
    const at = Math.max(0, Number(m[2]));
    if (!Number.isFinite(at)) continue;
    if (m[1] === "start") openSince = at;
    else if (openSince !== null) {
      silences.push({ start: openSince, end: Math.max(openSince, at) });
      openSince = null;
    }
  }
  if (openSince !== null && endS !== null)
    silences.push({ start: openSince, end: Math.max(openSince, endS) });
  return silences;
}

/** silencedetect's "silence_start"/"silence_end" lines; a silence still open at the end closes there. */
export function parseSilences(stderr: string): SilenceReport {
  // The progress line's last "time=" is how far decoding got: the track's real length.
  let durationS: number | null = null;
  for (const m of stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)) {
    durationS = clock(m[1] ?? "0", m[2] ?? "0", m[3] ?? "0");
  }
  const silences = silentSpans(stderr.matchAll(/silence_(start|end): (-?[\d.]+(?:e[-+]?\d+)?)/g), durationS);
  if (durationS !== null) {
    const last = silences[silences.length - 1];
    // silencedetect closes a trailing silence at the end of its last audio frame, a little past the end.
    if (last && last.end > durationS) durationS = last.end;
  }
  return { silences, durationS };
}

/**
 * The frames one named metadata printer logged: `[metadata@cut @ 0x…] frame:3 pts:75 pts_time:3`,
 * then one `key=value` line per value.
 */
function printedFrames(stderr: string, instance: string): { timeS: number; values: Map<string, string> }[] {
  const frames: { timeS: number; values: Map<string, string> }[] = [];
  const prefix = `[${instance} @ `;
  for (const line of stderr.split("\n")) {
    if (!line.startsWith(prefix)) continue;
    const body = line.slice(line.indexOf("] ") + 2).trim();
    const time = /^frame:\d+\s+pts:\S+\s+pts_time:(-?[\d.]+(?:e[-+]?\d+)?)/.exec(body);
    if (time) {
      frames.push({ timeS: Number(time[1]), values: new Map() });
      continue;
    }
    const eq = body.indexOf("=");
    if (eq > 0) frames.at(-1)?.values.set(body.slice(0, eq), body.slice(eq + 1));
  }
  return frames.filter((f) => Number.isFinite(f.timeS));
}

/** The scene cuts an analyseArgs run logged. */
export function parseCuts(stderr: string): SceneCut[] {
  const cuts: SceneCut[] = [];
  for (const { timeS, values } of printedFrames(stderr, "metadata@cut")) {
    const score = finite(values.get("lavfi.scene_score"));
    if (score !== null) cuts.push({ timeS, score });
  }
  return cuts;
}

/** The motion an analyseArgs run with `motion` logged. */
export function parseMotion(stderr: string): MotionSample[] {
  const motion: MotionSample[] = [];
  for (const { timeS, values } of printedFrames(stderr, "metadata@motion")) {
    const mean = finite(values.get("lavfi.signalstats.YAVG"));
    if (mean !== null) motion.push({ timeS, diff: mean / 255 });
  }
  return motion;
}

/** The audio windows and silences an analyseArgs run with `audio` logged. */
/**
 * Per SIGNAL_STEP_S window of PCM at SIGNAL_RATE (the analysis pass's windows, in the same
 * order), the share of each channel's samples at or past CLIP_LEVEL of full scale.
 */
export class ClipCounter implements PcmSink {
  private readonly windows: number[][] = [];
  private counts: number[] = [];
  private channel = 0;
  private frames = 0;
  // 16-bit samples as ffmpeg rounds them from float: ±0.99 becomes ±32440.
  private readonly level = Math.round(CLIP_LEVEL * 32768);
  private readonly perWindow = Math.round(SIGNAL_RATE * SIGNAL_STEP_S);

  add(samples: Int16Array, format: WavFormat): void {
    const { channels } = format;
    if (this.counts.length !== channels) this.counts = new Array<number>(channels).fill(0);
    const { level, perWindow, counts } = this;
    let { channel, frames } = this;
    for (let i = 0; i < samples.length; i++) {
      const sample = samples[i] as number;
      if (sample >= level || sample <= -level) counts[channel] = (counts[channel] as number) + 1;
      if (++channel < channels) continue;
      channel = 0;
      if (++frames < perWindow) continue;
      this.close(frames);
      frames = 0;
    }
    this.channel = channel;
    this.frames = frames;
  }

  /** Each window's per-channel shares, the last (short) one included. */
  finish(): number[][] {
    if (this.frames > 0) this.close(this.frames);
    this.frames = 0;
    return this.windows;
  }

  private close(frames: number): void {
    this.windows.push(this.counts.map((n) => n / frames));
    this.counts.fill(0);
  }
}

/** The analysis pass's sound: levels and silences from its printed lines, clipping counted as it streamed. */
export function parseAudioTrack(stderr: string, clipped: readonly number[][]): AudioTrack {
  const windows: AudioWindow[] = printedFrames(stderr, "ametadata@level").map(({ timeS, values }) => ({
    startS: timeS,
    samples: finite(values.get("lavfi.astats.Overall.Number_of_samples")) ?? 0,
    rmsDb: finite(values.get("lavfi.astats.Overall.RMS_level")),
    peakDb: finite(values.get("lavfi.astats.Overall.Peak_level")),
    clipped: [],
  }));
  // The level printer sees the same windows the PCM carried, one for one.
  for (const [i, window] of windows.entries()) window.clipped = clipped[i] ?? [];
  const last = windows.at(-1);
  const decodedS = last ? last.startS + last.samples / SIGNAL_RATE : 0;
  // silencedetect logs under its own name, not the instance name; the graph holds only one.
  const silences = silentSpans(
    stderr.matchAll(/\[silencedetect @ [^\]]+\] silence_(start|end): (-?[\d.]+(?:e[-+]?\d+)?)/g),
    decodedS,
  );
  return { windows, silences, decodedS };
}

/** The sample frames an analyseArgs run wrote, from the names found in its folder. */
export function sampleFiles(
  names: readonly string[],
  sampleDir: string,
  sampleEveryS: number,
): { timeS: number; file: string }[] {
  return names
    .filter((n) => /^\d{6}\.jpg$/.test(n))
    .sort()
    .map((name) => ({ timeS: Number(name.slice(0, 6)) * sampleEveryS, file: join(sampleDir, name) }));
}

/**
 * Reads raw little-endian float samples arriving in pieces of any size: each call hands on the
 * whole samples received so far and keeps a split sample's bytes for the next piece.
 */
export function pcmChunks(onSamples: (samples: Float32Array) => void): (chunk: Buffer) => void {
  let rest: Buffer = Buffer.alloc(0);
  return (chunk) => {
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    rest = Buffer.from(bytes.subarray(whole));
    // A copy into its own ArrayBuffer: a Float32Array needs 4-byte alignment the pipe does not give.
    if (whole > 0)
      onSamples(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + whole)));
  };
}
