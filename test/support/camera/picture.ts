/**
 * Camera pictures that are not square, upright, progressive SDR: anamorphic pixels, display
 * matrices, interlaced fields and HDR transfers, generated with ffmpeg and exiftool (tiny, 1–2 s).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";

const TIMEOUT_MS = 60_000;
const H264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];

async function outputPath(dir: string, name: string): Promise<string> {
  const file = path.resolve(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

const ffmpeg = (args: readonly string[]) =>
  execa(
    process.env.SVC_FFMPEG || "ffmpeg",
    ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args],
    {
      timeout: TIMEOUT_MS,
    },
  );

const exiftool = (args: readonly string[]) =>
  execa(process.env.SVC_EXIFTOOL || "exiftool", ["-q", "-overwrite_original", ...args], {
    timeout: TIMEOUT_MS,
  });

/** 288×216 coded with 4:3 pixels: a 16:9 picture (384×216), as HDV's 1440×1080 is. */
export const ANAMORPHIC = { width: 288, height: 216, pixelAspect: "4:3", displayWidth: 384 } as const;

export async function makeAnamorphicClip(dir: string, name: string): Promise<string> {
  const out = await outputPath(dir, name);
  const source = `testsrc2=size=${ANAMORPHIC.width}x${ANAMORPHIC.height}:rate=25:duration=2`;
  await ffmpeg(["-f", "lavfi", "-i", source, "-vf", "setsar=4/3", ...H264, out]);
  return out;
}

/** A 320×240 H.264 MP4, with `matrix` (exiftool's MatrixStructure, 9 numbers) as its display matrix. */
export async function makeMatrixClip(dir: string, name: string, matrix: string): Promise<string> {
  const out = await outputPath(dir, name);
  await ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", ...H264, out]);
  await exiftool([`-MatrixStructure=${matrix}`, out]);
  return out;
}

/** A 320×240 clip a phone turned: exiftool writes the display matrix for `degrees` clockwise. */
export async function makeRotatedClip(dir: string, name: string, degrees: 90 | 180 | 270): Promise<string> {
  const out = await outputPath(dir, name);
  await ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", ...H264, out]);
  await exiftool([`-Rotation=${degrees}`, out]);
  return out;
}

/** A skewed-by-45° matrix and a mirror: neither is a rotation a viewer can apply by turning. */
export const NOT_ROTATIONS = {
  degrees45: "0.7071 0.7071 0 -0.7071 0.7071 0 0 0 1",
  flip: "-1 0 0 0 1 0 0 0 1",
} as const;

export const INTERLACED = { width: 160, height: 120 } as const;

/**
 * Interlaced H.264 from 50 p: a white bar running across black, so every field pair shows it in
 * two places and a woven frame combs along its edges; a progressive picture has no vertical detail.
 */
export async function makeInterlacedClip(dir: string, name: string, order: "tff" | "bff"): Promise<string> {
  const out = await outputPath(dir, name);
  const { width, height } = INTERLACED;
  const graph =
    `color=black:s=${width}x${height}:r=50:d=2,format=yuv420p[bg];color=white:s=16x${height}:r=50:d=2[bar];` +
    `[bg][bar]overlay=x='mod(t*300,${width - 16})':y=0,` +
    `tinterlace=mode=${order === "tff" ? "interleave_top" : "interleave_bottom"},setfield=${order}[v]`;
  await ffmpeg([
    ...["-filter_complex", graph, "-map", "[v]"],
    ...[...H264, "-flags", "+ildct+ilme", "-x264-params", `${order}=1`],
    out,
  ]);
  return out;
}

const PATTERN = "testsrc2=size=320x240:rate=25:duration=2";

/** The test pattern as plain BT.709 SDR: what a tone-mapped HDR version should look like. */
export async function makeSdrPattern(dir: string, name: string): Promise<string> {
  const out = await outputPath(dir, name);
  await ffmpeg(["-f", "lavfi", "-i", PATTERN, ...H264, out]);
  return out;
}

/**
 * The same pattern coded as HDR (10-bit HEVC, BT.2020, PQ or HLG, tagged as cameras tag it), its
 * SDR white placed at 203 nits, the HDR reference white of BT.2408.
 */
export async function makeHdrPattern(dir: string, name: string, transfer: "pq" | "hlg"): Promise<string> {
  const out = await outputPath(dir, name);
  const trc = transfer === "pq" ? "smpte2084" : "arib-std-b67";
  await ffmpeg([
    ...["-f", "lavfi", "-i", PATTERN],
    "-vf",
    `zscale=tin=bt709:min=bt709:pin=bt709:rin=tv:t=${trc}:m=bt2020nc:p=bt2020:r=tv:npl=203,format=yuv420p10le`,
    ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"],
    ...["-color_trc", trc, "-color_primaries", "bt2020", "-colorspace", "bt2020nc", "-tag:v", "hvc1"],
    out,
  ]);
  return out;
}

/** A ProRes MOV whose `pasp` atom says 0:1: a pixel aspect that is no ratio at all. */
export async function makeZeroAspectClip(dir: string, name: string): Promise<string> {
  const out = await outputPath(dir, name);
  const source = "testsrc2=size=160x120:rate=25:duration=1";
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    source,
    "-vf",
    "setsar=4/3",
    "-c:v",
    "prores_ks",
    "-profile:v",
    "0",
    out,
  ]);
  const bytes = await readFile(out);
  const at = bytes.indexOf("pasp");
  if (at < 0) throw new Error("ffmpeg wrote no pasp atom");
  bytes.writeUInt32BE(0, at + 4);
  bytes.writeUInt32BE(1, at + 8);
  await writeFile(out, bytes);
  return out;
}

/** A Blackmagic-style MOV whose metadata keys record a 2× anamorphic lens (nothing is squeezed). */
export async function makeSqueezeTaggedClip(dir: string, name: string): Promise<string> {
  const out = await outputPath(dir, name);
  await ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25:duration=2", ...H264],
    ...["-movflags", "use_metadata_tags"],
    ...["-metadata", "com.blackmagic-design.camera.anamorphicEnable=1"],
    ...["-metadata", "com.blackmagic-design.camera.anamorphic=2x"],
    out,
  ]);
  return out;
}
