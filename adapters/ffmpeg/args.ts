import { join } from "node:path";
import { afterDisplay, inputArgs, type Source } from "./input.js";

/**
 * Every ffmpeg command line svc uses is built here, from its options alone, so each can be read,
 * tested and tuned in one place without running ffmpeg. A builder refuses options that would make
 * no sense to ffmpeg before anything is started.
 */

/** The pieces of the sample library: clips with speech and distinct scenes, a still, an audio file. */
export type SamplePiece = "scenes-clip" | "interview-clip" | "still" | "audio";

export interface EditorProxyOptions {
  /** Lines at most; a smaller picture keeps its size. */
  maxHeight: number;
  /** The source's start timecode (HH:MM:SS:FF, `;` for drop frame), written to the proxy's tmcd track. */
  timecode: string | null;
  /** `tff` or `bff` for an interlaced source, whose proxy is coded interlaced in the same order. */
  fieldOrder?: string | null | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Seconds of the source encoded so far, from ffmpeg's progress report. */
  onProgress?: ((encodedS: number) => void) | undefined;
  /** The source's audio streams in order, each kept at its own sample depth; unknown ones get 16-bit. */
  audio?: readonly ProxyAudioStream[] | undefined;
}

export interface ProxyAudioStream {
  codec: string | null;
  /** Bits per sample as stored; null for a lossy stream. */
  bit_depth: number | null;
}

/**
 * The PCM codec that keeps a stream's samples as they are: float stays float (32 or 64 bits),
 * integer keeps 24 or 32 bits; 16 or fewer bits, and lossy streams (no stored depth), take 16.
 */
export function pcmCodecFor(stream: ProxyAudioStream): string {
  const depth = stream.bit_depth ?? 16;
  if (/^pcm_f/.test(stream.codec ?? "")) return depth > 32 ? "pcm_f64le" : "pcm_f32le";
  if (depth > 24) return "pcm_s32le";
  return depth > 16 ? "pcm_s24le" : "pcm_s16le";
}

export interface AnalyseOptions {
  threshold: number;
  sampleEveryS: number;
  sampleWidth: number;
  sampleDir: string;
  timeoutMs: number;
  /** Measure picture motion every SIGNAL_STEP_S. */
  motion?: boolean;
  /**
   * Measure the first audio track in SIGNAL_STEP_S windows; only for a file that has one. Its
   * samples also go to stdout as 16-bit WAV at SIGNAL_RATE (PEAKS_PIPE), for its clipping and
   * waveform peaks.
   */
  audio?: boolean;
  /** A `.cube` 3D LUT the kept frames are rendered through (scene scores are taken on the frames as decoded). */
  lut?: string | undefined;
  /** Decoder threads; ffmpeg's own choice (one per core) when absent. */
  threads?: number | undefined;
  /** The scrub sprite: `frames` evenly spaced over the clip, tiled into one JPEG at `file`. */
  sprite?: SpriteOptions | undefined;
}

export interface SpriteOptions {
  file: string;
  frames: number;
  /** The clip's length: the frames are `durationS / frames` apart. */
  durationS: number;
  columns: number;
  rows: number;
  /** Each frame fits in a `box` × `box` square, its display aspect kept. */
  box: number;
}

// Enough for a frame a few centimetres wide: a scrub sprite is looked through, not studied.
const SPRITE_QUALITY = "8";

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

/**
 * The grid the signals are measured on. 0.2 s apart is far enough that shake shows and near
 * enough that a pan is not a new picture; motion only needs coarse structure, so 128×72 grey.
 */
export const SIGNAL_STEP_S = 0.2;
export const SIGNAL_RATE = 48_000;
const MOTION_WIDTH = 128;
const MOTION_HEIGHT = 72;

// 0.99 rather than 1.0: lossy codecs ring around a clipped waveform, so few decoded samples sit
// exactly at full scale, yet a clean recording almost never holds this close to it.
export const CLIP_LEVEL = 0.99;
const SILENCE_DB = -50;
const SILENCE_MIN_S = 0.5;

const COMMON = ["-hide_banner", "-nostdin", "-v", "error"];
// astats and silencedetect report at info level; progress lines would only bloat stderr.
const INFO = ["-hide_banner", "-nostdin", "-nostats", "-v", "info"];
/** Pictures go to stdout as PNGs, back to back. */
const PNG_PIPE = ["-f", "image2pipe", "-c:v", "png", "-"];

const SAMPLE_SIZE = "640x360";
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

const FIELD_FLAGS: Record<string, string> = { tff: "tt", bff: "bb" };

