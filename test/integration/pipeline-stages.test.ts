import { existsSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaRow } from "../../state/repos/media.js";
import type { SceneRow } from "../../state/repos/scenes.js";
import { openLibrary } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import {
  makeAudioWithCoverArt,
  makeBlackOpeningClip,
  makeSceneClip,
  makeStill,
  makeTimecodedClip,
  SCENE_CLIP,
  TIMECODED_CLIP,
} from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const hasExiftool = needTools("exiftool");
const STILLS = ["png", "jpg", "webp", "gif", "svg"] as const;

describe.skipIf(!hasTools)("ingest stages on real media", () => {
  const ws = { cleanup: async () => {}, root: "" };
  const rows = new Map<string, MediaRow>();
  const scenes = new Map<string, SceneRow[]>();

  beforeAll(async () => {
    const made = await tempWorkspace();
    Object.assign(ws, made);
    await makeTimecodedClip(made.root, "timecoded.mp4");
    await makeSceneClip(made.root, "scenes.mp4");
    await makeBlackOpeningClip(made.root, "black-open.mp4");
    const cover = await makeAudioWithCoverArt(made.root);
    for (const format of STILLS) await makeStill(made.root, format, `still.${format}`);
    const result = await svc(["ingest"], made.env());
    if (result.exitCode !== 0) throw new Error(`ingest failed: ${result.stdout}\n${result.stderr}`);
    const lib = openLibrary(made.root);
    for (const row of lib.media.all()) {
      rows.set(row.rel_path, row);
      scenes.set(row.rel_path, lib.scenes.forMedia(row.id));
    }
    rows.set("cover", rows.get(cover.split("/").pop() ?? "") as MediaRow);
    lib.close();
  }, 180_000);
  afterAll(() => ws.cleanup());

  const thumbOf = (rel: string) => join(ws.root, ".svc", rows.get(rel)?.thumb_path ?? "missing");

  it("probes duration, codec, fps, size, start timecode, audio tracks, channels, sample rate and capture date", () => {
    const row = rows.get("timecoded.mp4");
    expect(row).toMatchObject({
      kind: "video",
      codec: "h264",
      fps: TIMECODED_CLIP.fps,
      width: TIMECODED_CLIP.width,
      height: TIMECODED_CLIP.height,
      start_timecode: TIMECODED_CLIP.startTimecode,
      audio_tracks: TIMECODED_CLIP.audioTracks,
      audio_channels: TIMECODED_CLIP.audioChannels,
      audio_sample_rate: TIMECODED_CLIP.sampleRate,
      shot_date: TIMECODED_CLIP.shotDate,
    });
    expect(row?.duration_s).toBeCloseTo(4, 0);
    expect(row?.creation_date).toMatch(/^2024-03-05T23:30:00/);
  });

  it.skipIf(!hasExiftool)("keeps exiftool tags without file-system paths", () => {
    const meta = JSON.parse(rows.get("timecoded.mp4")?.metadata_json ?? "{}") as Record<string, unknown>;
    expect(Object.keys(meta).length).toBeGreaterThan(3);
    expect(JSON.stringify(meta)).not.toContain(ws.root);
    expect(meta).not.toHaveProperty("SourceFile");
  });

  it("leaves codec, fps, width and height null for audio, even with cover art", () => {
    const row = rows.get("cover");
    expect(row).toMatchObject({ kind: "audio", codec: null, fps: null, width: null, height: null });
    expect(row?.duration_s).toBeGreaterThan(0);
    expect(scenes.get(row?.rel_path ?? "")).toEqual([]);
  });

  it("draws a waveform thumbnail for audio", async () => {
    const meta = await sharp(thumbOf(rows.get("cover")?.rel_path ?? "")).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(120);
  });

  it.each(STILLS)("thumbnails a %s still within 480 px and records its size", async (format) => {
    const row = rows.get(`still.${format}`);
    expect(row).toMatchObject({ kind: "image", width: 640, height: 360, duration_s: null, status: "done" });
    expect(row).toMatchObject({ audio_tracks: 0, audio_channels: null, audio_sample_rate: null });
    const meta = await sharp(thumbOf(`still.${format}`)).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(270);
  });

  it("finds the three scenes of a cut clip, each with a key frame file", () => {
    const list = scenes.get("scenes.mp4") ?? [];
    expect(list).toHaveLength(SCENE_CLIP.scenes);
    expect(list[0]?.start_s).toBe(0);
    for (const [i, cut] of SCENE_CLIP.cuts.entries()) {
      expect(list[i]?.end_s).toBeCloseTo(cut, 0);
      expect(list[i + 1]?.start_s).toBeCloseTo(cut, 0);
    }
    expect(list.at(-1)?.end_s).toBeCloseTo(SCENE_CLIP.seconds, 0);
    for (const scene of list) {
      expect(scene.duration_s).toBeCloseTo(scene.end_s - scene.start_s, 3);
      expect(existsSync(join(ws.root, ".svc", scene.keyframe_path))).toBe(true);
      expect(scene.description).toBeNull();
    }
  });

  it("gives an uncut short clip one scene with one key frame", () => {
    const list = scenes.get("timecoded.mp4") ?? [];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ start_s: 0 });
  });

  it("picks a thumbnail frame that is not black", async () => {
    const stats = await sharp(thumbOf("black-open.mp4")).greyscale().stats();
    expect(stats.channels[0]?.mean).toBeGreaterThan(30);
  });

  it("stores derived paths relative to .svc, never absolute", () => {
    for (const row of rows.values()) {
      expect(row.thumb_path?.startsWith("thumbs/")).toBe(true);
      expect(row.rel_path.startsWith("/")).toBe(false);
    }
  });
});
