import { readdir } from "node:fs/promises";
import { WavStream } from "../formats/wav-stream.js";
import { PeakReducer, type Peaks } from "../formats/waveform.js";
import {
  type AnalyseOptions,
  analyseArgs,
  audioPeaksArgs,
  audioStatsArgs,
  type EditorProxyOptions,
  type ExtractAudioOptions,
  editorProxyArgs,
  extractAudioArgs,
  frameAtArgs,
  framesAroundArgs,
  type PcmOptions,
  pcmArgs,
  type SamplePiece,
  type SilenceOptions,
  type SpriteOptions,
  sampleArgs,
  silencesArgs,
  spriteArgs,
} from "./ffmpeg/args.js";
import { type Source, sourcePath } from "./ffmpeg/input.js";
import {
  type Analysis,
  type AudioStats,
  ClipCounter,
  parseAudioStats,
  parseAudioTrack,
  parseCuts,
  parseMotion,
  parseSilences,
  pcmChunks,
  progressSeconds,
  type SilenceReport,
  sampleFiles,
  splitPngs,
} from "./ffmpeg/output.js";
import { ProcessError, run } from "./process.js";

// The names callers of the adapter use; the command lines are built in ffmpeg/args.ts and their
// output read in ffmpeg/output.ts.
export {
  type PcmOptions,
  type SamplePiece,
  SIGNAL_RATE,
  SIGNAL_STEP_S,
  type SpriteOptions,
} from "./ffmpeg/args.js";
export type { DecodeInput, Source } from "./ffmpeg/input.js";
export type { Analysis, AudioStats, AudioTrack, MotionSample, SceneCut } from "./ffmpeg/output.js";

/**
 * ffmpeg, run: each method starts one process and reads back what it wrote. Images come back as PNG
 * bytes. A `Source` is a file path or a prepared DecodeInput (sequence, camera proxy, display filters).
 */
export interface Ffmpeg {
  readonly path: string;
  /**
   * One frame near `atS`, at most `width` pixels wide, as PNG. `keyframe` takes the key frame at or
   * before `atS` and decodes nothing else (cheap on long-GOP camera files); otherwise the exact frame.
   * `lut` renders the picture through a `.cube` 3D LUT (a colour profile) before scaling.
   */
  frameAt(
    file: Source,
    atS: number,
    width: number,
    signal?: AbortSignal,
    keyframe?: boolean,
    lut?: string,
  ): Promise<Buffer>;
  /**
   * The first audio track's waveform peaks from one decode of it alone, read as it streams (in
   * bounded memory); null when the track held no sample.
   */
  audioPeaks(file: Source, timeoutMs: number, signal?: AbortSignal): Promise<Peaks | null>;
  /**
   * The scrub sprite alone, from one decode of the picture (the analysis pass makes it for new
   * items): for an item ingested before sprites were made.
   */
  sprite(
    file: Source,
    sprite: SpriteOptions,
    options: { lut?: string | undefined; threads?: number | undefined; timeoutMs: number },
    signal?: AbortSignal,
  ): Promise<void>;
  /** The first audio track as 16 kHz mono 16-bit WAV (what speech recognisers read), optionally a window of it. */
  extractAudio(file: Source, out: string, opts: ExtractAudioOptions): Promise<void>;
  /**
   * The first audio track (a window of it) as mono float samples at `opts.rate`, handed to
   * `onSamples` piece by piece as ffmpeg decodes them, so memory stays bounded however long the
   * file is; resolves when the decode has ended. A file without sound rejects saying so.
   */
  decodePcm(
    file: Source,
    opts: PcmOptions & { timeoutMs: number; signal?: AbortSignal | undefined },
    onSamples: (samples: Float32Array) => void,
  ): Promise<void>;
  /** Silences in the first audio track (ffmpeg silencedetect) and how long the decoded track is. */
  silences(file: Source, opts: SilenceOptions): Promise<SilenceReport>;
  /**
   * The one decode pass over a clip: scene scores, a small JPEG every `sampleEveryS` seconds into
   * `sampleDir` (named by sample index) for key frames and thumbnails, and, when asked, the motion
   * and sound measured on a fixed grid, so no later stage has to decode the clip again; with the
   * sound, its waveform peaks from the same decode, read as they stream.
   */
  analyse(file: Source, options: AnalyseOptions, signal?: AbortSignal): Promise<Analysis>;
  /** Level, clipping and silence of the first audio track over a window; null when there is none. */
  audioStats(
    file: Source,
    startS: number,
    durationS: number,
    signal?: AbortSignal,
  ): Promise<AudioStats | null>;
  /** An editor proxy of `file` written to `out` (see EditorProxyOptions); rejects on any failure. */
  editorProxy(file: Source, out: string, options: EditorProxyOptions): Promise<void>;
  /** Up to `count` grey PNG frames from `atS`, `stepS` apart (fewer when the video ends first). */
  framesAround(
    file: Source,
    atS: number,
    count: number,
    stepS: number,
    width: number,
    signal?: AbortSignal,
  ): Promise<Buffer[]>;
  /** One piece of the bundled sample library, made from the bundled speech recording into `out`. */
  renderSample(piece: SamplePiece, speechWav: string, out: string, signal?: AbortSignal): Promise<void>;
}

