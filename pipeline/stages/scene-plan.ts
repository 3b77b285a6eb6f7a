import type { SceneCut } from "../../adapters/ffmpeg.js";

export const MAX_SCENES = 15;
// Cuts closer than this to each other or to either end are flashes, not scenes.
const MIN_SCENE_S = 0.5;
// With no detected cut, a long single take still gets a key frame at least this often.
const EVEN_SPLIT_S = 30;

export interface PlannedScene {
  start_s: number;
  end_s: number;
  keyframe_s: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Turns detected cuts into 1–15 scenes covering the whole clip. When there are more cuts than
 * fit, the strongest are kept; when there are none, the clip is split evenly.
 */
export function planScenes(durationS: number, cuts: readonly SceneCut[]): PlannedScene[] {
  const duration = Math.max(0, durationS);
  const usable = cuts
    .filter((c) => c.timeS >= MIN_SCENE_S && c.timeS <= duration - MIN_SCENE_S)
    .sort((a, b) => b.score - a.score);
  const kept: number[] = [];
  for (const cut of usable) {
    if (kept.length >= MAX_SCENES - 1) break;
    if (kept.every((t) => Math.abs(t - cut.timeS) >= MIN_SCENE_S)) kept.push(cut.timeS);
  }
  kept.sort((a, b) => a - b);
  let bounds: number[];
  if (kept.length > 0) {
    bounds = [0, ...kept, duration];
  } else {
    const parts = Math.min(MAX_SCENES, Math.max(1, Math.ceil(duration / EVEN_SPLIT_S)));
    bounds = Array.from({ length: parts + 1 }, (_, i) => (duration * i) / parts);
  }
  return bounds.slice(0, -1).map((start, i) => {
    const end = bounds[i + 1] ?? duration;
    return { start_s: round(start), end_s: round(end), keyframe_s: round(start + (end - start) / 2) };
  });
}
