import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Analysis, SpriteOptions } from "../../adapters/ffmpeg.js";
import { ProcessError } from "../../adapters/process.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { framesDir, keyframeFile, thumbFile } from "../../state/derived-files.js";
import { makeFolder } from "../../state/folders.js";
import { derivedRelative } from "../../state/paths.js";
import type { SceneInput } from "../../state/repos/scenes.js";
import { lutForItem } from "../luts.js";
import { decodeThreads } from "../queues.js";
import { storePeaks } from "./peaks.js";
import { type PlannedScene, planScenes } from "./scene-plan.js";
import { type SceneSignals, withSceneSignals } from "./signals.js";
import { spriteRequest, storeSprite } from "./sprite.js";
import { THUMB_WIDTH, thumbnailFromSamples, videoThumbnail } from "./thumbnails.js";
import { labelItemPaths, type Stage, type StageDeps, StageError, type StageItem } from "./types.js";
import { audioQualityLabel, audioStatsFromTrack, stabilityFromMotion } from "./vision-measure.js";

const MAX_DETECT_MS = 30 * 60_000;
const MIN_DETECT_MS = 120_000;

/** Scene detection gets ten times real time, at least two minutes, never more than 30 minutes. */
export function sceneDetectTimeoutMs(durationS: number | null): number {
  const scaled = (durationS ?? 0) * 10_000;
  return Math.min(MAX_DETECT_MS, Math.max(MIN_DETECT_MS, scaled));
}

/**
 * How often the analysis pass keeps a small frame: often enough that nearly every scene has one
 * near its middle, rarely enough that a long take stays a few hundred files. Whole steps keep the
 * fps filter's time base exact, so a sample's index gives its time.
 */
export function sampleInterval(durationS: number): number {
  if (durationS <= 60) return 0.5;
  if (durationS <= 300) return 1;
  if (durationS <= 900) return 2;
  if (durationS <= 3600) return 5;
  return 10;
}

type Sample = { timeS: number; file: string };

/** The sample inside the scene closest to its middle, if the scene is long enough to hold one. */
function sampleFor(scene: PlannedScene, samples: readonly Sample[]): Sample | undefined {
  let best: Sample | undefined;
  for (const sample of samples) {
    if (sample.timeS < scene.start_s || sample.timeS >= scene.end_s) continue;
    if (!best || Math.abs(sample.timeS - scene.keyframe_s) < Math.abs(best.timeS - scene.keyframe_s))
      best = sample;
  }
  return best;
}

async function keyframeImage(
  item: StageItem,
  deps: StageDeps,
  scene: PlannedScene,
  sample: Sample | undefined,
  signal: AbortSignal,
  lut: string | undefined,
) {
  const { ffmpeg, images } = deps.adapters;
  // The pass already wrote the sample as a JPEG at key-frame size: encoding it again only costs.
  if (sample) return readFile(sample.file);
  if (!ffmpeg) throw new StageError("ffmpeg is not available");
  // A scene shorter than the sampling step: one exact seek for it alone.
  return images.thumbnail(
    await ffmpeg.frameAt(item.input, scene.keyframe_s, THUMB_WIDTH, signal, false, lut),
    THUMB_WIDTH,
  );
}

/**
 * The one decode of the clip, with its sound when it has a track (measured, and its waveform
 * peaks read from the same decode). A sound ffmpeg cannot decode must not cost the clip its
 * scenes: the pass is run again without it, its quality is unknown and it has no peaks
 * (`noPeaks` says why there are none).
 */
