import { describe, expect, it } from "vitest";
import { MAX_SCENES, planScenes } from "../../pipeline/stages/scene-plan.js";

describe("planScenes", () => {
  it("turns cuts into contiguous scenes covering the clip with a key frame mid-scene", () => {
    const scenes = planScenes(6, [
      { timeS: 2, score: 0.9 },
      { timeS: 4, score: 0.8 },
    ]);
    expect(scenes).toEqual([
      { start_s: 0, end_s: 2, keyframe_s: 1 },
      { start_s: 2, end_s: 4, keyframe_s: 3 },
      { start_s: 4, end_s: 6, keyframe_s: 5 },
    ]);
  });

  it("gives one scene for a short clip without cuts", () => {
    expect(planScenes(8, [])).toEqual([{ start_s: 0, end_s: 8, keyframe_s: 4 }]);
  });

  it("spreads key frames evenly over a long single take", () => {
    const scenes = planScenes(95, []);
    expect(scenes).toHaveLength(4);
    expect(scenes[0]?.start_s).toBe(0);
    expect(scenes.at(-1)?.end_s).toBe(95);
  });

  it("never plans more than 15 scenes, keeping the strongest cuts", () => {
    const cuts = Array.from({ length: 40 }, (_, i) => ({ timeS: i * 2 + 1, score: i === 7 ? 0.99 : 0.4 }));
    const scenes = planScenes(90, cuts);
    expect(scenes).toHaveLength(MAX_SCENES);
    expect(scenes.some((s) => s.start_s === 15)).toBe(true);
    for (let i = 1; i < scenes.length; i += 1) expect(scenes[i]?.start_s).toBe(scenes[i - 1]?.end_s);
  });

  it("caps a very long take at 15 evenly spaced key frames", () => {
    expect(planScenes(3 * 3600, [])).toHaveLength(MAX_SCENES);
  });

  it("ignores flashes at the very start and end and cuts too close together", () => {
    const scenes = planScenes(10, [
      { timeS: 0.1, score: 1 },
      { timeS: 5, score: 0.9 },
      { timeS: 5.2, score: 0.8 },
      { timeS: 9.9, score: 1 },
    ]);
    expect(scenes.map((s) => s.start_s)).toEqual([0, 5]);
  });
});