/**
 * ProRes 422 Proxy in QuickTime, as NLEs expect an offline/online pair: the first picture track
 * scaled to at most `maxHeight` lines with both dimensions even (never up), every audio track kept
 * as its own PCM track with its channels and sample depth, the source's metadata and start timecode carried over so the proxy relinks.
 * The source's geometry stays as it is: the pixel aspect (the scale keeps it), the display matrix
 * (read without autorotation, so the muxer writes it again rather than the picture being turned),
 * the colour tags (ffmpeg carries them) and interlacing, coded field by field in the source's order.
 */
export function editorProxyArgs(file: Source, out: string, options: EditorProxyOptions): string[] {
  const height = `trunc(min(${options.maxHeight},ih)/2)*2`;
  const fields = FIELD_FLAGS[options.fieldOrder ?? ""];
  return [
    ...COMMON,
    "-nostats",
    "-progress",
    "pipe:1",
    "-noautorotate",
    ...inputArgs(file),
    "-map",
    "0:v:0",
    "-map",
    "0:a?",
    "-map_metadata",
    "0",
    "-vf",
    `scale=-2:'${height}':flags=bicubic${fields ? ":interl=1" : ""}`,
    ...(fields ? ["-flags", "+ildct+ilme", "-field_order", fields] : []),
    "-c:v",
    "prores_ks",
    "-profile:v",
    "0",
    "-pix_fmt",
    "yuv422p10le",
    "-c:a",
    "pcm_s16le",
    ...(options.audio ?? []).flatMap((stream, i) => [`-c:a:${i}`, pcmCodecFor(stream)]),
    ...(options.timecode ? ["-timecode", options.timecode] : []),
    "-f",
    "mov",
    "-y",
    out,
  ];
}

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

/**
 * One frame near `atS`, at most `width` pixels wide, as PNG. `keyframe` takes the key frame at or
 * before `atS` and decodes nothing else; `lut` renders through a `.cube` before scaling.
 */
export function frameAtArgs(
  file: Source,
  atS: number,
  width: number,
  keyframe: boolean,
  lut?: string,
): string[] {
  // Input seeking (-ss before -i) starts decoding at the key frame before `atS`.
  const seek = keyframe ? ["-noaccurate_seek", "-skip_frame", "nokey"] : [];
  return [
    ...COMMON,
    ...seek,
    ...["-ss", atS.toFixed(3), ...inputArgs(file), "-map", "0:v:0", "-frames:v", "1"],
    ...["-vf", afterDisplay(file, lut ? lutFilter(lut) : "", `scale='min(${width},iw)':-2`)],
    ...PNG_PIPE,
  ];
}

/**
 * Every channel of the first audio track at SIGNAL_RATE as 16-bit WAV on stdout, for its peaks
 * (formats/waveform.ts reads the header for the channel count: a polyphonic recording with no
 * channel layout cannot be downmixed by ffmpeg, so nothing is). A WAV header, unlike raw PCM,
 * says what follows; `-bitexact` leaves out the encoder's LIST chunk.
 */
const PEAKS_PIPE = ["-map", "[peaks]", "-bitexact", "-f", "wav", "pipe:1"];
const PEAKS_FORMAT = "aformat=sample_fmts=s16";

/** One decode of the first audio track alone, for its waveform peaks (PEAKS_PIPE). */
export function audioPeaksArgs(file: Source): string[] {
  return [
    ...COMMON,
    ...inputArgs(file),
    ...["-filter_complex", `[0:a:0]aresample=${SIGNAL_RATE},${PEAKS_FORMAT}[peaks]`],
    ...PEAKS_PIPE,
  ];
}

/** Up to `count` grey PNG frames from `atS`, `stepS` apart. */
export function framesAroundArgs(
  file: Source,
  atS: number,
  count: number,
  stepS: number,
  width: number,
): string[] {
  if (!Number.isInteger(count) || count < 1 || !(stepS > 0) || !(atS >= 0) || !(width >= 2)) {
    throw new Error(
      `frames need count ≥ 1, step > 0, time ≥ 0 and width ≥ 2, got ${count}, ${stepS}, ${atS}, ${width}`,
    );
  }
  return [
    ...COMMON,
    ...["-ss", atS.toFixed(3), "-t", (count * stepS).toFixed(3), ...inputArgs(file), "-map", "0:v:0"],
    ...["-vf", afterDisplay(file, `fps=${1 / stepS}`, `scale=${width}:-2`, "format=gray")],
    ...["-frames:v", String(count)],
    ...PNG_PIPE,
  ];
}

