import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImages } from "../../adapters/images.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg");

/** What keeps an idle daemon small after a burst of ingest (bench/idle-memory.mjs measures it). */
describe.skipIf(!hasTools)("libvips as svc loads it", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-images-");
  });
  afterAll(() => ws.cleanup());

  it("runs one thread per operation and keeps no operation cache", async () => {
    const still = await makeStill(ws.root, "jpg");
    expect((await createImages().thumbnail(still, 160)).byteLength).toBeGreaterThan(0);
    const { default: sharp } = await import("sharp");
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().memory.max).toBe(0);
    expect(sharp.cache().items.max).toBe(0);
  });
});
