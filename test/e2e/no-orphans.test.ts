import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type SvcChild, startSvc } from "../support/cli.js";
import { makeSpeechClip, makeStill, makeTimecodedClip } from "../support/media.js";
import { childrenOf, commandLineOf, expectGone } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe", "exiftool", "pocketsphinx_continuous", "flite");
const REPO = join(import.meta.dirname, "..", "..");
const THROW_WHEN_CHILD = join(REPO, "test", "support", "throw-when-child.mjs");

type Child = { pid: number; command: string };
/** A child running `program` with an argument that contains `arg`: the pass's work, not a start-up probe. */
const runs = (program: string, arg: string) => (c: Child) => {
  const [bin = "", ...args] = commandLineOf(c.pid);
  // exiftool is a Perl script: its process shows as perl running it.
  const name = bin.endsWith("/perl") ? (args.find((a) => !a.startsWith("-")) ?? "") : bin;
  return name.split("/").pop() === program && args.some((a) => a.includes(arg));
};
const exiftool = runs("exiftool", "-stay_open");
const ffmpeg = runs("ffmpeg", "long.mp4");
const pocketsphinx = runs("pocketsphinx_continuous", ".wav");

/**
 * However svc ends (SIGKILL, SIGTERM, an uncaught error) no exiftool, ffmpeg or recogniser it
 * started is alive 5 s later. The children are recorded before svc goes: once it has, they are
 * re-parented and no longer findable as its children.
 */
describe.skipIf(!hasTools)("no child outlives svc", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let fixtures: string;
  const started: SvcChild[] = [];

  beforeAll(async () => {
    ws = await tempWorkspace("svc-orphans-");
    fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    await makeStill(fixtures, "jpg");
    await makeStill(fixtures, "png");
    // Long enough that its decode is still running whenever a test stops svc.
    await makeTimecodedClip(fixtures, "long.mp4", { seconds: 60 });
    await makeSpeechClip(fixtures, "interview.mp4");
  }, 180_000);

  afterEach(() => {
    for (const child of started.splice(0)) child.kill("SIGKILL");
  });
  afterAll(() => ws.cleanup());

  /** A fresh project with `files` from the fixtures, and its environment. */
  let projects = 0;
  async function project(files: string[], extra: Record<string, string> = {}) {
    const base = join(ws.base, `project-${++projects}`);
    const root = join(base, "footage");
    await mkdir(root, { recursive: true });
    for (const file of files) await copyFile(join(fixtures, file), join(root, file));
    return {
      PROJECT_ROOT: root,
      SVC_HOME: join(base, "home"),
      SVC_ASR: "pocketsphinx",
      SVC_PORT: "0",
      SVC_MCP_PORT: "0",
      ...extra,
    };
  }

  /** Starts svc, to be killed after the test should it still run. */
  function launch(args: string[], env: Record<string, string>, nodeArgs: string[] = []) {
    const child = startSvc(args, env, { nodeArgs });
    started.push(child);
    return child;
  }

  /** Waits until svc has a child matching each of `wanted` at once; returns all its children then. */
  const childrenWhen = (pid: number, ...wanted: ((c: Child) => boolean)[]) =>
    until(
      "svc's children",
      () => {
        const children = childrenOf(pid);
        return wanted.every((want) => children.some(want)) && children;
      },
      { timeoutMs: 90_000, intervalMs: 10 },
    );

  const allGone = (children: Child[]) => Promise.all(children.map((c) => expectGone(c.pid, 5_000)));

  it("svc ingest SIGKILLed while exiftool and ffmpeg run", async () => {
    const run = launch(["ingest"], await project(["still.jpg", "still.png", "long.mp4"]));
    const children = await childrenWhen(run.pid as number, exiftool, ffmpeg);
    run.kill("SIGKILL");
    expect((await run).signal).toBe("SIGKILL");
    await allGone(children);
  }, 120_000);

  it("svc ingest SIGKILLed while pocketsphinx recognises speech", async () => {
    const run = launch(["ingest"], await project(["interview.mp4"]));
    const children = await childrenWhen(run.pid as number, pocketsphinx);
    run.kill("SIGKILL");
    await run;
    await allGone(children);
  }, 120_000);

  it("svc serve SIGKILLed during its catch-up ingest", async () => {
    const daemon = launch(["serve"], await project(["still.jpg", "long.mp4"]));
    const children = await childrenWhen(daemon.pid as number, exiftool, ffmpeg);
    daemon.kill("SIGKILL");
    await daemon;
    await allGone(children);
  }, 120_000);

  it("svc ingest stopped by SIGTERM exits 130 and leaves none", async () => {
    const run = launch(["ingest"], await project(["still.jpg", "long.mp4"]));
    const children = await childrenWhen(run.pid as number, exiftool, ffmpeg);
    run.kill("SIGTERM");
    expect((await run).exitCode).toBe(130);
    await allGone(children);
  }, 120_000);

  it("svc ingest ended by an uncaught error leaves none", async () => {
    const env = await project(["still.jpg", "long.mp4"], { SVC_TEST_THROW_WHEN_CHILD: "ffmpeg long.mp4" });
    const run = launch(["ingest"], env, ["--import", THROW_WHEN_CHILD]);
    const children = await childrenWhen(run.pid as number, ffmpeg);
    const result = await run;
    expect(String(result.stderr)).toMatch(/injected fault/);
    expect(result.exitCode).not.toBe(0);
    await allGone(children);
  }, 120_000);
});

/**
 * The short version of bench/kill-trials.mjs (docs/development.md names the 100-trial run): one kill of
 * `svc ingest` and one of `svc serve` at seeded random moments; the moments that matter most
 * (children running, catch-up, SIGTERM, an uncaught error) have their own tests above.
 */
describe.skipIf(!hasTools || process.platform !== "linux")("SIGKILL at random moments", () => {
  it("every re-run exits 0 with intact databases, one row per file, no temp files and no orphans", async () => {
    const result = await execa(
      process.execPath,
      [join(REPO, "bench", "kill-trials.mjs"), "--trials", "2", "--seed", "9", "--json"],
      { reject: false, timeout: 400_000 },
    );
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    const report = JSON.parse(String(result.stdout).trim().split("\n").pop() ?? "{}");
    expect(report).toMatchObject({ trials: 2, passed: 2, failed: [] });
  }, 420_000);
});