/** The first audio track (or a window of it) as 16 kHz mono 16-bit WAV. */
export function extractAudioArgs(file: Source, out: string, opts: ExtractAudioOptions): string[] {
  const { startS, durationS } = opts;
  if ((startS !== undefined && !(startS >= 0)) || (durationS !== undefined && !(durationS > 0))) {
    throw new Error(`audio extraction needs start ≥ 0 and duration > 0, got ${startS} s and ${durationS} s`);
  }
  const window = [
    ...(startS ? ["-ss", startS.toFixed(3)] : []),
    ...(durationS !== undefined ? ["-t", durationS.toFixed(3)] : []),
  ];
  return [
    ...COMMON,
    ...[...window, ...inputArgs(file), "-map", "0:a:0", "-vn", "-sn", "-dn"],
    ...["-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", "-y", out],
  ];
}

/** silencedetect over the first audio track, read back by parseSilences. */
export function silencesArgs(file: Source, opts: SilenceOptions): string[] {
  if (!Number.isFinite(opts.noiseDb) || !(opts.minS > 0)) {
    throw new Error("silence detection needs a noise level in dB and a minimum length > 0 s");
  }
  // silencedetect reports at info level; stats stay on for the final "time=" of the progress line.
  return [
    ...["-hide_banner", "-nostdin", "-v", "info", ...inputArgs(file), "-map", "0:a:0", "-vn", "-sn", "-dn"],
    ...["-af", `silencedetect=noise=${opts.noiseDb}dB:d=${opts.minS}`, "-f", "null", "-"],
  ];
}

/** Level, clipping and silence of the first audio track over a window, read back by parseAudioStats. */
export function audioStatsArgs(file: Source, startS: number, durationS: number): string[] {
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
  return [
    ...INFO,
    ...["-ss", startS.toFixed(3), "-t", durationS.toFixed(3), ...inputArgs(file)],
    ...["-filter_complex", graph, "-map", "[out]", "-f", "null", "-"],
  ];
}

/** The sprite's filters: its frames dropped to its rate, fitted in its box, tiled. */
function spriteFilters(sprite: SpriteOptions): { drop: string; fit: string; tile: string } {
  if (!Number.isInteger(sprite.frames) || sprite.frames < 1 || !(sprite.durationS > 0)) {
    throw new Error(
      `a sprite needs ≥ 1 frame over a length > 0 s, got ${sprite.frames} over ${sprite.durationS} s`,
    );
  }
  return {
    drop: `fps=${sprite.frames}/${sprite.durationS.toFixed(3)}`,
    fit: `scale=${sprite.box}:${sprite.box}:force_original_aspect_ratio=decrease:force_divisible_by=2`,
    tile: `tile=${sprite.columns}x${sprite.rows}`,
  };
}

/** The tiled picture, once: a clip a little longer than measured would start a second one. */
const spriteOutput = (sprite: SpriteOptions) => [
  ...["-map", "[sprite]", "-frames:v", "1", "-q:v", SPRITE_QUALITY, "-update", "1", "-y", sprite.file],
];

/**
 * How the measuring decodes read a picture: without the deblocking filter on frames no other
 * frame is predicted from (H.264's and HEVC's non-reference frames), which no later frame
 * inherits. Scene scores, motion and the small frames kept (key frames, thumbnail, sprite) differ
 * from a full decode by less than anyone sees (PSNR 66 dB at key-frame size on an x264 CRF 35
 * clip), and the pass costs about a twentieth less CPU (docs/benchmarks.md, ingest-pattern).
 */
const ANALYSIS_DECODE = ["-skip_loop_filter", "noref"];

/** One decode of the picture alone for its scrub sprite, for an item ingested before sprites were made. */
export function spriteArgs(
  file: Source,
  sprite: SpriteOptions,
  options: { lut?: string | undefined; threads?: number | undefined } = {},
): string[] {
  // Frames are dropped to the sprite's rate first: only the few kept are made displayable and
  // rendered through the LUT (after fitting: on thousands of pixels, not millions).
  const { drop, fit, tile } = spriteFilters(sprite);
  const { lut } = options;
  return [
    ...COMMON,
    ...(options.threads === undefined ? [] : ["-threads", String(options.threads)]),
    ...ANALYSIS_DECODE,
    ...[...inputArgs(file), "-an", "-sn", "-dn"],
    ...[
      "-filter_complex",
      `[0:v:0]${[drop, afterDisplay(file, fit, lut ? lutFilter(lut) : ""), tile].join(",")}[sprite]`,
    ],
    ...spriteOutput(sprite),
  ];
}

/**
 * The one decode pass over a clip (see Ffmpeg.analyse). Each measuring branch ends in a named
 * metadata printer (`metadata@cut`, `metadata@motion`, `ametadata@level`) so
 * the parsers can tell its lines apart.
 */