const FRAME_TIMEOUT_MS = 60_000;
const SAMPLE_TIMEOUT_MS = 120_000;

const noStreams = (error: unknown) =>
  error instanceof ProcessError && /matches no streams/.test(error.message);

const noAudio = (file: Source, error: unknown) =>
  noStreams(error) ? new Error(`${sourcePath(file)} has no audio stream`) : error;

export function createFfmpeg(path: string): Ffmpeg {
  const toPng = async (args: string[], timeoutMs: number, signal?: AbortSignal) => {
    const { stdout } = await run(path, args, { timeoutMs, signal, encoding: "buffer" });
    if (stdout.byteLength === 0) throw new Error("ffmpeg produced no picture");
    return Buffer.from(stdout);
  };

  return {
    path,
    async audioStats(file, startS, durationS, signal) {
      const args = audioStatsArgs(file, startS, durationS);
      try {
        // Decoding audio runs far faster than real time; a tenth of the window is a generous floor.
        const { stderr } = await run(path, args, { timeoutMs: 60_000 + durationS * 100, signal });
        return parseAudioStats(stderr, durationS);
      } catch (error) {
        if (noStreams(error)) return null;
        throw error;
      }
    },
    async framesAround(file, atS, count, stepS, width, signal) {
      const args = framesAroundArgs(file, atS, count, stepS, width);
      const { stdout } = await run(path, args, { timeoutMs: FRAME_TIMEOUT_MS, signal, encoding: "buffer" });
      return splitPngs(Buffer.from(stdout));
    },
    async extractAudio(file, out, opts) {
      const args = extractAudioArgs(file, out, opts);
      try {
        await run(path, args, { timeoutMs: opts.timeoutMs, signal: opts.signal });
      } catch (error) {
        throw noAudio(file, error);
      }
    },
    async decodePcm(file, opts, onSamples) {
      try {
        await run(path, pcmArgs(file, opts), {
          timeoutMs: opts.timeoutMs,
          signal: opts.signal,
          encoding: "buffer",
          stdoutSink: pcmChunks(onSamples),
        });
      } catch (error) {
        throw noAudio(file, error);
      }
    },
    async silences(file, opts) {
      const args = silencesArgs(file, opts);
      try {
        const { stderr } = await run(path, args, { timeoutMs: opts.timeoutMs, signal: opts.signal });
        return parseSilences(stderr);
      } catch (error) {
        throw noAudio(file, error);
      }
    },
    frameAt: (file, atS, width, signal, keyframe = false, lut) =>
      toPng(frameAtArgs(file, atS, width, keyframe, lut), FRAME_TIMEOUT_MS, signal),
    async analyse(file, options, signal) {
      const peaks = new PeakReducer();
      const clips = new ClipCounter();
      const pcm = options.audio ? new WavStream([peaks, clips]) : null;
      const { stderr } = await run(path, analyseArgs(file, options), {
        timeoutMs: options.timeoutMs,
        signal,
        stdoutSink: pcm ? (chunk) => pcm.push(chunk) : undefined,
      });
      return {
        cuts: parseCuts(stderr),
        samples: sampleFiles(await readdir(options.sampleDir), options.sampleDir, options.sampleEveryS),
        motion: parseMotion(stderr),
        audio: pcm ? parseAudioTrack(stderr, clips.finish()) : null,
        peaks: pcm ? peaks.finish() : null,
      };
    },
    async sprite(file, sprite, options, signal) {
      await run(path, spriteArgs(file, sprite, options), { timeoutMs: options.timeoutMs, signal });
    },
    async audioPeaks(file, timeoutMs, signal) {
      const reducer = new PeakReducer();
      const pcm = new WavStream([reducer]);
      try {
        await run(path, audioPeaksArgs(file), {
          timeoutMs,
          signal,
          stdoutSink: (chunk) => pcm.push(chunk),
        });
      } catch (error) {
        throw noAudio(file, error);
      }
      return reducer.finish();
    },
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
