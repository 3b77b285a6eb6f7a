import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { ProcessError, run } from "./process.js";

/**
 * Every ffmpeg command line svc uses is built here, so each can be read, tested and tuned in
 * one place. Images come back as PNG bytes on stdout; callers encode and store them.
 */
export interface Ffmpeg {
  readonly path: string;
  /**
   * One frame near `atS`, at most `width` pixels wide, as PNG. `keyframe` takes the key frame at or
   * before `atS` and decodes nothing else (cheap on long-GOP camera files); otherwise the exact frame.
   */
  frameAt(
    file: string,
    atS: number,
    width: number,
    signal?: AbortSignal,
    keyframe?: boolean,
  ): Promise<Buffer>;
  /** A waveform picture of the first audio track, as PNG. */
  waveform(file: string, width: number, height: number, signal?: AbortSignal): Promise<Buffer>;
  /** The first audio track as 16 kHz mono 16-bit WAV (what speech recognisers read), optionally a window of it. */
  extractAudio(file: string, out: string, opts: ExtractAudioOptions): Promise<void>;
  /** Silences in the first audio track (ffmpeg silencedetect) and how long the decoded track is. */
  silences(file: string, opts: SilenceOptions): Promise<SilenceReport>;
  /**
   * One decode pass that both scores scene changes and samples a small JPEG every `sampleEveryS`
   * seconds into `sampleDir` (named by sample index), so key frames need no second decode.
   */
  analyse(file: string, options: AnalyseOptions, signal?: AbortSignal): Promise<Analysis>;
  /** Level, clipping and silence of the first audio track over a window; null when there is none. */
  audioStats(
    file: string,
    startS: number,
    durationS: number,
    signal?: AbortSignal,
  ): Promise<AudioStats | null>;
  /** Up to `count` grey PNG frames from `atS`, `stepS` apart (fewer when the video ends first). */
  framesAround(
    file: string,
    atS: number,
    count: number,
    stepS: number,
    width: number,
    signal?: AbortSignal,
  ): Promise<Buffer[]>;
}

export interface AnalyseOptions {
  threshold: number;
  sampleEveryS: number;
  sampleWidth: number;
  sampleDir: string;
  timeoutMs: number;
}

export interface Analysis {
  cuts: SceneCut[];
  /** Sample files written, with the time each shows. */
  samples: { timeS: number; file: string }[];
}

export interface SceneCut {
  timeS: number;
  score: number;
}

const FRAME_TIMEOUT_MS = 60_000;
const WAVEFORM_TIMEOUT_MS = 120_000;
const COMMON = ["-hide_banner", "-nostdin", "-v", "error"];

export interface AudioStats {
  /** dBFS over the window; null when every sample is zero. */
  rmsDb: number | null;
  peakDb: number | null;
  /** Share of samples at full scale in the worst channel. */
  clippedShare: number;
  /** Share of the window spent in silences of half a second or more, or with no audio at all. */
  silentShare: number;
}

// 0.99 rather than 1.0: lossy codecs ring around a clipped waveform, so few decoded samples sit
// exactly at full scale, yet a clean recording almost never holds this close to it.
const CLIP_LEVEL = 0.99;
const SILENCE_DB = -50;
const SILENCE_MIN_S = 0.5;
const STATS_RATE = 48_000;
// astats and silencedetect report at info level; progress lines would only bloat stderr.
const INFO = ["-hide_banner", "-nostdin", "-nostats", "-v", "info"];

const astatsField = (stderr: string, name: string) =>
  new RegExp(`^\\[Parsed_astats_\\d+ @ [^\\]]+\\] ${name}: (\\S+)`, "m").exec(stderr)?.[1];

/** "-inf" (digital silence) and anything unparsable become null. */
const finite = (text: string | undefined) => {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) ? value : null;
};

