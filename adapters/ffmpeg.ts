import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { run } from "./process.js";

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
  /**
   * One decode pass that both scores scene changes and samples a small JPEG every `sampleEveryS`
   * seconds into `sampleDir` (named by sample index), so key frames need no second decode.
   */
  analyse(file: string, options: AnalyseOptions, signal?: AbortSignal): Promise<Analysis>;
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
