import type { ProbeReport, ProbeStream } from "../../adapters/ffprobe.js";
import type { Adapters } from "../../adapters/index.js";
import { detectLogProfile } from "../../formats/log-detect.js";
import type { MediaKind, ProbeFields } from "../../state/repos/media.js";
import {
  cameraOf,
  identifiedAsCameraVideo,
  needsProxyReason,
  rawFormatByExtension,
  rawFormatOf,
  rawPictureFacts,
  undecodableStream,
} from "../probe/camera-raw.js";
import { frameTiming } from "../probe/frame-timing.js";
import { pictureFacts } from "../probe/picture.js";
import { readIxml, soundFields } from "../probe/sound.js";
import { timecodeFields } from "../probe/timecode.js";
import { StageError } from "./types.js";

export interface ProbeOutput {
  kind: MediaKind;
  fields: ProbeFields;
  /** What went wrong without failing the probe (e.g. metadata exiftool could not read). */
  problems: string[];
}

const positive = (value: string | number | undefined): number | null => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** A whole count ffprobe reported (channels, samples per second), or null. */
const count = (value: string | number | undefined): number | null => {
  const n = positive(value);
  return n !== null && Number.isSafeInteger(n) ? n : null;
};

function lowerKeys(tags: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(tags ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}

/**
 * The raw capture timestamp, preferring the forms that keep the camera's local time: QuickTime's
 * creationdate and EXIF DateTimeOriginal carry it; `creation_time` is UTC and comes last.
 */
function captureTimestamp(report: ProbeReport | null, exif: Record<string, unknown>): string | null {
  const format = lowerKeys(report?.format.tags);
  const exifKeys = [
    "QuickTime:CreationDate",
    "EXIF:DateTimeOriginal",
    "XMP:DateTimeOriginal",
    "XMP:DateCreated",
    "EXIF:CreateDate",
    "H264:DateTimeOriginal",
  ];
  const candidates: unknown[] = [
    format["com.apple.quicktime.creationdate"],
    ...exifKeys.map((k) => exif[k]),
    format.creation_time,
    ...(report?.streams ?? []).map((s) => lowerKeys(s.tags).creation_time),
  ];
  const found = candidates.find((c) => typeof c === "string" && c.trim() !== "" && !c.startsWith("0000"));
  return typeof found === "string" ? found.trim() : null;
}

const isPicture = (s: ProbeStream) => s.codec_type === "video" && s.disposition?.attached_pic !== 1;

async function exifTags(
  adapters: Adapters,
  file: string,
  signal: AbortSignal,
  problems: string[],
): Promise<Record<string, unknown>> {
  if (!adapters.exiftool) return {};
  try {
    return await adapters.exiftool.tags(file, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    // Metadata is optional enrichment: a file exiftool dislikes is still ingested, and the reason kept.
    problems.push(`camera metadata unreadable: ${(error as Error).message}`);
    return {};
  }
}

async function probeStill(file: string, adapters: Adapters, signal: AbortSignal): Promise<ProbeOutput> {
  let info: Awaited<ReturnType<Adapters["images"]["info"]>>;
  try {
    info = await adapters.images.info(file);
  } catch (error) {
    throw new StageError(`not a readable image: ${(error as Error).message}`);
  }
  const problems: string[] = [];
  const exif = await exifTags(adapters, file, signal, problems);
  return {
    kind: "image",
    fields: {
      duration_s: null,
      codec: info.format,
      audio_codec: null,
      fps: null,
      width: info.width,
      height: info.height,
      start_timecode: null,
      audio_tracks: 0,
      audio_channels: null,
      audio_sample_rate: null,
      creation_date: captureTimestamp(null, exif),
      metadata_json: Object.keys(exif).length ? JSON.stringify(exif) : null,
    },
    problems,
  };
}

/**
 * Reads technical metadata. Audio items never report picture fields, even with cover art.
 * `desqueeze` is the editor's choice on an item probed before, which its display size keeps.
 */
export async function probeFile(
  file: string,
  expected: MediaKind,
  adapters: Adapters,
  signal: AbortSignal,
  desqueeze = 1,
): Promise<ProbeOutput> {
  if (expected === "image") return probeStill(file, adapters, signal);
  if (!adapters.ffprobe) throw new StageError("ffprobe is not available");
  const problems: string[] = [];
  // exiftool reads the file while ffprobe does: the two are independent, and each item waits for both.
  const exifRead = exifTags(adapters, file, signal, problems);
  exifRead.catch(() => undefined);
  let report: ProbeReport;
  try {
    report = await adapters.ffprobe.probe(file, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return probeUnopened(file, error, await exifRead, problems);
  }
  const video = report.streams.find(isPicture);
  const audio = report.streams.filter((s) => s.codec_type === "audio");
  const audioTracks = audio.length;
  if (!video && audioTracks === 0) throw new StageError("no audio or video stream: not a media file");
  // A .mp4 that holds only sound is an audio item; an audio extension with a picture stays audio.
  const kind: MediaKind = expected === "video" && !video ? "audio" : expected;
  const exif = await exifRead;
  const picture = kind === "video" && video ? video : null;
  const duration = positive(report.format.duration) ?? positive(picture?.duration);
  const timing = picture ? frameTiming(report, picture, problems) : null;
  const ixml = await readIxml(file, report, problems);
  const undecodable = picture ? undecodableStream(picture) : null;
  const geometry = picture ? pictureFacts(picture, exif, desqueeze) : null;
  problems.push(...(geometry?.problems ?? []));
  return {
    kind,
    fields: {
      duration_s: duration === null ? null : Math.round(duration * 1000) / 1000,
      codec: picture?.codec_name ?? null,
      audio_codec: audio[0]?.codec_name ?? null,
      fps: timing?.fps ?? null,
      fps_rational: timing?.fps_rational ?? null,
      vfr: timing?.vfr ?? null,
      width: picture?.width ?? null,
      height: picture?.height ?? null,
      ...(await timecodeFields(file, report, ixml, problems)),
      audio_tracks: audioTracks,
      audio_channels: count(audio[0]?.channels),
      audio_sample_rate: count(audio[0]?.sample_rate),
      creation_date: captureTimestamp(report, exif),
      metadata_json: Object.keys(exif).length ? JSON.stringify(exif) : null,
      ...soundFields(audio, ixml, exif),
      color_profile_suggested:
        kind === "video"
          ? detectLogProfile([
              ...Object.entries(exif),
              ...Object.entries(report.format.tags ?? {}),
              ...Object.entries(video?.tags ?? {}),
            ])
          : null,
      ...geometry?.fields,
      status_reason: undecodable
        ? needsProxyReason(file, rawFormatOf(file, report, picture ?? undefined), cameraOf(exif))
        : null,
    },
    problems,
  };
}

/**
 * A file ffprobe cannot open: camera media all the same when exiftool reads a video header in it
 * (R3D, ARRIRAW): listed with what that header says, waiting for a proxy. Anything else fails
 * with ffprobe's reason, or, for a RAW extension, with what is wrong with it.
 */
function probeUnopened(
  file: string,
  error: unknown,
  exif: Record<string, unknown>,
  problems: string[],
): ProbeOutput {
  if (!identifiedAsCameraVideo(exif)) {
    const format = rawFormatByExtension(file);
    if (format === null) throw error;
    throw new StageError(`not a readable ${format} file: neither ffprobe nor exiftool found its header`);
  }
  return {
    kind: "video",
    fields: {
      duration_s: null,
      codec: null,
      audio_codec: null,
      ...rawPictureFacts(exif),
      audio_tracks: 0,
      creation_date: captureTimestamp(null, exif),
      metadata_json: JSON.stringify(exif),
      status_reason: needsProxyReason(file, rawFormatOf(file, null), cameraOf(exif)),
    },
    problems,
  };
}
