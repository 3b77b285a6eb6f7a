import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, stat, statfs, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorProxyResult } from "../../domain/schemas/proxy.js";
import type { MediaKind } from "../../state/repos/media.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { makeAudio, makeCameraClip, makeStill } from "../support/media.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { needTools } from "../support/tools.js";

if (!needTools("ffmpeg", "ffprobe", "chattr"))
  throw new Error("editor proxy tests need ffmpeg, ffprobe and chattr");

// Small on purpose: the rules are what is tested, and the whole suite runs on two cores.
const MAX_HEIGHT = 144;
const TIMECODE = "01:02:03:04";

interface Probe {
  streams: {
    codec_type: string;
    codec_name: string;
    profile?: string;
    height?: number;
    width?: number;
    tags?: { timecode?: string };
  }[];
  format: { tags?: { timecode?: string } };
}

function ffprobe(file: string): Probe {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file]);
  return JSON.parse(out.toString()) as Probe;
}

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

let api: TestApi;
let root: string;

/** A row for a real file, as a probe would leave it. */
async function addItem(
  rel: string,
  kind: MediaKind,
  probe: Partial<typeof CLIP_PROBE> = {},
): Promise<number> {
  const info = await stat(join(root, rel));
  const store = openLibrary(root);
  try {
    return store.media.saveProbe(
      { relPath: rel, kind, size: info.size, mtimeMs: Math.trunc(info.mtimeMs), fingerprint: rel },
      { ...CLIP_PROBE, ...probe },
      stageDone("probe"),
    );
  } finally {
    store.close();
  }
}

async function camera(
  rel: string,
  opts: { width: number; height: number; seconds?: number },
): Promise<number> {
  const [dir, name] = [join(root, rel, ".."), rel.split("/").pop() as string];
  await makeCameraClip(dir, name, { seconds: 1, audioTracks: 2, timecode: TIMECODE, ...opts });
  return addItem(rel, "video", {
    width: opts.width,
    height: opts.height,
    duration_s: opts.seconds ?? 1,
    start_timecode: TIMECODE,
    audio_tracks: 2,
  });
}

async function proxies(ids: number[]) {
  const res = await api.request("POST", "/api/proxy/editor", { body: { ids } });
  expect(res.status, res.text).toBe(200);
  return res.json<{ results: EditorProxyResult[] }>().results;
}

beforeAll(async () => {
  api = await startApi({ env: { SVC_EDITOR_PROXY_HEIGHT: String(MAX_HEIGHT) } });
  root = api.root as string;
});

afterAll(async () => {
  await api?.close();
});

