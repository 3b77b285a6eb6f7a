/**
 * Camera files whose time is read: start timecode in each place cameras put it (QuickTime tmcd,
 * MXF packages, MP4 timecode tracks, Sony M01.XML sidecars, a container tag), variable frame
 * rate, and a header claiming an impossible rate. Tiny pictures, a second or two each.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { execa } from "execa";

const TIMEOUT_MS = 60_000;

/** Runs ffmpeg to write its last argument. */
export async function runFfmpeg(args: readonly string[]): Promise<string> {
  const output = args.at(-1) as string;
  await mkdir(path.dirname(output), { recursive: true });
  await execa(
    process.env.SVC_FFMPEG || "ffmpeg",
    ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args],
    { timeout: TIMEOUT_MS },
  );
  return output;
}

const picture = (rate: string, seconds: number) => [
  ...["-f", "lavfi", "-i", `testsrc=size=160x120:rate=${rate}:duration=${seconds}`],
];
const H264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];

export interface TimecodedOptions {
  /** As ffmpeg takes it: "25", "24000/1001". */
  rate: string;
  /** `;` before the frames for drop frame; none written when absent. */
  timecode?: string;
  seconds?: number;
}

const timecode = (o: TimecodedOptions) => (o.timecode === undefined ? [] : ["-timecode", o.timecode]);

/** A movie with a timecode track: QuickTime's tmcd for a .mov, an ISO timecode track for a .mp4. */
export const makeTimecodedMovie = (dir: string, name: string, o: TimecodedOptions) =>
  runFfmpeg([...picture(o.rate, o.seconds ?? 1), ...H264, ...timecode(o), path.join(dir, name)]);

/** An OP1a MXF (MPEG-2 picture) whose material package carries the timecode. */
export const makeTimecodedMxf = (dir: string, name: string, o: TimecodedOptions) =>
  runFfmpeg([
    ...picture(o.rate, o.seconds ?? 1),
    ...["-c:v", "mpeg2video", "-q:v", "4"],
    ...timecode(o),
    ...["-f", "mxf"],
    path.join(dir, name),
  ]);

/** A Matroska file with a TIMECODE tag holding any text, e.g. a negative timecode. */
export const makeTaggedMkv = (dir: string, name: string, timecode: string) =>
  runFfmpeg([...picture("25", 1), ...H264, ...["-metadata", `timecode=${timecode}`], path.join(dir, name)]);

/** One second at 25 fps, then one at 50 fps, kept at their own timing: variable frame rate. */
export const makeVfrClip = (dir: string, name: string) =>
  runFfmpeg([
    ...picture("25", 1),
    ...picture("50", 1),
    ...["-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]"],
    ...H264,
    ...["-vsync", "vfr"],
    path.join(dir, name),
  ]);

/** A clip whose header says 10,000 frames per second. */
export const makeTenThousandFps = (dir: string, name: string) =>
  runFfmpeg([...picture("10000", 0.01), ...H264, path.join(dir, name)]);

/**
 * A Sony `NonRealTimeMeta` sidecar (`<stem>M01.XML`) beside a clip, its start written as the
 * camera writes it: `value` is packed LTC, 8 hex digits (see formats/sony-xml.ts), or a label.
 */
export async function writeSonySidecar(
  clip: string,
  value: string,
  opts: { tcFps?: number; tcDropFrame?: boolean } = {},
): Promise<string> {
  const stem = path.basename(clip, path.extname(clip));
  const file = path.join(path.dirname(clip), `${stem}M01.XML`);
  const dropFrame = opts.tcDropFrame === undefined ? "" : ` tcDropFrame="${opts.tcDropFrame}"`;
  await writeFile(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<NonRealTimeMeta xmlns="urn:schemas-professionalDisc:nonRealTimeMeta:ver.2.20" lastUpdate="2026-01-01T10:00:00+01:00">
\t<Duration value="25"/>
\t<LtcChangeTable tcFps="${opts.tcFps ?? 25}" halfStep="false"${dropFrame}>
\t\t<LtcChange frameCount="0" value="${value}" status="increment"/>
\t\t<LtcChange frameCount="24" value="${value}" status="end"/>
\t</LtcChangeTable>
\t<VideoFormat><VideoFrame videoCodec="AVC_1920_1080_HP@L41" captureFps="25p" formatFps="25p"/></VideoFormat>
\t<Device manufacturer="Sony" modelName="ILME-FX6V" serialNo="1234567"/>
</NonRealTimeMeta>
`,
  );
  return file;
}
