import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deadline } from "./deadline.js";
import { lutFilter } from "./ffmpeg/args.js";
import { afterDisplay, inputArgs, type Source } from "./ffmpeg/input.js";
import { ProcessError, run, toolName } from "./process.js";

/** SVC_PROXY_HWDECODE: `auto` looks for one, `none` never does, a name tries only that one. */
export type HwDecodeMode = "auto" | "none" | "vaapi" | "videotoolbox" | "cuda" | "qsv";

// The decoders svc will use, in the order `auto` tries them: the ones SVC_PROXY_HWDECODE can name.
const HWACCELS = ["videotoolbox", "cuda", "qsv", "vaapi"] as const;

const MIN_TIMEOUT_MS = 600_000;
const MAX_TIMEOUT_MS = 4 * 3600_000;
const PROBE_TIMEOUT_MS = 20_000;
const COMMON = ["-hide_banner", "-nostdin", "-v", "error"];

/** Duration × 3, at least 600 s, at most 4 hours (SPEC.md, Limits). */
export function proxyTimeoutMs(durationS: number | null): number {
  return Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, (durationS ?? 0) * 3000));
}

/**
 * The x264 and AAC settings of a playback proxy; the benchmark encodes with the same ones. A key
 * frame every second of the clip, whatever its rate: the player seeks and scrubs a proxy, and a
 * seek decodes from the key frame before it (x264's default of one per 250 frames made a seek
 * into a 25 fps proxy decode up to ten seconds of picture).
 */
export const PROXY_VIDEO = [
  ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"],
  ...["-force_key_frames", "expr:gte(t,n_forced*1)"],
];
export const PROXY_AUDIO = ["-c:a", "aac", "-b:a", "128k", "-ac", "2"];

