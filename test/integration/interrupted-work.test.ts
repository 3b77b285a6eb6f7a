import { spawnSync } from "node:child_process";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/** The PID of a process that has already ended. */
async function deadPid(): Promise<number> {
  const child = execa("true");
  await child;
  return child.pid as number;
}

/** What a pass killed mid-stage leaves in the project: a key-frame analysis and a transcription folder. */
async function leaveCrashedWork(root: string): Promise<string[]> {
  const analyse = join(root, ".svc", "frames", ".analyse-7-Xk2p9a");
  const asr = join(root, ".svc", ".asr-Qw81zz");
  for (const dir of [analyse, asr]) await mkdir(dir, { recursive: true });
  await writeFile(join(analyse, "frame-0001.jpg"), "half a frame");
  await writeFile(join(asr, "chunk-000.wav"), "half a chunk");
  return [analyse, asr];
}

describe.skipIf(!hasTools)("work left by an interrupted pass", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>> | undefined;
  let api: TestApi | undefined;
  let sleeper: ReturnType<typeof execa> | undefined;

  afterEach(async () => {
    sleeper?.kill("SIGKILL");
    await api?.close();
    await ws?.cleanup();
    api = undefined;
    ws = undefined;
  });

  it("is swept when the next pass starts; a live whisper run's folder is kept", async () => {
    ws = await tempWorkspace("svc-sweep-");
    await makeStill(ws.root, "png");
    expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
    await leaveCrashedWork(ws.root);
    const tmp = join(ws.base, "tmp");
    sleeper = execa("sleep", ["60"], { reject: false });
    const dead = join(tmp, `svc-whisper-${await deadPid()}-a1b2c3`);
    const live = join(tmp, `svc-whisper-${sleeper.pid}-d4e5f6`);
    const unrelated = join(tmp, "svc-whisperish");
    for (const dir of [dead, live, unrelated]) await mkdir(dir, { recursive: true });

    const pass = await svc(["ingest"], ws.env({ TMPDIR: tmp }));
    expect(pass.exitCode, pass.stderr).toBe(0);
    expect(await readdir(join(ws.root, ".svc", "frames"))).not.toContainEqual(
      expect.stringMatching(/^\.analyse-/),
    );
    expect(await readdir(join(ws.root, ".svc"))).not.toContainEqual(expect.stringMatching(/^\.asr-/));
    expect((await readdir(tmp)).sort()).toEqual([`svc-whisper-${sleeper.pid}-d4e5f6`, "svc-whisperish"]);
  });

  it("goes with a cache clear, which says how many folders it removed", async () => {
    api = await startApi();
    const root = api.root as string;
    await makeStill(root, "png");
    expect((await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home })).exitCode).toBe(0);
    await leaveCrashedWork(root);
    const res = await api.request("POST", "/api/cache/clear", { body: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json()).toMatchObject({ interrupted_work_removed: 2 });
    expect(await readdir(join(root, ".svc", "frames"))).not.toContainEqual(
      expect.stringMatching(/^\.analyse-/),
    );
    expect(await readdir(join(root, ".svc"))).not.toContainEqual(expect.stringMatching(/^\.asr-/));
  });

  it("the temp files of killed thumbnail and key-frame writes go when the next pass starts", async () => {
    ws = await tempWorkspace("svc-sweep-temps-");
    await makeStill(ws.root, "png");
    expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
    const thumbs = join(ws.root, ".svc", "thumbs");
    const keyFrames = join(ws.root, ".svc", "frames", "7");
    await mkdir(keyFrames, { recursive: true });
    const temps = [join(thumbs, ".1.jpg.0123456789ab.tmp"), join(keyFrames, ".0.jpg.cdef01234567.tmp")];
    // Not svc's temp names: a derived folder may be a link to a place with other files in it.
    const foreign = [join(thumbs, ".notes.tmp"), join(keyFrames, "0.jpg.0123456789ab.tmp")];
    for (const file of [...temps, ...foreign]) await writeFile(file, "half written");

    const pass = await svc(["ingest"], ws.env());
    expect(pass.exitCode, pass.stderr).toBe(0);
    expect((await readdir(thumbs)).filter((name) => name.endsWith(".tmp"))).toEqual([".notes.tmp"]);
    expect(await readdir(keyFrames)).toEqual(["0.jpg.0123456789ab.tmp"]);
  });
});

describe("an index save cut short", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>> | undefined;
  afterEach(async () => {
    await ws?.cleanup();
  });

  it("a dead process's index temp file goes when the next pass starts; a live one's stays", async () => {
    ws = await tempWorkspace("svc-sweep-index-");
    await makeStill(ws.root, "png");
    expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
    const data = join(ws.root, ".svc");
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid as number;
    const dead = join(data, `vectors.usearch.tmp-${gone}-0b5e2c4a-9d1f-4e7b-8a3c-5f6e7d8c9b0a`);
    const live = join(data, `vectors.usearch.tmp-${process.pid}-1c6f3d5b-0e2a-4f8c-9b4d-6a7f8e9d0c1b`);
    await writeFile(dead, "half an index");
    await writeFile(live, "an index being saved");
    const pass = await svc(["ingest"], ws.env());
    expect(pass.exitCode, pass.stderr).toBe(0);
    expect((await readdir(data)).filter((name) => name.startsWith("vectors.usearch.tmp-"))).toEqual([
      `vectors.usearch.tmp-${process.pid}-1c6f3d5b-0e2a-4f8c-9b4d-6a7f8e9d0c1b`,
    ]);
  });
});
