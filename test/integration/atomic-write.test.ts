import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ATOMIC_TEMP,
  placeNew,
  placeNewSync,
  produceAtomic,
  produceAtomicSync,
  writeFileAtomic,
  writeFileNew,
} from "../../state/atomic.js";
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

  it("writes a stream of chunks whole", async () => {
    const dest = join(dir, "export.edl");
    async function* chunks() {
      yield "TITLE: x\n";
      yield Buffer.from("001  AX V C 00:00:00:00\n");
    }
    await writeFileAtomic(dest, chunks());
    expect(await readFile(dest, "utf8")).toBe("TITLE: x\n001  AX V C 00:00:00:00\n");
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

describe("produceAtomic", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-produce-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("hands the producer a hidden temp name in the destination's folder, and puts its file in place", async () => {
    const dest = join(dir, "proxies", "7.mp4");
    let seen = "";
    const result = await produceAtomic(dest, async (temp) => {
      seen = temp;
      await writeFile(temp, "encoded");
      return { hwaccel: null };
    });
    expect(result).toEqual({ hwaccel: null });
    expect(dirname(seen)).toBe(dirname(dest));
    expect(basename(seen)).toMatch(ATOMIC_TEMP);
    expect(basename(seen).startsWith(".7.mp4.")).toBe(true);
    expect(await readFile(dest, "utf8")).toBe("encoded");
    expect(await readdir(dirname(dest))).toEqual(["7.mp4"]);
  });

  it("keeps the extension a program picks its format by after the temp name", async () => {
    const dest = join(dir, "clip.mp4");
    await produceAtomic(
      dest,
      async (temp) => {
        expect(temp.endsWith(".tmp.mp4")).toBe(true);
        await writeFile(temp, "mp4");
      },
      { suffix: ".mp4" },
    );
    expect(await readdir(dir)).toEqual(["clip.mp4"]);
  });

  it("a producer that fails midway leaves the old file intact and no temp file", async () => {
    const dest = join(dir, "vectors.usearch");
    await writeFile(dest, "old index");
    await expect(
      produceAtomic(dest, async (temp) => {
        await writeFile(temp, "half of it");
        throw new Error("ffmpeg exited with code 1");
      }),
    ).rejects.toThrow("ffmpeg exited with code 1");
    expect(await readFile(dest, "utf8")).toBe("old index");
    expect(await readdir(dir)).toEqual(["vectors.usearch"]);
  });

  it("uses a caller's temp name beside the destination, and refuses one elsewhere", async () => {
    const dest = join(dir, "vectors.usearch");
    const temp = `${dest}.tmp-${process.pid}-x`;
    await produceAtomic(dest, (out) => writeFile(out, "index"), { temp });
    expect(await readFile(dest, "utf8")).toBe("index");
    await expect(
      produceAtomic(dest, (out) => writeFile(out, "index"), { temp: join(tmpdir(), "elsewhere.tmp") }),
    ).rejects.toThrow(/is not in the folder of/);
  });

  it("the synchronous form does the same for a database snapshot", async () => {
    const dest = join(dir, "library-v3.db");
    produceAtomicSync(dest, (temp) => spawnSync("cp", ["/dev/null", temp]));
    expect(await readdir(dir)).toEqual(["library-v3.db"]);
    expect(() =>
      produceAtomicSync(dest, () => {
        throw new Error("disk I/O error");
      }),
    ).toThrow("disk I/O error");
    expect(await readdir(dir)).toEqual(["library-v3.db"]);
  });
});

describe("placeNew and writeFileNew", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-place-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("places a finished temp file under a free name and never over an existing one", async () => {
    const temp = join(dir, ".svc-offload-1-abc-A001.MOV");
    await writeFile(temp, "copy");
    expect(await placeNew(temp, join(dir, "A001.MOV"))).toBe("placed");
    expect(await readdir(dir)).toEqual(["A001.MOV"]);
    await writeFile(temp, "another copy");
    expect(await placeNew(temp, join(dir, "A001.MOV"))).toBe("taken");
    expect(await readFile(join(dir, "A001.MOV"), "utf8")).toBe("copy");
    expect((await readdir(dir)).sort()).toEqual([".svc-offload-1-abc-A001.MOV", "A001.MOV"]);
  });

  it("the synchronous form tells a taken name so the caller can draw another", async () => {
    const temp = join(dir, ".recorrect-1.tmp");
    await writeFile(temp, "rows");
    await writeFile(join(dir, "taken.jsonl"), "someone else's");
    expect(placeNewSync(temp, join(dir, "taken.jsonl"))).toBe("taken");
    expect(placeNewSync(temp, join(dir, "free.jsonl"))).toBe("placed");
    expect(await readFile(join(dir, "free.jsonl"), "utf8")).toBe("rows");
    expect((await readdir(dir)).sort()).toEqual(["free.jsonl", "taken.jsonl"]);
  });

  it("writes a new file only where nothing stands, leaving no temp file either way", async () => {
    const dest = join(dir, "luts", "imported", "warm.cube");
    expect(await writeFileNew(dest, "LUT_3D_SIZE 2\n")).toBe(true);
    expect(await writeFileNew(dest, "other")).toBe(false);
    expect(await readFile(dest, "utf8")).toBe("LUT_3D_SIZE 2\n");
    expect(await readdir(dirname(dest))).toEqual(["warm.cube"]);
  });
});

describe("a write into a full file system", () => {
  let base: string;
  let full: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), "svc-full-"));
    full = join(base, "full");
    await mkdir(full);
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", full], {
      encoding: "utf8",
    });
    expect(mounted.status, mounted.stderr).toBe(0);
  });
  afterAll(async () => {
    spawnSync("umount", [full]);
    await rm(base, { recursive: true, force: true });
  });

  it("fails with ENOSPC, keeps the old content and leaves no temp file", async () => {
    const dest = join(full, "collections.json");
    await writeFile(dest, '{"version":1}\n');
    await expect(writeFileAtomic(dest, randomBytes(256 * 1024))).rejects.toMatchObject({ code: "ENOSPC" });
    expect(await readFile(dest, "utf8")).toBe('{"version":1}\n');
    expect(await readdir(full)).toEqual(["collections.json"]);
    await expect(
      produceAtomic(dest, (temp) => writeFile(temp, randomBytes(256 * 1024))),
    ).rejects.toMatchObject({ code: "ENOSPC" });
    expect(await readFile(dest, "utf8")).toBe('{"version":1}\n');
    expect(await readdir(full)).toEqual(["collections.json"]);
  });
});
