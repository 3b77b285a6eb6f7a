import { mkdtemp, readFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Analysis, createFfmpeg } from "../../adapters/ffmpeg.js";
import { createImages } from "../../adapters/images.js";
import { planScenes } from "../../pipeline/stages/scene-plan.js";
import {
  audioQualityLabel,
  audioStatsFromTrack,
  measureScene,
  stabilityFromMotion,
} from "../../pipeline/stages/vision-measure.js";
import { MEASURE_CLIP, makeMeasureClip, makeSceneClip, SCENE_CLIP } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg");
const BIN = process.env.SVC_FFMPEG || "ffmpeg";
const FRAME_S = 1 / 25;

/**
 * The single analysis pass must find what the separate decodes it replaced found: the scene cuts
 * of the former scene-only pass (scores on 320 px frames), and per scene the stability and sound
 * that measureScene still decodes the clip for.
 */
describe.skipIf(!hasTools)("the one analysis pass per clip", () => {
  const ffmpeg = createFfmpeg(BIN);
  const images = createImages();
  const ws = { cleanup: async () => {}, root: "" };
  const clips: Record<string, string> = {};
  const signal = new AbortController().signal;

  const analyse = async (file: string, audio: boolean): Promise<Analysis> =>
    ffmpeg.analyse(
      file,
      {
        threshold: 0.3,
        sampleEveryS: 0.5,
        sampleWidth: 480,
        sampleDir: await mkdtemp(join(ws.root, "samples-")),
        timeoutMs: 60_000,
        motion: true,
        audio,
      },
      signal,
    );

  beforeAll(async () => {
    const made = await tempWorkspace("svc-analysis-");
    Object.assign(ws, made);
    clips.scenes = await makeSceneClip(made.root);
    clips.still = await makeMeasureClip(made.root, "still.mp4", { picture: "still", audio: "silence" });
    clips.tone = await makeMeasureClip(made.root, "tone.mp4", { picture: "shaking", audio: "tone" });
    clips.quiet = await makeMeasureClip(made.root, "quiet.mp4", {
      picture: "still",
      audio: "tone",
      toneDbfs: -50,
    });
    clips.clipped = await makeMeasureClip(made.root, "clipped.mp4", { picture: "still", audio: "clipped" });
    clips.mute = await makeMeasureClip(made.root, "mute.mp4", { picture: "still", audio: "none" });
  }, 120_000);
  afterAll(() => ws.cleanup());

  it("finds the cuts the former 320 px scene pass found, within one frame, with a sample every step", async () => {
    const { stderr } = await execa(BIN, [
      ...["-hide_banner", "-nostdin", "-nostats", "-v", "info", "-i", clips.scenes as string, "-an"],
      ...["-vf", "scale=320:-2:flags=fast_bilinear,select='gt(scene,0.3)',metadata=print", "-f", "null", "-"],
    ]);
    const before = [...stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
    expect(before).toHaveLength(SCENE_CLIP.cuts.length);

    const analysis = await analyse(clips.scenes as string, true);
    expect(analysis.cuts.map((c) => c.timeS)).toHaveLength(before.length);
    analysis.cuts.forEach((cut, i) => {
      expect(Math.abs(cut.timeS - (before[i] ?? Number.NaN))).toBeLessThanOrEqual(FRAME_S);
      expect(Math.abs(cut.timeS - (SCENE_CLIP.cuts[i] ?? Number.NaN))).toBeLessThanOrEqual(FRAME_S);
      expect(cut.score).toBeGreaterThan(0.3);
    });
    const plan = planScenes(SCENE_CLIP.seconds, analysis.cuts);
    expect(plan.map((s) => s.start_s)).toEqual([0, ...SCENE_CLIP.cuts]);
    expect(analysis.samples.map((s) => s.timeS)).toEqual(
      Array.from({ length: SCENE_CLIP.seconds / 0.5 }, (_, i) => i * 0.5),
    );
    // Motion every 0.2 s after the first frame, sound in 0.2 s windows over the whole clip.
    expect(analysis.motion.length).toBeGreaterThanOrEqual(SCENE_CLIP.seconds / 0.2 - 2);
    expect(analysis.audio?.decodedS).toBeCloseTo(SCENE_CLIP.seconds, 1);
  });

  it.each([
    ["still", "still"],
    ["tone", "shaking"],
  ])("labels the stability of the %s clip (%s) as the per-scene decode does", async (name) => {
    const file = clips[name] as string;
    const keyframe = await ffmpeg.frameAt(file, 1.5, 480, signal);
    const analysis = await analyse(file, true);
    for (const [startS, endS] of [
      [0, MEASURE_CLIP.seconds],
      [0.3, 2.1],
    ] as const) {
      const before = await measureScene(
        { file, kind: "video", keyframe, startS, endS },
        { images, ffmpeg },
        signal,
      );
      expect(stabilityFromMotion(analysis.motion, startS, endS)).toBe(before.stability);
    }
    expect(stabilityFromMotion(analysis.motion, 1, 1.3)).toBeNull();
  });

  it.each(["still", "tone", "quiet", "clipped", "mute"])(
    "labels the sound of the %s clip as the per-scene decode does",
    async (name) => {
      const file = clips[name] as string;
      const hasAudio = name !== "mute";
      const analysis = await analyse(file, hasAudio);
      for (const [startS, endS] of [
        [0, MEASURE_CLIP.seconds],
        [0.5, 2.5],
        [MEASURE_CLIP.seconds - 1, MEASURE_CLIP.seconds + 3],
      ] as const) {
        const before = await ffmpeg.audioStats(file, startS, endS - startS, signal);
        const after = analysis.audio && audioStatsFromTrack(analysis.audio, startS, endS);
        expect(audioQualityLabel(after)).toBe(audioQualityLabel(before));
        if (before?.rmsDb != null) expect(after?.rmsDb).toBeCloseTo(before.rmsDb, 0);
        expect(after?.silentShare ?? 1).toBeCloseTo(before?.silentShare ?? 1, 1);
        expect(after?.clippedShare ?? 0).toBeCloseTo(before?.clippedShare ?? 0, 2);
      }
    },
  );

  it("keeps the sample frames as JPEG files named by their time", async () => {
    const analysis = await analyse(clips.tone as string, true);
    const first = analysis.samples[0];
    expect(first?.timeS).toBe(0);
    const bytes = await readFile(first?.file as string);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("stops when the signal aborts", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      ffmpeg.analyse(
        clips.tone as string,
        {
          threshold: 0.3,
          sampleEveryS: 0.5,
          sampleWidth: 480,
          sampleDir: await mkdtemp(join(ws.root, "samples-")),
          timeoutMs: 60_000,
          motion: true,
          audio: true,
        },
        controller.signal,
      ),
    ).rejects.toMatchObject({ reason: "aborted" });
  });
});
