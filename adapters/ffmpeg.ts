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
   * `lut` renders the picture through a `.cube` 3D LUT (a colour profile) before scaling.
   */
  frameAt(
    file: string,
    atS: number,
    width: number,
    signal?: AbortSignal,
    keyframe?: boolean,
    lut?: string,
  ): Promise<Buffer>;
  /** A waveform picture of the first audio track, as PNG. */
  waveform(file: string, width: number, height: number, signal?: AbortSignal): Promise<Buffer>;
  /** The first audio track as 16 kHz mono 16-bit WAV (what speech recognisers read), optionally a window of it. */
  extractAudio(file: string, out: string, opts: ExtractAudioOptions): Promise<void>;
  /** Silences in the first audio track (ffmpeg silencedetect) and how long the decoded track is. */
  silences(file: string, opts: SilenceOptions): Promise<SilenceReport>;
  /**
   * The one decode pass over a clip: scene scores, a small JPEG every `sampleEveryS` seconds into
   * `sampleDir` (named by sample index) for key frames and thumbnails, and, when asked, the motion
   * and sound measured on a fixed grid, so no later stage has to decode the clip again.
   */
  analyse(file: string, options: AnalyseOptions, signal?: AbortSignal): Promise<Analysis>;
  /** Level, clipping and silence of the first audio track over a window; null when there is none. */
  audioStats(
    file: string,
    startS: number,
    durationS: number,
    signal?: AbortSignal,
  ): Promise<AudioStats | null>;
  /** An editor proxy of `file` written to `out` (see EditorProxyOptions); rejects on any failure. */
  editorProxy(file: string, out: string, options: EditorProxyOptions): Promise<void>;
  /** Up to `count` grey PNG frames from `atS`, `stepS` apart (fewer when the video ends first). */
  framesAround(
    file: string,
    atS: number,
    count: number,
    stepS: number,
    width: number,
    signal?: AbortSignal,
  ): Promise<Buffer[]>;
  /** One piece of the bundled sample library, made from the bundled speech recording into `out`. */
  renderSample(piece: SamplePiece, speechWav: string, out: string, signal?: AbortSignal): Promise<void>;
}

/** The pieces of the sample library: clips with speech and distinct scenes, a still, an audio file. */
export type SamplePiece = "scenes-clip" | "interview-clip" | "still" | "audio";

const SAMPLE_SIZE = "640x360";
const SAMPLE_TIMEOUT_MS = 120_000;
const SAMPLE_H264 = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "28", "-pix_fmt", "yuv420p"];
const SAMPLE_AAC = ["-c:a", "aac", "-b:a", "64k"];
const lavfi = (source: string) => ["-f", "lavfi", "-i", source];

/**
 * The command line of one sample piece. Pictures come from ffmpeg's own test sources (nothing to
 * license); each clip's scenes are concatenated so scene detection finds real cuts, and the speech
 * is padded with silence to the picture's length.
 */
export function sampleArgs(piece: SamplePiece, speechWav: string, out: string): string[] {
  const scene = (source: string, seconds: number) =>
    lavfi(`${source}=size=${SAMPLE_SIZE}:rate=25:duration=${seconds}`);
  switch (piece) {
    case "scenes-clip":
      return [
        ...COMMON,
        ...scene("testsrc2", 3),
        ...lavfi(`color=c=0x1040c0:size=${SAMPLE_SIZE}:rate=25:duration=3`),
        ...scene("smptebars", 3),
        ...["-i", speechWav],
        ...[
          "-filter_complex",
          "[1:v]drawbox=x=240:y=100:w=160:h=160:color=yellow:t=fill[b];[0:v][b][2:v]concat=n=3:v=1:a=0[v];[3:a]apad[a]",
        ],
        ...["-map", "[v]", "-map", "[a]", "-t", "9"],
        ...SAMPLE_H264,
        ...SAMPLE_AAC,
        ...["-y", out],
      ];
    case "interview-clip":
      return [
        ...COMMON,
        ...lavfi(`color=c=0x204020:size=${SAMPLE_SIZE}:rate=25:duration=4`),
        ...scene("rgbtestsrc", 4),
        ...["-i", speechWav],
        ...[
          "-filter_complex",
          "[0:v]drawbox=x=80:y=60:w=200:h=240:color=0xe0c090:t=fill[a0];[a0][1:v]concat=n=2:v=1:a=0[v];[2:a]apad[a]",
        ],
        ...["-map", "[v]", "-map", "[a]", "-t", "8"],
        ...SAMPLE_H264,
        ...SAMPLE_AAC,
        ...["-y", out],
      ];
    case "still":
      return [...COMMON, ...lavfi(`testsrc2=size=1280x720:rate=1`), "-frames:v", "1", "-y", out];
    case "audio":
      return [...COMMON, "-i", speechWav, "-map", "0:a:0", ...SAMPLE_AAC, "-y", out];
  }
}

