import { run } from "./process.js";

/**
 * Every ffmpeg command line svc uses is built here, so each can be read, tested and tuned in
 * one place. Images come back as PNG bytes on stdout; callers encode and store them.
 */
export interface Ffmpeg {
  readonly path: string;
  /** One frame at `atS`, scaled to at most `width` pixels wide, as PNG. */
  frameAt(file: string, atS: number, width: number, signal?: AbortSignal): Promise<Buffer>;
  /** A waveform picture of the first audio track, as PNG. */
  waveform(file: string, width: number, height: number, signal?: AbortSignal): Promise<Buffer>;
  /** Frames whose scene score exceeds `threshold`, from one decode pass. */
  sceneCuts(file: string, threshold: number, timeoutMs: number, signal?: AbortSignal): Promise<SceneCut[]>;
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
    frameAt(file, atS, width, signal) {
      // Input seeking (-ss before -i) jumps to the nearest key frame first: fast on long clips.
      return toPng(
        [
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
    async sceneCuts(file, threshold, timeoutMs, signal) {
      // Scoring on small frames costs far less than at full size and finds the same cuts.
      const filter = `scale=320:-2:flags=fast_bilinear,select='gt(scene,${threshold})',metadata=print:file=-`;
      const { stdout } = await run(
        path,
        [...COMMON, "-i", file, "-map", "0:v:0", "-an", "-sn", "-dn", "-vf", filter, "-f", "null", "-"],
        { timeoutMs, signal },
      );
      // metadata=print writes "frame:N pts:P pts_time:T" then "lavfi.scene_score=S" per selected frame.
      const cuts: SceneCut[] = [];
      for (const match of stdout.matchAll(/pts_time:(-?[\d.]+)\s+lavfi\.scene_score=([\d.]+)/g)) {
        const timeS = Number(match[1]);
        const score = Number(match[2]);
        if (Number.isFinite(timeS) && Number.isFinite(score)) cuts.push({ timeS, score });
      }
      return cuts;
    },
  };
}
