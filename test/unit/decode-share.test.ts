import PQueue from "p-queue";
import { describe, expect, it } from "vitest";
import { decodeThreads, type Queues } from "../../pipeline/queues.js";
import { proxyStage } from "../../pipeline/stages/proxy.js";
import { thumbnailsStage } from "../../pipeline/stages/thumbnails.js";
import type { StageDeps, StageItem } from "../../pipeline/stages/types.js";

/** Queues whose CPU queue has `running` tasks in progress, each held until `release` is called. */
function busy(running: number) {
  const cpu = new PQueue({ concurrency: 16 });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  for (let i = 0; i < running; i++) void cpu.add(() => held);
  const queues = { cpu, asr: new PQueue(), modelhost: new PQueue() } as Queues;
  return { queues, release };
}

describe("the cores a decode is given", () => {
  it("leaves ffmpeg its own threads alone and shares the cores among decodes running together", () => {
    const cases: [running: number, cores: number, threads: number | undefined][] = [
      [1, 2, undefined],
      [2, 2, 1],
      [3, 2, 1],
      [1, 8, undefined],
      [2, 8, 4],
      [3, 8, 2],
      [8, 8, 1],
      [0, 4, undefined],
    ];
    for (const [running, cores, threads] of cases) {
      const { queues, release } = busy(running);
      expect(decodeThreads(queues, cores), `${running} running on ${cores} cores`).toBe(threads);
      release();
    }
  });
});

describe("stages that settle without a slot", () => {
  const item = (kind: StageItem["kind"], relPath: string): StageItem => ({
    mediaId: 1,
    relPath,
    absPath: `/p/${relPath}`,
    input: { path: `/p/${relPath}`, inputOptions: [], display: "" },
    kind,
    durationS: 1,
  });
  const depsWith = (row: Record<string, unknown>) =>
    ({ store: { media: { get: () => row } } }) as unknown as StageDeps;

  it("tells a video's thumbnail stage and a playable item's proxy stage at once, and queues real work", () => {
    const deps = depsWith({ codec: "h264", audio_codec: "aac", audio_channels: 2 });
    expect(thumbnailsStage.settle?.(item("video", "a.mp4"), deps)).toMatchObject({ status: "done" });
    expect(thumbnailsStage.settle?.(item("image", "a.png"), deps)).toBeNull();
    expect(proxyStage.settle?.(item("image", "a.png"), deps)).toMatchObject({ status: "skipped" });
    expect(proxyStage.settle?.(item("video", "a.mp4"), deps)).toMatchObject({
      status: "skipped",
      detail: "a browser plays the original",
    });
    const prores = depsWith({ codec: "prores", audio_codec: "pcm_s16le", audio_channels: 2 });
    expect(proxyStage.settle?.(item("video", "a.mov"), prores)).toBeNull();
  });
});
