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

/**
 * What current Chrome, Firefox and Safari all play without a plug-in or a proxy: the one table
 * svc decides playability by (docs/proxies-and-colour.md shows it). A file plays when its
 * container is listed and every codec it holds is listed for that container; anything else gets a
 * playback proxy. Decided by codec, not extension: a .mov of H.264 and AAC plays as it is, a .mov
 * of ProRes, DNxHD/HR, MPEG-2, HEVC or PCM does not. HEVC needs one because Chrome and Firefox
 * play it only where the machine decodes it in hardware.
 */
const WEB_VIDEO = ["h264", "vp8", "vp9", "av1"];
const WEB_AUDIO = ["aac", "mp3", "opus", "vorbis", "flac"];
const PLAYABLE: Readonly<Record<string, { video: readonly string[]; audio: readonly string[] }>> = {
  mp4: { video: WEB_VIDEO, audio: WEB_AUDIO },
  m4v: { video: WEB_VIDEO, audio: WEB_AUDIO },
  mov: { video: WEB_VIDEO, audio: WEB_AUDIO },
  webm: { video: WEB_VIDEO, audio: WEB_AUDIO },
  m4a: { video: [], audio: WEB_AUDIO },
  mp3: { video: [], audio: WEB_AUDIO },
  aac: { video: [], audio: WEB_AUDIO },
  flac: { video: [], audio: WEB_AUDIO },
  ogg: { video: [], audio: WEB_AUDIO },
  oga: { video: [], audio: WEB_AUDIO },
  opus: { video: [], audio: WEB_AUDIO },
  // PCM plays only in WAV, and only as every browser's WAV decoder takes it: 8 or 16 bits, 1 or 2
  // channels. A recorder's polyphonic, 24-bit or float file gets a stereo mixdown.
  wav: { video: [], audio: [...WEB_AUDIO, "pcm_u8", "pcm_s16le"] },
  bwf: { video: [], audio: [...WEB_AUDIO, "pcm_u8", "pcm_s16le"] },
};
const MAX_PCM_CHANNELS = 2;
// ffmpeg's PCM codec names: sign or float, bits, byte order (pcm_s24le, pcm_f32be, pcm_u8).
const PCM = /^pcm_([suf])(\d+)/;

export interface PlaybackFacts {
  path: string;
  kind: MediaKind;
  codec: string | null;
  audio_codec: string | null;
  /** The first sound stream's channels; null when unknown (counted as playable). */
  audio_channels?: number | null;
}

/**
 * Why a browser cannot play the file as it is, or null when it can. Stills are always served as
 * they are. An audio codec that was never recorded (items probed before it was) is judged by the
 * container alone. A video container holding only sound (an .mp4 from a recorder) plays like an
 * audio file of that container.
 */
export function unplayableReason(item: PlaybackFacts): string | null {
  const ext = extension(item.path);
  if (item.kind === "image") return null;
  const playable = PLAYABLE[ext];
  if (!playable || (item.kind === "video" && playable.video.length === 0)) return `the .${ext} container`;
  if (item.kind === "video" && (item.codec === null || !playable.video.includes(item.codec))) {
    return `the ${item.codec ?? "unknown"} video codec`;
  }
  if (item.audio_codec === null) return null;
  if (!playable.audio.includes(item.audio_codec)) {
    const pcm = PCM.exec(item.audio_codec);
    if (!pcm) return `the ${item.audio_codec} audio codec`;
    if (!playable.audio.some((codec) => codec.startsWith("pcm_"))) return `PCM sound in a .${ext} file`;
    return `${pcm[2]}-bit ${pcm[1] === "f" ? "float " : ""}PCM sound`;
  }
  if (item.audio_codec.startsWith("pcm_") && (item.audio_channels ?? 0) > MAX_PCM_CHANNELS)
    return `${item.audio_channels}-channel sound`;
  return null;
}
