import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseManifest } from "../../formats/mhl.js";
import { c4Id } from "../../library/offload/c4.js";
import { createHasher } from "../../library/offload/hash.js";
import { writeGeneration } from "../../library/offload/mhl.js";
import { jsonLines, startSvc, svc } from "../support/cli.js";
import { makeTimecodedClip, TIMECODED_CLIP } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { ascMhlSchema, xmllintSchema } from "../support/xmllint.js";

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
beforeEach(async () => {
  ws = await tempWorkspace("svc-offload-");
});
afterEach(async () => {
  await ws.cleanup();
});

const env = () => ({ SVC_HOME: ws.home });

/** A card with clips in folders, a sidecar, and the bookkeeping an offload must leave behind. */
async function makeCard(name = "A001"): Promise<{ card: string; files: Record<string, Buffer> }> {
  const card = join(ws.base, name);
  const files: Record<string, Buffer> = {
    "DCIM/100CANON/MVI_0001.MOV": randomBytes(1_500_000),
    "DCIM/100CANON/MVI_0002.MOV": randomBytes(300_000),
    "PRIVATE/M4ROOT/CLIP/C0001.MP4": randomBytes(64_000),
    "Sidecar.txt": Buffer.from("scene 1 take 2\n"),
  };
  for (const [rel, data] of Object.entries(files)) {
    await mkdir(join(card, rel, ".."), { recursive: true });
    await writeFile(join(card, rel), data);
  }
  await writeFile(join(card, ".DS_Store"), "finder");
  await writeFile(join(card, "DCIM", "._MVI_0001.MOV"), "resource fork");
  await writeFile(join(card, "DCIM", "100CANON", "MVI_0003.MOV.part"), "half");
  await mkdir(join(card, "ascmhl"));
  await writeFile(join(card, "ascmhl", "0001_old.mhl"), "<hashlist/>");
  return { card, files };
}

/** Every file below `dir` (relative, forward slashes), hidden ones included. */
async function listTree(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listTree(join(dir, entry.name), rel)));
    else out.push(rel);
  }
  return out.sort();
}

async function expectValidHistory(dest: string): Promise<string[]> {
  const names = await readdir(join(dest, "ascmhl"));
  const manifests = names.filter((n) => n.endsWith(".mhl"));
  expect(manifests.length).toBeGreaterThan(0);
  for (const manifest of manifests) {
    const lint = xmllintSchema(join(dest, "ascmhl", manifest), ascMhlSchema("ASCMHL.xsd"));
    expect(lint.status, lint.stderr).toBe(0);
  }
  const chain = xmllintSchema(join(dest, "ascmhl", "ascmhl_chain.xml"), ascMhlSchema("ASCMHLDirectory.xsd"));
  expect(chain.status, chain.stderr).toBe(0);
  return manifests;
}

async function flipByte(file: string, at: number): Promise<void> {
  const data = await readFile(file);
  data[at] = (data[at] as number) ^ 0xff;
  await writeFile(file, data);
}