describe("POST /api/proxy/editor", () => {
  it("writes Proxy/<stem>.mov: ProRes 422 Proxy, at most the set height, even, timecode and every audio track kept", async () => {
    const id = await camera("day1/A001C003.mov", { width: 640, height: 360 });
    const before = await sha256(join(root, "day1/A001C003.mov"));
    const [result] = await proxies([id]);
    expect(result).toEqual({ id, status: "written", path: "day1/Proxy/A001C003.mov" });
    const probe = ffprobe(join(root, "day1/Proxy/A001C003.mov"));
    const video = probe.streams.filter((s) => s.codec_type === "video");
    expect(video).toHaveLength(1);
    expect(video[0]).toMatchObject({
      codec_name: "prores",
      profile: "Proxy",
      height: MAX_HEIGHT,
      width: 256,
    });
    expect(probe.streams.filter((s) => s.codec_type === "audio")).toHaveLength(2);
    const timecodes = [probe.format.tags?.timecode, ...probe.streams.map((s) => s.tags?.timecode)];
    expect(timecodes).toContain(TIMECODE);
    // No temporary file left, and the original untouched.
    expect(await readdir(join(root, "day1/Proxy"))).toEqual(["A001C003.mov"]);
    expect(await sha256(join(root, "day1/A001C003.mov"))).toBe(before);
  });

  it("never upscales: a picture under the height keeps its size", async () => {
    const id = await camera("small/B001.mov", { width: 160, height: 90 });
    const [result] = await proxies([id]);
    expect(result?.status).toBe("written");
    const video = ffprobe(join(root, "small/Proxy/B001.mov")).streams.find((s) => s.codec_type === "video");
    expect(video).toMatchObject({ width: 160, height: 90 });
  });

  it("writes the first of two same-stem sources and skips the second (A001.mov, A001.mxf)", async () => {
    const mov = await camera("twins/A001.mov", { width: 160, height: 90 });
    await copyFile(join(root, "twins/A001.mov"), join(root, "twins/A001.mxf"));
    const mxf = await addItem("twins/A001.mxf", "video", { width: 160, height: 90 });
    const results = await proxies([mov, mxf]);
    expect(results).toEqual([
      { id: mov, status: "written", path: "twins/Proxy/A001.mov" },
      { id: mxf, status: "skipped_exists", path: "twins/Proxy/A001.mov" },
    ]);
  });

  it("skips an item whose proxy is already there as .MXF, and leaves that file alone", async () => {
    const id = await camera("mxf/C001.mov", { width: 160, height: 90 });
    await mkdir(join(root, "mxf/Proxy"));
    await writeFile(join(root, "mxf/Proxy/C001.MXF"), "someone else's proxy");
    const [result] = await proxies([id]);
    expect(result).toEqual({ id, status: "skipped_exists", path: "mxf/Proxy/C001.MXF" });
    expect(await readdir(join(root, "mxf/Proxy"))).toEqual(["C001.MXF"]);
    expect(await readFile(join(root, "mxf/Proxy/C001.MXF"), "utf8")).toBe("someone else's proxy");
  });

  it("gives audio-only items and stills a reason, and creates no Proxy folder for them", async () => {
    await makeAudio(join(root, "sound"), "boom.wav");
    const audio = await addItem("sound/boom.wav", "audio");
    await makeStill(join(root, "stills"), "png", "frame.png");
    const still = await addItem("stills/frame.png", "image");
    const video = await camera("mixed/D001.mov", { width: 160, height: 90 });
    const results = await proxies([audio, still, video]);
    expect(results.map((r) => r.status)).toEqual(["failed", "failed", "written"]);
    expect(results[0]?.reason).toMatch(/skipped: an audio-only item/);
    expect(results[1]?.reason).toMatch(/skipped: a still/);
    expect(await readdir(join(root, "sound"))).toEqual(["boom.wav"]);
    expect(await readdir(join(root, "stills"))).toEqual(["frame.png"]);
  });

  it("makes one proxy for two concurrent requests of the same item", async () => {
    const id = await camera("race/E001.mov", { width: 640, height: 360, seconds: 3 });
    const [first, second] = await Promise.all([proxies([id]), proxies([id])]);
    const statuses = [first[0]?.status, second[0]?.status].sort();
    expect(statuses).toEqual(["skipped_exists", "written"]);
    expect(await readdir(join(root, "race/Proxy"))).toEqual(["E001.mov"]);
  });

  it("fails an item whose folder is read-only and writes nothing anywhere", async () => {
    const id = await camera("locked/F001.mov", { width: 160, height: 90 });
    const folder = join(root, "locked");
    execFileSync("chattr", ["+i", folder]);
    try {
      const [result] = await proxies([id]);
      expect(result?.status).toBe("failed");
      expect(result?.reason).toMatch(/not writable/);
      expect(result?.reason).not.toContain(root);
      expect(await readdir(folder)).toEqual(["F001.mov"]);
    } finally {
      execFileSync("chattr", ["-i", folder]);
    }
  });

  it("fails cleanly when the disk fills, removes its temp file and folder, and goes on with the next item", async () => {
    const disk = join(root, "fulldisk");
    await mkdir(disk);
    await execa("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk]);
    try {
      // Noise does not compress: its ProRes proxy is megabytes, the H.264 source a few hundred KB.
      await execa("ffmpeg", [
        ...["-hide_banner", "-nostdin", "-v", "error", "-y"],
        ...["-f", "lavfi", "-i", "nullsrc=s=320x180:r=25:d=2,geq=random(1)*255:128:128"],
        ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "40", "-pix_fmt", "yuv420p"],
        join(disk, "G001.mp4"),
      ]);
      const full = await addItem("fulldisk/G001.mp4", "video", { width: 320, height: 180, duration_s: 2 });
      // Leave room for a few frames only.
      const free = await statfs(disk);
      await writeFile(join(disk, "filler"), Buffer.alloc(Math.max(0, free.bavail * free.bsize - 48 * 1024)));
      const next = await camera("afterfull/G002.mov", { width: 160, height: 90 });
      const [failed, written] = await proxies([full, next]);
      expect(failed).toMatchObject({ id: full, status: "failed" });
      expect(failed?.reason).toMatch(/disk filled up/);
      expect((await readdir(disk)).sort()).toEqual(["G001.mp4", "filler"]);
      expect(written).toMatchObject({ id: next, status: "written" });
    } finally {
      await execa("umount", [disk]);
    }
  });

  it("refuses unknown ids with 404 before doing anything, and a bad body with 422", async () => {
    const id = await camera("refused/H001.mov", { width: 160, height: 90 });
    const unknown = await api.request("POST", "/api/proxy/editor", { body: { ids: [id, 987_654] } });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("987654");
    expect(await readdir(join(root, "refused"))).toEqual(["H001.mov"]);
    for (const body of [{}, { ids: [] }, { ids: ["1"] }, { ids: [1.5] }, { ids: [1], extra: true }]) {
      const res = await api.request("POST", "/api/proxy/editor", { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("GET /api/proxy/editor/…", () => {
  it("reports each item's proxy and the jobs that made them", async () => {
    const id = await camera("status/J001.mov", { width: 160, height: 90 });
    const before = await api.request("GET", `/api/proxy/editor/${id}`);
    expect(before.json()).toEqual({ id, status: "none" });
    await proxies([id]);
    const after = await api.request("GET", `/api/proxy/editor/${id}`);
    expect(after.json()).toEqual({ id, status: "exists", path: "status/Proxy/J001.mov" });
    const status = await api.request("GET", "/api/proxy/editor/status");
    const body = status.json<{
      running: number;
      jobs: { state: string; total: number; results: EditorProxyResult[] }[];
    }>();
    expect(body.running).toBe(0);
    expect(body.jobs[0]).toMatchObject({ state: "done", total: 1, results: [{ id, status: "written" }] });
    expect(JSON.stringify(body)).not.toContain(root);
    expect((await api.request("GET", "/api/proxy/editor/999999")).status).toBe(404);
  });

  it("shows a long encode while it runs", async () => {
    const id = await camera("long/K001.mov", { width: 1280, height: 720, seconds: 8 });
    const pending = proxies([id]);
    let seen: { running: number; jobs: { current: { media_id: number } | null }[] } | undefined;
    for (let i = 0; i < 200 && !seen?.running; i++) {
      seen = (await api.request("GET", "/api/proxy/editor/status")).json();
      if (!seen?.running) await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen?.running).toBe(1);
    expect(seen?.jobs[0]?.current?.media_id).toBe(id);
    expect((await api.request("GET", `/api/proxy/editor/${id}`)).json()).toEqual({ id, status: "encoding" });
    expect((await pending)[0]?.status).toBe("written");
  });
});