function parseAudioStats(stderr: string, durationS: number): AudioStats {
  const decodedS = (finite(astatsField(stderr, "Number of samples")) ?? 0) / STATS_RATE;
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

async function audioStatsOf(
  bin: string,
  file: string,
  startS: number,
  durationS: number,
  signal?: AbortSignal,
): Promise<AudioStats | null> {
  if (!(durationS > 0) || !(startS >= 0)) {
    throw new Error(`audio statistics need a window inside the file, got ${startS} s + ${durationS} s`);
  }
  const only = (fields: string) => `astats=measure_perchannel=none:measure_overall=${fields}`;
  // Three branches of one decode: levels as decoded; clipping as the mean of a per-sample 0/1 flag
  // (astats' overall DC offset is the worst channel's); silence after resampling to a known rate,
  // so the sample count gives the length actually decoded.
  const graph =
    "[0:a:0]asplit=3[level][clip][quiet];" +
    `[level]${only("Peak_level+RMS_level")},anullsink;` +
    `[clip]aeval=exprs='gte(abs(val(ch)),${CLIP_LEVEL})':c=same,${only("DC_offset")},anullsink;` +
    `[quiet]aresample=${STATS_RATE},silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_MIN_S},${only("Number_of_samples")}[out]`;
  try {
    const { stderr } = await run(
      bin,
      [
        ...INFO,
        ...["-ss", startS.toFixed(3), "-t", durationS.toFixed(3), "-i", file],
        ...["-filter_complex", graph, "-map", "[out]", "-f", "null", "-"],
      ],
      // Decoding audio runs far faster than real time; a tenth of the window is a generous floor.
      { timeoutMs: 60_000 + durationS * 100, signal },
    );
    return parseAudioStats(stderr, durationS);
  } catch (error) {
    if (error instanceof ProcessError && /matches no streams/.test(error.message)) return null;
    throw error;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** image2pipe writes PNGs back to back; each one ends with its IEND chunk. */
function splitPngs(bytes: Buffer): Buffer[] {
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

async function framesAroundOf(
  bin: string,
  file: string,
  atS: number,
  count: number,
  stepS: number,
  width: number,
  signal?: AbortSignal,
): Promise<Buffer[]> {
  if (!Number.isInteger(count) || count < 1 || !(stepS > 0) || !(atS >= 0) || !(width >= 2)) {
    throw new Error(
      `frames need count ≥ 1, step > 0, time ≥ 0 and width ≥ 2, got ${count}, ${stepS}, ${atS}, ${width}`,
    );
  }
  const { stdout } = await run(
    bin,
    [
      ...COMMON,
      ...["-ss", atS.toFixed(3), "-t", (count * stepS).toFixed(3), "-i", file, "-map", "0:v:0"],
      ...["-vf", `fps=${1 / stepS},scale=${width}:-2,format=gray`, "-frames:v", String(count)],
      ...["-f", "image2pipe", "-c:v", "png", "-"],
    ],
    { timeoutMs: FRAME_TIMEOUT_MS, signal, encoding: "buffer" },
  );
  return splitPngs(Buffer.from(stdout));
}

export interface ExtractAudioOptions {
  startS?: number | undefined;
  durationS?: number | undefined;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
}

export interface SilenceOptions {
  /** Level below which audio counts as silent, in dB (e.g. -45). */
  noiseDb: number;
  /** Shortest silence reported, in seconds. */
  minS: number;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
}

export interface SilenceReport {
  silences: { start: number; end: number }[];
  /** Length of the decoded audio; null when ffmpeg reported no progress. */
  durationS: number | null;
}

const noAudio = (file: string, error: unknown) =>
  error instanceof ProcessError && /matches no streams/.test(error.message)
    ? new Error(`${file} has no audio stream`)
    : error;

async function extractAudioOf(bin: string, file: string, out: string, opts: ExtractAudioOptions) {
  const { startS, durationS } = opts;
  if ((startS !== undefined && !(startS >= 0)) || (durationS !== undefined && !(durationS > 0))) {
    throw new Error(`audio extraction needs start ≥ 0 and duration > 0, got ${startS} s and ${durationS} s`);
  }
  const window = [
    ...(startS ? ["-ss", startS.toFixed(3)] : []),
    ...(durationS !== undefined ? ["-t", durationS.toFixed(3)] : []),
  ];
  try {
    await run(
      bin,
      [
        ...COMMON,
        ...[...window, "-i", file, "-map", "0:a:0", "-vn", "-sn", "-dn"],
        ...["-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", "-y", out],
      ],
      { timeoutMs: opts.timeoutMs, signal: opts.signal },
    );
  } catch (error) {
    throw noAudio(file, error);
  }
}

const clock = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);

/** silencedetect's "silence_start"/"silence_end" lines; a silence still open at the end closes there. */
export function parseSilences(stderr: string): SilenceReport {
  // The progress line's last "time=" is how far decoding got: the track's real length.
  let durationS: number | null = null;
  for (const m of stderr.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)) {
    durationS = clock(m[1] ?? "0", m[2] ?? "0", m[3] ?? "0");
  }
  const silences: { start: number; end: number }[] = [];
  let openSince: number | null = null;
  for (const m of stderr.matchAll(/silence_(start|end): (-?[\d.]+(?:e[-+]?\d+)?)/g)) {
    const at = Math.max(0, Number(m[2]));
    if (!Number.isFinite(at)) continue;
    if (m[1] === "start") openSince = at;
    else if (openSince !== null) {
      silences.push({ start: openSince, end: Math.max(openSince, at) });
      openSince = null;
    }
  }
  if (openSince !== null && durationS !== null) {
    silences.push({ start: openSince, end: Math.max(openSince, durationS) });
  }
  if (durationS !== null) {
    const last = silences[silences.length - 1];
    // silencedetect closes a trailing silence at the end of its last audio frame, a little past the end.
    if (last && last.end > durationS) durationS = last.end;
  }
  return { silences, durationS };
}

async function silencesOf(bin: string, file: string, opts: SilenceOptions): Promise<SilenceReport> {
  if (!Number.isFinite(opts.noiseDb) || !(opts.minS > 0)) {
    throw new Error("silence detection needs a noise level in dB and a minimum length > 0 s");
  }
  try {
    // silencedetect reports at info level; stats stay on for the final "time=" of the progress line.
    const { stderr } = await run(
      bin,
      [
        ...["-hide_banner", "-nostdin", "-v", "info", "-i", file, "-map", "0:a:0", "-vn", "-sn", "-dn"],
        ...["-af", `silencedetect=noise=${opts.noiseDb}dB:d=${opts.minS}`, "-f", "null", "-"],
      ],
      { timeoutMs: opts.timeoutMs, signal: opts.signal },
    );
    return parseSilences(stderr);
  } catch (error) {
    throw noAudio(file, error);
  }
}

export function createFfmpeg(path: string): Ffmpeg {
  const toPng = async (args: string[], timeoutMs: number, signal?: AbortSignal) => {
    const { stdout } = await run(path, [...COMMON, ...args, "-f", "image2pipe", "-c:v", "png", "-"], {
      timeoutMs,
      signal,
      encoding: "buffer",
    });
    if (stdout.byteLength === 0) throw new Error("ffmpeg produced no picture");
    return Buffer.from(stdout);
  };

  return {
    path,
    audioStats: (file, startS, durationS, signal) => audioStatsOf(path, file, startS, durationS, signal),
    framesAround: (file, atS, count, stepS, width, signal) =>
      framesAroundOf(path, file, atS, count, stepS, width, signal),
    extractAudio: (file, out, opts) => extractAudioOf(path, file, out, opts),
    silences: (file, opts) => silencesOf(path, file, opts),
    frameAt(file, atS, width, signal, keyframe = false) {
      // Input seeking (-ss before -i) starts decoding at the key frame before `atS`.
      const seek = keyframe ? ["-noaccurate_seek", "-skip_frame", "nokey"] : [];
      return toPng(
        [
          ...seek,
          "-ss",
          atS.toFixed(3),
          "-i",
          file,
          "-map",
          "0:v:0",
          "-frames:v",
          "1",
          "-vf",
          `scale='min(${width},iw)':-2`,
        ],
        FRAME_TIMEOUT_MS,
        signal,
      );
    },
    waveform(file, width, height, signal) {
      return toPng(
        [
          "-i",
          file,
          "-filter_complex",
          `[0:a:0]aformat=channel_layouts=mono,showwavespic=s=${width}x${height}:colors=0x4fc3f7[wave]`,
          "-map",
          "[wave]",
          "-frames:v",
          "1",
        ],
        WAVEFORM_TIMEOUT_MS,
        signal,
      );
    },
    async analyse(file, options, signal) {
      // Scene scores on 320 px frames cost far less than at full size and find the same cuts;
      // the fps branch only scales the frames it keeps.
      const graph =
        `[0:v:0]split=2[s][k];` +
        `[s]scale=320:-2:flags=fast_bilinear,select='gt(scene,${options.threshold})',metadata=print:file=-,nullsink;` +
        `[k]fps=1/${options.sampleEveryS},scale='min(${options.sampleWidth},iw)':-2[keys]`;
      const { stdout } = await run(
        path,
        [
          ...COMMON,
          "-i",
          file,
          "-an",
          "-sn",
          "-dn",
          "-filter_complex",
          graph,
          "-map",
          "[keys]",
          "-q:v",
          "3",
          "-frame_pts",
          "1",
          join(options.sampleDir, "%06d.jpg"),
        ],
        { timeoutMs: options.timeoutMs, signal },
      );
      // metadata=print writes "frame:N pts:P pts_time:T" then "lavfi.scene_score=S" per selected frame.
      const cuts: SceneCut[] = [];
      for (const match of stdout.matchAll(/pts_time:(-?[\d.]+)\s+lavfi\.scene_score=([\d.]+)/g)) {
        const timeS = Number(match[1]);
        const score = Number(match[2]);
        if (Number.isFinite(timeS) && Number.isFinite(score)) cuts.push({ timeS, score });
      }
      const names = (await readdir(options.sampleDir)).filter((n) => /^\d{6}\.jpg$/.test(n)).sort();
      const samples = names.map((name) => ({
        timeS: Number(name.slice(0, 6)) * options.sampleEveryS,
        file: join(options.sampleDir, name),
      }));
      return { cuts, samples };
    },
  };
}
