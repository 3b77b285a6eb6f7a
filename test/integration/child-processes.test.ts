import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPocketsphinx } from "../../adapters/asr/pocketsphinx.js";
import { findOnPath } from "../../adapters/binaries.js";
import { createExiftool } from "../../adapters/exiftool.js";
import { createFfmpeg } from "../../adapters/ffmpeg.js";
import { makeTimecodedClip } from "../support/media.js";
import { childRunning, childrenOf, expectGone } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "exiftool", "pocketsphinx_continuous");

/**
 * A signal aborted while a real program runs ends that program: its PID is gone soon after, and
 * nothing it was writing is left behind. (Signals aborted before a call are tested with each adapter.)
 */
describe.skipIf(!hasTools)("aborting while a child program runs", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let clip: string;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-children-");
    // Long enough that scene analysis and audio extraction are still running when aborted.
    clip = await makeTimecodedClip(ws.base, "long.mp4", { seconds: 90 });
  }, 120_000);
  afterAll(() => ws.cleanup());

  it("kills ffmpeg's scene analysis and leaves no sampled frames", async () => {
    const ffmpeg = createFfmpeg(findOnPath("ffmpeg") ?? "ffmpeg");
    const sampleDir = join(ws.root, "samples");
    const controller = new AbortController();
    const analysis = ffmpeg.analyse(
      clip,
      { threshold: 0.3, sampleEveryS: 1, sampleWidth: 320, sampleDir, timeoutMs: 120_000 },
      controller.signal,
    );
    const pid = await childRunning("ffmpeg");
    controller.abort();
    await expect(analysis).rejects.toBeTruthy();
    await expectGone(pid);
    expect(await readdir(sampleDir).catch(() => [])).toEqual([]);
  });

  it("kills ffmpeg's audio extraction", async () => {
    const ffmpeg = createFfmpeg(findOnPath("ffmpeg") ?? "ffmpeg");
    const controller = new AbortController();
    const out = join(ws.root, "audio.wav");
    const extraction = ffmpeg.extractAudio(clip, out, { signal: controller.signal, timeoutMs: 120_000 });
    const pid = await childRunning("ffmpeg");
    controller.abort();
    await expect(extraction).rejects.toBeTruthy();
    await expectGone(pid);
  });

  it("kills pocketsphinx mid-recognition", async () => {
    const wav = join(ws.root, "speech.wav");
    await execa(findOnPath("ffmpeg") ?? "ffmpeg", [
      "-v",
      "error",
      "-y",
      "-i",
      clip,
      "-ac",
      "1",
      "-ar",
      "16000",
      wav,
    ]);
    const asr = createPocketsphinx(findOnPath("pocketsphinx_continuous") ?? "pocketsphinx_continuous");
    const controller = new AbortController();
    const recognition = asr.transcribe(wav, { signal: controller.signal, timeoutMs: 120_000 });
    const pid = await childRunning("pocketsphinx_continuous");
    controller.abort();
    await expect(recognition).rejects.toBeTruthy();
    await expectGone(pid);
  });

  it("ends exiftool's stay-open process when the adapter closes", async () => {
    const exiftool = createExiftool(findOnPath("exiftool") ?? "exiftool");
    await exiftool.tags(clip);
    const pid = childrenOf().find((c) => c.command.endsWith("exiftool") || c.command.endsWith("perl"))?.pid;
    expect(pid).toBeDefined();
    exiftool.close();
    await expectGone(pid as number);
  });
});
