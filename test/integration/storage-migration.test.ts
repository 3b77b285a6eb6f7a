import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { CLIP_PROBE, seedClip, stageDone } from "../support/rows.js";
import { tempWorkspace } from "../support/temp.js";

const workspaces: Awaited<ReturnType<typeof tempWorkspace>>[] = [];

async function workspace() {
  const ws = await tempWorkspace("svc-migrate-");
  workspaces.push(ws);
  return ws;
}

afterAll(async () => {
  await Promise.all(workspaces.map((ws) => ws.cleanup()));
});

const MEDIA = 3;

/**
 * A library as svc kept it before `.svc/` existed: a real library database with media rows at the
 * project root, its thumbs/ and frames/ beside it.
 */
async function makeLegacy(root: string): Promise<void> {
  const lib = openLibrary(root);
  try {
    for (let i = 0; i < MEDIA; i += 1) {
      seedClip(lib, i);
    }
    lib.db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    lib.close();
  }
  await rename(join(root, ".svc", "library.db"), join(root, "library.db"));
  await rm(join(root, ".svc"), { recursive: true, force: true });
  await mkdir(join(root, "thumbs"));
  await mkdir(join(root, "frames", "1"), { recursive: true });
  // Thumbnails are PNG-named files a new library would ingest as stills if it scanned them.
  await writeFile(join(root, "thumbs", "1.png"), "thumbnail bytes");
  await writeFile(join(root, "frames", "1", "0.jpg"), "frame bytes");
}

/** Every file under `dir` with its size, mtime and checksum: proves a refused command touched nothing. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = statSync(path);
    // A folder's own mtime moves when a reader's transient side files come and go; its entries are compared.
    out[path.slice(dir.length)] = entry.isFile()
      ? `${info.size}:${info.mtimeMs}:${createHash("sha256").update(readFileSync(path)).digest("hex")}`
      : "dir";
  }
  return out;
}

const mediaCount = (root: string) => {
  const lib = openLibrary(root);
  try {
    return (lib.db.prepare("SELECT count(*) AS n FROM media").get() as { n: number }).n;
  } finally {
    lib.close();
  }
};

describe("a legacy library at the project root", () => {
  it("makes ingest and serve refuse with exit 4 naming the migration, creating nothing", async () => {
    const ws = await workspace();
    await makeLegacy(ws.root);
    const before = tree(ws.root);
    for (const args of [["ingest"], ["serve"]]) {
      const result = await svc(args, ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }), 60_000);
      expect(result.exitCode, `${args[0]}: ${result.stderr}`).toBe(4);
      expect(result.stderr).toMatch(/svc ingest --migrate-storage/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(join(ws.root, ".svc"))).toBe(false);
    expect(tree(ws.root)).toEqual(before);
  });

  it("moves into .svc/ after an archive of the database, verifies counts, and is then a normal exit 0", async () => {
    const ws = await workspace();
    await makeLegacy(ws.root);
    const result = await svc(["ingest", "--migrate-storage", "--progress", "json"], ws.env());
    expect(result.exitCode, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim()) as {
      status: string;
      backup: string;
      counts: { media: number };
      moved: string[];
    };
    expect(report).toMatchObject({
      status: "migrated",
      counts: { media: MEDIA },
      moved: ["thumbs", "frames"],
    });
    expect(report.backup).toMatch(/^\.svc\/backups\/legacy-library-\d{8}T\d{9}Z\.db$/);
    expect(readFileSync(join(ws.root, report.backup)).subarray(0, 15).toString()).toBe("SQLite format 3");

    expect(existsSync(join(ws.root, "library.db"))).toBe(false);
    expect(existsSync(join(ws.root, "thumbs"))).toBe(false);
    expect(readFileSync(join(ws.root, ".svc", "thumbs", "1.png"), "utf8")).toBe("thumbnail bytes");
    expect(readFileSync(join(ws.root, ".svc", "frames", "1", "0.jpg"), "utf8")).toBe("frame bytes");
    expect(mediaCount(ws.root)).toBe(MEDIA);

    const again = await svc(["ingest", "--migrate-storage"], ws.env());
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already migrated/);

    // Ingest now runs on the migrated library; the moved thumbnails are not stills of the project.
    const ingest = await svc(["ingest", "--progress", "json"], ws.env());
    expect(ingest.stderr).not.toMatch(/migrate-storage/);
    expect(ingest.stdout).not.toMatch(/thumbs\/1\.png/);
  });

  it("says there is nothing to migrate on a root without a legacy library", async () => {
    const ws = await workspace();
    const result = await svc(["ingest", "--migrate-storage"], ws.env());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/nothing to migrate/);
  });

  it("is blocked with exit 6, touching nothing, by an empty .svc library over real legacy data", async () => {
    const ws = await workspace();
    await makeLegacy(ws.root);
    // A new svc run before the refusal existed left an empty library shell in .svc/.
    openLibrary(ws.root).close();
    const before = tree(ws.root);
    const result = await svc(["ingest", "--migrate-storage"], ws.env());
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/mv \.svc \.svc\.empty/);
    expect(tree(ws.root)).toEqual(before);
    // Ingest and serve refuse too: the shell must not shadow the legacy library.
    const ingest = await svc(["ingest"], ws.env());
    expect(ingest.exitCode).toBe(4);
    expect(ingest.stderr).toMatch(/no media over a legacy library/);

    // The safe way out the message names, then the migration.
    await rename(join(ws.root, ".svc"), join(ws.root, ".svc.empty"));
    const migrated = await svc(["ingest", "--migrate-storage"], ws.env());
    expect(migrated.exitCode, migrated.stderr).toBe(0);
    expect(mediaCount(ws.root)).toBe(MEDIA);
  });

  it("is blocked with exit 6 when both libraries hold media", async () => {
    const ws = await workspace();
    await makeLegacy(ws.root);
    const lib = openLibrary(ws.root);
    try {
      lib.media.saveProbe(
        { relPath: "new.mp4", kind: "video", size: 1, mtimeMs: 1, fingerprint: "n" },
        CLIP_PROBE,
        stageDone("probe"),
      );
    } finally {
      lib.close();
    }
    const before = tree(ws.root);
    const result = await svc(["ingest", "--migrate-storage"], ws.env());
    expect(result.exitCode, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/will not merge/);
    expect(tree(ws.root)).toEqual(before);
  });

  it("exits 5, moving nothing, when the backup cannot be written", async () => {
    const ws = await workspace();
    await makeLegacy(ws.root);
    await mkdir(join(ws.root, ".svc"));
    // A plain file where the backups folder belongs: the archive has nowhere to go.
    await writeFile(join(ws.root, ".svc", "backups"), "not a folder");
    const before = tree(ws.root);
    const result = await svc(["ingest", "--migrate-storage"], ws.env());
    expect(result.exitCode, result.stderr).toBe(5);
    expect(result.stderr).toMatch(/backup.*nothing was moved/);
    expect(tree(ws.root)).toEqual(before);
  });
});
