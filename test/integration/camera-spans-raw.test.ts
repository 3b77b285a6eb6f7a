import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";
import {
  makeH264Clip,
  makePolyWav,
  makeR3dHeader,
  makeSplitPart,
  makeUndecodableMov,
  SPLIT_PART_BYTES,
} from "../support/camera/originals.js";
import { type JsonEvent, jsonLines, svc } from "../support/cli.js";
import { makeProresClip } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "exiftool");
const ABSOLUTE_PATH = /(?:^|["\s=(])(?:\/(?!api\/)[^\s"/]+\/|[A-Za-z]:[\\/])/;

interface Span {
  id: string;
  index: number;
  count: number;
  offset_s: number;
  duration_s: number;
  start_timecode: string | null;
  missing: number[];
}

interface Item {
  id: number;
  path: string;
  status: string;
  status_reason: string | null;
  camera_proxy: string | null;
  width: number | null;
  height: number | null;
  fps: number | null;
  start_timecode: string | null;
  timecode_source: string | null;
  duration_s: number | null;
  thumbnail_url: string | null;
  failed_stage: string | null;
  span: Span | null;
}

const R3D = { width: 6144, height: 3240, rate: [24000, 1001] as [number, number], timecode: "01:00:00:00" };

describe.skipIf(!hasTools)("camera originals: spanned recordings, RAW, playability", () => {
  let api: TestApi;
  let root: string;
  let events: JsonEvent[];
  let exitCode: number;
  const items = new Map<string, Item>();

  const list = async () => {
    const res = await api.request("GET", "/api/media?limit=500&sort=path");
    expect(res.status, res.text).toBe(200);
    items.clear();
    for (const item of res.json<{ items: Item[] }>().items) items.set(item.path, item);
  };
  const item = (path: string) => {
    const found = items.get(path);
    if (!found) throw new Error(`${path} is not listed: ${[...items.keys()].join(", ")}`);
    return found;
  };
  const ingest = (projectRoot: string, env: Record<string, string> = {}) =>
    svc(["ingest", "--progress", "json"], { PROJECT_ROOT: projectRoot, SVC_HOME: api.home, ...env });

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    await mkdir(join(root, "raw"), { recursive: true });
    await Promise.all([
      makeH264Clip(root, "gopro/GH010123.MP4"),
      makeH264Clip(root, "gopro/GH020123.MP4"),
      makeH264Clip(root, "gopro/GH030123.MP4"),
      makeH264Clip(root, "gopro/GH010124.MP4"),
      makeH264Clip(root, "gap/GX010200.MP4"),
      makeH264Clip(root, "gap/GX030200.MP4"),
      makeH264Clip(root, "legacy/GOPR0050.MP4"),
      makeH264Clip(root, "legacy/GP010050.MP4"),
      makeSplitPart(root, "split/C0001.MOV", SPLIT_PART_BYTES, { timecode: "10:00:00:00" }),
      makeH264Clip(root, "split/C0002.MOV", { timecode: "10:00:01:00" }),
      // Numbered one after the other, but the first is small: two takes.
      makeH264Clip(root, "takes/C0010.MOV", { timecode: "11:00:00:00" }),
      makeH264Clip(root, "takes/C0011.MOV", { timecode: "11:00:01:00" }),
      makeUndecodableMov(root, "raw/A001C002.braw", "brxq"),
      makeUndecodableMov(root, "raw/P001.mov", "aprn"),
      makeR3dHeader(root, "raw/B001_001.R3D", { ...R3D, model: "KOMODO 6K" }),
      makeH264Clip(root, "raw/Proxy/B001_001.mov", { seconds: 2 }),
      writeFile(join(root, "raw/empty.r3d"), ""),
      makeProresClip(root, "play/prores.mov", { width: 160, height: 120, seconds: 1 }),
      makeH264Clip(root, "play/phone.mov"),
      makePolyWav(root, "play/poly.wav", 4, 24),
    ]);
    const pass = await ingest(root);
    exitCode = pass.exitCode;
    events = jsonLines(pass.stdout);
    await list();
  }, 300_000);

  afterAll(async () => {
    await api?.close();
  });

  it("counts RAW files as needs_proxy, the empty one as failed, in the summary and the file events", () => {
    const summary = events.find((e) => e.event === "summary") as JsonEvent & Record<string, number>;
    expect(summary.needs_proxy).toBe(2);
    expect(summary.failed).toBe(1);
    expect(summary.reconciled).toBe(true);
    // One file failed (the empty R3D): a partial pass.
    expect(exitCode).toBe(1);
    const statusOf = (path: string) => events.find((e) => e.event === "file" && e.path === path)?.status;
    expect(statusOf("raw/A001C002.braw")).toBe("needs_proxy");
    expect(statusOf("raw/P001.mov")).toBe("needs_proxy");
    expect(statusOf("raw/B001_001.R3D")).toBe("ingested");
    const empty = events.find((e) => e.event === "file" && e.path === "raw/empty.r3d");
    expect(empty).toMatchObject({ status: "failed", reason: expect.stringMatching(/empty file.*R3D.*card/) });
  });

  it("lists an undecodable original with what ffprobe read and a scrubbed reason", () => {
    for (const path of ["raw/A001C002.braw", "raw/P001.mov"]) {
      const raw = item(path);
      expect(raw).toMatchObject({
        status: "needs_proxy",
        width: 160,
        height: 120,
        fps: 25,
        thumbnail_url: null,
      });
      expect(raw.status_reason).not.toMatch(ABSOLUTE_PATH);
      expect(raw.failed_stage).toBeNull();
    }
    expect(item("raw/A001C002.braw").status_reason).toMatch(/^Blackmagic RAW: .*Proxy\/A001C002\.mov/);
    expect(item("raw/P001.mov").status_reason).toMatch(/^ProRes RAW: /);
  });

  it("links an R3D to the camera-made proxy beside it: read from its header, decoded through the proxy", () => {
    const r3d = item("raw/B001_001.R3D");
    expect(r3d).toMatchObject({
      status: "done",
      status_reason: null,
      camera_proxy: "raw/Proxy/B001_001.mov",
      width: 6144,
      height: 3240,
      fps: 23.976,
      start_timecode: "01:00:00:00",
      timecode_source: "raw-header",
      duration_s: 2,
    });
    expect(r3d.thumbnail_url).not.toBeNull();
    // The proxy folder is never an item of its own.
    expect([...items.keys()].some((path) => path.includes("Proxy/"))).toBe(false);
  });

  it("groups GoPro chapters into one span with continuous offsets, and leaves a lone chapter alone", () => {
    const parts = ["GH010123", "GH020123", "GH030123"].map((stem) => item(`gopro/${stem}.MP4`).span);
    const id = parts[0]?.id;
    expect(id).toEqual(expect.any(String));
    parts.forEach((span, i) => {
      expect(span).toMatchObject({ id, index: i + 1, count: 3, missing: [] });
      expect(span?.offset_s).toBeCloseTo(i, 1);
      expect(span?.duration_s).toBeCloseTo(3, 1);
    });
    expect(item("gopro/GH010124.MP4").span).toBeNull();
    expect(item("legacy/GOPR0050.MP4").span).toMatchObject({ index: 1, count: 2 });
    expect(item("legacy/GP010050.MP4").span).toMatchObject({ index: 2, count: 2 });
  });

  it("keeps a chapter set with a part missing grouped, naming the absent part", () => {
    expect(item("gap/GX010200.MP4").span).toMatchObject({ index: 1, count: 3, missing: [2] });
    expect(item("gap/GX030200.MP4").span).toMatchObject({ index: 3, count: 3, missing: [2] });
  });

  it("groups a FAT32 split whose first part is just under 4 GiB and whose timecode runs on, not two small takes", () => {
    const first = item("split/C0001.MOV").span;
    expect(first).toMatchObject({ index: 1, count: 2, start_timecode: "10:00:00:00" });
    expect(item("split/C0002.MOV").span).toMatchObject({ id: first?.id, index: 2, count: 2 });
    expect(item("takes/C0010.MOV").span).toBeNull();
    expect(item("takes/C0011.MOV").span).toBeNull();
  });

  it("exports a span's parts back to back in order, whatever order they were asked in", async () => {
    const ids = ["GH030123", "GH010123", "GH020123"].map((stem) => item(`gopro/${stem}.MP4`).id);
    const res = await api.request("GET", `/api/export/timeline/edl?ids=${ids.join(",")}`);
    expect(res.status, res.text).toBe(200);
    const names = [...res.text.matchAll(/FROM CLIP NAME: (\S+)/g)].map((m) => m[1]);
    expect(names).toEqual(["GH010123.MP4", "GH020123.MP4", "GH030123.MP4"]);
    const records = [...res.text.matchAll(/^\d{3}\s+.*\s(\d\d:\d\d:\d\d:\d\d) (\d\d:\d\d:\d\d:\d\d)$/gm)].map(
      (m) => [m[1], m[2]],
    );
    expect(records).toHaveLength(3);
    // Each part's record in is where the one before ended.
    expect(records[1]?.[0]).toBe(records[0]?.[1]);
    expect(records[2]?.[0]).toBe(records[1]?.[1]);
  });

  it("decides playback by codec: H.264/AAC in a .mov plays, ProRes and a 24-bit polyphonic WAV get a proxy", async () => {
    const stream = (path: string) => api.request("GET", `/api/stream?id=${item(path).id}`);
    const phone = await stream("play/phone.mov");
    expect(phone.status).toBe(200);
    expect(phone.headers["content-type"]).toBe("video/quicktime");
    const prores = await stream("play/prores.mov");
    expect(prores.status).toBe(200);
    expect(prores.headers["content-type"]).toBe("video/mp4");
    const poly = await stream("play/poly.wav");
    expect(poly.status).toBe(200);
    const file = join(api.home, "poly-proxy.mp4");
    await writeFile(file, poly.body);
    const { stdout } = await execa("ffprobe", [
      "-v",
      "error",
      "-show_entries",
      "stream=codec_name,channels",
      "-of",
      "csv=p=0",
      file,
    ]);
    expect(stdout.trim()).toBe("aac,2");
  });

  it("exits 0 for a pass of only RAW files, outside the halt streak, and links a proxy that arrives later", async () => {
    const ws = await tempWorkspace();
    try {
      await Promise.all([
        makeUndecodableMov(ws.root, "A001.braw", "brxq"),
        makeUndecodableMov(ws.root, "A002.braw", "brxq"),
        makeR3dHeader(ws.root, "C001_001.R3D", { ...R3D, model: "V-RAPTOR" }),
      ]);
      const first = await ingest(ws.root, { SVC_INGEST_HALT_STREAK: "1" });
      expect(first.exitCode, first.stderr).toBe(0);
      const summary = jsonLines(first.stdout).find((e) => e.event === "summary");
      expect(summary).toMatchObject({ needs_proxy: 3, failed: 0, halted: false, reconciled: true });

      await makeH264Clip(ws.root, "Proxy/A001.mov");
      const second = await ingest(ws.root);
      expect(second.exitCode, second.stderr).toBe(0);
      const statuses = Object.fromEntries(
        jsonLines(second.stdout)
          .filter((e) => e.event === "file")
          .map((e) => [e.path, e.status]),
      );
      expect(statuses).toEqual({
        "A001.braw": "ingested",
        "A002.braw": "needs_proxy",
        "C001_001.R3D": "needs_proxy",
      });

      // The proxy taken away again: the original waits for one once more, with its reason.
      await rm(join(ws.root, "Proxy/A001.mov"));
      const third = await ingest(ws.root);
      expect(third.exitCode, third.stderr).toBe(0);
      const again = jsonLines(third.stdout).find((e) => e.event === "file" && e.path === "A001.braw");
      expect(again).toMatchObject({ status: "needs_proxy", reason: expect.stringContaining("Proxy/A001") });
    } finally {
      await rm(ws.base, { recursive: true, force: true });
    }
  });
});
