import { chmod, copyFile, mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { markMissing } from "../../library/organise/missing.js";
import { openLibrary } from "../../state/stores.js";
import { type JsonEvent, jsonLines, svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "setpriv");

// Tests run as root, whom permissions do not stop: svc runs as `nobody` here.
const NOBODY = ["--reuid=65534", "--regid=65534", "--clear-groups"];
const MISSING_JS = join(import.meta.dirname, "..", "..", "dist", "library", "organise", "missing.js");

const FILES = [
  "ok/a.png",
  "locked/b.png",
  "locked/sub/c.png",
  "noexec/d.png",
  "noexec/deeper/e.png",
  "linked/g.png",
  "gone/f.png",
] as const;

/**
 * A project owned by `nobody` in a folder `nobody` can reach: `locked/`, `noexec/` and `linked/`
 * (a symlink to a folder outside the root, as a second disk would be) can be made unreadable.
 */
async function workspace(still: string) {
  const base = await mkdtemp(join(tmpdir(), "svc-unreadable-"));
  await chmod(base, 0o755);
  const root = join(base, "footage");
  const home = join(base, "home");
  const elsewhere = join(base, "elsewhere");
  await mkdir(home, { recursive: true });
  for (const rel of FILES) {
    const dest = rel.startsWith("linked/") ? join(elsewhere, rel.slice("linked/".length)) : join(root, rel);
    await mkdir(join(dest, ".."), { recursive: true });
    await copyFile(still, dest);
  }
  await symlink(elsewhere, join(root, "linked"));

  /** Everything svc touches belongs to `nobody`; `modes` are applied after the handover. */
  const handOver = async (modes: Record<string, number> = {}) => {
    await execa("chown", ["-R", "65534:65534", root, home, elsewhere]);
    for (const [rel, mode] of Object.entries(modes)) await chmod(join(base, rel), mode);
  };
  const unreadable = () =>
    handOver({
      "footage/locked": 0o000,
      // Listable but not searchable: names can be read, nothing under them can be reached.
      "footage/noexec": 0o644,
      elsewhere: 0o000,
    });
  const readable = () => handOver({ "footage/locked": 0o755, "footage/noexec": 0o755, elsewhere: 0o755 });
  const env = { PATH: process.env.PATH, HOME: home };

  const ingest = async () => {
    const result = await svc(
      ["ingest", "--progress", "json"],
      { HOME: home, PROJECT_ROOT: root, SVC_HOME: home },
      120_000,
      { via: ["setpriv", ...NOBODY] },
    );
    return { exitCode: result.exitCode, stderr: result.stderr, events: jsonLines(result.stdout) };
  };

  /** The daemon's reaction to the watcher reporting removals, run as `nobody`. */
  const flagRemoved = async (files: string[], dirs: string[]) => {
    const args = [root, files, dirs].map((a) => JSON.stringify(a)).join(", ");
    const script = `const { markMissing } = await import(${JSON.stringify(MISSING_JS)});
      process.stdout.write(String(await markMissing(${args})));`;
    const result = await execa(
      "setpriv",
      [...NOBODY, process.execPath, "--input-type=module", "-e", script],
      {
        env,
        extendEnv: false,
        timeout: 30_000,
      },
    );
    return Number(result.stdout);
  };

  const missingFlags = () => {
    const lib = openLibrary(root);
    try {
      return Object.fromEntries(lib.media.all().map((r) => [r.rel_path, r.missing_since !== null]));
    } finally {
      lib.close();
    }
  };

  await handOver();
  const first = await ingest();
  expect(first.stderr).toBe("");
  expect(first.events.at(-1)).toMatchObject({ event: "summary", ingested: FILES.length, missing: 0 });

  return {
    root,
    unreadable,
    readable,
    ingest,
    flagRemoved,
    missingFlags,
    cleanup: async () => {
      await readable();
      await rm(base, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!hasTools)("a folder that cannot be read marks nothing missing", () => {
  let fixtures: string;
  let still: string;
  const cleanups: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), "svc-unreadable-fixtures-"));
    still = await makeStill(fixtures, "png");
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  afterAll(async () => {
    await rm(fixtures, { recursive: true, force: true });
  });
  const setUp = async () => {
    const ws = await workspace(still);
    cleanups.push(ws.cleanup);
    return ws;
  };

  it("an ingest pass reports unreadable folders as skipped and flags only what was removed", async () => {
    const ws = await setUp();
    await rm(join(ws.root, "gone"), { recursive: true });
    await ws.unreadable();
    const second = await ws.ingest();
    expect(second.stderr).toBe("");
    const skipped = second.events
      .filter((e) => e.event === "file" && e.status === "skipped")
      .map((e) => [e.path, e.reason]);
    expect(skipped.sort()).toEqual([
      ["linked/", "folder not readable (EACCES)"],
      ["locked/", "folder not readable (EACCES)"],
      ["noexec/d.png", "unreadable (EACCES)"],
      ["noexec/deeper/", "folder not readable (EACCES)"],
    ]);
    const summary = second.events.at(-1) as JsonEvent;
    expect(summary).toMatchObject({ event: "summary", missing: 1, skipped: 4, unchanged: 1, failed: 0 });
    expect(second.exitCode).toBe(0);
    expect(ws.missingFlags()).toEqual({
      "ok/a.png": false,
      "locked/b.png": false,
      "locked/sub/c.png": false,
      "noexec/d.png": false,
      "noexec/deeper/e.png": false,
      "linked/g.png": false,
      "gone/f.png": true,
    });

    // Readable again: everything is found unchanged, and the removed folder stays missing.
    await ws.readable();
    const third = await ws.ingest();
    expect(third.exitCode).toBe(0);
    expect(third.events.at(-1)).toMatchObject({ unchanged: FILES.length - 1, skipped: 0, missing: 0 });
    expect(ws.missingFlags()).toMatchObject({ "locked/sub/c.png": false, "gone/f.png": true });
  });

  it("the watcher's removals flag nothing that is still there", async () => {
    const ws = await setUp();
    expect(await markMissing(ws.root, ["ok/a.png", "linked/g.png"], ["locked", "linked"])).toBe(0);
    expect(Object.values(ws.missingFlags()).some(Boolean)).toBe(false);
  });

  it("the watcher's removals flag nothing under a folder that cannot be looked into", async () => {
    const ws = await setUp();
    await rm(join(ws.root, "noexec", "deeper"), { recursive: true });
    await ws.unreadable();
    expect(await ws.flagRemoved(["locked/b.png", "noexec/d.png"], ["locked/sub", "noexec/deeper"])).toBe(0);
    expect(Object.values(ws.missingFlags()).some(Boolean)).toBe(false);
    // Once it can be looked into, what is really gone is flagged, and only that.
    await ws.readable();
    expect(await ws.flagRemoved(["locked/b.png", "noexec/d.png"], ["locked/sub", "noexec/deeper"])).toBe(1);
    expect(ws.missingFlags()).toMatchObject({
      "locked/b.png": false,
      "locked/sub/c.png": false,
      "noexec/d.png": false,
      "noexec/deeper/e.png": true,
    });
  });
});