export interface ProxyEncodeOptions {
  /** What is decoded; its display filters come first, so the proxy shows the picture as a viewer sees it. */
  source: Source;
  /** The file written: an MP4 whatever its name ends with. */
  out: string;
  /** At most this many lines; a smaller source keeps its own. */
  height: number;
  /** False for sound alone: the proxy is then an MP4 holding only AAC. */
  video: boolean;
  /** A `.cube` file applied before scaling (a camera log profile). */
  lutPath?: string | undefined;
  durationS: number | null;
  /** The sound's channel count, when known: a sound file of more than two is mixed down evenly. */
  audioChannels?: number | null | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A sound recorder's polyphonic file holds one microphone per channel (boom, lavaliers), not a
 * surround layout: ffmpeg's own downmix would read 6 or 8 channels as 5.1 or 7.1 and drop the
 * "LFE" one. Every channel goes into both sides at an equal share, so each one is heard.
 */
export function evenMixdown(channels: number): string[] {
  const all = Array.from({ length: channels }, (_, i) => `c${i}`).join("+");
  return ["-af", `pan=stereo|c0<${all}|c1<${all}`];
}

/** The video filters: the LUT first, so it sees the source's own pixels, then the downscale. */
export function proxyFilters(height: number, lutPath?: string, source: Source = ""): string {
  // trunc(…/2)*2 keeps the height even also for an odd-height source it does not shrink; max(2,…)
  // keeps a one-pixel-high picture from asking for height 0, which scale reads as "unchanged" (1).
  const scale = `scale=-2:max(2\\,trunc(min(ih\\,${height})/2)*2)`;
  return afterDisplay(source, lutPath === undefined ? "" : lutFilter(lutPath), scale, "format=yuv420p");
}

/** The whole ffmpeg command line of one proxy encode, decoding on `hwaccel` when given. */
export function proxyArgs(options: ProxyEncodeOptions, hwaccel: string | null = null): string[] {
  const decode =
    hwaccel === null
      ? []
      : ["-init_hw_device", `${hwaccel}=hw`, "-hwaccel", hwaccel, "-hwaccel_device", "hw"];
  const video = options.video
    ? ["-map", "0:v:0", "-vf", proxyFilters(options.height, options.lutPath, options.source), ...PROXY_VIDEO]
    : [];
  return [
    ...COMMON,
    "-y",
    ...decode,
    ...inputArgs(options.source),
    ...video,
    // The first sound track, when there is one: a browser plays one track anyway.
    "-map",
    "0:a:0?",
    ...(!options.video && (options.audioChannels ?? 0) > 2 ? evenMixdown(options.audioChannels ?? 0) : []),
    ...PROXY_AUDIO,
    "-sn",
    "-dn",
    "-map_metadata",
    "-1",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    options.out,
  ];
}

/** Finds a hardware decoder that works on this machine, or null. */
export type HwaccelProbe = () => Promise<string | null>;

export interface ProxyEncoder {
  /** The hardware decoder encodes use; probed at the first call, then remembered. */
  hwaccel(): Promise<string | null>;
  /**
   * Writes the proxy. With a hardware decoder, an encode that fails is tried once more in
   * software: a driver that probed fine can still refuse a codec or a size.
   */
  encode(options: ProxyEncodeOptions): Promise<{ hwaccel: string | null }>;
}

export type HwaccelName = (typeof HWACCELS)[number];

async function hasEntry(dir: string, prefix: string): Promise<boolean> {
  try {
    return (await readdir(dir)).some((name) => name.startsWith(prefix));
  } catch {
    return false;
  }
}

/**
 * Whether the machine has what a decoder needs at all: its platform, and on Linux a device node
 * (a DRM render node for VA-API and Quick Sync, the NVIDIA control device for CUDA). Looking costs
 * no process, so a machine without a GPU answers the probe without starting ffmpeg.
 */
export async function hwaccelPossible(name: HwaccelName): Promise<boolean> {
  const { platform } = process;
  switch (name) {
    case "videotoolbox":
      return platform === "darwin";
    case "cuda":
      return platform === "linux" ? hasEntry("/dev", "nvidiactl") : platform === "win32";
    case "qsv":
      return platform === "linux" ? hasEntry("/dev/dri", "renderD") : platform === "win32";
    case "vaapi":
      return platform === "linux" && hasEntry("/dev/dri", "renderD");
  }
}

/**
 * The first candidate decoder (all for `auto`, the named one otherwise) that the machine could
 * have, ffmpeg lists, opens a device for and decodes a tiny H.264 clip with; null for none.
 */
export function hwaccelProbe(
  ffmpegPath: string,
  mode: HwDecodeMode,
  possible: (name: HwaccelName) => Promise<boolean> = hwaccelPossible,
): HwaccelProbe {
  return async () => {
    if (mode === "none") return null;
    const wanted: HwaccelName[] = [];
    for (const name of mode === "auto" ? HWACCELS : [mode]) if (await possible(name)) wanted.push(name);
    if (wanted.length === 0) return null;
    const { stdout } = await run(ffmpegPath, ["-hide_banner", "-hwaccels"], { timeoutMs: PROBE_TIMEOUT_MS });
    const listed = new Set(stdout.split(/\r?\n/).map((line) => line.trim()));
    const candidates = wanted.filter((name) => listed.has(name));
    if (candidates.length === 0) return null;
    const dir = await mkdtemp(join(tmpdir(), "svc-hwprobe-"));
    try {
      const clip = join(dir, "probe.mp4");
      await run(
        ffmpegPath,
        [
          ...COMMON,
          "-f",
          "lavfi",
          "-i",
          "testsrc=duration=0.2:size=128x72:rate=10",
          "-c:v",
          "libx264",
          "-pix_fmt",
          "yuv420p",
          clip,
        ],
        { timeoutMs: PROBE_TIMEOUT_MS },
      );
      for (const name of candidates) {
        // -init_hw_device fails the run when the device cannot be opened; a bare -hwaccel would
        // quietly decode in software and pass.
        const args = [...COMMON, "-init_hw_device", `${name}=hw`, "-hwaccel", name, "-hwaccel_device", "hw"];
        try {
          await run(ffmpegPath, [...args, "-i", clip, "-f", "null", "-"], { timeoutMs: PROBE_TIMEOUT_MS });
          return name;
        } catch (error) {
          if (!(error instanceof ProcessError)) throw error;
        }
      }
      return null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}

/**
 * The playback-proxy encoder of one process. It owns the hardware-decode probe's answer, so the
 * probe runs at most once per process and only when a proxy is first needed. A probe that fails
 * means software decoding, never a failed proxy.
 */
export function createProxyEncoder(ffmpegPath: string, probe: HwaccelProbe): ProxyEncoder {
  let found: Promise<string | null> | undefined;
  const hwaccel = () => {
    found ??= probe().catch(() => null);
    return found;
  };
  const tool = toolName(ffmpegPath);
  return {
    hwaccel,
    async encode(options) {
      const hw = options.video ? await hwaccel() : null;
      // One time limit for the proxy, a software retry included.
      const ms = proxyTimeoutMs(options.durationS);
      const limit = deadline(ms, options.signal);
      const encodeOn = (on: string | null) =>
        run(ffmpegPath, proxyArgs(options, on), { timeoutMs: ms, signal: limit.signal });
      try {
        if (hw !== null) {
          try {
            await encodeOn(hw);
            return { hwaccel: hw };
          } catch (error) {
            if (!(error instanceof ProcessError) || error.reason !== "failed") throw error;
          }
        }
        await encodeOn(null);
        return { hwaccel: null };
      } catch (error) {
        if (limit.timer.aborted && !options.signal?.aborted)
          throw new ProcessError(`${tool} timed out after ${Math.round(ms / 1000)} s`, tool, "timeout");
        throw error;
      } finally {
        limit.clear();
      }
    },
  };
}
