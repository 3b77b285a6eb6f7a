import { XMLParser, XMLValidator } from "fast-xml-parser";
import { type FrameRate, parseFrameRate } from "./timecode.js";

/**
 * The fields of an iXML document (the `iXML` chunk sound recorders write into BWF files,
 * ixml.info, version 2) svc reads. exiftool reads the chunk too, but turns `24000/1001` into
 * 23.976 and keeps one NAME of a TRACK_LIST, so svc reads the XML itself.
 */
export interface IxmlSlate {
  scene: string | null;
  take: string | null;
  tape: string | null;
  note: string | null;
  circled: boolean;
}

export interface IxmlSpeed {
  /** TIMECODE_RATE, e.g. 24000/1001; null when absent or not a rate. */
  rate: FrameRate | null;
  /** TIMECODE_FLAG DF. */
  dropFrame: boolean;
  /** TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI/LO as a decimal count, with its sample rate. */
  samples: string | null;
  sampleRate: number | null;
}

export interface Ixml {
  /** Null when the recorder wrote none of scene, take, tape, note or circled. */
  slate: IxmlSlate | null;
  speed: IxmlSpeed;
  /** Track names by channel, from 1 (CHANNEL_INDEX, else INTERLEAVE_INDEX). */
  tracks: { channel: number; name: string }[];
}

type Node = Record<string, unknown>;

// A parser per document: one shared across calls would be module-level state.
const parser = () =>
  new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    removeNSPrefix: true,
    isArray: (name) => name === "TRACK",
  });

const child = (node: unknown, name: string): unknown =>
  node && typeof node === "object" ? (node as Node)[name] : undefined;

/** A leaf's text, trimmed; null for an absent, empty or structured element. */
function text(node: unknown, name: string): string | null {
  const value = child(node, name);
  if (typeof value !== "string" && typeof value !== "number") return null;
  const trimmed = String(value).trim();
  return trimmed === "" ? null : trimmed;
}

/** A 32-bit half of a sample count, or null. */
function half(node: unknown, name: string): bigint | null {
  const value = text(node, name);
  return value !== null && /^\d{1,10}$/.test(value) && Number(value) <= 0xffff_ffff ? BigInt(value) : null;
}

function speedOf(speed: unknown): IxmlSpeed {
  const hi = half(speed, "TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI");
  const lo = half(speed, "TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO");
  const sampleRate = Number(text(speed, "TIMESTAMP_SAMPLE_RATE") ?? text(speed, "FILE_SAMPLE_RATE"));
  return {
    rate: parseFrameRate(text(speed, "TIMECODE_RATE")),
    dropFrame: text(speed, "TIMECODE_FLAG")?.toUpperCase() === "DF",
    samples: hi !== null && lo !== null ? String((hi << 32n) + lo) : null,
    sampleRate: Number.isSafeInteger(sampleRate) && sampleRate > 0 ? sampleRate : null,
  };
}

function tracksOf(list: unknown): Ixml["tracks"] {
  const tracks = child(list, "TRACK");
  if (!Array.isArray(tracks)) return [];
  return tracks.flatMap((track) => {
    const name = text(track, "NAME");
    const channel = Number(text(track, "CHANNEL_INDEX") ?? text(track, "INTERLEAVE_INDEX"));
    return name !== null && Number.isSafeInteger(channel) && channel >= 1 ? [{ channel, name }] : [];
  });
}

/** Reads an iXML document; throws when the text is not XML or has no BWFXML root. */
export function parseIxml(xml: string): Ixml {
  if (XMLValidator.validate(xml) !== true) throw new SyntaxError("the iXML chunk is not XML");
  const root = child(parser().parse(xml), "BWFXML");
  if (!root || typeof root !== "object") throw new SyntaxError("the iXML chunk has no BWFXML document");
  const slate: IxmlSlate = {
    scene: text(root, "SCENE"),
    take: text(root, "TAKE"),
    tape: text(root, "TAPE"),
    note: text(root, "NOTE"),
    circled: text(root, "CIRCLED")?.toUpperCase() === "TRUE",
  };
  const any = slate.scene ?? slate.take ?? slate.tape ?? slate.note;
  return {
    slate: any !== null || slate.circled ? slate : null,
    speed: speedOf(child(root, "SPEED")),
    tracks: tracksOf(child(root, "TRACK_LIST")),
  };
}