export interface EditorProxyOptions {
  /** Lines at most; a smaller picture keeps its size. */
  maxHeight: number;
  /** The source's start timecode (HH:MM:SS:FF, `;` for drop frame), written to the proxy's tmcd track. */
  timecode: string | null;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Seconds of the source encoded so far, from ffmpeg's progress report. */
  onProgress?: ((encodedS: number) => void) | undefined;
}

/**
 * ProRes 422 Proxy in QuickTime, as NLEs expect an offline/online pair: the first picture track
 * scaled to at most `maxHeight` lines with both dimensions even (never up), every audio track kept
 * as its own PCM track, the source's metadata and start timecode carried over so the proxy relinks.
 */
export function editorProxyArgs(file: string, out: string, options: EditorProxyOptions): string[] {
  const height = `trunc(min(${options.maxHeight},ih)/2)*2`;
  return [
    ...COMMON,
    "-nostats",
    "-progress",
    "pipe:1",
    "-i",
    file,
    "-map",
    "0:v:0",
    "-map",
    "0:a?",
    "-map_metadata",
    "0",
    "-vf",
    `scale=-2:'${height}':flags=bicubic`,
    "-c:v",
    "prores_ks",
    "-profile:v",
    "0",
    "-pix_fmt",
    "yuv422p10le",
    "-c:a",
    "pcm_s16le",
    ...(options.timecode ? ["-timecode", options.timecode] : []),
    "-f",
    "mov",
    "-y",
    out,
  ];
}

/** The latest `out_time_us` of an ffmpeg progress report, in seconds; null when the chunk has none. */
export function progressSeconds(report: string): number | null {
  const found = [...report.matchAll(/^out_time_us=(\d+)$/gm)].pop();
  return found ? Number(found[1]) / 1e6 : null;
}

export interface AnalyseOptions {
  threshold: number;
  sampleEveryS: number;
  sampleWidth: number;
  sampleDir: string;
  timeoutMs: number;
  /** Measure picture motion every SIGNAL_STEP_S. */
  motion?: boolean;
  /** Measure the first audio track in SIGNAL_STEP_S windows; only for a file that has one. */
  audio?: boolean;
  /** A `.cube` 3D LUT the kept frames are rendered through (scene scores are taken on the frames as decoded). */
  lut?: string | undefined;
}

export interface Analysis {
  cuts: SceneCut[];
  /** Sample files written, with the time each shows. */
  samples: { timeS: number; file: string }[];
  /** One entry per grid frame after the first; empty unless motion was asked for. */
  motion: MotionSample[];
  /** Null unless audio was asked for. */
  audio: AudioTrack | null;
}

export interface SceneCut {
  timeS: number;
  score: number;
}

/** How different a grid frame is from the one SIGNAL_STEP_S before it. */
export interface MotionSample {
  /** The later frame's time. */
  timeS: number;
  /** Mean absolute grey difference, 0–1, at MOTION_WIDTH × MOTION_HEIGHT. */
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
  /** Silences of SILENCE_MIN_S or more under SILENCE_DB; one still open at the end closes there. */
  silences: { start: number; end: number }[];
  /** How much audio was decoded. */
  decodedS: number;
}

