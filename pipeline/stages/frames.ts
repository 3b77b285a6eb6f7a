import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../../state/atomic.js";
import { derivedRelative } from "../../state/paths.js";
import type { SceneInput } from "../../state/repos/scenes.js";
import { planScenes } from "./scene-plan.js";
import { THUMB_WIDTH } from "./thumbnails.js";
import { type Stage, StageError } from "./types.js";

const MAX_DETECT_MS = 30 * 60_000;
const MIN_DETECT_MS = 120_000;

/** Scene detection gets ten times real time, at least two minutes, never more than 30 minutes. */
export function sceneDetectTimeoutMs(durationS: number | null): number {
  const scaled = (durationS ?? 0) * 10_000;
  return Math.min(MAX_DETECT_MS, Math.max(MIN_DETECT_MS, scaled));
}

export const framesStage: Stage = {
  name: "frames",
  resource: "cpu",
  async run(item, deps, signal) {
    if (item.kind !== "video") return { status: "skipped", detail: `${item.kind} has no frames` };
    const { ffmpeg, images } = deps.adapters;
    if (!ffmpeg) throw new StageError("ffmpeg is not available");
    const duration = item.durationS ?? 0;
    const cuts = await ffmpeg.sceneCuts(
      item.absPath,
      deps.config.sceneThreshold,
      sceneDetectTimeoutMs(item.durationS),
      signal,
    );
    const plan = planScenes(duration, cuts);
    const dir = join(deps.store.paths.frames, String(item.mediaId));
    const scenes: SceneInput[] = [];
    for (const [idx, scene] of plan.entries()) {
      const png = await ffmpeg.frameAt(item.absPath, scene.keyframe_s, THUMB_WIDTH, signal);
      const file = join(dir, `${idx}.jpg`);
      await writeFileAtomic(file, await images.thumbnail(png, THUMB_WIDTH));
      scenes.push({
        start_s: scene.start_s,
        end_s: scene.end_s,
        keyframe_path: derivedRelative(deps.store.paths, file),
      });
    }
    deps.store.scenes.replace(item.mediaId, scenes);
    // Key frames of an earlier, longer scene list are removed only once the new list is stored.
    const keep = new Set(plan.map((_, idx) => `${idx}.jpg`));
    for (const name of await readdir(dir)) {
      if (!keep.has(name)) await rm(join(dir, name), { force: true });
    }
    return { status: "done", detail: `${scenes.length} scene${scenes.length === 1 ? "" : "s"}` };
  },
};
