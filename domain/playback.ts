import { extname } from "node:path";
import type { MediaKind } from "../state/repos/media.js";

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
  avi: "video/x-msvideo",
  mxf: "application/mxf",
  mts: "video/mp2t",
  m2ts: "video/mp2t",
  ts: "video/mp2t",
  wmv: "video/x-ms-wmv",
  mpg: "video/mpeg",
  mpeg: "video/mpeg",
  "3gp": "video/3gpp",
  flv: "video/x-flv",
  dv: "video/dv",
  wav: "audio/wav",
  bwf: "audio/wav",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  flac: "audio/flac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  aif: "audio/aiff",
  aiff: "audio/aiff",
  wma: "audio/x-ms-wma",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  svg: "image/svg+xml",
};

const extension = (path: string) => extname(path).slice(1).toLowerCase();

/** Every Content-Type a media file can be served with. */
export const SERVED_TYPES: readonly string[] = [
  ...new Set(Object.values(CONTENT_TYPES)),
  "application/octet-stream",
];

/** The Content-Type a file is served with, from its extension. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extension(path)] ?? "application/octet-stream";
}

// What current Chrome, Firefox and Safari all play without a plug-in or a proxy.
const VIDEO_CONTAINERS = new Set(["mp4", "m4v", "mov", "webm"]);
const VIDEO_CODECS = new Set(["h264", "vp8", "vp9", "av1"]);
// A video container holding only sound (an .mp4 from a recorder) plays like an audio file.
const AUDIO_CONTAINERS = new Set([
  "wav",
  "bwf",
  "mp3",
  "m4a",
  "aac",
  "flac",
  "ogg",
  "oga",
  "opus",
  ...VIDEO_CONTAINERS,
]);
const AUDIO_CODECS = new Set(["aac", "mp3", "opus", "vorbis", "flac"]);

const audioCodecPlays = (codec: string) => AUDIO_CODECS.has(codec) || codec.startsWith("pcm_");

export interface PlaybackFacts {
  path: string;
  kind: MediaKind;
  codec: string | null;
  audio_codec: string | null;
}

/**
 * Why a browser cannot play the file as it is, or null when it can. Stills are always served as
 * they are. An audio codec that was never recorded (items probed before it was) is judged by the
 * container alone.
 */
export function unplayableReason(item: PlaybackFacts): string | null {
  const ext = extension(item.path);
  if (item.kind === "image") return null;
  if (item.kind === "video") {
    if (!VIDEO_CONTAINERS.has(ext)) return `the .${ext} container`;
    if (item.codec === null || !VIDEO_CODECS.has(item.codec))
      return `the ${item.codec ?? "unknown"} video codec`;
  } else if (!AUDIO_CONTAINERS.has(ext)) {
    return `the .${ext} container`;
  }
  if (item.audio_codec !== null && !audioCodecPlays(item.audio_codec))
    return `the ${item.audio_codec} audio codec`;
  return null;
}
