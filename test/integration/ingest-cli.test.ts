import { copyFile, mkdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { openLibrary, openRegistry } from "../../state/stores.js";
import { type JsonEvent, jsonLines, svc } from "../support/cli.js";
import {
  makeAudio,
  makeNotMedia,
  makeStill,
  makeTimecodedClip,
  makeTruncatedClip,
  makeUnsupported,
  makeZeroByte,
} from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

describe.skipIf(!hasTools)("svc ingest (CLI)", () => {
  let fixtures: string;
  let clip: string;
  let still: string;
  let tone: string;
  let cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const ws = await tempWorkspace("svc-fixtures-");
    cleanups.push(ws.cleanup);
    fixtures = ws.base;
    clip = await makeTimecodedClip(fixtures);
    still = await makeStill(fixtures, "png");
    tone = await makeAudio(fixtures, "tone.wav");
  });
  afterAll(async () => {
    await Promise.all(cleanups.map((c) => c()));
    cleanups = [];
  });

  const workspace = async () => {
    const ws = await tempWorkspace();
    cleanups.push(ws.cleanup);
    return ws;
  };

  it("ingests a folder, emits start/file/summary JSON events and exits 0", async () => {
    const ws = await workspace();
    await mkdir(join(ws.root, "day 1"), { recursive: true });
    await copyFile(clip, join(ws.root, "day 1", "A001.mp4"));
    await copyFile(still, join(ws.root, "still.png"));
    await copyFile(tone, join(ws.root, "tone.wav"));
    // No speech recogniser and no model host: the model stages say so instead of inventing data.
    const offline = ws.env({ SVC_ASR: "none", OLLAMA_HOST: "http://127.0.0.1:9" });
    const result = await svc(["ingest", "--progress", "json"], offline);
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events[0]).toMatchObject({ event: "start", files: 3, skipped: 0 });
    const files = events.filter((e) => e.event === "file");
    expect(files.map((e) => e.path).sort()).toEqual(["day 1/A001.mp4", "still.png", "tone.wav"]);
    for (const e of files) {
      expect(e).toMatchObject({ status: "ingested", stage: "done" });
      expect(typeof e.elapsed_ms).toBe("number");
    }
    const summary = events.at(-1) as JsonEvent;
    expect(summary).toMatchObject({
      event: "summary",
      ingested: 3,
      unchanged: 0,
      skipped: 0,
      failed: 0,
      exit_code: 0,
    });
    expect(summary.counts).toEqual({ ingested: 3, unchanged: 0, skipped: 0, failed: 0, needs_proxy: 0 });

    const lib = openLibrary(ws.root);
    try {
      const rows = lib.media.all();
      expect(rows.map((r) => [r.rel_path, r.kind, r.status]).sort()).toEqual([
        ["day 1/A001.mp4", "video", "done"],
        ["still.png", "image", "done"],
        ["tone.wav", "audio", "done"],
      ]);
      const video = lib.media.byPath("day 1/A001.mp4");
      const stages = lib.media.stages(video?.id ?? -1);
      const byStage = Object.fromEntries(stages.map((s) => [s.stage, s.status]));
      expect(byStage).toEqual({
        probe: "done",
        thumbnails: "done",
        frames: "done",
        // Its sound's peaks and its scrub sprite, made in the frames stage's decode.
        waveform: "done",
        sprite: "done",
        transcript: "not_configured",
        vision: "not_configured",
        embed: "not_configured",
        proxy: "skipped",
      });
      for (const s of stages) expect(Number.isInteger(s.elapsed_ms), s.stage).toBe(true);
      // Decoding a real clip takes time: a stage clock that never ran would say 0 everywhere.
      expect(stages.find((s) => s.stage === "frames")?.elapsed_ms).toBeGreaterThan(0);
    } finally {
      lib.close();
    }

    const again = await svc(["ingest", "--progress", "json"], offline);
    expect(again.exitCode).toBe(0);
    expect(jsonLines(again.stdout).at(-1)).toMatchObject({ ingested: 0, unchanged: 3 });
  });

  it("fails bad files one by one with a reason, skips unsupported ones, and exits 1", async () => {
    const ws = await workspace();
    await copyFile(still, join(ws.root, "good.png"));
    await makeZeroByte(ws.root, "empty.mp4");
    await makeTruncatedClip(ws.root, "truncated.mp4");
    await makeNotMedia(ws.root, "notes.mov");
    await makeUnsupported(ws.root, "readme.txt");
    await writeFile(join(ws.root, "fake.png"), "this is not a png");
    const result = await svc(["ingest", "--progress", "json"], ws.env());
    expect(result.exitCode).toBe(1);
    const events = jsonLines(result.stdout);
    const byPath = Object.fromEntries(events.filter((e) => e.event === "file").map((e) => [e.path, e]));
    expect(byPath["good.png"]).toMatchObject({ status: "ingested" });
    expect(byPath["readme.txt"]).toMatchObject({ status: "skipped", reason: "unsupported file type" });
    expect(byPath["empty.mp4"]).toMatchObject({
      status: "failed",
      stage: "probe",
      reason: "empty file (0 bytes)",
    });
    for (const bad of ["truncated.mp4", "notes.mov", "fake.png"]) {
      expect(byPath[bad]).toMatchObject({ status: "failed", stage: "probe" });
      expect(String(byPath[bad]?.reason)).not.toContain(ws.root);
      expect(String(byPath[bad]?.reason).length).toBeGreaterThan(5);
    }
    expect(events.at(-1)).toMatchObject({
      ingested: 1,
      skipped: 1,
      failed: 4,
      unchanged: 0,
      reconciled: true,
    });

    const lib = openLibrary(ws.root);
    try {
      // No half-written rows: only the good file has one; the rest are recorded as failures.
      expect(lib.media.all().map((r) => r.rel_path)).toEqual(["good.png"]);
      expect(lib.failures.all().map((f) => [f.rel_path, f.stage])).toEqual([
        ["empty.mp4", "probe"],
        ["fake.png", "probe"],
        ["notes.mov", "probe"],
        ["truncated.mp4", "probe"],
      ]);
    } finally {
      lib.close();
    }
  });

  it("exits 2 when every processed file failed", async () => {
    const ws = await workspace();
    await makeZeroByte(ws.root, "a.mp4");
    await makeNotMedia(ws.root, "b.mov");
    const result = await svc(["ingest"], ws.env());
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toContain("failed 2");
  });

  it("halts after SVC_INGEST_HALT_STREAK consecutive failures and exits 1", async () => {
    const ws = await workspace();
    await copyFile(still, join(ws.root, "0-good.png"));
    for (let i = 0; i < 8; i += 1) await makeZeroByte(ws.root, `bad-${i}.mp4`);
    const result = await svc(
      ["ingest", "--progress", "json"],
      ws.env({ SVC_INGEST_HALT_STREAK: "3", SVC_CPU_CONCURRENCY: "1" }),
    );
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/halted after 3 consecutive failures/);
    const summary = jsonLines(result.stdout).at(-1) as JsonEvent;
    expect(summary).toMatchObject({ halted: true, ingested: 1, reconciled: true });
    expect(summary.failed).toBeGreaterThanOrEqual(3);
    expect(Number(summary.failed) + Number(summary.skipped)).toBe(8);
    const notAttempted = jsonLines(result.stdout).filter(
      (e) => e.reason === "not attempted: the pass halted",
    );
    expect(notAttempted.length).toBe(summary.skipped);
  });

  it("does not halt when SVC_INGEST_HALT_STREAK=0", async () => {
    const ws = await workspace();
    await copyFile(still, join(ws.root, "0-good.png"));
    for (let i = 0; i < 7; i += 1) await makeZeroByte(ws.root, `bad-${i}.mp4`);
    const result = await svc(["ingest", "--progress", "json"], ws.env({ SVC_INGEST_HALT_STREAK: "0" }));
    expect(result.exitCode).toBe(1);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ halted: false, failed: 7, ingested: 1 });
  });

  it("limits a pass to --dir and refuses a --dir outside the root", async () => {
    const ws = await workspace();
    await mkdir(join(ws.root, "cardA"), { recursive: true });
    await mkdir(join(ws.root, "cardB"), { recursive: true });
    await copyFile(still, join(ws.root, "cardA", "a.png"));
    await copyFile(still, join(ws.root, "cardB", "b.png"));
    const result = await svc(["ingest", "--dir", join(ws.root, "cardA"), "--progress", "json"], ws.env());
    expect(result.exitCode).toBe(0);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ ingested: 1 });
    expect(jsonLines(result.stdout)[0]).toMatchObject({ dir: "cardA" });
    const outside = await svc(["ingest", "--dir", ws.base], ws.env());
    expect(outside.exitCode).toBe(2);
    expect(outside.stderr).toMatch(/dir must be a folder inside the project root/);
  });

  it("handles names with spaces, quotes and non-ASCII, and symlink loops", async () => {
    const ws = await workspace();
    const { makeOddNames, makeSymlinkLoop } = await import("../support/media.js");
    const odd = await makeOddNames(ws.root);
    await makeSymlinkLoop(ws.root);
    const result = await svc(["ingest", "--progress", "json"], ws.env());
    expect(result.exitCode).toBe(0);
    const events = jsonLines(result.stdout);
    const summary = events.at(-1) as JsonEvent;
    expect(summary.ingested).toBe(odd.length);
    expect(summary.failed).toBe(0);
    const skipped = events.filter((e) => e.status === "skipped").map((e) => e.reason);
    expect(skipped).toContain("symlink loop");
  });

  it("keeps editorial fields through --refresh and rebuilds thumbnails on --regenerate-thumbnails", async () => {
    const ws = await workspace();
    await copyFile(clip, join(ws.root, "A001.mp4"));
    expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
    const lib = openLibrary(ws.root);
    const row = lib.media.byPath("A001.mp4");
    if (!row) throw new Error("row missing");
    lib.db
      .prepare(
        "UPDATE media SET in_point = 1, out_point = 2.5, camera_id = 'B', angle = 'close', rating = '5', rating_note = 'keeper' WHERE id = ?",
      )
      .run(row.id);
    lib.tags.add(row.id, "interview", "manual");
    const keyframes = lib.scenes.forMedia(row.id).map((s) => join(ws.root, ".svc", s.keyframe_path));
    lib.close();
    expect(keyframes.length).toBeGreaterThan(0);
    // Derived files are written to a temp file and renamed, so a rewrite is a new inode.
    const derived = [join(ws.root, ".svc", "thumbs", `${row.id}.jpg`), ...keyframes];
    const identities = async () =>
      Promise.all(derived.map(async (file) => `${(await stat(file)).ino}:${(await stat(file)).mtimeMs}`));
    const original = await identities();

    const plain = await svc(["ingest", "--progress", "json"], ws.env());
    expect(plain.exitCode).toBe(0);
    expect(jsonLines(plain.stdout).at(-1)).toMatchObject({ unchanged: 1, ingested: 0 });
    expect(await identities()).toEqual(original);

    const regen = await svc(["ingest", "--regenerate-thumbnails", "--progress", "json"], ws.env());
    expect(regen.exitCode).toBe(0);
    const regenerated = await identities();
    for (const [i, identity] of regenerated.entries()) expect(identity, derived[i]).not.toBe(original[i]);

    const refreshed = await svc(["ingest", "--refresh", "--progress", "json"], ws.env());
    expect(refreshed.exitCode).toBe(0);
    expect(jsonLines(refreshed.stdout).at(-1)).toMatchObject({ ingested: 1 });
    const after = openLibrary(ws.root);
    try {
      expect(after.media.get(row.id)).toMatchObject({
        in_point: 1,
        out_point: 2.5,
        camera_id: "B",
        angle: "close",
        rating: "5",
        rating_note: "keeper",
        status: "done",
        next_stage: "done",
      });
      expect(after.tags.forMedia(row.id)).toEqual([{ name: "interview", source: "manual" }]);
    } finally {
      after.close();
    }
  });

  it("records --no-embed as a skipped embed stage", async () => {
    const ws = await workspace();
    await copyFile(still, join(ws.root, "s.png"));
    expect((await svc(["ingest", "--no-embed"], ws.env())).exitCode).toBe(0);
    const lib = openLibrary(ws.root);
    try {
      const row = lib.media.byPath("s.png");
      const embed = lib.media.stages(row?.id ?? -1).find((s) => s.stage === "embed");
      expect(embed).toMatchObject({ status: "skipped", detail: "--no-embed" });
    } finally {
      lib.close();
    }
  });

  it("flags files that disappeared as missing and keeps their rows", async () => {
    const ws = await workspace();
    await copyFile(still, join(ws.root, "gone.png"));
    await copyFile(still, join(ws.root, "stays.png"));
    expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
    await rm(join(ws.root, "gone.png"));
    const result = await svc(["ingest", "--progress", "json"], ws.env());
    expect(result.exitCode).toBe(0);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ missing: 1, unchanged: 1 });
    const lib = openLibrary(ws.root);
    try {
      expect(lib.media.byPath("gone.png")?.missing_since).not.toBeNull();
      expect(lib.media.byPath("stays.png")?.missing_since).toBeNull();
    } finally {
      lib.close();
    }
  });

  describe("exit codes", () => {
    it("2 for an unknown flag, a bad --progress, flags that do not go together, or missing PROJECT_ROOT", async () => {
      const ws = await workspace();
      const cases: [string[], Record<string, string>, RegExp][] = [
        [["ingest", "--bogus"], ws.env(), /Unknown option '--bogus'/],
        [["ingest", "--progress", "xml"], ws.env(), /--progress takes "json"/],
        [["ingest", "--retraditionalize", "--refresh"], ws.env(), /--retraditionalize runs alone/],
        [["ingest", "--migrate-storage", "--no-embed"], ws.env(), /--migrate-storage runs alone/],
        [["ingest", "--dry-run"], ws.env(), /--dry-run goes with --retraditionalize/],
        [["ingest", "--apply-collections"], ws.env(), /no collections.proposed.json to apply/],
        [["ingest", "--collection-dry-run"], ws.env(), /goes with --propose-collections/],
        [["ingest", "--language", "klingon!"], ws.env(), /--language takes a language code/],
        [["ingest", "--vision-only", "--refresh"], ws.env(), /cannot be combined/],
        [["ingest"], { SVC_HOME: ws.home }, /PROJECT_ROOT is not set/],
        [["ingest"], ws.env({ SVC_INGEST_HALT_STREAK: "many" }), /SVC_INGEST_HALT_STREAK/],
      ];
      for (const [args, env, message] of cases) {
        const result = await svc(args, env);
        expect(result.exitCode, args.join(" ")).toBe(2);
        expect(result.stderr).toMatch(message);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }
    });

    it("4 when the project root is missing", async () => {
      const ws = await workspace();
      const result = await svc(["ingest"], ws.env({ PROJECT_ROOT: join(ws.base, "unplugged-drive") }));
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/project root is missing or unreadable/);
    });

    it("4 when .svc cannot be created", async () => {
      const ws = await workspace();
      await writeFile(join(ws.root, ".svc"), "a file where the folder should be");
      const result = await svc(["ingest"], ws.env());
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(/\.svc folder is not writable/);
    });

    it("3 when a derived-data folder is a dangling symlink", async () => {
      const ws = await workspace();
      await mkdir(join(ws.root, ".svc"), { recursive: true });
      await symlink(join(ws.base, "nowhere"), join(ws.root, ".svc", "thumbs"));
      await copyFile(still, join(ws.root, "s.png"));
      const result = await svc(["ingest"], ws.env());
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toMatch(/\.svc\/thumbs is unusable \(a symlink to a missing target\)/);
    });

    it("75 when another job holds the ingest slot, naming that job", async () => {
      const ws = await workspace();
      await copyFile(still, join(ws.root, "s.png"));
      const registry = openRegistry(ws.home);
      const lease = claimSlot(registry, ingestSlotName(ws.root), "svc serve watcher (test)");
      try {
        const result = await svc(["ingest"], ws.env());
        expect(result.exitCode).toBe(75);
        expect(result.stderr).toMatch(/svc serve watcher \(test\) \(pid \d+/);
      } finally {
        lease.release();
        registry.close();
      }
      expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
    });
  });
});
