import { readdir } from "node:fs/promises";
import { join, posix } from "node:path";
import type { Adapters } from "../adapters/index.js";
import { PROXY_FOLDER } from "../domain/media-types.js";
import { isErrno } from "../state/errno.js";
import { type ProbeOutput, probeFile } from "./stages/probe.js";

/** A proxy by the clip's stem in any of these wins. */
export const PROXY_EXTS = [".mov", ".mp4", ".mxf"] as const;

const stemOf = (relPath: string) => posix.basename(relPath, posix.extname(relPath));

/** The same-stem proxy in `folder`, by name (letter case ignored, as NLEs and macOS do), or null. */
export async function proxyIn(folder: string, stem: string): Promise<string | null> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) return null;
    throw error;
  }
  const wanted = new Set(PROXY_EXTS.map((ext) => `${stem}${ext}`.toLowerCase()));
  return names.find((name) => wanted.has(name.toLowerCase())) ?? null;
}

/** The proxy of the item at `relPath` under `root`, relative to the root, or null. */
export async function cameraProxyOf(root: string, relPath: string): Promise<string | null> {
  const relDir = posix.dirname(relPath);
  const found = await proxyIn(join(root, relDir, PROXY_FOLDER), stemOf(relPath));
  return found === null ? null : posix.join(relDir === "." ? "" : relDir, PROXY_FOLDER, found);
}

/**
 * A camera original ffmpeg cannot decode, linked to the camera-made proxy beside it when there is
 * one: the proxy then stands in for it in every stage (decode-input.ts), it is no longer waiting
 * (status_reason cleared), and what the original's header did not tell (duration, sound, size) is
 * taken from the proxy. A proxy that cannot be read leaves it waiting, with the reason kept.
 */
export async function linkCameraProxy(
  output: ProbeOutput,
  relPath: string,
  root: string,
  adapters: Adapters,
  signal: AbortSignal,
): Promise<ProbeOutput> {
  if (!output.fields.status_reason) return output;
  const proxy = await cameraProxyOf(root, relPath);
  if (proxy === null) return output;
  let stand: ProbeOutput;
  try {
    stand = await probeFile(join(root, proxy), "video", adapters, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const problem = `the camera proxy ${proxy} is unreadable: ${(error as Error).message}`;
    return { ...output, problems: [...output.problems, problem] };
  }
  if (stand.kind !== "video" || stand.fields.status_reason) {
    const problem = `the camera proxy ${proxy} holds no picture ffmpeg can decode`;
    return { ...output, problems: [...output.problems, problem] };
  }
  const own = output.fields;
  const from = stand.fields;
  const sound =
    own.audio_tracks > 0
      ? {}
      : {
          audio_tracks: from.audio_tracks,
          audio_codec: from.audio_codec,
          audio_channels: from.audio_channels ?? null,
          audio_sample_rate: from.audio_sample_rate ?? null,
        };
  return {
    kind: output.kind,
    fields: {
      ...own,
      ...sound,
      duration_s: own.duration_s ?? from.duration_s,
      width: own.width ?? from.width,
      height: own.height ?? from.height,
      fps: own.fps ?? from.fps,
      start_timecode: own.start_timecode ?? from.start_timecode,
      status_reason: null,
      camera_proxy: proxy,
    },
    problems: output.problems,
  };
}