async function analyseClip(
  item: StageItem,
  deps: StageDeps,
  work: string,
  signal: AbortSignal,
  lut: string | undefined,
  sprite: SpriteOptions | undefined,
): Promise<{ analysis: Analysis; audioMeasured: boolean; noPeaks: string }> {
  const { ffmpeg } = deps.adapters;
  if (!ffmpeg) throw new StageError("ffmpeg is not available");
  const hasAudio = (deps.store.media.get(item.mediaId)?.audio_tracks ?? 0) > 0;
  const options = {
    threshold: deps.config.sceneThreshold,
    sampleEveryS: sampleInterval(item.durationS ?? 0),
    sprite,
    sampleWidth: THUMB_WIDTH,
    sampleDir: work,
    timeoutMs: sceneDetectTimeoutMs(item.durationS),
    motion: true,
    audio: hasAudio,
    lut,
    threads: decodeThreads(deps.queues),
  };
  try {
    return {
      analysis: await ffmpeg.analyse(item.input, options, signal),
      audioMeasured: true,
      noPeaks: hasAudio ? "the sound held no sample" : "no audio track",
    };
  } catch (error) {
    // A timeout is not the sound's fault, and a second pass would only take as long again.
    if (!hasAudio || signal.aborted || !(error instanceof ProcessError) || error.reason !== "failed")
      throw error;
    const reason = labelItemPaths(item, deps.store.paths.root)(error.message);
    deps.log.warn({ file: item.relPath, reason }, "frames: the sound could not be measured");
    for (const name of await readdir(work)) await rm(join(work, name), { force: true });
    return {
      analysis: await ffmpeg.analyse(item.input, { ...options, audio: false }, signal),
      audioMeasured: false,
      noPeaks: `the sound could not be decoded: ${reason}`,
    };
  }
}

/**
 * Scenes and their key frames, the measured motion and sound of each scene, the video's
 * thumbnail and scrub sprite and its sound's waveform peaks, all from one decode of the clip.
 */
export const framesStage: Stage = {
  name: "frames",
  resource: "cpu",
  async run(item, deps, signal) {
    if (item.kind !== "video") return { status: "skipped", detail: `${item.kind} has no frames` };
    const duration = item.durationS ?? 0;
    const dir = framesDir(deps.store.paths, item.mediaId);
    await makeFolder(deps.store.paths.frames);
    const work = await mkdtemp(join(deps.store.paths.frames, `.analyse-${item.mediaId}-`));
    try {
      const profile = deps.store.media.get(item.mediaId)?.color_profile;
      const lut = await lutForItem(deps.config, profile, deps.log);
      const sprite = spriteRequest(item.durationS, sampleInterval(duration), work);
      const { analysis, audioMeasured, noPeaks } = await analyseClip(item, deps, work, signal, lut, sprite);
      const plan = planScenes(duration, analysis.cuts);
      const scenes: SceneInput[] = [];
      for (const [idx, scene] of plan.entries()) {
        const jpeg = await keyframeImage(item, deps, scene, sampleFor(scene, analysis.samples), signal, lut);
        const file = keyframeFile(deps.store.paths, item.mediaId, idx);
        await writeFileAtomic(file, withSceneSignals(jpeg, sceneSignals(scene, analysis, audioMeasured)));
        scenes.push({
          start_s: scene.start_s,
          end_s: scene.end_s,
          keyframe_path: derivedRelative(deps.store.paths, file),
        });
      }
      const { images } = deps.adapters;
      const thumb =
        (await thumbnailFromSamples(analysis.samples, duration, images)) ??
        (await images.thumbnail(await videoThumbnail(item, deps.adapters, signal, lut), THUMB_WIDTH));
      const thumbPath = thumbFile(deps.store.paths, item.mediaId);
      await writeFileAtomic(thumbPath, thumb);
      deps.store.scenes.replace(item.mediaId, scenes);
      await storePeaks(deps, item.mediaId, analysis.peaks, noPeaks);
      await storeSprite(
        deps,
        item.mediaId,
        sprite,
        sprite ? "no frame was decoded" : "its length is unknown",
      );
      // Key frames of an earlier, longer scene list are removed only once the new list is stored.
      const keep = new Set(plan.map((_, idx) => basename(keyframeFile(deps.store.paths, item.mediaId, idx))));
      for (const name of await readdir(dir)) {
        if (!keep.has(name)) await rm(join(dir, name), { force: true });
      }
      return {
        status: "done",
        detail: `${scenes.length} scene${scenes.length === 1 ? "" : "s"}`,
        thumbPath: derivedRelative(deps.store.paths, thumbPath),
      };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  },
};

function sceneSignals(scene: PlannedScene, analysis: Analysis, audioMeasured: boolean): SceneSignals {
  const { start_s, end_s } = scene;
  if (!(end_s > start_s)) return { start_s, end_s, stability: null, audio_quality: null };
  return {
    start_s,
    end_s,
    stability: stabilityFromMotion(analysis.motion, start_s, end_s),
    audio_quality: !audioMeasured
      ? null
      : audioQualityLabel(analysis.audio && audioStatsFromTrack(analysis.audio, start_s, end_s)),
  };
}
