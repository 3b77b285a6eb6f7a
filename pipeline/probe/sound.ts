import type { ProbeReport, ProbeStream } from "../../adapters/ffprobe.js";
import type { AudioStream, Slate } from "../../domain/schemas/media.js";
import { type Ixml, parseIxml } from "../../formats/ixml.js";
import type { ProbeFields } from "../../state/repos/media.js";
import { readIxmlChunk } from "./riff-chunks.js";

const whole = (value: string | number | undefined): number | null => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The iXML of a WAV/BWF file, or null; a chunk that is too large or not iXML is a problem and
 * the item is ingested without it.
 */
export async function readIxml(file: string, report: ProbeReport, problems: string[]): Promise<Ixml | null> {
  if (!(report.format.format_name ?? "").split(",").includes("wav")) return null;
  try {
    const chunk = await readIxmlChunk(file);
    if (chunk === null) return null;
    if ("problem" in chunk) {
      problems.push(`iXML ignored: ${chunk.problem}`);
      return null;
    }
    return parseIxml(chunk.xml);
  } catch (error) {
    problems.push(`iXML ignored: ${(error as Error).message}`);
    return null;
  }
}

/** Bits per sample as stored: lossless and PCM streams say; a lossy stream has none (null). */
const bitDepth = (stream: ProbeStream): number | null =>
  whole(stream.bits_per_raw_sample) ?? whole(stream.bits_per_sample);

/** Each audio stream's shape; the iXML track names go to a WAV's one stream, by channel. */
function audioStreams(audio: readonly ProbeStream[], ixml: Ixml | null): AudioStream[] {
  return audio.map((stream) => {
    const channels = whole(stream.channels);
    const named = audio.length === 1 && channels !== null ? (ixml?.tracks ?? []) : [];
    const names = named.length > 0 ? Array.from({ length: channels ?? 0 }, () => "") : [];
    for (const { channel, name } of named) if (channel <= names.length) names[channel - 1] = name;
    return {
      codec: stream.codec_name ?? null,
      channels,
      layout: stream.channel_layout ?? null,
      bit_depth: bitDepth(stream),
      sample_rate: whole(stream.sample_rate),
      names,
    };
  });
}

const tagText = (exif: Record<string, unknown>, key: string): string | null => {
  const value = exif[key];
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).trim();
  return text === "" ? null : text;
};

/**
 * The slate a camera or logging tool wrote as XMP Dynamic Media (`xmpDM:scene`, `takeNumber`,
 * `tapeName`, `logComment`, `good`), as exiftool reads it: what Canon, Sony and Adobe's logging
 * write into MP4 and MXF, and what can be checked with exiftool itself.
 */
function cameraSlate(exif: Record<string, unknown>): Slate | null {
  const slate: Slate = {
    scene: tagText(exif, "XMP:Scene"),
    take: tagText(exif, "XMP:TakeNumber"),
    tape: tagText(exif, "XMP:TapeName"),
    note: tagText(exif, "XMP:LogComment"),
    circled: exif["XMP:Good"] === true || String(exif["XMP:Good"]).toLowerCase() === "true",
  };
  const said = [slate.scene, slate.take, slate.tape, slate.note].some((value) => value !== null);
  return said || slate.circled ? slate : null;
}

/** audio_streams and the slate (iXML first: the sound recorder is where the slate is logged). */
export function soundFields(
  audio: readonly ProbeStream[],
  ixml: Ixml | null,
  exif: Record<string, unknown>,
): Pick<ProbeFields, "audio_streams_json" | "slate_json"> {
  const slate = ixml?.slate ?? cameraSlate(exif);
  return {
    audio_streams_json: audio.length > 0 ? JSON.stringify(audioStreams(audio, ixml)) : null,
    slate_json: slate ? JSON.stringify(slate) : null,
  };
}
