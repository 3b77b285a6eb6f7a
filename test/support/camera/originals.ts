/**
 * Camera originals as cards hold them, generated at test time: GoPro chapters and FAT32 split
 * parts, QuickTime files of a codec ffmpeg has no decoder for (ProRes RAW, Blackmagic RAW
 * stand-ins), a header-only R3D exiftool reads, a polyphonic 24-bit WAV, and camera-made proxies.
 * Tiny (160×120, a second or two) so a two-core runner makes them in moments.
 */
import { mkdir, readFile, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";

const TIMEOUT_MS = 60_000;

async function ffmpeg(args: readonly string[]): Promise<void> {
  await execa(
    process.env.SVC_FFMPEG || "ffmpeg",
    ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args],
    {
      timeout: TIMEOUT_MS,
    },
  );
}

async function target(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

const picture = (seconds: number) => [
  ...["-f", "lavfi", "-i", `testsrc2=size=160x120:rate=25:duration=${seconds}`],
  ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
];
const H264_AAC = [
  "-c:v",
  "libx264",
  "-preset",
  "ultrafast",
  "-pix_fmt",
  "yuv420p",
  "-c:a",
  "aac",
  "-b:a",
  "64k",
];

export interface ClipOptions {
  seconds?: number;
  /** A QuickTime start timecode (tmcd). */
  timecode?: string;
}

/**
 * H.264 and AAC, 160×120 at 25 fps, the moov first (so padding after it, as a split part gets,
 * leaves it readable): a GoPro chapter, a phone's .mov, a camera-made proxy.
 */
export async function makeH264Clip(dir: string, name: string, opts: ClipOptions = {}): Promise<string> {
  const file = await target(dir, name);
  await ffmpeg([
    ...picture(opts.seconds ?? 1),
    ...H264_AAC,
    ...(opts.timecode ? ["-timecode", opts.timecode] : []),
    ...["-movflags", "+faststart"],
    ...(/\.(mov|braw|crm)$/i.test(name) ? ["-f", "mov"] : []),
    file,
  ]);
  return file;
}

/**
 * A part of a 4 GB FAT32 split: a real clip padded (sparsely: no disk is used) to `bytes`, as the
 * camera wrote it just under the limit.
 */
export async function makeSplitPart(
  dir: string,
  name: string,
  bytes: number,
  opts: ClipOptions,
): Promise<string> {
  const file = await makeH264Clip(dir, name, opts);
  await truncate(file, bytes);
  return file;
}

/** Just under 4 GiB, as a FAT32 split part stops. */
export const SPLIT_PART_BYTES = 4 * 1024 ** 3 - 100 * 1024 ** 2;

/**
 * A QuickTime file whose picture carries the four-character code `fourcc` (aprn: ProRes RAW; brxq:
 * Blackmagic RAW) over H.264 data: ffprobe reads its container, size and rate, but has no decoder
 * for the codec, as with the real formats.
 */
export async function makeUndecodableMov(dir: string, name: string, fourcc: string): Promise<string> {
  const file = await makeH264Clip(dir, name, { seconds: 1 });
  const bytes = await readFile(file);
  const entry = bytes.indexOf("avc1", bytes.indexOf("stsd"));
  if (entry < 0) throw new Error("no avc1 sample entry to retag");
  bytes.write(fourcc, entry, "ascii");
  await writeFile(file, bytes);
  return file;
}

export interface R3dHeader {
  width: number;
  height: number;
  /** Frames per second as RED stores it: numerator over denominator. */
  rate: [number, number];
  timecode: string;
  model: string;
}

/**
 * The first block of a REDCODE (RED2) file, the part exiftool reads (Image::ExifTool::Red): the
 * header with one `rdi` record (size, rate), then the Red directory (timecode, camera model).
 * There is no picture after it: ffprobe refuses it, as it refuses every R3D.
 */
export async function makeR3dHeader(dir: string, name: string, header: R3dHeader): Promise<string> {
  const file = await target(dir, name);
  const entry = (tag: number, text: string) => {
    const data = Buffer.from(`${text}\0`, "latin1");
    const head = Buffer.alloc(4);
    head.writeUInt16BE(data.length + 4, 0);
    head.writeUInt16BE(tag, 2);
    return Buffer.concat([head, data]);
  };
  let directory = Buffer.concat([entry(0x1001, header.timecode), entry(0x1071, header.model)]);
  // exiftool trusts a directory of 300 bytes or more: the start edge code pads it.
  directory = Buffer.concat([directory, entry(0x1000, "".padEnd(300 - directory.length, " "))]);
  const block = Buffer.alloc(0x44 + 0x18 + 2);
  block.write("RED2", 4, "ascii");
  block.writeUInt8(1, 0x40);
  block.write("rdi\x01", 0x44, "latin1");
  block.writeUInt32BE(header.width, 0x4c);
  block.writeUInt32BE(header.height, 0x50);
  const [num, den] = header.rate;
  block.writeUInt16BE(den, 0x56);
  block.writeUInt16BE(Math.floor(num / 0x10000), 0x58);
  block.writeUInt16BE(num % 0x10000, 0x5a);
  block.writeUInt16BE(directory.length, 0x5c);
  const whole = Buffer.concat([block, directory]);
  whole.writeUInt32BE(whole.length, 0);
  await writeFile(file, whole);
  return file;
}

/** A sound recorder's polyphonic WAV: `channels` tones of `bits` (16, 24 or 32 for float). */
export async function makePolyWav(
  dir: string,
  name: string,
  channels: number,
  bits: 16 | 24 | 32,
): Promise<string> {
  const file = await target(dir, name);
  const tones = Array.from({ length: channels }, (_, i) => [
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${300 + 100 * i}:sample_rate=48000:duration=1`,
  ]).flat();
  const codec = bits === 32 ? "pcm_f32le" : `pcm_s${bits}le`;
  await ffmpeg([
    ...tones,
    ...[
      "-filter_complex",
      `${Array.from({ length: channels }, (_, i) => `[${i}:a]`).join("")}amerge=inputs=${channels}`,
    ],
    ...["-c:a", codec],
    file,
  ]);
  return file;
}