describe("svc offload", () => {
  it("copies a card byte for byte to three destinations, with file and summary events and valid ASC MHL", async () => {
    const { card, files } = await makeCard();
    const dests = ["D1", "D2", "D3"].map((d) => join(ws.base, "drives", d));
    const run = await svc(
      ["offload", card, ...dests.flatMap((d) => ["--dest", d]), "--progress", "json"],
      env(),
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const events = jsonLines(run.stdout);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(["file", "summary"]));
    const fileEvents = events.filter((e) => e.event === "file");
    expect(fileEvents).toHaveLength(Object.keys(files).length * dests.length);
    for (const e of fileEvents) {
      expect(Object.keys(e).sort()).toEqual([
        "bytes",
        "copy_mib_s",
        "dest",
        "event",
        "path",
        "status",
        "verify_mib_s",
      ]);
      expect(e.status).toBe("verified");
      expect(e.bytes).toBe(files[e.path as string]?.length);
      expect(typeof e.copy_mib_s).toBe("number");
      expect(typeof e.verify_mib_s === "number" || e.verify_mib_s === null).toBe(true);
    }
    const summaries = events.filter((e) => e.event === "summary");
    expect(summaries.map((s) => s.dest)).toEqual(dests);
    const total = Object.values(files).reduce((sum, b) => sum + b.length, 0);
    for (const s of summaries) {
      expect(Object.keys(s).sort()).toEqual(["bytes", "copy_mib_s", "dest", "event", "failed", "files"]);
      expect(s).toMatchObject({ files: 4, bytes: total, failed: 0 });
      expect(s.copy_mib_s as number).toBeGreaterThan(0);
    }
    for (const dest of dests) {
      // Bookkeeping, partial files and the card's old manifests stay behind; no temp is left.
      const copied = (await listTree(dest)).filter((f) => !f.startsWith("ascmhl/"));
      expect(copied).toEqual(["A001_camera_report.csv", ...Object.keys(files)].sort());
      for (const [rel, data] of Object.entries(files))
        expect((await readFile(join(dest, rel))).equals(data)).toBe(true);
      const mtime = (await stat(join(dest, "Sidecar.txt"))).mtimeMs;
      expect(Math.abs(mtime - (await stat(join(card, "Sidecar.txt"))).mtimeMs)).toBeLessThan(1);
      const [manifest] = await expectValidHistory(dest);
      const xml = await readFile(join(dest, "ascmhl", manifest as string), "utf8");
      expect(xml.match(/<xxh64 /g)).toHaveLength(4);
      const sum = spawnSync("xxhsum", ["-H1", join(dest, "Sidecar.txt")], { encoding: "utf8" });
      if (sum.status === 0) expect(xml).toContain(`>${sum.stdout.split(" ")[0]}</xxh64>`);
    }
  });

  it("verify recomputes every hash and the chain's C4 ids: a flipped byte in a copy or a manifest fails", async () => {
    const { card, files } = await makeCard();
    const dest = join(ws.base, "D1");
    expect((await svc(["offload", card, "--dest", dest], env())).exitCode).toBe(0);
    const ok = await svc(["offload", "verify", dest], env());
    expect(ok.exitCode, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/verified: 4 files, 1 generations, 0 problems/);

    await flipByte(join(dest, "DCIM/100CANON/MVI_0002.MOV"), 150_000);
    const flipped = await svc(["offload", "verify", dest], env());
    expect(flipped.exitCode).toBe(1);
    expect(flipped.stdout).toMatch(/FAILED\tDCIM\/100CANON\/MVI_0002\.MOV\txxh64 [0-9a-f]{16} differs/);
    expect(flipped.stdout).not.toMatch(/MVI_0001/);
    await flipByte(join(dest, "DCIM/100CANON/MVI_0002.MOV"), 150_000);
    expect((await svc(["offload", "verify", dest], env())).exitCode).toBe(0);

    // Files are hashed two at a time and the small second one finishes first; the report still
    // follows the history's order.
    await flipByte(join(dest, "DCIM/100CANON/MVI_0001.MOV"), 1_400_000);
    await rm(join(dest, "Sidecar.txt"));
    const two = await svc(["offload", "verify", dest], env());
    expect(two.exitCode).toBe(1);
    expect(two.stdout.split("\n").filter((line) => line.startsWith("FAILED"))).toEqual([
      expect.stringMatching(/^FAILED\tDCIM\/100CANON\/MVI_0001\.MOV\txxh64 [0-9a-f]{16} differs/),
      "FAILED\tSidecar.txt\tmissing or unreadable",
    ]);
    await flipByte(join(dest, "DCIM/100CANON/MVI_0001.MOV"), 1_400_000);
    await writeFile(join(dest, "Sidecar.txt"), files["Sidecar.txt"] as Buffer);

    const [manifest] = (await readdir(join(dest, "ascmhl"))).filter((n) => n.endsWith(".mhl"));
    const path = join(dest, "ascmhl", manifest as string);
    const xml = await readFile(path, "utf8");
    await flipByte(path, xml.indexOf("<hostname>") + 11);
    const badManifest = await svc(["offload", "verify", dest], env());
    expect(badManifest.exitCode).toBe(1);
    expect(badManifest.stdout).toContain(`FAILED\tascmhl/${manifest}\tthe manifest does not match its C4 id`);

    const none = await svc(["offload", "verify", card], env());
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toMatch(/no ASC MHL history/);
  });

  it("writes a per-card CSV camera report from the probe of the verified copies", async () => {
    if (!needTools("ffmpeg", "ffprobe")) return;
    const { card } = await makeCard();
    await makeTimecodedClip(join(card, "CLIPS"), "A001C001.mp4", { seconds: 2 });
    const dests = [join(ws.base, "D1"), join(ws.base, "D2")];
    const run = await svc(
      ["offload", card, "--dest", dests[0] as string, "--dest", dests[1] as string],
      env(),
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const csv = await readFile(join(dests[0] as string, "A001_camera_report.csv"), "utf8");
    expect(await readFile(join(dests[1] as string, "A001_camera_report.csv"), "utf8")).toBe(csv);
    const [header, ...rows] = csv.trim().split("\n");
    expect(header).toBe("file,size,duration,codec,resolution,fps,timecode,hash");
    expect(rows).toHaveLength(5);
    const clip = rows.find((r) => r.startsWith("CLIPS/A001C001.mp4,"))?.split(",") ?? [];
    const { size } = await stat(join(card, "CLIPS", "A001C001.mp4"));
    expect(clip.slice(1, 7)).toEqual([
      String(size),
      "2",
      "h264",
      `${TIMECODED_CLIP.width}x${TIMECODED_CLIP.height}`,
      String(TIMECODED_CLIP.fps),
      TIMECODED_CLIP.startTimecode,
    ]);
    expect(clip[7]).toMatch(/^xxh64:[0-9a-f]{16}$/);
    expect(rows.find((r) => r.startsWith("Sidecar.txt,"))).toMatch(
      /^Sidecar\.txt,15,,,,,,xxh64:[0-9a-f]{16}$/,
    );
  });

  it.each(["xxh3", "xxh128", "md5", "sha1", "c4"])(
    "records %s when asked, and verifies with it",
    async (hash) => {
      const { card } = await makeCard();
      const dest = join(ws.base, "D1");
      const run = await svc(["offload", card, "--dest", dest, "--hash", hash], env());
      expect(run.exitCode, run.stderr).toBe(0);
      const [manifest] = await expectValidHistory(dest);
      expect(
        (await readFile(join(dest, "ascmhl", manifest as string), "utf8")).match(
          new RegExp(`<${hash} `, "g"),
        ),
      ).toHaveLength(4);
      expect((await svc(["offload", "verify", dest], env())).exitCode).toBe(0);
    },
  );

  it("accounts for its camera report in the history, and records a second offload as a verified generation", async () => {
    const { card, files } = await makeCard();
    const dest = join(ws.base, "D1");
    expect((await svc(["offload", card, "--dest", dest], env())).exitCode).toBe(0);
    const [first] = await expectValidHistory(dest);
    const one = parseManifest(await readFile(join(dest, "ascmhl", first as string), "utf8"));
    expect(one.ignore).toContain("A001_camera_report.csv");
    expect(one.files.map((f) => f.path)).not.toContain("A001_camera_report.csv");
    // verify reports every file no history lists: the report is not one of them.
    const verified = await svc(["offload", "verify", dest], env());
    expect(verified.exitCode, verified.stdout).toBe(0);
    expect(verified.stdout).toMatch(/verified: 4 files, 1 generations, 0 problems/);

    const again = await svc(["offload", card, "--dest", dest, "--progress", "json"], env());
    expect(again.exitCode, again.stderr).toBe(0);
    expect(
      jsonLines(again.stdout)
        .filter((e) => e.event === "file")
        .map((e) => e.status),
    ).toEqual(Array(4).fill("exists"));
    const manifests = await expectValidHistory(dest);
    expect(manifests).toHaveLength(2);
    const two = parseManifest(await readFile(join(dest, "ascmhl", manifests[1] as string), "utf8"));
    expect(two.process).toBe("transfer");
    expect(two.ignore).toContain("A001_camera_report.csv");
    expect(two.files.map((f) => [f.path, f.hashes.map((h) => `${h.format}:${h.action}`)])).toEqual(
      Object.keys(files)
        .sort()
        .map((rel) => [rel, ["xxh64:verified"]]),
    );
    expect((await svc(["offload", "verify", dest], env())).stdout).toMatch(/2 generations, 0 problems/);

    // In a format the history does not have yet, each file is read again in the recorded one,
    // and the new one is recorded beside it only once that is verified.
    expect((await svc(["offload", card, "--dest", dest, "--hash", "md5"], env())).exitCode).toBe(0);
    const three = parseManifest(
      await readFile(join(dest, "ascmhl", (await expectValidHistory(dest))[2] as string), "utf8"),
    );
    expect(three.files.map((f) => f.hashes.map((h) => `${h.format}:${h.action}`))).toEqual(
      Array(4).fill(["md5:verified", "xxh64:verified"]),
    );
  }, 180_000);

  it("never rewrites a camera report an earlier generation records", async () => {
    const { card } = await makeCard();
    const dest = join(ws.base, "D1");
    expect((await svc(["offload", card, "--dest", dest], env())).exitCode).toBe(0);
    // As a tool that does not ignore it (or svc before it did) would have recorded it.
    const report = join(dest, "A001_camera_report.csv");
    const before = await readFile(report);
    const hasher = await createHasher("xxh64");
    hasher.update(before);
    await writeGeneration(
      dest,
      {
        process: "in-place",
        ignore: [".DS_Store", "ascmhl", "ascmhl/"],
        files: [
          {
            path: "A001_camera_report.csv",
            size: before.length,
            modifiedMs: Date.now(),
            hashes: [{ format: "xxh64", value: hasher.digest(), action: "original" }],
          },
        ],
        references: [],
      },
      "test",
    );
    await writeFile(join(card, "Sidecar2.txt"), "a file added to the card since");
    const again = await svc(["offload", card, "--dest", dest], env());
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(
      /A001_camera_report\.csv is recorded in the destination's ASC MHL history: not rewritten/,
    );
    expect((await readFile(report)).equals(before)).toBe(true);
    const manifests = await expectValidHistory(dest);
    const latest = parseManifest(await readFile(join(dest, "ascmhl", manifests.at(-1) as string), "utf8"));
    expect(latest.ignore).not.toContain("A001_camera_report.csv");
    expect((await svc(["offload", "verify", dest], env())).exitCode).toBe(0);
  }, 120_000);

  it("offloads into a history the reference tool wrote, nested one included, and extends each", async () => {
    const dest = join(ws.base, "Reel");
    await cp(join(import.meta.dirname, "..", "fixtures", "ascmhl", "reel"), dest, { recursive: true });
    const card = join(ws.base, "REEL_CARD");
    await cp(dest, card, { recursive: true, filter: (path) => !path.split("/").includes("ascmhl") });
    await writeFile(join(card, "Card", "Clips", "B002.mov"), "a new clip on the nested card");
    const run = await svc(["offload", card, "--dest", dest, "--hash", "xxh128"], env());
    expect(run.exitCode, run.stderr).toBe(0);
    const top = (await readdir(join(dest, "ascmhl"))).filter((n) => n.endsWith(".mhl")).sort();
    const nested = (await readdir(join(dest, "Card", "ascmhl"))).filter((n) => n.endsWith(".mhl")).sort();
    expect(top).toHaveLength(7);
    expect(nested).toHaveLength(4);
    const topXml = await readFile(join(dest, "ascmhl", top[6] as string), "utf8");
    const nestedXml = await readFile(join(dest, "Card", "ascmhl", nested[3] as string), "utf8");
    for (const [file, xsd] of [
      [join(dest, "ascmhl", top[6] as string), "ASCMHL.xsd"],
      [join(dest, "Card", "ascmhl", nested[3] as string), "ASCMHL.xsd"],
      [join(dest, "ascmhl", "ascmhl_chain.xml"), "ASCMHLDirectory.xsd"],
      [join(dest, "Card", "ascmhl", "ascmhl_chain.xml"), "ASCMHLDirectory.xsd"],
    ] as const) {
      const lint = xmllintSchema(file, ascMhlSchema(xsd));
      expect(lint.status, lint.stderr).toBe(0);
    }
    const topGeneration = parseManifest(topXml);
    expect(topGeneration.ignore).toEqual(expect.arrayContaining(["*.tmp", "REEL_CARD_camera_report.csv"]));
    // Every file has an xxh128 hash recorded (the tool's last generation), so it is checked in that one.
    expect(topGeneration.files.map((f) => [f.path, f.hashes.map((h) => `${h.format}:${h.action}`)])).toEqual([
      ["Clips/A001.mov", ["xxh128:verified"]],
      ["Clips/A002.mov", ["xxh128:verified"]],
      ["Clips/A003.mov", ["xxh128:verified"]],
      ["Clips/A004.mov", ["xxh128:verified"]],
      ["Sidecar.txt", ["xxh128:verified"]],
    ]);
    expect(topGeneration.references).toEqual([
      { path: `Card/ascmhl/${nested[3]}`, c4: c4Id(Buffer.from(nestedXml)) },
    ]);
    expect(
      parseManifest(nestedXml).files.map((f) => [f.path, f.hashes.map((h) => `${h.format}:${h.action}`)]),
    ).toEqual([
      ["Clips/B001.mov", ["xxh128:verified"]],
      ["Clips/B002.mov", ["xxh128:original"]],
      ["Note.txt", ["xxh128:verified"]],
    ]);
    const verify = await svc(["offload", "verify", dest], env());
    expect(verify.exitCode, verify.stdout).toBe(0);
    expect(verify.stdout).toMatch(/verified: 8 files, 11 generations, 0 problems/);
  }, 120_000);

  it("refuses an empty card, a destination inside the card, a denied or malformed destination (exit 2)", async () => {
    const empty = join(ws.base, "EMPTY");
    await mkdir(join(empty, "DCIM"), { recursive: true });
    await writeFile(join(empty, ".DS_Store"), "x");
    const refusedEmpty = await svc(["offload", empty, "--dest", join(ws.base, "D1")], env());
    expect(refusedEmpty.exitCode).toBe(2);
    expect(refusedEmpty.stderr).toMatch(/no files to offload/);

    const { card } = await makeCard();
    const cases: [string, RegExp][] = [
      [join(card, "copy"), /inside the source/],
      [card, /inside the source/],
      ["/etc/svc-offload", /system folder/],
      [ws.home, /SVC_HOME/],
      [join(ws.base, "x", ".svc"), /\.svc/],
      ["relative/dest", /absolute/],
      [join(card, "Sidecar.txt"), /./],
    ];
    for (const [dest, message] of cases) {
      const run = await svc(["offload", card, "--dest", dest], env());
      expect(run.exitCode, dest).toBe(2);
      expect(run.stderr, dest).toMatch(message);
      expect(run.stderr).not.toMatch(/\bat .*\.js:\d+/);
    }
    const file = join(ws.base, "a-file");
    await writeFile(file, "x");
    const notFolder = await svc(["offload", card, "--dest", file], env());
    expect(notFolder.exitCode).toBe(2);
    expect(notFolder.stderr).toMatch(/a file, not a folder/);
    const twice = await svc(
      ["offload", card, "--dest", join(ws.base, "D"), "--dest", join(ws.base, "D")],
      env(),
    );
    expect(twice.exitCode).toBe(2);
    expect(twice.stderr).toMatch(/given twice/);
    const usage = await svc(["offload", card], env());
    expect(usage.exitCode).toBe(2);
    const badHash = await svc(["offload", card, "--dest", join(ws.base, "D"), "--hash", "crc32"], env());
    expect(badHash.exitCode).toBe(2);
    expect(badHash.stderr).toMatch(/--hash takes xxh64, xxh3, xxh128, md5, sha1, c4/);
  });

  it("never overwrites a different file at the destination; an identical one counts as there", async () => {
    const { card, files } = await makeCard();
    const dest = join(ws.base, "D1");
    await mkdir(join(dest, "DCIM", "100CANON"), { recursive: true });
    await writeFile(join(dest, "DCIM", "100CANON", "MVI_0002.MOV"), "someone else's clip");
    await writeFile(join(dest, "Sidecar.txt"), files["Sidecar.txt"] as Buffer);
    const run = await svc(["offload", card, "--dest", dest, "--progress", "json"], env());
    expect(run.exitCode).toBe(1);
    const byPath = new Map(
      jsonLines(run.stdout)
        .filter((e) => e.event === "file")
        .map((e) => [e.path, e]),
    );
    expect(byPath.get("DCIM/100CANON/MVI_0002.MOV")).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/not overwritten/),
    });
    expect(byPath.get("Sidecar.txt")).toMatchObject({ status: "exists" });
    expect(await readFile(join(dest, "DCIM", "100CANON", "MVI_0002.MOV"), "utf8")).toBe(
      "someone else's clip",
    );
    const summary = jsonLines(run.stdout).find((e) => e.event === "summary");
    expect(summary).toMatchObject({ files: 3, failed: 1 });
  });

  it("fails what does not fit on a full destination, removes its temp, and completes the other", async () => {
    const { card, files } = await makeCard();
    const full = join(ws.base, "full");
    const other = join(ws.base, "other");
    await mkdir(full);
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", full], { encoding: "utf8" });
    expect(mounted.status, mounted.stderr).toBe(0);
    try {
      const run = await svc(["offload", card, "--dest", full, "--dest", other, "--progress", "json"], env());
      expect(run.exitCode).toBe(1);
      const fileEvents = jsonLines(run.stdout).filter((e) => e.event === "file");
      const big = fileEvents.find((e) => e.dest === full && e.path === "DCIM/100CANON/MVI_0001.MOV");
      expect(big).toMatchObject({ status: "failed", reason: "the destination is full" });
      expect(fileEvents.filter((e) => e.dest === other).every((e) => e.status === "verified")).toBe(true);
      for (const [rel, data] of Object.entries(files))
        expect((await readFile(join(other, rel))).equals(data)).toBe(true);
      expect((await listTree(full)).filter((f) => f.includes(".svc-offload-"))).toEqual([]);
      await expect(stat(join(full, "DCIM/100CANON/MVI_0001.MOV"))).rejects.toThrow();
      const summaries = jsonLines(run.stdout).filter((e) => e.event === "summary");
      expect(summaries.find((s) => s.dest === other)).toMatchObject({ files: 4, failed: 0 });
      expect((summaries.find((s) => s.dest === full)?.failed as number) > 0).toBe(true);
    } finally {
      spawnSync("umount", [full]);
    }
  });

  it("fails every file on a read-only destination and completes the other", async () => {
    const { card } = await makeCard();
    const locked = join(ws.base, "locked");
    const other = join(ws.base, "other");
    await mkdir(locked);
    const chattr = spawnSync("chattr", ["+i", locked], { encoding: "utf8" });
    expect(chattr.status, chattr.stderr).toBe(0);
    try {
      const run = await svc(
        ["offload", card, "--dest", locked, "--dest", other, "--progress", "json"],
        env(),
      );
      expect(run.exitCode).toBe(1);
      const fileEvents = jsonLines(run.stdout).filter((e) => e.event === "file");
      for (const e of fileEvents.filter((e) => e.dest === locked)) expect(e.status).toBe("failed");
      for (const e of fileEvents.filter((e) => e.dest === other)) expect(e.status).toBe("verified");
      expect(await readdir(locked)).toEqual([]);
    } finally {
      spawnSync("chattr", ["-i", locked]);
    }
    // Once writable, a resume retries what failed there and does not copy the other again.
    const resumed = await svc(
      ["offload", card, "--dest", locked, "--dest", other, "--resume", "--progress", "json"],
      env(),
    );
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const again = jsonLines(resumed.stdout).filter((e) => e.event === "file");
    for (const e of again.filter((e) => e.dest === locked)) expect(e.status).toBe("verified");
    for (const e of again.filter((e) => e.dest === other)) expect(e.status).toBe("skipped");
    await expectValidHistory(locked);
    expect((await svc(["offload", "verify", locked], env())).exitCode).toBe(0);
  });

  it("resumes after a kill mid-copy: verified files are not copied again, the half-copied one restarts", async () => {
    const card = join(ws.base, "BIG");
    await mkdir(join(card, "CLIPS"), { recursive: true });
    const clips: Record<string, Buffer> = {};
    for (let i = 0; i < 30; i += 1) {
      const rel = `CLIPS/C${String(i).padStart(3, "0")}.MXF`;
      clips[rel] = randomBytes(2 * 1024 * 1024);
      await writeFile(join(card, rel), clips[rel] as Buffer);
    }
    const dests = [join(ws.base, "R1"), join(ws.base, "R2")];
    const args = ["offload", card, ...dests.flatMap((d) => ["--dest", d]), "--progress", "json"];
    const child = startSvc(args, env());
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    await until("four file events", () => jsonLines(out.slice(0, out.lastIndexOf("\n") + 1)).length >= 4, {
      intervalMs: 5,
    });
    child.kill("SIGKILL");
    await child;
    const before = jsonLines(out.slice(0, out.lastIndexOf("\n") + 1)).filter((e) => e.event === "file");
    expect(before.length).toBeLessThan(60);
    const firstRun = new Map<string, number>();
    for (const e of before) {
      expect(e.status).toBe("verified");
      firstRun.set(`${e.dest}|${e.path}`, (await stat(join(e.dest as string, e.path as string))).ino);
    }

    const resumed = await svc([...args, "--resume"], env());
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    const after = jsonLines(resumed.stdout).filter((e) => e.event === "file");
    expect(after).toHaveLength(60);
    for (const e of after) {
      const key = `${e.dest}|${e.path}`;
      // A file the kill caught after its verified copy was moved into place, but before the
      // journal and the event recorded it, is found there and compared by hash: "exists". One
      // caught after the journal recorded it but before its event was written is "skipped": the
      // journal, not the progress line, is what a resume trusts.
      if (firstRun.has(key)) expect(e.status, key).toBe("skipped");
      else expect(["verified", "exists", "skipped"], key).toContain(e.status);
      if (firstRun.has(key))
        expect((await stat(join(e.dest as string, e.path as string))).ino).toBe(firstRun.get(key));
    }
    // At most the files in flight at the kill (three at a time, two destinations) can be such.
    const caught = after.filter(
      (e) => e.status === "exists" || (e.status === "skipped" && !firstRun.has(`${e.dest}|${e.path}`)),
    );
    expect(caught.length).toBeLessThanOrEqual(6);
    for (const dest of dests) {
      expect((await listTree(dest)).filter((f) => f.includes(".svc-offload-"))).toEqual([]);
      for (const [rel, data] of Object.entries(clips))
        expect((await readFile(join(dest, rel))).equals(data)).toBe(true);
      await expectValidHistory(dest);
      const verify = await svc(["offload", "verify", dest], env());
      expect(verify.stdout).toMatch(/verified: 30 files/);
    }
  }, 120_000);

  it("fails clearly when the card is pulled mid-copy, and a resume with the card back finishes", async () => {
    const card = join(ws.base, "PULLED");
    await mkdir(card);
    const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=80m", "tmpfs", card], {
      encoding: "utf8",
    });
    expect(mounted.status, mounted.stderr).toBe(0);
    const clips: Record<string, Buffer> = {};
    const dest = join(ws.base, "P1");
    const args = ["offload", card, "--dest", dest, "--progress", "json"];
    try {
      for (let i = 0; i < 30; i += 1) {
        clips[`C${String(i).padStart(3, "0")}.MXF`] = randomBytes(2 * 1024 * 1024);
        await writeFile(
          join(card, `C${String(i).padStart(3, "0")}.MXF`),
          clips[`C${String(i).padStart(3, "0")}.MXF`] as Buffer,
        );
      }
      const child = startSvc(args, env());
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      await until("three file events", () => out.split("\n").length > 3, { intervalMs: 5 });
      // A lazy unmount: what is open stays readable, everything else is gone, as when a card is pulled.
      expect(spawnSync("umount", ["-l", card]).status).toBe(0);
      const run = await child;
      expect(run.exitCode).toBe(1);
      const failed = jsonLines(out).filter((e) => e.event === "file" && e.status === "failed");
      expect(failed.length).toBeGreaterThan(0);
      for (const e of failed) expect(e.reason).toMatch(/^reading the source: /);
      expect((await listTree(dest)).filter((f) => f.includes(".svc-offload-"))).toEqual([]);
    } finally {
      spawnSync("umount", [card]);
    }
    for (const [name, data] of Object.entries(clips)) await writeFile(join(card, name), data);
    const resumed = await svc([...args, "--resume"], env());
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    for (const [name, data] of Object.entries(clips))
      expect((await readFile(join(dest, name))).equals(data)).toBe(true);
    expect((await svc(["offload", "verify", dest], env())).stdout).toMatch(/verified: 30 files/);
  }, 120_000);

  it("offloads 2,000 tiny files to two destinations", async () => {
    const card = join(ws.base, "TINY");
    for (let d = 0; d < 20; d += 1) {
      await mkdir(join(card, `D${d}`), { recursive: true });
      await Promise.all(
        Array.from({ length: 100 }, (_, f) => writeFile(join(card, `D${d}`, `F${f}.dat`), `file ${d}/${f}`)),
      );
    }
    const dests = [join(ws.base, "T1"), join(ws.base, "T2")];
    const run = await svc(
      ["offload", card, "--dest", dests[0] as string, "--dest", dests[1] as string, "--progress", "json"],
      env(),
    );
    expect(run.exitCode, run.stderr).toBe(0);
    const summaries = jsonLines(run.stdout).filter((e) => e.event === "summary");
    for (const s of summaries) expect(s).toMatchObject({ files: 2000, failed: 0 });
    for (const dest of dests) {
      await expectValidHistory(dest);
      expect(await readFile(join(dest, "D7", "F42.dat"), "utf8")).toBe("file 7/42");
    }
    expect((await svc(["offload", "verify", dests[1] as string], env())).exitCode).toBe(0);
  }, 120_000);
});
