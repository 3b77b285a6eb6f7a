import { posix } from "node:path";
import type { ProbeReport, ProbeStream } from "../../adapters/ffprobe.js";
import { resolveTimecode } from "../../formats/timecode-sources.js";

/** Camera RAW formats by extension: ffmpeg has no decoder for any of them. */
const RAW_EXTENSIONS: Readonly<Record<string, string>> = {
  r3d: "REDCODE RAW (R3D)",
  braw: "Blackmagic RAW",
  ari: "ARRIRAW",
  crm: "Canon Cinema RAW Light",
};

/** RAW codecs inside QuickTime or MXF, by the four-character code of their sample entry. */
const RAW_CODEC_TAGS: Readonly<Record<string, string>> = {
  aprn: "ProRes RAW",
  aprh: "ProRes RAW HQ",
  craw: "Canon Cinema RAW Light",
  arri: "ARRIRAW",
};

const extensionOf = (relPath: string) => posix.extname(relPath).slice(1).toLowerCase();

/** Whether the extension names a camera RAW format (for a clearer reason on an empty file). */
export const rawFormatByExtension = (relPath: string): string | null =>
  RAW_EXTENSIONS[extensionOf(relPath)] ?? null;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null;

/** The first of `names` (tag names, any group) exiftool reported. */
function tag(exif: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) {
    const key = Object.keys(exif).find((k) => k === name || k.endsWith(`:${name}`));
    if (key !== undefined) return exif[key];
  }
  return undefined;
}

const number = (value: unknown): number | null => {
  const n = typeof value === "number" ? value : Number.parseFloat(String(value ?? ""));
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The camera that recorded the file, as its metadata names it. */
export function cameraOf(exif: Record<string, unknown>): string | null {
  const make = text(tag(exif, ["Make"]));
  const model = text(tag(exif, ["Model", "CameraModelName", "DeviceModelName", "CameraType"]));
  if (model === null) return make;
  return make !== null && !model.toLowerCase().startsWith(make.toLowerCase()) ? `${make} ${model}` : model;
}

/** What exiftool tells of a picture ffprobe could not read: size, rate, timecode, duration. */
export function rawPictureFacts(exif: Record<string, unknown>) {
  const whole = (value: unknown) => {
    const n = number(value);
    return n !== null && Number.isSafeInteger(n) ? n : null;
  };
  const fps = number(tag(exif, ["FrameRate", "VideoFrameRate", "OriginalFrameRate"]));
  // Passed through the resolver like every other source, so a header's garbage is no timecode.
  const found = text(tag(exif, ["StartTimecode", "TimeCode", "StartTimeCode"]));
  const timecode = resolveTimecode(found === null ? [] : [{ source: "raw-header", timecode: found }]);
  return {
    width: whole(tag(exif, ["ImageWidth", "SourceImageWidth"])),
    height: whole(tag(exif, ["ImageHeight", "SourceImageHeight"])),
    fps: fps !== null && fps < 1000 ? Math.round(fps * 1000) / 1000 : null,
    start_timecode: timecode.timecode,
    timecode_source: timecode.source,
  };
}

/**
 * Whether exiftool recognised camera video in a file ffprobe could not open: a picture size and a
 * frame rate read from the file's own header (a still has no rate).
 */
export function identifiedAsCameraVideo(exif: Record<string, unknown>): boolean {
  const facts = rawPictureFacts(exif);
  return facts.width !== null && facts.fps !== null;
}

/**
 * The RAW format of a picture stream ffmpeg cannot decode, or null when it can: a stream ffprobe
 * found but could name no codec for (its decoder is missing), named by its codec tag where known.
 */
export function undecodableStream(stream: ProbeStream | undefined): string | null {
  if (!stream || (stream.codec_name && stream.codec_name !== "none")) return null;
  const tagName = (stream.codec_tag_string ?? "").toLowerCase();
  return RAW_CODEC_TAGS[tagName] ?? (/^[\w ]{4}$/.test(tagName) ? `the ${tagName} codec` : "its video codec");
}

/** The format a file that ffprobe refused (or holds an undecodable picture) is recorded in. */
export function rawFormatOf(relPath: string, report: ProbeReport | null, stream?: ProbeStream): string {
  return (
    rawFormatByExtension(relPath) ??
    undecodableStream(stream) ??
    (report?.format.format_name ? `this ${report.format.format_name} file` : "this file")
  );
}

/**
 * Why the item waits for a proxy, shown to editors: the format, the camera, and where a
 * camera-made proxy is looked for. Only the file's own name, never a path of the machine.
 */
export function needsProxyReason(relPath: string, format: string, camera: string | null): string {
  const stem = posix.basename(relPath, posix.extname(relPath));
  const from = camera ? ` from a ${camera}` : "";
  return (
    `${format}${from}: ffmpeg cannot decode it; a camera-made proxy at Proxy/${stem}.mov ` +
    "(or .mp4, .mxf) beside it gives it pictures, a transcript and playback at the next ingest pass"
  );
}