export function analyseArgs(file: Source, options: AnalyseOptions): string[] {
  const fps = 1 / SIGNAL_STEP_S;
  const window = Math.round(SIGNAL_RATE * SIGNAL_STEP_S);
  const levels = "Peak_level+RMS_level+Number_of_samples";
  // Scene scores are taken on the decoded frames as they are: the SAD over a full frame is
  // cheaper than scaling every frame down first, and a cut scores alike at either size. Only
  // the branches that keep a frame now and then scale it, after dropping the rest.
  const { sprite } = options;
  // The sprite's frames are taken from the kept ones (already upright, through the LUT and
  // small): tiling them costs next to nothing beside the decode.
  const keys = [
    `fps=1/${options.sampleEveryS}`,
    afterDisplay(
      file,
      options.lut ? lutFilter(options.lut) : "",
      `scale='min(${options.sampleWidth},iw)':-2`,
    ),
  ].join(",");
  const video = [
    `[0:v:0]split=${options.motion ? 3 : 2}[cut][keys0]${options.motion ? "[motion]" : ""}`,
    `[cut]select@cut='gt(scene,${options.threshold})',metadata@cut=print,nullsink`,
    sprite ? `[keys0]${keys},split=2[keys][sprite0]` : `[keys0]${keys}[keys]`,
  ];
  if (sprite) {
    const { drop, fit, tile } = spriteFilters(sprite);
    video.push(`[sprite0]${drop},${fit},${tile}[sprite]`);
  }
  if (options.motion) {
    video.push(
      `[motion]fps=${fps},scale=${MOTION_WIDTH}:${MOTION_HEIGHT},format=gray,` +
        "tblend=all_mode=difference,signalstats,metadata@motion=print:key=lavfi.signalstats.YAVG,nullsink",
    );
  }
  // The audio is cut into windows on the signal grid and measured in each: levels as decoded
  // after resampling to a known rate (so a window's sample count gives its length), clipping as
  // the mean of a per-sample 0/1 flag per channel, and silences over the whole track.
  // The windows also go to stdout as they are, resampled already: the clipping share of each and
  // the waveform peaks are counted in Node as they stream, which costs less than any filter.
  const audio = options.audio
    ? [
        `[0:a:0]aresample=${SIGNAL_RATE},asetnsamples=n=${window}:p=0,asplit=2[level][peaks0]`,
        `[level]silencedetect=n=${SILENCE_DB}dB:d=${SILENCE_MIN_S},` +
          `astats=metadata=1:reset=1:measure_perchannel=none:measure_overall=${levels},ametadata@level=print,anullsink`,
        `[peaks0]${PEAKS_FORMAT}[peaks]`,
      ]
    : [];
  return [
    ...INFO,
    ...(options.threads === undefined ? [] : ["-threads", String(options.threads)]),
    ...ANALYSIS_DECODE,
    ...[...inputArgs(file), "-sn", "-dn", "-filter_complex", [...video, ...audio].join(";")],
    ...["-map", "[keys]", "-q:v", "3", "-frame_pts", "1", join(options.sampleDir, "%06d.jpg")],
    ...(sprite ? spriteOutput(sprite) : []),
    ...(options.audio ? PEAKS_PIPE : []),
  ];
}

export interface PcmOptions {
  /** Samples per second of the decoded signal. */
  rate: number;
  /** Where the window starts, in seconds (≥ 0); the file's start when absent. */
  startS?: number | undefined;
  /** How long the window is, in seconds; to the end when absent. */
  durationS?: number | undefined;
  /** ffmpeg audio filters applied before the resampling (e.g. `highpass=f=120`). */
  filter?: string | undefined;
}

/**
 * The first audio track, mixed to mono, as raw 32-bit float samples at `rate` on stdout. The
 * window's start is given to the microsecond: WAV seeks land on the sample it names.
 */
export function pcmArgs(file: Source, opts: PcmOptions): string[] {
  const { startS, durationS } = opts;
  if (!Number.isInteger(opts.rate) || opts.rate < 100 || opts.rate > 384_000)
    throw new Error(`a decode needs a sample rate between 100 and 384000 Hz, got ${opts.rate}`);
  if ((startS !== undefined && !(startS >= 0)) || (durationS !== undefined && !(durationS > 0)))
    throw new Error(`a decode window needs start ≥ 0 and duration > 0, got ${startS} s and ${durationS} s`);
  const window = [
    ...(startS ? ["-ss", startS.toFixed(6)] : []),
    ...(durationS !== undefined ? ["-t", durationS.toFixed(6)] : []),
  ];
  const filters = [opts.filter, `aresample=${opts.rate}`].filter(Boolean).join(",");
  return [
    ...COMMON,
    ...[...window, ...inputArgs(file), "-map", "0:a:0", "-vn", "-sn", "-dn"],
    ...["-ac", "1", "-af", filters, "-ar", String(opts.rate), "-f", "f32le", "-c:a", "pcm_f32le", "-"],
  ];
}
