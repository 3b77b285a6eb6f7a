/**
 * Sound-recorder files: polyphonic BWF with a `bext` time reference, 24-bit and 32-bit float
 * samples, and an iXML chunk (scene, take, tape, note, circled, speed, track names) appended as
 * a recorder writes it.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { escapeText } from "../../../formats/xml-writer.js";
import { runFfmpeg } from "./time.js";

export interface BwfOptions {
  channels: number;
  /** pcm_s16le, pcm_s24le, pcm_f32le… */
  codec: string;
  sampleRate?: number;
  seconds?: number;
  /** Samples since midnight for the `bext` chunk; none written when absent. */
  timeReference?: string;
}

/** A WAV (BWF when given a time reference) of one tone per channel. */
export function makeBwf(dir: string, name: string, o: BwfOptions): Promise<string> {
  const rate = o.sampleRate ?? 48_000;
  const seconds = o.seconds ?? 1;
  const tones = Array.from({ length: o.channels }, (_, i) => [
    ...["-f", "lavfi", "-i", `sine=frequency=${220 * (i + 1)}:sample_rate=${rate}:duration=${seconds}`],
  ]).flat();
  const merge =
    o.channels > 1
      ? [
          "-filter_complex",
          `${Array.from({ length: o.channels }, (_, i) => `[${i}:a]`).join("")}amerge=inputs=${o.channels}[a]`,
          "-map",
          "[a]",
        ]
      : [];
  const bext =
    o.timeReference === undefined
      ? []
      : ["-write_bext", "1", "-metadata", `time_reference=${o.timeReference}`];
  return runFfmpeg([...tones, ...merge, "-c:a", o.codec, ...bext, path.join(dir, name)]);
}

export interface IxmlFields {
  scene?: string;
  take?: string;
  tape?: string;
  note?: string;
  circled?: boolean;
  /** TIMECODE_RATE and TIMECODE_FLAG of <SPEED>. */
  rate?: string;
  flag?: "DF" | "NDF";
  /** TIMESTAMP_SAMPLES_SINCE_MIDNIGHT, split into HI/LO as recorders write it. */
  samples?: bigint;
  /** TRACK_LIST names, channel 1 first. */
  tracks?: string[];
}

const element = (name: string, value: string | undefined) =>
  value === undefined ? "" : `<${name}>${escapeText(value)}</${name}>`;

/** An iXML document as Sound Devices and Zaxcom recorders lay it out. */
export function ixmlDocument(f: IxmlFields): string {
  const samples =
    f.samples === undefined
      ? ""
      : element("TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI", String(f.samples >> 32n)) +
        element("TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO", String(f.samples & 0xffff_ffffn)) +
        element("TIMESTAMP_SAMPLE_RATE", "48000");
  const tracks = (f.tracks ?? [])
    .map(
      (name, i) =>
        `<TRACK><CHANNEL_INDEX>${i + 1}</CHANNEL_INDEX><INTERLEAVE_INDEX>${i + 1}</INTERLEAVE_INDEX>${element("NAME", name)}</TRACK>`,
    )
    .join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<BWFXML><IXML_VERSION>2.10</IXML_VERSION>",
    element("PROJECT", "svc"),
    element("SCENE", f.scene),
    element("TAKE", f.take),
    element("TAPE", f.tape),
    element("CIRCLED", f.circled === undefined ? undefined : f.circled ? "TRUE" : "FALSE"),
    element("NOTE", f.note),
    `<SPEED>${element("TIMECODE_RATE", f.rate)}${element("TIMECODE_FLAG", f.flag)}${samples}</SPEED>`,
    tracks ? `<TRACK_LIST><TRACK_COUNT>${f.tracks?.length}</TRACK_COUNT>${tracks}</TRACK_LIST>` : "",
    "</BWFXML>",
  ].join("");
}

/**
 * Appends a chunk to a RIFF file and fixes the RIFF size, as a recorder or a metadata tool does:
 * `body` is written as it is (an iXML document, or anything else to test what is not XML).
 */
export async function appendRiffChunk(file: string, id: string, body: Buffer | string): Promise<void> {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const header = Buffer.alloc(8);
  header.write(id, 0, 4, "latin1");
  header.writeUInt32LE(data.length, 4);
  const pad = data.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0);
  const riff = Buffer.concat([await readFile(file), header, data, pad]);
  riff.writeUInt32LE(riff.length - 8, 4);
  await writeFile(file, riff);
}

/**
 * A QuickTime clip with two PCM tracks as a cinema camera records them: 4 channels of 24-bit,
 * then 2 channels of 32-bit float.
 */
export const makeDeepAudioMov = (dir: string, name: string) =>
  runFfmpeg([
    ...["-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=1"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1"],
    ...[
      "-filter_complex",
      "[1:a]asplit=6[a][b][c][d][e][f];[a][b][c][d]amerge=inputs=4[four];[e][f]amerge=inputs=2[two]",
    ],
    ...["-map", "0:v", "-map", "[four]", "-map", "[two]"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-c:a:0", "pcm_s24le", "-c:a:1", "pcm_f32le"],
    path.join(dir, name),
  ]);
