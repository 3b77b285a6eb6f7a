import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProcessError } from "../../adapters/process.js";
import {
  createProxyEncoder,
  type HwaccelProbe,
  hwaccelPossible,
  hwaccelProbe,
  proxyArgs,
  proxyTimeoutMs,
} from "../../adapters/proxy-encode.js";
import { makeProresClip } from "../support/media.js";
import { probeStreams } from "../support/mp4.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const FFMPEG = process.env.SVC_FFMPEG || "ffmpeg";
// A render node or an NVIDIA device: without either no hardware decoder can work.
const gpu = ["/dev/dri/renderD128", "/dev/nvidiactl"].some((dev) => existsSync(dev));

/** The mean luma (0–255) of the first frame of a video. */
async function meanLuma(file: string): Promise<number> {
  const { stdout } = await execa(
    FFMPEG,
    ["-v", "error", "-i", file, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"],
    { encoding: "buffer", timeout: 30_000 },
  );
  const bytes = Buffer.from(stdout);
  return bytes.reduce((sum, b) => sum + b, 0) / bytes.length;
}

describe("proxy command line", () => {
  const base = { source: "/in/clip.mov", out: "/out/.1.mp4.0123456789ab.tmp", height: 720, durationS: 10 };

  it("scales after the LUT, to at most the height and even, with faststart into an MP4", () => {
    const args = proxyArgs({ ...base, video: true, lutPath: "/luts/S-Log3.cube" });
    const vf = args[args.indexOf("-vf") + 1];
    expect(vf).toBe(
      String.raw`scale=in_range=full:out_range=full,format=gbrp16le,lut3d=file=/luts/S-Log3.cube,scale=-2:max(2\,trunc(min(ih\,720)/2)*2),format=yuv420p`,
    );
    expect(args).toEqual(
      expect.arrayContaining(["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2"]),
    );
    expect(args.slice(-5)).toEqual(["-movflags", "+faststart", "-f", "mp4", base.out]);
    expect(args).not.toContain("-hwaccel");
  });

  it("has no LUT without a path, no picture for sound alone, and a hardware decoder only when given", () => {
    expect(proxyArgs({ ...base, video: true })[proxyArgs({ ...base, video: true }).indexOf("-vf") + 1]).toBe(
      String.raw`scale=-2:max(2\,trunc(min(ih\,720)/2)*2),format=yuv420p`,
    );
    const sound = proxyArgs({ ...base, video: false });
    expect(sound).not.toContain("-vf");
    expect(sound).not.toContain("0:v:0");
    const hw = proxyArgs({ ...base, video: true }, "vaapi");
    expect(hw.slice(hw.indexOf("-init_hw_device"), hw.indexOf("-i"))).toEqual([
      "-init_hw_device",
      "vaapi=hw",
      "-hwaccel",
      "vaapi",
      "-hwaccel_device",
      "hw",
    ]);
  });

  it("escapes a LUT path for the filter option and the graph", () => {
    const args = proxyArgs({ ...base, video: true, lutPath: "/l/a:b,c'd[e].cube" });
    expect(args[args.indexOf("-vf") + 1]).toBe(
      String.raw`scale=in_range=full:out_range=full,format=gbrp16le,lut3d=file=/l/a\\:b\,c\\\'d\[e\].cube,scale=-2:max(2\,trunc(min(ih\,720)/2)*2),format=yuv420p`,
    );
  });

  it("gets the clip's length three times, at least 600 s, at most 4 hours", () => {
    expect(proxyTimeoutMs(null)).toBe(600_000);
    expect(proxyTimeoutMs(30)).toBe(600_000);
    expect(proxyTimeoutMs(1000)).toBe(3_000_000);
    expect(proxyTimeoutMs(10 * 3600)).toBe(4 * 3600_000);
  });
});

describe.skipIf(!hasTools)("proxy encoder", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let clip: string;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-proxy-enc-");
    clip = await makeProresClip(ws.root, "clip.mov", { width: 320, height: 240, seconds: 1, audio: true });
  }, 60_000);

  afterAll(async () => {
    await ws?.cleanup();
  });

  const options = (out: string, extra: { lutPath?: string; signal?: AbortSignal } = {}) => ({
    source: clip,
    out: join(ws.base, out),
    height: 144,
    video: true,
    durationS: 1,
    ...extra,
  });

  it("finds no working hardware decoder on a machine without a GPU, without starting ffmpeg", async () => {
    const missing = join(ws.base, "no-such-ffmpeg");
    if (gpu) expect(["videotoolbox", "cuda", "qsv", "vaapi"]).toContain(await hwaccelProbe(FFMPEG, "auto")());
    else {
      expect(await hwaccelPossible("vaapi")).toBe(false);
      expect(await hwaccelPossible("cuda")).toBe(false);
      // No device node: ffmpeg (here a program that does not exist) is never started.
      expect(await hwaccelProbe(missing, "auto")()).toBeNull();
    }
  });

  it("opens each listed decoder's device with ffmpeg when one could be there; none opens here", async () => {
    const anything = async () => true;
    const found = await hwaccelProbe(FFMPEG, "auto", anything)();
    if (gpu) expect(["videotoolbox", "cuda", "qsv", "vaapi"]).toContain(found);
    else expect(found).toBeNull();
    if (!gpu) expect(await hwaccelProbe(FFMPEG, "vaapi", anything)()).toBeNull();
    const missing = join(ws.base, "no-such-ffmpeg");
    await expect(hwaccelProbe(missing, "auto", anything)()).rejects.toBeInstanceOf(ProcessError);
    // `none` never looks, even where a device could be.
    expect(await hwaccelProbe(missing, "none", anything)()).toBeNull();
  });

  it("probes once per encoder, and a probe that breaks means software decoding", async () => {
    let probes = 0;
    const broken: HwaccelProbe = async () => {
      probes += 1;
      throw new Error("ffmpeg -hwaccels hung");
    };
    const encoder = createProxyEncoder(FFMPEG, broken);
    expect(await encoder.hwaccel()).toBeNull();
    expect(await encoder.encode(options("a.mp4"))).toEqual({ hwaccel: null });
    expect(await encoder.encode(options("b.mp4"))).toEqual({ hwaccel: null });
    expect(probes).toBe(1);
  });

  it("falls back to software when an encode on the hardware decoder fails", async () => {
    // A decoder the probe claims works but this machine has no device for.
    const encoder = createProxyEncoder(FFMPEG, async () => (gpu ? "videotoolbox" : "cuda"));
    expect(await encoder.hwaccel()).not.toBeNull();
    expect(await encoder.encode(options("fallback.mp4"))).toEqual({ hwaccel: null });
    expect(await probeStreams(join(ws.base, "fallback.mp4"))).toEqual([
      expect.objectContaining({ codec_name: "h264", height: 144 }),
      expect.objectContaining({ codec_name: "aac" }),
    ]);
  });

  it("makes a proxy of a picture one pixel high, at an even size libx264 accepts", async () => {
    const tiny = join(ws.base, "tiny.mkv");
    await execa(FFMPEG, [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=64x2:rate=25:duration=1"],
      ...["-vf", "scale=64:1", "-c:v", "ffv1", "-y", tiny],
    ]);
    const encoder = createProxyEncoder(FFMPEG, async () => null);
    await encoder.encode({ ...options("tiny.mp4"), source: tiny, height: 720 });
    expect(await probeStreams(join(ws.base, "tiny.mp4"))).toEqual([
      expect.objectContaining({ codec_name: "h264", height: 2 }),
    ]);
  });

  it("puts a key frame at every second of the clip, whatever its rate, so a seek decodes at most a second", async () => {
    const film = join(ws.base, "film.mov");
    await execa(FFMPEG, [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=24000/1001:duration=4"],
      ...["-c:v", "prores_ks", "-profile:v", "0", "-y", film],
    ]);
    const encoder = createProxyEncoder(FFMPEG, async () => null);
    await encoder.encode({ ...options("film.mp4"), source: film, durationS: 4 });
    const { stdout } = await execa("ffprobe", [
      ...[
        "-v",
        "error",
        "-select_streams",
        "v:0",
        "-show_entries",
        "packet=pts_time,flags",
        "-of",
        "csv=p=0",
      ],
      join(ws.base, "film.mp4"),
    ]);
    const keys = stdout
      .split("\n")
      .filter((line) => line.includes("K"))
      .map((line) => Math.round(Number(line.split(",")[0])));
    expect(keys).toEqual([0, 1, 2, 3]);
  });

  it("applies a LUT whose path needs escaping before scaling", async () => {
    const dir = join(ws.base, "luts: a,b'[c]");
    await mkdir(dir, { recursive: true });
    const black = join(dir, "black.cube");
    await writeFile(black, `LUT_3D_SIZE 2\n${"0 0 0\n".repeat(8)}`);
    const encoder = createProxyEncoder(FFMPEG, async () => null);
    await encoder.encode(options("plain.mp4"));
    await encoder.encode(options("graded.mp4", { lutPath: black }));
    expect(await meanLuma(join(ws.base, "plain.mp4"))).toBeGreaterThan(60);
    // Limited-range black: 16.
    expect(await meanLuma(join(ws.base, "graded.mp4"))).toBeLessThan(20);
  });

  it("ends its ffmpeg when the caller aborts", async () => {
    const encoder = createProxyEncoder(FFMPEG, async () => null);
    const controller = new AbortController();
    const long = await makeProresClip(ws.root, "long.mov", { width: 640, height: 360, seconds: 8 });
    const out = options("aborted.mp4", { signal: controller.signal });
    const encoding = encoder.encode({ ...out, source: long, height: 360 });
    await until("ffmpeg writing", () => existsSync(out.out));
    controller.abort();
    await expect(encoding).rejects.toMatchObject({ reason: "aborted" });
  }, 60_000);
});
