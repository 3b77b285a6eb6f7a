import { lstat, mkdtemp, readFile, readlink, realpath, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BLACK_OPENING_CLIP,
  makeAudio,
  makeAudioWithCoverArt,
  makeBlackOpeningClip,
  makeNotMedia,
  makeOddNames,
  makeSceneClip,
  makeStill,
  makeSymlinkLoop,
  makeTimecodedClip,
  makeTruncatedClip,
  makeUnsupported,
  makeZeroByte,
  ODD_NAMES,
  SCENE_CLIP,
  STILL,
  TIMECODED_CLIP,
  writeSlowly,
} from "../support/media.js";
import { needTools } from "../support/tools.js";

interface ProbeStream {
  index: number;
  codec_name?: string;
  codec_type?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  r_frame_rate?: string;
  nb_read_frames?: string;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
}

interface Probe {
  streams: ProbeStream[];
  format: { duration?: string; format_name?: string; tags?: Record<string, string> };
}

const ffmpegBin = () => process.env.SVC_FFMPEG || "ffmpeg";
const ffprobeBin = () => process.env.SVC_FFPROBE || "ffprobe";

async function probe(file: string, extra: string[] = []): Promise<Probe> {
  const { stdout } = await execa(
    ffprobeBin(),
    ["-v", "error", "-show_format", "-show_streams", ...extra, "-of", "json", file],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout) as Probe;
}

async function probeFails(file: string): Promise<{ exitCode: number | undefined; stderr: string }> {
  const result = await execa(ffprobeBin(), ["-v", "error", "-show_format", "-of", "json", file], {
    reject: false,
    timeout: 60_000,
  });
  return { exitCode: result.exitCode, stderr: String(result.stderr) };
}

/** ffmpeg diagnostics (showinfo, blackdetect, metadata=print) go to stderr at info level. */
async function filterLog(
  file: string,
  filter: string,
  opts: { seek?: number; frames?: number } = {},
): Promise<string> {
  const seek = opts.seek === undefined ? [] : ["-ss", String(opts.seek)];
  const frames = opts.frames === undefined ? [] : ["-frames:v", String(opts.frames)];
  const { stderr } = await execa(
    ffmpegBin(),
    ["-hide_banner", "-nostdin", ...seek, "-i", file, "-vf", filter, ...frames, "-an", "-f", "null", "-"],
    { timeout: 60_000 },
  );
  return String(stderr);
}

function ofType(p: Probe, type: string): ProbeStream[] {
  return p.streams.filter((s) => s.codec_type === type);
}

async function lumaAt(file: string, seconds: number): Promise<number> {
  const log = await filterLog(file, "signalstats,metadata=print:key=lavfi.signalstats.YAVG", {
    seek: seconds,
    frames: 1,
  });
  const match = /lavfi\.signalstats\.YAVG=([\d.]+)/.exec(log);
  if (!match?.[1]) throw new Error(`no YAVG in ffmpeg output:\n${log}`);
  return Number(match[1]);
}

