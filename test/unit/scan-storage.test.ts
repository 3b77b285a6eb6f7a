import { mkdir, mkdtemp, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scanTree } from "../../pipeline/scan.js";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "svc-scan-storage-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Files, nested folders, a sequence, links (to a folder, broken, looping) and names svc ignores. */
async function tree(): Promise<void> {
  await mkdir(join(root, "day 1", "card A"), { recursive: true });
  await mkdir(join(root, "day 2"));
  await mkdir(join(root, ".svc"));
  await writeFile(join(root, "day 1", "a.mp4"), "aaaa");
  await writeFile(join(root, "day 1", "card A", "b.wav"), "bb");
  await writeFile(join(root, "day 1", "notes.txt"), "n");
  await writeFile(join(root, "day 1", "lone.dpx"), "d");
  await writeFile(join(root, "day 1", ".DS_Store"), "x");
  await writeFile(join(root, ".svc", "library.db"), "db");
  for (const n of [1, 2, 3]) await writeFile(join(root, "day 2", `shot.000${n}.png`), "p".repeat(n));
  await utimes(join(root, "day 1", "a.mp4"), new Date(1_700_000_000_000), new Date(1_700_000_000_000));
  await symlink(join(root, "day 1", "card A"), join(root, "day 2", "card link"));
  await symlink(join(root, "gone.mov"), join(root, "day 2", "broken.mov"));
  await symlink(join(root, "day 2", "loop.mov"), join(root, "day 2", "loop.mov"));
}

describe("the scan on a local disk and on a share", () => {
  it("finds the same files, sequences, skipped entries and unreadable folders either way", async () => {
    await tree();
    const local = await scanTree(root, root, { local: true });
    const share = await scanTree(root, root, { local: false });
    expect(local).toEqual(share);
    // The linked card folder is entered once, under the name the directory lists first.
    expect(local.files.map((f) => f.relPath.replace("day 2/card link/", "day 1/card A/")).sort()).toEqual([
      "day 1/a.mp4",
      "day 1/card A/b.wav",
      "day 2/shot.####.png",
    ]);
    expect(local.files.find((f) => f.relPath === "day 1/a.mp4")).toMatchObject({
      size: 4,
      mtimeMs: 1_700_000_000_000,
      kind: "video",
    });
    expect(local.skipped.map((s) => s.relPath).sort()).toEqual([
      "day 1/lone.dpx",
      "day 1/notes.txt",
      "day 2/broken.mov",
      "day 2/loop.mov",
    ]);
  });
});
