import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeFileAtomic } from "../../state/atomic.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("chattr");

describe.skipIf(!hasTools)("writeFileAtomic", () => {
  let dir: string;
  const immutable: string[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-atomic-"));
  });
  afterEach(async () => {
    for (const path of immutable.splice(0)) await execa("chattr", ["-i", path]);
    await rm(dir, { recursive: true, force: true });
  });
  const lock = async (path: string) => {
    await execa("chattr", ["+i", path]);
    immutable.push(path);
  };

  it("replaces the file with the complete new content and leaves no temp file", async () => {
    const dest = join(dir, "index.json");
    await writeFile(dest, "old");
    const data = randomBytes(3 * 1024 * 1024);
    await writeFileAtomic(dest, data);
    expect((await readFile(dest)).equals(data)).toBe(true);
    expect(await readdir(dir)).toEqual(["index.json"]);
  });

  it("creates missing folders on the way", async () => {
    const dest = join(dir, "a", "b", "thumb.jpg");
    await writeFileAtomic(dest, "jpeg");
    expect(await readFile(dest, "utf8")).toBe("jpeg");
  });

  it("a rename that fails leaves the old file intact and removes the temp file", async () => {
    const dest = join(dir, "index.json");
    await writeFile(dest, "old");
    // An immutable file cannot be replaced, even by root: the temp file is written, the rename fails.
    await lock(dest);
    await expect(writeFileAtomic(dest, "new")).rejects.toMatchObject({ code: "EPERM", syscall: "rename" });
    expect(await readFile(dest, "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["index.json"]);
  });

  it("a folder that refuses new files fails cleanly and leaves the old file intact", async () => {
    const dest = join(dir, "index.json");
    await writeFile(dest, "old");
    await lock(dir);
    await expect(writeFileAtomic(dest, "new")).rejects.toMatchObject({ code: "EPERM" });
    expect(await readFile(dest, "utf8")).toBe("old");
    expect(await readdir(dir)).toEqual(["index.json"]);
  });
});