describe.skipIf(!needTools("ffmpeg", "ffprobe"))("media fixture generator", { timeout: 30_000 }, () => {
  let dir = "";

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "svc-media-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("makes an H.264 clip with timecode, two audio tracks and a zoned capture date", async () => {
    const file = await makeTimecodedClip(dir);
    expect(path.isAbsolute(file)).toBe(true);
    expect(path.basename(file)).toBe("timecoded.mp4");
    const p = await probe(file);
    const [video, ...moreVideo] = ofType(p, "video");
    expect(moreVideo).toHaveLength(0);
    expect(video).toMatchObject({
      codec_name: "h264",
      pix_fmt: "yuv420p",
      width: TIMECODED_CLIP.width,
      height: TIMECODED_CLIP.height,
      r_frame_rate: `${TIMECODED_CLIP.fps}/1`,
    });
    const audio = ofType(p, "audio");
    expect(audio).toHaveLength(TIMECODED_CLIP.audioTracks);
    expect(audio.map((s) => s.codec_name)).toEqual(["aac", "aac"]);
    expect(Number(p.format.duration)).toBeCloseTo(4, 1);
    expect(p.format.tags?.["com.apple.quicktime.creationdate"]).toBe(TIMECODED_CLIP.creationDate);
    expect(p.format.tags?.creation_time).toMatch(/^2024-03-06T07:30:00/);
    const tmcd = p.streams.find((s) => s.tags?.handler_name === "TimeCodeHandler");
    expect(tmcd?.tags?.timecode).toBe(TIMECODED_CLIP.startTimecode);
    expect(video?.tags?.timecode).toBe(TIMECODED_CLIP.startTimecode);
  });

  it("honours the clip length option", async () => {
    const file = await makeTimecodedClip(dir, "short.mp4", { seconds: 1 });
    expect(Number((await probe(file)).format.duration)).toBeCloseTo(1, 1);
  });

  it.skipIf(!needTools("exiftool"))("keeps the offset visible to exiftool", async () => {
    const file = await makeTimecodedClip(dir, "exif.mp4", { seconds: 1 });
    const { stdout } = await execa("exiftool", ["-j", "-Keys:CreationDate", file], { timeout: 60_000 });
    const [tags] = JSON.parse(stdout) as { CreationDate?: string }[];
    expect(tags?.CreationDate).toBe("2024:03:05 23:30:00-08:00");
  });

  it("makes a clip whose scene cuts the select filter finds exactly", async () => {
    const file = await makeSceneClip(dir);
    const p = await probe(file);
    expect(ofType(p, "video").map((s) => s.codec_name)).toEqual(["h264"]);
    expect(ofType(p, "audio").map((s) => s.codec_name)).toEqual(["aac"]);
    expect(Number(p.format.duration)).toBeCloseTo(SCENE_CLIP.seconds, 1);
    const log = await filterLog(file, "select='gt(scene,0.3)',showinfo");
    const cuts = [...log.matchAll(/Parsed_showinfo.*?pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(cuts).toHaveLength(SCENE_CLIP.scenes - 1);
    for (const [i, cut] of SCENE_CLIP.cuts.entries()) {
      expect(Math.abs((cuts[i] ?? Number.NaN) - cut)).toBeLessThanOrEqual(0.1);
    }
  });

  it("makes a clip that is black at its midpoint and bright afterwards", async () => {
    const file = await makeBlackOpeningClip(dir);
    const p = await probe(file);
    expect(Number(p.format.duration)).toBeCloseTo(BLACK_OPENING_CLIP.seconds, 1);
    const log = await filterLog(file, "blackdetect=d=0.5:pix_th=0.1");
    const match = /black_start:([\d.]+) black_end:([\d.]+)/.exec(log);
    expect(Number(match?.[1])).toBe(0);
    expect(Math.abs(Number(match?.[2]) - BLACK_OPENING_CLIP.blackSeconds)).toBeLessThanOrEqual(0.1);
    expect(await lumaAt(file, BLACK_OPENING_CLIP.seconds / 2)).toBeLessThan(20);
    expect(await lumaAt(file, 5)).toBeGreaterThan(60);
  });

  it.each([
    ["tone.wav", "pcm_s16le"],
    ["tone.mp3", "mp3"],
    ["tone.m4a", "aac"],
    ["tone.flac", "flac"],
  ])("makes %s as %s", async (name, codec) => {
    const file = await makeAudio(dir, name);
    const p = await probe(file);
    // Without libmp3lame the generator substitutes .m4a, and the returned path says so.
    const expected = file.endsWith(".m4a") ? "aac" : codec;
    expect(p.streams.map((s) => s.codec_name)).toEqual([expected]);
    expect(Number(p.format.duration)).toBeCloseTo(3, 1);
  });

  it("honours the audio length option and rejects unknown extensions", async () => {
    const file = await makeAudio(dir, "short.flac", { seconds: 1 });
    expect(Number((await probe(file)).format.duration)).toBeCloseTo(1, 1);
    await expect(makeAudio(dir, "tone.ogg")).rejects.toThrow(/unsupported extension/);
  });

  it.each(["cover.mp3", "cover.m4a"])("makes %s with an attached cover picture", async (name) => {
    const file = await makeAudioWithCoverArt(dir, name);
    const p = await probe(file);
    expect(ofType(p, "audio")).toHaveLength(1);
    const [picture, ...others] = ofType(p, "video");
    expect(others).toHaveLength(0);
    expect(picture?.codec_name).toBe("mjpeg");
    expect(picture?.disposition?.attached_pic).toBe(1);
  });

  it.each([
    ["png", "png"],
    ["jpg", "mjpeg"],
    ["jpeg", "mjpeg"],
    ["webp", "webp"],
  ] as const)("makes a %s still", async (format, codec) => {
    const file = await makeStill(dir, format);
    expect(path.basename(file)).toBe(`still.${format}`);
    const [stream, ...others] = (await probe(file)).streams;
    expect(others).toHaveLength(0);
    expect(stream).toMatchObject({ codec_name: codec, width: STILL.width, height: STILL.height });
  });

  it("makes an animated gif", async () => {
    const file = await makeStill(dir, "gif", "anim.gif");
    const [stream] = (await probe(file, ["-count_frames"])).streams;
    expect(stream).toMatchObject({ codec_name: "gif", width: STILL.width, height: STILL.height });
    expect(Number(stream?.nb_read_frames)).toBe(STILL.gifFrames);
  });

  it("makes an svg that an image decoder reads at 640x360", async () => {
    const file = await makeStill(dir, "svg");
    expect(await readFile(file, "utf8")).toContain('viewBox="0 0 640 360"');
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: "svg", width: STILL.width, height: STILL.height });
  });

  it("makes inputs that ffprobe rejects", async () => {
    const empty = await makeZeroByte(dir);
    expect((await stat(empty)).size).toBe(0);
    expect((await probeFails(empty)).exitCode).not.toBe(0);

    const truncated = await makeTruncatedClip(dir);
    expect((await stat(truncated)).size).toBeGreaterThan(1000);
    const cut = await probeFails(truncated);
    expect(cut.exitCode).not.toBe(0);
    expect(cut.stderr).toMatch(/moov atom not found/);

    const notes = await makeNotMedia(dir);
    expect(path.extname(notes)).toBe(".mov");
    expect((await probeFails(notes)).exitCode).not.toBe(0);

    const readme = await makeUnsupported(dir);
    expect(path.basename(readme)).toBe("readme.txt");
    expect((await stat(readme)).size).toBeGreaterThan(0);
  });

  it("makes valid stills with awkward names", async () => {
    const files = await makeOddNames(path.join(dir, "odd"));
    expect(files.map((f) => path.basename(f))).toEqual([...ODD_NAMES]);
    for (const file of files) {
      const [stream] = (await probe(file)).streams;
      expect(stream?.codec_name).toBe("png");
    }
  });

  it("makes a directory loop and a file symlink loop", async () => {
    const root = path.join(dir, "loops");
    const [loop, a, b] = await makeSymlinkLoop(root);
    if (!loop || !a || !b) throw new Error("expected three links");
    for (const link of [loop, a, b]) expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(loop)).toBe("..");
    expect(await realpath(loop)).toBe(await realpath(root));
    await expect(stat(a)).rejects.toMatchObject({ code: "ELOOP" });
    await expect(stat(b)).rejects.toMatchObject({ code: "ELOOP" });
    // Calling it again over existing links must not fail.
    expect(await makeSymlinkLoop(root)).toEqual([loop, a, b]);
  });

  it("writes a copy slowly, growing until it matches the source", async () => {
    const src = await makeTimecodedClip(dir, "slow-src.mp4", { seconds: 1 });
    const dest = path.join(dir, "card", "A001.mp4");
    const started = Date.now();
    const copying = writeSlowly(src, dest, { chunks: 4, intervalMs: 60 });
    const sizes: number[] = [];
    let done = false;
    void copying.finally(() => {
      done = true;
    });
    while (!done) {
      sizes.push((await stat(dest).catch(() => ({ size: -1 }))).size);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    expect(await copying).toBe(dest);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 60 - 5);
    const total = (await stat(src)).size;
    expect(sizes.some((size) => size > 0 && size < total)).toBe(true);
    expect((await readFile(dest)).equals(await readFile(src))).toBe(true);
  });
});
