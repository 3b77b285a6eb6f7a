import { mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEPT_SNAPSHOTS, MigrationBackupError, openDatabase } from "../../state/db.js";
import { LIBRARY_MIGRATIONS } from "../../state/migrations/library.js";
import { REGISTRY_MIGRATIONS } from "../../state/migrations/registry.js";
import { openLibrary, openRegistry } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("chattr", "ffmpeg", "ffprobe");
const SNAPSHOT = /^library-v2-\d{8}T\d{9}Z\.db$/;

/** A project whose library.db stopped at schema version 2, holding one item. */
function oldLibrary(root: string): void {
  const db = openDatabase(join(root, ".svc", "library.db"), LIBRARY_MIGRATIONS.slice(0, 2));
  const stamp = new Date().toISOString();
  db.prepare(
    `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, created_at, updated_at)
     VALUES ('reel 1/take.mov', 'video', 1, 1, 'f', ?, ?)`,
  ).run(stamp, stamp);
  db.close();
}

function inspect(file: string): { version: number; paths: string[] } {
  const db = new Database(file, { readonly: true });
  try {
    return {
      version: db.pragma("user_version", { simple: true }) as number,
      paths: (db.prepare("SELECT rel_path FROM media").all() as { rel_path: string }[]).map(
        (r) => r.rel_path,
      ),
    };
  } finally {
    db.close();
  }
}

describe.skipIf(!hasTools)("migrations snapshot the database first", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  const immutable: string[] = [];
  beforeEach(async () => {
    ws = await tempWorkspace("svc-migrate-");
  });
  afterEach(async () => {
    for (const path of immutable.splice(0)) await execa("chattr", ["-i", path]);
    await ws.cleanup();
  });
  const backups = () => join(ws.root, ".svc", "backups");
  const library = () => join(ws.root, ".svc", "library.db");

  it("copies an older library into .svc/backups, at its old version with its data, then migrates it", async () => {
    oldLibrary(ws.root);
    const lib = openLibrary(ws.root);
    expect(lib.db.pragma("user_version", { simple: true })).toBe(LIBRARY_MIGRATIONS.length);
    expect(lib.media.all().map((r) => r.rel_path)).toEqual(["reel 1/take.mov"]);
    lib.close();
    const files = await readdir(backups());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(SNAPSHOT);
    expect(inspect(join(backups(), files[0] as string))).toEqual({ version: 2, paths: ["reel 1/take.mov"] });
    // Already current: opening again takes no further snapshot.
    openLibrary(ws.root).close();
    expect(await readdir(backups())).toEqual(files);
  });

  it("takes no snapshot of a new database", async () => {
    openLibrary(ws.root).close();
    await expect(readdir(backups())).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("snapshots the registry into $SVC_HOME/backups", async () => {
    const old = openDatabase(join(ws.home, "registry.db"), REGISTRY_MIGRATIONS.slice(0, 1));
    old.prepare("INSERT INTO projects (name, root, created_at) VALUES ('A', '/a', '2024-01-01')").run();
    old.close();
    const registry = openRegistry(ws.home);
    expect(registry.db.pragma("user_version", { simple: true })).toBe(REGISTRY_MIGRATIONS.length);
    registry.close();
    const files = await readdir(join(ws.home, "backups"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^registry-v1-\d{8}T\d{9}Z\.db$/);
    const copy = new Database(join(ws.home, "backups", files[0] as string), { readonly: true });
    expect(copy.pragma("user_version", { simple: true })).toBe(1);
    expect(copy.prepare("SELECT name FROM projects").all()).toEqual([{ name: "A" }]);
    copy.close();
  });

  it("a failing step leaves the file at its old version, earlier pending steps included", () => {
    oldLibrary(ws.root);
    const steps = [
      ...LIBRARY_MIGRATIONS.slice(0, 2),
      { version: 3, name: "fine", sql: "CREATE TABLE fine (x INTEGER);" },
      { version: 4, name: "broken", sql: "INSERT INTO no_such_table VALUES (1);" },
    ];
    expect(() => openDatabase(library(), steps)).toThrow(/no_such_table/);
    const db = new Database(library(), { readonly: true });
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'fine'").get()).toBeUndefined();
    db.close();
    expect(inspect(library()).paths).toEqual(["reel 1/take.mov"]);
  });

  it("a snapshot that cannot be written stops the migration and changes nothing", async () => {
    oldLibrary(ws.root);
    await mkdir(backups());
    await execa("chattr", ["+i", backups()]);
    immutable.push(backups());
    expect(() => openLibrary(ws.root)).toThrow(MigrationBackupError);
    expect(() => openLibrary(ws.root)).toThrow(
      /library\.db needs migrating from schema version 2 to \d+, but its snapshot could not be written .*nothing was changed/,
    );
    expect(inspect(library())).toEqual({ version: 2, paths: ["reel 1/take.mov"] });
    expect(await readdir(backups())).toEqual([]);

    const result = await svc(["ingest"], ws.env({ SVC_ASR: "none", OLLAMA_HOST: "http://127.0.0.1:9" }));
    expect(result.exitCode).toBe(5);
    expect(result.stderr).toMatch(/snapshot could not be written .*nothing was changed/);
    expect(result.stderr).not.toContain(ws.root);
    expect(inspect(library()).version).toBe(2);
  });

  it(`keeps the newest ${KEPT_SNAPSHOTS} snapshots of a database`, async () => {
    const file = join(ws.base, "x.db");
    const one = { version: 1, name: "one", sql: "CREATE TABLE IF NOT EXISTS a (x INTEGER);" };
    const two = { version: 2, name: "two", sql: "CREATE TABLE IF NOT EXISTS b (x INTEGER);" };
    openDatabase(file, [one]).close();
    const taken: string[] = [];
    for (let i = 0; i < KEPT_SNAPSHOTS + 2; i += 1) {
      const before = new Set(await readdir(join(ws.base, "backups")).catch(() => []));
      const db = openDatabase(file, [one, two]);
      db.pragma("user_version = 1");
      db.close();
      taken.push(...(await readdir(join(ws.base, "backups"))).filter((f) => !before.has(f)));
      // Snapshot names carry the time to the millisecond.
      await sleep(5);
    }
    expect(taken).toHaveLength(KEPT_SNAPSHOTS + 2);
    expect((await readdir(join(ws.base, "backups"))).sort()).toEqual(taken.slice(2).sort());
  });
});
