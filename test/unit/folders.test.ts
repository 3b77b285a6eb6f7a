import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../state/atomic.js";
import { makeFolders } from "../../state/folders.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "svc-folders-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("folders made for a project", () => {
  it("a derived file of a project whose root is gone fails, and nothing is made in its place", async () => {
    const root = join(dir, "Volumes", "RAID", "Job 42");
    await expect(writeFileAtomic(join(root, ".svc", "thumbs", "1.jpg"), "jpeg")).rejects.toMatchObject({
      code: "ENOENT",
    });
    await expect(makeFolders(join(root, ".svc", "frames", "1"))).rejects.toMatchObject({ code: "ENOENT" });
    expect(existsSync(join(dir, "Volumes"))).toBe(false);
  });

  it("makes .svc and what lies below it inside a root that is there", async () => {
    const root = join(dir, "Job 43");
    await mkdir(root);
    await writeFileAtomic(join(root, ".svc", "frames", "7", "0.jpg"), "jpeg");
    expect(await readFile(join(root, ".svc", "frames", "7", "0.jpg"), "utf8")).toBe("jpeg");
  });

  it("makes the whole chain for files that are not a project's (exports, SVC_HOME)", async () => {
    await writeFileAtomic(join(dir, "exports", "day 1", "edl.edl"), "TITLE");
    expect(existsSync(join(dir, "exports", "day 1", "edl.edl"))).toBe(true);
  });
});
