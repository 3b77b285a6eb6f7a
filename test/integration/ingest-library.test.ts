import { rmSync } from "node:fs";
import { copyFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { UserError } from "../../domain/errors.js";
import type { AppContext } from "../../library/context.js";
import { type IngestEvent, runIngest } from "../../library/jobs/ingest.js";
import { ingestSlotName } from "../../library/jobs/slots.js";
import { loadConfig } from "../../state/config.js";
import { openLibrary } from "../../state/stores.js";
import { daemonContext } from "../support/context.js";
import { OFFLINE } from "../support/env.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function context(home: string, env: Record<string, string> = {}): Promise<AppContext> {
  const { ctx, registry } = await daemonContext(loadConfig({ ...OFFLINE, SVC_HOME: home, ...env }));
  cleanups.push(async () => registry.close());
  cleanups.push(ctx.closeThreads);
  return ctx;
}

const options = { refresh: false, regenerateThumbnails: false, noEmbed: false };

describe.skipIf(!hasTools)("runIngest", () => {
  it("stops with exit 4 when the project root vanishes mid-pass, without a stack trace", async () => {
    const ws = await tempWorkspace();
    cleanups.push(ws.cleanup);
    const still = await makeStill(ws.base, "png", "src.png");
    for (let i = 0; i < 12; i += 1)
      await copyFile(still, join(ws.root, `s${String(i).padStart(2, "0")}.png`));
    const ctx = await context(ws.home, { SVC_CPU_CONCURRENCY: "1" });
    let removed = false;
    const onEvent = (event: IngestEvent) => {
      if (event.event === "file" && !removed) {
        removed = true;
        rmSync(ws.root, { recursive: true, force: true });
      }
    };
    const error = await runIngest(ctx, { root: ws.root, options, holder: "test", onEvent }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(4);
    expect((error as UserError).message).toMatch(/disappeared/);
    // The slot is free again for the next pass.
    expect(ctx.registry.slots.get(ingestSlotName(ws.root))).toBeUndefined();
  });

  it("resumes an item from its last finished stage", async () => {
    const ws = await tempWorkspace();
    cleanups.push(ws.cleanup);
    await makeStill(ws.root, "png", "a.png");
    const ctx = await context(ws.home);
    expect((await runIngest(ctx, { root: ws.root, options, holder: "test" })).exitCode).toBe(0);
    const lib = openLibrary(ws.root);
    const row = lib.media.byPath("a.png");
    if (!row) throw new Error("no row");
    const probeBefore = lib.media.stages(row.id).find((s) => s.stage === "probe");
    // As if the previous run had stopped after thumbnails.
    lib.media.rewind(row.id, "frames");
    lib.close();
    const report = await runIngest(ctx, { root: ws.root, options, holder: "test" });
    expect(report.summary).toMatchObject({ ingested: 1, unchanged: 0 });
    const after = openLibrary(ws.root);
    try {
      const stages = after.media.stages(row.id);
      expect(stages.find((s) => s.stage === "probe")).toEqual(probeBefore);
      expect(after.media.get(row.id)).toMatchObject({ status: "done", next_stage: "done" });
    } finally {
      after.close();
    }
  });

  it("treats a re-copied file with the same content as unchanged", async () => {
    const ws = await tempWorkspace();
    cleanups.push(ws.cleanup);
    const path = await makeStill(ws.root, "png", "a.png");
    const ctx = await context(ws.home);
    await runIngest(ctx, { root: ws.root, options, holder: "test" });
    const copy = join(ws.base, "copy.png");
    await copyFile(path, copy);
    await rm(path);
    await copyFile(copy, path);
    const report = await runIngest(ctx, { root: ws.root, options, holder: "test" });
    expect(report.summary).toMatchObject({ ingested: 0, unchanged: 1 });
  });
});
