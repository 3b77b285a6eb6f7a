import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFfmpeg } from "../../adapters/ffmpeg.js";
import { createImages } from "../../adapters/images.js";
import {
  audioQualityLabel,
  exposureLabel,
  focusScore,
  measureScene,
} from "../../pipeline/stages/vision-measure.js";
import { MEASURE_CLIP, makeMeasureClip, makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg");

describe.skipIf(!hasTools)("measured vision fields on real pictures and clips", () => {
  const images = createImages();
  const ffmpeg = createFfmpeg(process.env.SVC_FFMPEG || "ffmpeg");
  const tools = { images, ffmpeg };
  const ws = { cleanup: async () => {}, root: "" };
  const clips: Record<string, string> = {};
  let testsrc = Buffer.alloc(0);
  const signal = new AbortController().signal;
  const window = { startS: 0, endS: MEASURE_CLIP.seconds };

  beforeAll(async () => {
    const made = await tempWorkspace("svc-measure-");
    Object.assign(ws, made);
    testsrc = await readFile(await makeStill(made.root, "png"));
    clips.still = await makeMeasureClip(made.root, "still.mp4", { picture: "still", audio: "silence" });
    clips.tone = await makeMeasureClip(made.root, "tone.mp4", { picture: "shaking", audio: "tone" });
    clips.clipped = await makeMeasureClip(made.root, "clipped.mp4", { picture: "still", audio: "clipped" });
    clips.mute = await makeMeasureClip(made.root, "mute.mp4", { picture: "still", audio: "none" });
  }, 120_000);
  afterAll(() => ws.cleanup());

  it("scores a sharp frame above the same frame blurred", async () => {
    const blurred = await sharp(testsrc).blur(8).png().toBuffer();
    const sharpVariance = await images.focus(testsrc);
    const blurVariance = await images.focus(blurred);
    expect(blurVariance).toBeLessThan(sharpVariance / 10);
    expect(focusScore(sharpVariance)).toBeGreaterThan(0.5);
    expect(focusScore(blurVariance)).toBeLessThan(0.5);
  });

  it("labels a near-black frame under, a near-white one over and a test pattern normal", async () => {
    const flat = (v: number) =>
      sharp({ create: { width: 640, height: 360, channels: 3, background: { r: v, g: v, b: v } } })
        .png()
        .toBuffer();
    const dark = await images.exposure(await flat(4));
    const bright = await images.exposure(await flat(252));
    const pattern = await images.exposure(testsrc);
    expect(dark.shadowsClipped).toBe(1);
    expect(bright.highlightsClipped).toBe(1);
    expect(exposureLabel(dark)).toBe("under");
    expect(exposureLabel(bright)).toBe("over");
    expect(exposureLabel(pattern)).toBe("normal");
    expect(pattern.mean).toBeGreaterThan(dark.mean);
    expect(pattern.mean).toBeLessThan(bright.mean);
  });

  it("sees almost no difference between a frame and itself, a large one against its negative", async () => {
    const negative = await sharp(testsrc).negate({ alpha: false }).png().toBuffer();
    expect(await images.difference(testsrc, testsrc)).toBe(0);
    expect(await images.difference(testsrc, negative)).toBeGreaterThan(0.2);
  });

  it("takes grey frames spaced in time, fewer when the clip ends first", async () => {
    const frames = await ffmpeg.framesAround(clips.tone as string, 0.5, 4, 0.25, 160, signal);
    expect(frames).toHaveLength(4);
    for (const frame of frames) {
      const meta = await sharp(frame).metadata();
      expect(meta).toMatchObject({ format: "png", width: 160, channels: 1 });
    }
    const tail = await ffmpeg.framesAround(
      clips.tone as string,
      MEASURE_CLIP.seconds - 0.5,
      6,
      0.2,
      160,
      signal,
    );
    expect(tail.length).toBeGreaterThan(0);
    expect(tail.length).toBeLessThan(6);
  });

  it("calls a held picture locked or steady and a jittering crop shaky", async () => {
    const held = await measureScene(
      { file: clips.still as string, kind: "video", keyframe: testsrc, ...window },
      tools,
      signal,
    );
    const shaken = await measureScene(
      { file: clips.tone as string, kind: "video", keyframe: testsrc, ...window },
      tools,
      signal,
    );
    expect(["locked", "steady"]).toContain(held.stability);
    expect(shaken.stability).toBe("shaky");
  });

  it("reads the audio window: silence, a −20 dBFS tone, a clipped tone and no track", async () => {
    const silent = await ffmpeg.audioStats(clips.still as string, 0, MEASURE_CLIP.seconds, signal);
    const tone = await ffmpeg.audioStats(clips.tone as string, 0.5, 2, signal);
    const clipped = await ffmpeg.audioStats(clips.clipped as string, 0, MEASURE_CLIP.seconds, signal);
    const none = await ffmpeg.audioStats(clips.mute as string, 0, MEASURE_CLIP.seconds, signal);
    expect(silent).toMatchObject({ rmsDb: null, peakDb: null, clippedShare: 0 });
    expect(silent?.silentShare).toBeGreaterThan(0.9);
    expect(tone?.peakDb).toBeCloseTo(-20, 0);
    expect(tone?.silentShare).toBe(0);
    expect(tone?.clippedShare).toBe(0);
    expect(clipped?.clippedShare).toBeGreaterThan(0.01);
    expect(none).toBeNull();
    expect([silent, tone, clipped, none].map(audioQualityLabel)).toEqual([
      "silent",
      "good",
      "clipped",
      "none",
    ]);
  });

  it("counts a window past the end of the audio as silence", async () => {
    const past = await ffmpeg.audioStats(clips.tone as string, MEASURE_CLIP.seconds - 1, 4, signal);
    expect(past?.silentShare).toBeGreaterThan(0.7);
  });

  it("measures a whole scene, and a still without stability or sound", async () => {
    const file = clips.tone as string;
    const keyframe = await ffmpeg.frameAt(file, 1.5, 480, signal);
    const scene = await measureScene({ file, kind: "video", keyframe, ...window }, tools, signal);
    expect(scene).toMatchObject({ exposure: "normal", stability: "shaky", audio_quality: "good" });
    expect(scene.focus_score).toBeGreaterThan(0.5);
    const photo = await measureScene(
      { file: "unused.png", kind: "image", keyframe: testsrc, startS: 0, endS: 0 },
      tools,
      signal,
    );
    expect(photo).toEqual({
      focus_score: focusScore(await images.focus(testsrc)),
      exposure: "normal",
      stability: null,
      audio_quality: "none",
    });
  });

  it("leaves stability unknown for a scene too short to hold two frames", async () => {
    const blink = await measureScene(
      { file: clips.tone as string, kind: "video", keyframe: testsrc, startS: 1, endS: 1.3 },
      tools,
      signal,
    );
    expect(blink.stability).toBeNull();
  });

  it("stops when the signal aborts and refuses a window that is not one", async () => {
    const controller = new AbortController();
    controller.abort();
    const input = { file: clips.tone as string, kind: "video" as const, keyframe: testsrc, ...window };
    await expect(measureScene(input, tools, controller.signal)).rejects.toThrow(/abort/i);
    await expect(ffmpeg.audioStats(input.file, 0, 3, controller.signal)).rejects.toMatchObject({
      reason: "aborted",
    });
    await expect(ffmpeg.framesAround(input.file, 0, 3, 0.2, 160, controller.signal)).rejects.toMatchObject({
      reason: "aborted",
    });
    await expect(measureScene({ ...input, startS: 2, endS: 1 }, tools, signal)).rejects.toThrow(
      /start < end/,
    );
    await expect(ffmpeg.audioStats(clips.tone as string, 0, 0, signal)).rejects.toThrow(/window/);
  });

  it("gives a clear error for a file ffmpeg cannot read", async () => {
    await expect(ffmpeg.audioStats(`${ws.root}/missing.mp4`, 0, 1, signal)).rejects.toThrow(/ffmpeg/);
    await expect(ffmpeg.framesAround(`${ws.root}/missing.mp4`, 0, 2, 0.2, 160, signal)).rejects.toThrow(
      /ffmpeg/,
    );
  });
});