/**
 * The grid the signals are measured on. 0.2 s apart is far enough that shake shows and near
 * enough that a pan is not a new picture; motion only needs coarse structure, so 128×72 grey.
 */
export const SIGNAL_STEP_S = 0.2;
export const SIGNAL_RATE = 48_000;
const MOTION_WIDTH = 128;
const MOTION_HEIGHT = 72;

const FRAME_TIMEOUT_MS = 60_000;
const WAVEFORM_TIMEOUT_MS = 120_000;
const COMMON = ["-hide_banner", "-nostdin", "-v", "error"];

/**
 * A filter rendering through a `.cube` LUT, with the path escaped for both levels of ffmpeg's
 * filter syntax (the option value, then the graph). Camera LUTs take code values as recorded
 * (camera-log-curves.md §0: y = CV/1023, not expanded from legal range), so the conversion to
 * 16-bit RGB is made here, reading the frame as full range: left to ffmpeg's automatic
 * conversion, which may sit before any filter of ours, video-range 64–940 would be stretched.
 */
export function lutFilter(path: string): string {
  const value = path.replace(/[\\':]/g, (c) => `\\${c}`);
  const graph = value.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
  return `scale=in_range=full:out_range=full,format=gbrp16le,lut3d=file=${graph}`;
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

// 0.99 rather than 1.0: lossy codecs ring around a clipped waveform, so few decoded samples sit
// exactly at full scale, yet a clean recording almost never holds this close to it.
const CLIP_LEVEL = 0.99;
const SILENCE_DB = -50;
const SILENCE_MIN_S = 0.5;
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
    `[quiet]aresample=${SIGNAL_RATE},silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_MIN_S},${only("Number_of_samples")}[out]`;
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

/**
 * Each measuring branch ends in a named metadata printer, so its lines in the log can be told
 * apart: `[metadata@cut @ 0x…] frame:3 pts:75 pts_time:3`, then one `key=value` line per value.
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

function parseAudioTrack(stderr: string): AudioTrack {
  const windows: AudioWindow[] = printedFrames(stderr, "ametadata@level").map(({ timeS, values }) => ({
    startS: timeS,
    samples: finite(values.get("lavfi.astats.Overall.Number_of_samples")) ?? 0,
    rmsDb: finite(values.get("lavfi.astats.Overall.RMS_level")),
    peakDb: finite(values.get("lavfi.astats.Overall.Peak_level")),
    clipped: [],
  }));
  const clipped = new Map(
    printedFrames(stderr, "ametadata@clip").map(({ timeS, values }) => {
      const shares: number[] = [];
      for (const [key, value] of values) {
        const channel = /^lavfi\.astats\.(\d+)\.DC_offset$/.exec(key);
        if (channel) shares[Number(channel[1]) - 1] = finite(value) ?? 0;
      }
      return [timeS, shares.map((v) => v ?? 0)];
    }),
  );
  for (const window of windows) window.clipped = clipped.get(window.startS) ?? [];
  const last = windows.at(-1);
  const decodedS = last ? last.startS + last.samples / SIGNAL_RATE : 0;
  // silencedetect logs under its own name, not the instance name; the graph holds only one.
  const silences = silentSpans(
    stderr.matchAll(/\[silencedetect @ [^\]]+\] silence_(start|end): (-?[\d.]+(?:e[-+]?\d+)?)/g),
    decodedS,
  );
  return { windows, silences, decodedS };
}

async function analyseOf(
  bin: string,
  file: string,
  options: AnalyseOptions,
  signal?: AbortSignal,
): Promise<Analysis> {
  const fps = 1 / SIGNAL_STEP_S;
  const window = Math.round(SIGNAL_RATE * SIGNAL_STEP_S);
  const levels = "Peak_level+RMS_level+Number_of_samples";
  // Scene scores are taken on the decoded frames as they are: the SAD over a full frame is
  // cheaper than scaling every frame down first, and a cut scores alike at either size. Only
  // the branches that keep a frame now and then scale it, after dropping the rest.
  const video = [
    `[0:v:0]split=${options.motion ? 3 : 2}[cut][keys0]${options.motion ? "[motion]" : ""}`,
    `[cut]select@cut='gt(scene,${options.threshold})',metadata@cut=print,nullsink`,
    `[keys0]fps=1/${options.sampleEveryS},${options.lut ? `${lutFilter(options.lut)},` : ""}` +
      `scale='min(${options.sampleWidth},iw)':-2[keys]`,
  ];
  if (options.motion) {
    video.push(
      `[motion]fps=${fps},scale=${MOTION_WIDTH}:${MOTION_HEIGHT},format=gray,` +
        "tblend=all_mode=difference,signalstats,metadata@motion=print:key=lavfi.signalstats.YAVG,nullsink",
    );
  }
  // The audio is cut into windows on the signal grid and measured in each: levels as decoded
  // after resampling to a known rate (so a window's sample count gives its length), clipping as
  // the mean of a per-sample 0/1 flag per channel, and silences over the whole track.
  const audio = options.audio
    ? [
        `[0:a:0]aresample=${SIGNAL_RATE},asetnsamples=n=${window}:p=0,asplit=2[level][clip]`,
        `[level]silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_MIN_S},` +
          `astats=metadata=1:reset=1:measure_perchannel=none:measure_overall=${levels},ametadata@level=print,anullsink`,
        `[clip]aeval=exprs='gte(abs(val(ch)),${CLIP_LEVEL})':c=same,` +
          "astats=metadata=1:reset=1:measure_perchannel=DC_offset:measure_overall=none,ametadata@clip=print,anullsink",
      ]
    : [];
  const { stderr } = await run(
    bin,
    [
      ...INFO,
      ...["-i", file, "-sn", "-dn", "-filter_complex", [...video, ...audio].join(";")],
      ...["-map", "[keys]", "-q:v", "3", "-frame_pts", "1", join(options.sampleDir, "%06d.jpg")],
    ],
    { timeoutMs: options.timeoutMs, signal },
  );
  const cuts: SceneCut[] = [];
  for (const { timeS, values } of printedFrames(stderr, "metadata@cut")) {
    const score = finite(values.get("lavfi.scene_score"));
    if (score !== null) cuts.push({ timeS, score });
  }
  const motion: MotionSample[] = [];
  for (const { timeS, values } of printedFrames(stderr, "metadata@motion")) {
    const mean = finite(values.get("lavfi.signalstats.YAVG"));
    if (mean !== null) motion.push({ timeS, diff: mean / 255 });
  }
  const names = (await readdir(options.sampleDir)).filter((n) => /^\d{6}\.jpg$/.test(n)).sort();
  const samples = names.map((name) => ({
    timeS: Number(name.slice(0, 6)) * options.sampleEveryS,
    file: join(options.sampleDir, name),
  }));
  return { cuts, samples, motion, audio: options.audio ? parseAudioTrack(stderr) : null };
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
    frameAt(file, atS, width, signal, keyframe = false, lut) {
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
          `${lut ? `${lutFilter(lut)},` : ""}scale='min(${width},iw)':-2`,
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
    analyse: (file, options, signal) => analyseOf(path, file, options, signal),
    async renderSample(piece, speechWav, out, signal) {
      await run(path, sampleArgs(piece, speechWav, out), { timeoutMs: SAMPLE_TIMEOUT_MS, signal });
    },
    async editorProxy(file, out, options) {
      await run(path, editorProxyArgs(file, out, options), {
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        onStdout: (chunk) => {
          const at = progressSeconds(chunk);
          if (at !== null) options.onProgress?.(at);
        },
      });
    },
  };
}
