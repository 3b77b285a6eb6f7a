/**
 * Image sequences for the tests: frames rendered by ffmpeg's image2 muxer (64×36, a few of them),
 * and a tiny header writer for the DPX and EXR fields ffmpeg cannot set (its DPX encoder writes
 * no industry headers; its EXR encoder writes `framesPerSecond` but no `timeCode`).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";
import { encodeTimecode, type HeaderTimecode } from "../../../formats/frame-header.js";

export const FRAME = { width: 64, height: 36 } as const;

export interface FramesOptions {
  /** dpx, exr, tif, png or jpg. */
  ext: string;
  first: number;
  count: number;
  /** Digits of the frame field. */
  padding?: number;
  /** `.` (the default) or `_`. */
  separator?: "." | "_";
  /** Frame numbers to leave out. */
  skip?: readonly number[];
}

/** Writes `count` frames `<dir>/<name><sep><frame>.<ext>` from `first`; returns their paths. */
export async function makeFrames(root: string, dir: string, name: string, options: FramesOptions) {
  const { ext, first, count, padding = 4, separator = "." } = options;
  const folder = path.join(root, dir);
  await mkdir(folder, { recursive: true });
  const pattern = path.join(folder, `${name}${separator}%0${padding}d.${ext}`);
  await execa(
    "ffmpeg",
    [
      ...["-v", "error", "-y", "-f", "lavfi"],
      ...["-i", `testsrc=size=${FRAME.width}x${FRAME.height}:rate=24:duration=${count / 24 + 1}`],
      ...["-frames:v", String(count), "-start_number", String(first), "-f", "image2", pattern],
    ],
    { timeout: 60_000 },
  );
  const frame = (n: number) =>
    path.join(folder, `${name}${separator}${String(n).padStart(padding, "0")}.${ext}`);
  for (const n of options.skip ?? []) await rm(frame(n));
  return Array.from({ length: count }, (_, i) => first + i)
    .filter((n) => !options.skip?.includes(n))
    .map(frame);
}

export interface DpxFields {
  /** The television header's frame rate. */
  fps?: number;
  /** The television header's timecode, packed (use packTimecode) or any raw 32-bit value. */
  timecode?: number;
}

export const packTimecode = (tc: HeaderTimecode): number => encodeTimecode(tc);

const INDUSTRY_START = 1664;
const INDUSTRY_END = 2048;

/**
 * Gives a DPX file written by ffmpeg (generic and image headers only, picture from byte 1664)
 * film and television headers, all fields unset but those given, moving the picture after them.
 */
export async function setDpxFields(file: string, fields: DpxFields): Promise<void> {
  const bytes = await readFile(file);
  const little = bytes.toString("latin1", 0, 4) === "XPDS";
  const u32 = (buf: Buffer, at: number) => (little ? buf.readUInt32LE(at) : buf.readUInt32BE(at));
  const put32 = (buf: Buffer, at: number, v: number) =>
    little ? buf.writeUInt32LE(v >>> 0, at) : buf.writeUInt32BE(v >>> 0, at);
  const offset = u32(bytes, 4);
  let out = bytes;
  if (offset < INDUSTRY_END) {
    const industry = Buffer.alloc(INDUSTRY_END - offset, 0xff);
    out = Buffer.concat([bytes.subarray(0, offset), industry, bytes.subarray(offset)]);
    put32(out, 4, INDUSTRY_END);
    put32(out, 16, out.length);
    put32(out, 28, INDUSTRY_END - INDUSTRY_START);
    put32(out, 808, INDUSTRY_END); // the first image element's data offset
  }
  if (fields.fps !== undefined)
    little ? out.writeFloatLE(fields.fps, 1940) : out.writeFloatBE(fields.fps, 1940);
  if (fields.timecode !== undefined) put32(out, 1920, fields.timecode);
  await writeFile(file, out);
}

/** Compression kinds of EXR and the scanlines in each of their chunks. */
const EXR_LINES_PER_CHUNK: Record<number, number> = { 0: 1, 1: 1, 2: 1, 3: 16, 4: 32, 5: 16 };

/**
 * Sets an EXR file's `framesPerSecond` (in place) and adds a `timeCode` attribute (moving the
 * scanline offsets by the bytes added). Single-part scanline files only, as ffmpeg writes them.
 */
export async function setExrFields(
  file: string,
  fields: { fps?: [number, number]; timecode?: number },
): Promise<void> {
  const bytes = await readFile(file);
  let at = 8;
  let fpsAt = -1;
  let compression = 0;
  let lines = 0;
  const text = () => {
    const end = bytes.indexOf(0, at);
    const value = bytes.toString("latin1", at, end);
    at = end + 1;
    return value;
  };
  for (;;) {
    const name = text();
    if (!name) break;
    text();
    const size = bytes.readInt32LE(at);
    at += 4;
    if (name === "framesPerSecond") fpsAt = at;
    if (name === "compression") compression = bytes.readUInt8(at);
    if (name === "dataWindow") lines = bytes.readInt32LE(at + 12) - bytes.readInt32LE(at + 4) + 1;
    at += size;
  }
  const end = at - 1; // the empty name that ends the header
  if (fields.fps) {
    if (fpsAt < 0) throw new Error("no framesPerSecond attribute to set");
    bytes.writeInt32LE(fields.fps[0], fpsAt);
    bytes.writeUInt32LE(fields.fps[1], fpsAt + 4);
  }
  if (fields.timecode === undefined) return writeFile(file, bytes);
  const attribute = Buffer.concat([Buffer.from("timeCode\0timecode\0", "latin1"), Buffer.alloc(12)]);
  attribute.writeInt32LE(8, 18);
  attribute.writeUInt32LE(fields.timecode >>> 0, 22);
  const chunks = Math.ceil(lines / (EXR_LINES_PER_CHUNK[compression] ?? 1));
  const rest = Buffer.from(bytes.subarray(end));
  for (let i = 0; i < chunks; i += 1) {
    const pos = 1 + i * 8;
    rest.writeBigUInt64LE(rest.readBigUInt64LE(pos) + BigInt(attribute.length), pos);
  }
  await writeFile(file, Buffer.concat([bytes.subarray(0, end), attribute, rest]));
}
