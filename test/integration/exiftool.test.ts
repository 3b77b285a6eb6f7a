import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { findOnPath } from "../../adapters/binaries.js";
import { createExiftool, type Exiftool } from "../../adapters/exiftool.js";
import { ProcessError } from "../../adapters/process.js";
import { makeStill, makeTimecodedClip } from "../support/media.js";
import { childrenOf } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("exiftool", "ffmpeg");

describe.skipIf(!hasTools)("exiftool adapter (stay-open session)", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let clip: string;
  let still: string;
  beforeAll(async () => {
    ws = await tempWorkspace();
    clip = await makeTimecodedClip(ws.root);
    still = await makeStill(ws.root, "jpg");
  });
  // Every stay-open session a test opens is closed, and none may outlive the suite.
  const opened: Exiftool[] = [];
  afterEach(() => {
    for (const tool of opened.splice(0)) tool.close();
  });
  afterAll(async () => {
    await ws.cleanup();
    await until(
      "the exiftool sessions to end",
      () => childrenOf().every((c) => !/exiftool|perl/.test(c.command.split("/").pop() ?? "")),
      { timeoutMs: 5_000 },
    );
  });

  const exiftool = () => {
    const tool = createExiftool(findOnPath("exiftool") ?? "exiftool");
    opened.push(tool);
    return tool;
  };

  it("answers many requests, in order, from one process", async () => {
    const tool = exiftool();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => tool.tags(i % 2 ? clip : still)));
    for (const [i, tags] of results.entries()) {
      expect(tags["File:FileName"]).toBeUndefined();
      expect(tags.SourceFile).toBeUndefined();
      if (i % 2) expect(tags["QuickTime:CreationDate"]).toBe("2024:03:05 23:30:00-08:00");
      else expect(tags["QuickTime:CreationDate"]).toBeUndefined();
    }
    expect(Object.keys(results[1] ?? {}).length).toBeGreaterThan(5);
  });

  it("reports a file it cannot read and keeps serving the next one", async () => {
    const tool = exiftool();
    await expect(tool.tags(join(ws.root, "does-not-exist.mov"))).rejects.toBeInstanceOf(ProcessError);
    expect((await tool.tags(clip))["QuickTime:CreationDate"]).toBeDefined();
  });

  it("handles a name with a line break through a one-off process", async () => {
    const odd = join(ws.root, "two\nlines.jpg");
    await copyFile(still, odd);
    const tags = await exiftool().tags(odd);
    expect(tags["File:ImageWidth"] ?? tags["Composite:ImageSize"]).toBeDefined();
    expect(tags.SourceFile).toBeUndefined();
  });

  it("gives up on a cancelled request and recovers", async () => {
    const tool = exiftool();
    const controller = new AbortController();
    controller.abort();
    await expect(tool.tags(clip, controller.signal)).rejects.toMatchObject({ reason: "aborted" });
    expect((await tool.tags(clip))["QuickTime:CreationDate"]).toBeDefined();
  });

  it("a process killed mid-request cannot end or answer its successor's request", async () => {
    const tool = exiftool();
    await tool.tags(still);
    const controller = new AbortController();
    const cancelled = tool.tags(clip, controller.signal);
    // Past the request's hand-over to the process: the abort kills a process that is working.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ reason: "aborted" });
    // Started at once, before the killed process's exit and last output have been read.
    const tags = await tool.tags(clip);
    expect(tags["QuickTime:CreationDate"]).toBe("2024:03:05 23:30:00-08:00");
  });

  it("a closed session fails the request it was serving instead of leaving it waiting", async () => {
    const tool = exiftool();
    await tool.tags(still);
    const pending = tool.tags(clip);
    await new Promise((resolve) => setImmediate(resolve));
    tool.close();
    await expect(pending).rejects.toBeInstanceOf(ProcessError);
  });
});
