import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, SchemaTooNewError } from "../../state/db.js";
import { LIBRARY_MIGRATIONS } from "../../state/migrations/library.js";
import type { FileIdentity, ProbeFields } from "../../state/repos/media.js";
import { openLibrary, openRegistry, ProjectRootMissing } from "../../state/stores.js";
import { stageDone } from "../support/rows.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "svc-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const file: FileIdentity = {
  relPath: "day1/A001.mov",
  kind: "video",
  size: 10,
  mtimeMs: 1,
  fingerprint: "f1",
};
const probe: ProbeFields = {
  duration_s: 12.5,
  codec: "h264",
  audio_codec: "aac",
  fps: 25,
  width: 1920,
  height: 1080,
  start_timecode: "01:00:00:00",
  audio_tracks: 2,
  creation_date: "2024-03-05T23:30:00-0800",
  metadata_json: null,
};
describe("databases", () => {
  it("opens in WAL mode with the latest schema, and refuses a newer schema", () => {
    const lib = openLibrary(dir);
    expect(lib.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(lib.db.pragma("user_version", { simple: true })).toBe(LIBRARY_MIGRATIONS.length);
    lib.db.pragma("user_version = 99");
    lib.close();
    expect(() => openLibrary(dir)).toThrow(SchemaTooNewError);
  });

  it("rolls a failed migration back whole", () => {
    const file = join(dir, "x.db");
    const good = { version: 1, name: "one", sql: "CREATE TABLE a (x INTEGER);" };
    const bad = { version: 2, name: "two", sql: "CREATE TABLE b (x INTEGER); INSERT INTO nope VALUES (1);" };
    expect(() => openDatabase(file, [good, bad])).toThrow();
    const db = openDatabase(file, [good]);
    expect(db.pragma("user_version", { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").get()).toBeUndefined();
    db.close();
  });

  it("keeps two projects' handles apart", async () => {
    await mkdir(join(dir, "a"));
    await mkdir(join(dir, "b"));
    const a = openLibrary(join(dir, "a"));
    const b = openLibrary(join(dir, "b"));
    a.media.saveProbe(file, probe, stageDone("probe"));
    expect(a.media.count()).toBe(1);
    expect(b.media.count()).toBe(0);
    a.close();
    b.close();
  });
});

describe("a project root that is not there", () => {
  it("is never made again, nor anything above it: the library refuses to open", () => {
    const root = join(dir, "Volumes", "RAID", "Job 42");
    expect(() => openLibrary(root)).toThrow(ProjectRootMissing);
    expect(() => openLibrary(root, { readOnly: true })).toThrow(ProjectRootMissing);
    expect(existsSync(join(dir, "Volumes"))).toBe(false);
  });

  it("a root that is there gets its .svc folder on first open", async () => {
    const root = join(dir, "Job 43");
    await mkdir(root);
    openLibrary(root).close();
    expect(existsSync(join(root, ".svc", "library.db"))).toBe(true);
  });
});

describe("media repository", () => {
  it("derives shot_date from creation_date in the probe write, dropping the time zone", () => {
    const lib = openLibrary(dir);
    const id = lib.media.saveProbe(file, probe, stageDone("probe"));
    expect(lib.media.get(id)).toMatchObject({
      creation_date: "2024-03-05T23:30:00-0800",
      shot_date: "2024-03-05",
    });
    lib.close();
  });

  it("re-probing keeps trim, camera, angle, rating, note and manual tags", () => {
    const lib = openLibrary(dir);
    const id = lib.media.saveProbe(file, probe, stageDone("probe"));
    lib.db
      .prepare(
        "UPDATE media SET in_point = 1.5, out_point = 4, camera_id = 'A', angle = 'wide', rating = 'select', rating_note = 'great take' WHERE id = ?",
      )
      .run(id);
    lib.tags.add(id, "hero", "manual");
    lib.tags.add(id, "sky", "auto");
    lib.media.saveProbe(
      { ...file, size: 20, fingerprint: "f2" },
      { ...probe, duration_s: 20 },
      stageDone("probe"),
    );
    expect(lib.media.get(id)).toMatchObject({
      duration_s: 20,
      in_point: 1.5,
      out_point: 4,
      camera_id: "A",
      angle: "wide",
      rating: "select",
      rating_note: "great take",
    });
    lib.tags.replaceAuto(id, ["sunset"]);
    expect(lib.tags.forMedia(id)).toEqual([
      { name: "hero", source: "manual" },
      { name: "sunset", source: "auto" },
    ]);
    lib.close();
  });

  it("flags missing files without deleting their rows", () => {
    const lib = openLibrary(dir);
    const id = lib.media.saveProbe(file, probe, stageDone("probe"));
    expect(lib.media.markMissingUnder("day1")).toBe(1);
    expect(lib.media.get(id)?.missing_since).not.toBeNull();
    lib.media.touch(id, 2);
    expect(lib.media.get(id)?.missing_since).toBeNull();
    lib.close();
  });
});

describe("slots", () => {
  it("refuses a second holder while the first is alive and takes over a dead one", () => {
    const reg = openRegistry(dir);
    expect(reg.slots.claim("ingest:/r", "svc serve", 111, () => true)).toEqual({ ok: true });
    expect(reg.slots.beat("ingest:/r", 111, "svc serve")).toBe(true);
    const second = reg.slots.claim("ingest:/r", "svc ingest", 222, () => true);
    expect(second).toMatchObject({ ok: false, heldBy: { holder: "svc serve", pid: 111 } });
    expect(reg.slots.claim("ingest:/r", "svc ingest", 222, (row) => row.pid !== 111)).toEqual({ ok: true });
    expect(reg.slots.beat("ingest:/r", 111, "svc serve")).toBe(false);
    reg.slots.release("ingest:/r", 222, "svc ingest");
    expect(reg.slots.get("ingest:/r")).toBeUndefined();
    reg.close();
  });
});

describe("prepared statements", () => {
  it("are compiled once per connection, not on every call", () => {
    const registry = openRegistry(join(dir, "home"));
    try {
      const prepare = vi.spyOn(registry.db, "prepare");
      for (let i = 0; i < 5; i += 1) expect(registry.tokens.byHash("no-such-hash")).toBeUndefined();
      registry.projects.all();
      registry.projects.all();
      expect(prepare).toHaveBeenCalledTimes(2);
    } finally {
      registry.close();
    }
  });
});
