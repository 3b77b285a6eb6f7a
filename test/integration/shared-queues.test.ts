import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Adapters, createAdapters } from "../../adapters/index.js";
import { runIngest } from "../../library/jobs/ingest.js";
import { loadConfig } from "../../state/config.js";
import { silentLogger } from "../../state/logger.js";
import { openLibrary, openRegistry, type RegistryStore } from "../../state/stores.js";
import { testContext } from "../support/context.js";
import { makeMeasureClip, makeSceneClip, makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/**
 * Counts the calls of every method of `tool` and how many of them run at once, across all passes;
 * `beside` names methods that by design run beside the CPU queue's jobs (counted, never metered).
 */
function metered<T extends object>(tool: T, name: string, meter: Meter, beside: readonly string[] = []): T {
  return new Proxy(tool, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const call = `${name}.${String(key)}`;
        meter.calls.set(call, (meter.calls.get(call) ?? 0) + 1);
        if (beside.includes(String(key))) return value.apply(target, args);
        meter.running += 1;
        meter.most = Math.max(meter.most, meter.running);
        try {
          return await value.apply(target, args);
        } finally {
          meter.running -= 1;
        }
      };
    },
  });
}

type Meter = { running: number; most: number; calls: Map<string, number> };

describe.skipIf(!hasTools)("one set of resource queues per process", () => {
  let host: FakeModelHost;
  let registry: RegistryStore;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    host = await startFakeModelHost();
  });
  afterAll(async () => {
    registry?.close();
    await host?.close();
    await Promise.all(cleanups.map((c) => c()));
  });

  it("two passes on two projects at once never run more decode or image jobs than the CPU queue allows, each clip decoded once", async () => {
    const projects = await Promise.all([tempWorkspace("svc-queue-a-"), tempWorkspace("svc-queue-b-")]);
    for (const ws of projects) {
      cleanups.push(ws.cleanup);
      await makeSceneClip(ws.root, "scenes.mp4");
      await makeMeasureClip(ws.root, "shaken.mp4", { picture: "shaking", audio: "tone" });
      await makeStill(ws.root, "png", "still.png");
    }
    const home = projects[0]?.home as string;
    const config = loadConfig({
      SVC_HOME: home,
      OLLAMA_HOST: host.url,
      SVC_ASR: "none",
      SVC_CPU_CONCURRENCY: "1",
    });
    registry = openRegistry(home);
    const tools = await createAdapters(config);
    const meter: Meter = { running: 0, most: 0, calls: new Map() };
    const adapters: Adapters = {
      ...tools,
      ffmpeg: tools.ffmpeg && metered(tools.ffmpeg, "ffmpeg", meter),
      ffprobe: tools.ffprobe && metered(tools.ffprobe, "ffprobe", meter),
      // libvips loads while the first probe runs: loading a library is no image job.
      images: metered(tools.images, "images", meter, ["warm"]),
    };
    cleanups.push(async () => tools.close());
    const ctx = testContext({ config, adapters, registry, log: silentLogger(), version: "0.0.0-test" });
    cleanups.push(ctx.closeThreads);
    const options = { refresh: false, regenerateThumbnails: false, noEmbed: false };

    const reports = await Promise.all(
      projects.map((ws) => runIngest(ctx, { root: ws.root, options, holder: `test ${ws.root}` })),
    );

    for (const report of reports) {
      expect(report.exitCode).toBe(0);
      expect(report.summary).toMatchObject({ ingested: 3, failed: 0 });
    }
    expect(meter.running).toBe(0);
    expect(meter.most).toBe(1);
    // The vision stage measured key frames (on the CPU queue) and read motion and sound from
    // the one analysis pass per clip: no clip was decoded again, nor seeked for a thumbnail.
    expect(meter.calls.get("images.focus")).toBeGreaterThan(0);
    expect(meter.calls.get("ffmpeg.analyse")).toBe(4);
    for (const again of ["framesAround", "audioStats", "frameAt"])
      expect(meter.calls.get(`ffmpeg.${again}`) ?? 0).toBe(0);
    for (const ws of projects) {
      const lib = openLibrary(ws.root);
      try {
        const shaken = lib.media.byPath("shaken.mp4");
        expect(shaken?.thumb_path).toMatch(/^thumbs\//);
        const scenes = lib.scenes.forMedia(shaken?.id as number);
        expect(scenes.length).toBeGreaterThan(0);
        for (const scene of scenes) {
          expect(scene.description).not.toBeNull();
          expect(scene).toMatchObject({ stability: "shaky", audio_quality: "good", exposure: "normal" });
        }
      } finally {
        lib.close();
      }
    }
  }, 180_000);
});
