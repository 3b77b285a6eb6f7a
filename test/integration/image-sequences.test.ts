import { access, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";
import { makeFrames, packTimecode, setDpxFields, setExrFields } from "../support/camera/sequences.js";
import { jsonLines, svc } from "../support/cli.js";
import { needTools } from "../support/tools.js";

interface Item {
  id: number;
  path: string;
  name: string;
  type: string;
  size: number;
  duration_s: number | null;
  fps: number | null;
  fps_rational: string | null;
  width: number | null;
  height: number | null;
  codec: string | null;
  start_timecode: string | null;
  timecode_source: string | null;
  sequence: { first: number; last: number; count: number; missing: number[]; missing_count: number } | null;
  thumbnail_url: string | null;
  status: string;
}

type Json = Record<string, unknown>;

const TEN_HOURS = { hours: 10, minutes: 0, seconds: 0, frames: 0, dropFrame: false };

/** A one-picture JPEG named as cameras name stills. */
async function cameraStill(root: string, relPath: string): Promise<void> {
  await mkdir(join(root, relPath, ".."), { recursive: true });
  await execa("ffmpeg", [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x36:duration=1"],
    ...["-frames:v", "1", join(root, relPath)],
  ]);
}

describe.skipIf(!needTools("ffmpeg", "ffprobe"))("image sequences", () => {
  let api: TestApi;
  let root = "";
  let env: Record<string, string> = {};
  const items = new Map<string, Item>();
  let firstPass: Json[] = [];

  const ingest = async (...args: string[]) => {
    const run = await svc(["ingest", "--progress", "json", "--no-embed", ...args], env);
    const events = jsonLines(run.stdout) as Json[];
    return { run, events, summary: events.find((e) => e.event === "summary") as Json };
  };
  const listAll = async () => {
    const res = await api.request("GET", "/api/media?limit=200");
    expect(res.status, res.text).toBe(200);
    const found = res.json<{ items: Item[] }>().items;
    items.clear();
    for (const item of found) items.set(item.path, item);
    return found;
  };
  const item = (path: string) => {
    const found = items.get(path);
    if (!found) throw new Error(`no item ${path} among ${[...items.keys()].join(", ")}`);
    return found;
  };
  const fileEvent = (events: Json[], path: string) =>
    events.find((e) => e.event === "file" && e.path === path) as Json | undefined;

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    env = { PROJECT_ROOT: root, SVC_HOME: api.home };
    // A DPX sequence whose television header gives 25 fps and 10:00:00:00.
    for (const frame of await makeFrames(root, "plates", "shot020_comp_v003", {
      ext: "dpx",
      first: 1001,
      count: 3,
    }))
      await setDpxFields(frame, { fps: 25, timecode: packTimecode(TEN_HOURS) });
    // The same again, for the case that renders it anew: the other cases read the first untouched.
    for (const frame of await makeFrames(root, "rerender", "plate_v001", {
      ext: "dpx",
      first: 1001,
      count: 3,
    }))
      await setDpxFields(frame, { fps: 25, timecode: packTimecode(TEN_HOURS) });
    // An EXR sequence, underscore form, whose header claims 10,000 fps.
    for (const frame of await makeFrames(root, "exr", "plate", {
      ext: "exr",
      first: 1,
      count: 3,
      separator: "_",
    }))
      await setExrFields(frame, { fps: [10_000, 1] });
    // A DPX sequence whose timecode is a negative number in the unsigned field.
    for (const frame of await makeFrames(root, "neg", "n", { ext: "dpx", first: 1, count: 2 }))
      await setDpxFields(frame, { timecode: 0x80000000 });
    // A TIFF sequence with frame 3 missing.
    await makeFrames(root, "gap", "g", { ext: "tif", first: 1, count: 5, skip: [3] });
    // Two PNG sequences interleaved in one folder.
    await makeFrames(root, "mixed", "a", { ext: "png", first: 1, count: 2 });
    await makeFrames(root, "mixed", "b", { ext: "png", first: 1, count: 2 });
    // A lone DPX frame, camera stills, and one numbered PNG ingested as a still before its sequence.
    await makeFrames(root, "lone", "x", { ext: "dpx", first: 1, count: 1 });
    for (const name of ["IMG_0001.JPG", "IMG_0002.JPG", "DSC_0001.JPG", "DSC_0002.JPG", "DSC01234.JPG"])
      await cameraStill(root, `stills/${name}`);
    await makeFrames(root, "render", "r", { ext: "png", first: 1, count: 1 });
    const first = await ingest();
    expect(first.run.exitCode, first.run.stderr).toBe(0);
    firstPass = first.events;
    await listAll();
  }, 240_000);

  afterAll(async () => {
    await api?.close();
  });

  it("counts each sequence once and reports its frames, so the pass reconciles", () => {
    const summary = firstPass.find((e) => e.event === "summary") as Json;
    expect(summary).toMatchObject({
      reconciled: true,
      exit_code: 0,
      failed: 0,
      sequence_frames: 3 + 3 + 3 + 2 + 4 + 2 + 2,
    });
    // 7 sequences, 5 camera stills and the lone PNG; the lone DPX is skipped with its reason.
    expect(summary.ingested).toBe(13);
    expect(fileEvent(firstPass, "lone/x.0001.dpx")).toMatchObject({
      status: "skipped",
      reason: expect.stringContaining("a lone frame"),
    });
  });

  it("makes one video item of a DPX sequence, with rate and timecode from its header", () => {
    const plate = item("plates/shot020_comp_v003.####.dpx");
    expect(plate).toMatchObject({
      name: "shot020_comp_v003.####.dpx",
      type: "video",
      status: "done",
      codec: "dpx",
      width: 64,
      height: 36,
      fps: 25,
      fps_rational: "25/1",
      duration_s: 0.12,
      start_timecode: "10:00:00:00",
      timecode_source: "dpx",
      sequence: { first: 1001, last: 1003, count: 3, missing: [], missing_count: 0 },
    });
    expect(plate.thumbnail_url).not.toBeNull();
    expect(plate.size).toBeGreaterThan(3 * 8000);
  });

  it("ignores a header's impossible rate or negative timecode, and says so", () => {
    expect(item("exr/plate_####.exr")).toMatchObject({
      fps: 24,
      start_timecode: "00:00:00:01",
      timecode_source: "frame-number",
      status: "done",
    });
    expect(fileEvent(firstPass, "exr/plate_####.exr")).toMatchObject({
      status: "ingested",
      reason: expect.stringContaining("claims 10000 frames per second"),
    });
    expect(item("neg/n.####.dpx")).toMatchObject({
      timecode_source: "frame-number",
      start_timecode: "00:00:00:01",
    });
    expect(fileEvent(firstPass, "neg/n.####.dpx")?.reason).toMatch(
      /timecode \(0x80000000\) is not a valid timecode/,
    );
  });

  it("keeps a sequence with a missing frame whole: its duration runs first to last, its pictures still come", () => {
    expect(item("gap/g.####.tif")).toMatchObject({
      status: "done",
      duration_s: Math.round((5 / 24) * 1000) / 1000,
      sequence: { first: 1, last: 5, count: 4, missing: [3], missing_count: 1 },
    });
    expect(item("gap/g.####.tif").thumbnail_url).not.toBeNull();
    expect(fileEvent(firstPass, "gap/g.####.tif")?.reason).toContain("1 frame missing between 1 and 5");
  });

  it("keeps interleaved sequences apart and camera stills as stills", () => {
    expect(item("mixed/a.####.png").sequence?.count).toBe(2);
    expect(item("mixed/b.####.png").sequence?.count).toBe(2);
    for (const name of ["IMG_0001.JPG", "IMG_0002.JPG", "DSC_0001.JPG", "DSC_0002.JPG", "DSC01234.JPG"])
      expect(item(`stills/${name}`)).toMatchObject({ type: "image", sequence: null });
  });

  it("plays a sequence through its playback proxy", async () => {
    const res = await api.request("GET", `/api/stream?id=${item("plates/shot020_comp_v003.####.dpx").id}`);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("video/mp4");
  });

  it("exports a sequence the way each format refers to one", async () => {
    const plate = item("plates/shot020_comp_v003.####.dpx");
    const get = async (fmt: string) => {
      const res = await api.request("GET", `/api/export/timeline/${fmt}?ids=${plate.id}`);
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      return res.text;
    };
    const otio = JSON.parse(await get("otio"));
    const clip = otio.tracks.children[0].children[0];
    const reference = clip.media_references[clip.active_media_reference_key];
    expect(reference).toMatchObject({
      OTIO_SCHEMA: "ImageSequenceReference.1",
      name_prefix: "shot020_comp_v003.",
      name_suffix: ".dpx",
      start_frame: 1001,
      frame_step: 1,
      rate: 25,
      frame_zero_padding: 4,
    });
    expect(reference.target_url_base).toMatch(/^file:\/\/.*\/plates\/$/);
    expect(reference.available_range.duration.value).toBe(3);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" });
    const fcpxml = parser.parse(await get("fcpxml"));
    expect(fcpxml.fcpxml.resources.asset["media-rep"].src).toMatch(/\/plates\/shot020_comp_v003\.1001\.dpx$/);
    expect(await get("xmeml")).toMatch(/<pathurl>[^<]*\/plates\/shot020_comp_v003\.1001\.dpx<\/pathurl>/);
    expect(await get("edl")).toContain("* FROM CLIP NAME: shot020_comp_v003.####.dpx");
  });

  it("makes an editor proxy of a sequence, named after it", async () => {
    const plate = item("plates/shot020_comp_v003.####.dpx");
    const res = await api.request("POST", "/api/proxy/editor", { body: { ids: [plate.id] } });
    expect(res.status, res.text).toBe(200);
    expect(JSON.stringify(res.json())).toContain("plates/Proxy/shot020_comp_v003.mov");
    await access(join(root, "plates/Proxy/shot020_comp_v003.mov"));
  });

  it("leaves an unchanged sequence unchanged and probes a re-rendered one again", async () => {
    const again = await ingest();
    expect(again.run.exitCode, again.run.stderr).toBe(0);
    expect(again.summary).toMatchObject({ ingested: 0, failed: 0, reconciled: true });
    // Rendered again over the same numbers, with other pictures.
    await execa("ffmpeg", [
      ...["-v", "error", "-y", "-f", "lavfi", "-i", "smptebars=size=64x36:rate=24:duration=1"],
      ...["-frames:v", "3", "-start_number", "1001", "-f", "image2"],
      join(root, "rerender/plate_v001.%04d.dpx"),
    ]);
    const rendered = await ingest();
    expect(rendered.run.exitCode, rendered.run.stderr).toBe(0);
    expect(fileEvent(rendered.events, "rerender/plate_v001.####.dpx")?.status).toBe("ingested");
    expect(rendered.summary).toMatchObject({ ingested: 1, reconciled: true });
    await listAll();
    // Its new frames carry no television header: the rate and timecode fall back.
    expect(item("rerender/plate_v001.####.dpx")).toMatchObject({
      fps: 24,
      timecode_source: "frame-number",
    });
  });

  it("does not regroup frames already ingested as stills unless asked to with --refresh", async () => {
    await makeFrames(root, "render", "r", { ext: "png", first: 1, count: 3 });
    const plain = await ingest();
    expect(plain.run.exitCode, plain.run.stderr).toBe(0);
    await listAll();
    expect(item("render/r.0002.png").type).toBe("image");
    expect(items.has("render/r.####.png")).toBe(false);

    const refreshed = await ingest("--refresh", "--dir", "render");
    expect(refreshed.run.exitCode, refreshed.run.stderr).toBe(0);
    expect(refreshed.summary).toMatchObject({ ingested: 1, sequence_frames: 3, reconciled: true });
    await listAll();
    expect(item("render/r.####.png").sequence).toMatchObject({ first: 1, last: 3, count: 3 });
    for (const frame of ["r.0001.png", "r.0002.png", "r.0003.png"]) {
      expect(items.has(`render/${frame}`)).toBe(false);
      await access(join(root, "render", frame));
    }
  });
});
