import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../state/db.js";
import { LIBRARY_MIGRATIONS } from "../../state/migrations/library.js";
import { openLibrary } from "../../state/stores.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "svc-totals-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A library at schema 4 holding items in every state the totals tell apart. */
function oldLibrary(): void {
  const db = openDatabase(join(root, ".svc", "library.db"), LIBRARY_MIGRATIONS.slice(0, 4));
  const stamp = new Date().toISOString();
  const insert = db.prepare(
    `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, duration_s, missing_since, thumb_path,
       embed_hash, next_stage, created_at, updated_at)
     VALUES (@rel, @kind, 1, 1, 'f', @duration, @missing, @thumb, @hash, @next, @stamp, @stamp)`,
  );
  const item = (rel: string, fields: Partial<Record<string, unknown>>) =>
    Number(
      insert.run({
        rel,
        kind: "video",
        duration: null,
        missing: null,
        thumb: null,
        hash: null,
        next: "done",
        stamp,
        ...fields,
      }).lastInsertRowid,
    );
  item("a.mov", { duration: 10.25, thumb: "thumbs/1.jpg" });
  item("b.wav", { kind: "audio", duration: 3.5 });
  item("c.png", { kind: "image", missing: stamp });
  item("d.mov", { duration: 1, next: "probe" });
  const hashed = item("e.mov", { duration: 2, hash: "h" });
  const unverified = item("f.mov", { duration: 4 });
  item("g.mov", { duration: 5, hash: "h" });
  const vector = db.prepare(
    `INSERT INTO vectors (media_id, scene_idx, model, dim, text_hash, created_at, vector)
     VALUES (?, -1, 'embed-a', 2, 'h', ?, ?)`,
  );
  vector.run(hashed, stamp, Buffer.alloc(8));
  vector.run(unverified, stamp, Buffer.alloc(8));
  db.close();
}

describe("migration 5 fills the running totals from an existing library", () => {
  it("counts items per kind, unmeasured thumbnails, freshness that SQL can tell, and vectors", () => {
    oldLibrary();
    const lib = openLibrary(root);
    try {
      expect(lib.totals.kinds()).toEqual([
        { kind: "audio", present: 1, missing: 0, duration_s: 3.5 },
        { kind: "image", present: 0, missing: 1, duration_s: 0 },
        { kind: "video", present: 5, missing: 0, duration_s: 22.25 },
      ]);
      expect(lib.totals.derived()).toEqual([
        { dir: "frames", bytes: 0, unmeasured: 0 },
        { dir: "thumbs", bytes: 0, unmeasured: 1 },
      ]);
      // d.mov is not probed yet; e.mov has a hash and vectors, so only its text can tell.
      expect(lib.totals.embedCounts().sort((a, b) => a.state.localeCompare(b.state))).toEqual([
        { state: "", model: "", n: 1 },
        { state: "new", model: "", n: 3 },
        { state: "stale", model: "", n: 1 },
        { state: "unverified", model: "", n: 1 },
      ]);
      expect(lib.totals.vectorCount("embed-a")).toBe(2);
      expect(lib.totals.vectorCount("embed-b")).toBe(0);
    } finally {
      lib.close();
    }
  });

  it("keeps the totals exact as items change kind, go missing, are deleted and lose vectors", () => {
    oldLibrary();
    const lib = openLibrary(root);
    try {
      lib.db.prepare("UPDATE media SET missing_since = 'x' WHERE rel_path = 'a.mov'").run();
      lib.db.prepare("UPDATE media SET duration_s = 0.1 WHERE rel_path = 'b.wav'").run();
      lib.db.prepare("DELETE FROM media WHERE rel_path = 'g.mov'").run();
      lib.db.prepare("DELETE FROM vectors WHERE model = 'embed-a'").run();
      expect(lib.totals.kinds()).toEqual([
        { kind: "audio", present: 1, missing: 0, duration_s: 0.1 },
        { kind: "image", present: 0, missing: 1, duration_s: 0 },
        { kind: "video", present: 3, missing: 1, duration_s: 7 },
      ]);
      expect(lib.totals.vectorCount("embed-a")).toBe(0);
      // Without vectors, e.mov's hash makes it stale and f.mov is new again.
      expect(lib.totals.embedCounts().sort((a, b) => a.state.localeCompare(b.state))).toEqual([
        { state: "new", model: "", n: 4 },
        { state: "stale", model: "", n: 1 },
      ]);
    } finally {
      lib.close();
    }
  });
});
