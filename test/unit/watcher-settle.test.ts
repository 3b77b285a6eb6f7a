import { describe, expect, it } from "vitest";
import { ATOMIC_MS, FolderWatch, isIgnoredPath, RECHECK_MS } from "../../daemon/folder-watch.js";
import { FakeClock } from "../support/fake-clock.js";
import { FakeFs, recorder } from "./watcher-fakes.js";

const ROOT = "/p/footage";

async function start(settleMs = 1000, ...seed: string[]) {
  const clock = new FakeClock();
  const fs = new FakeFs(clock);
  fs.seed(`${ROOT}/`, ...seed);
  const rec = recorder(clock);
  const watch = new FolderWatch(ROOT, settleMs, fs.io(), rec.handlers);
  await watch.start();
  return { clock, fs, rec, watch };
}

describe("FolderWatch settling", () => {
  it("reports a new file once, when size and mtime have not moved for the settle time", async () => {
    const { clock, fs, rec } = await start(1000);
    fs.write(`${ROOT}/A001.mov`, 10);
    // Polled every 250 ms from the first event; unchanged since the first poll at 0.
    await clock.advance(999);
    expect(rec.events).toEqual([]);
    await clock.advance(1);
    expect(rec.events).toEqual([{ kind: "changed", path: "A001.mov", at: 1000 }]);
    await clock.advance(10_000);
    expect(rec.all()).toEqual(["changed A001.mov"]);
    expect(clock.pending).toBe(0);
  });

  it("waits while a copy keeps growing and reports settle time after the last write", async () => {
    const { clock, fs, rec } = await start(1000);
    for (let size = 1; size <= 8; size++) {
      fs.write(`${ROOT}/A002.mxf`, size * 1000);
      await clock.advance(200);
    }
    const lastWrite = clock.now() - 200;
    await clock.advance(5_000);
    expect(rec.of("changed")).toEqual(["A002.mxf"]);
    const at = rec.events[0]?.at ?? 0;
    expect(at - lastWrite).toBeGreaterThanOrEqual(1000);
    expect(at - lastWrite).toBeLessThanOrEqual(1000 + 250);
  });

  it("restarts the clock when only the mtime moves (a rewrite of the same size)", async () => {
    const { clock, fs, rec } = await start(1000);
    fs.write(`${ROOT}/B.wav`, 500);
    await clock.advance(750);
    fs.write(`${ROOT}/B.wav`, 500);
    await clock.advance(1249);
    expect(rec.events).toEqual([]);
    await clock.advance(1000);
    expect(rec.events).toEqual([{ kind: "changed", path: "B.wav", at: 2000 }]);
  });

  it("keeps one poll per settling file however many events arrive", async () => {
    const { clock, fs, rec } = await start(1000);
    for (let i = 0; i < 20; i++) fs.write(`${ROOT}/C.mp4`, 42);
    await clock.advance(0);
    expect(clock.pending).toBe(1);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed C.mp4"]);
    // One look per event, plus one stat per 250 ms poll (0, 250 … 1000).
    expect(fs.stats.filter((p) => p.endsWith("C.mp4"))).toHaveLength(20 + 5);
  });

  it("polls no slower than the settle time when it is under 250 ms", async () => {
    const { clock, fs, rec } = await start(100);
    fs.write(`${ROOT}/D.mp4`, 1);
    await clock.advance(1000);
    expect(rec.events).toEqual([{ kind: "changed", path: "D.mp4", at: 100 }]);
  });

  it("reports a file again when it changes after it was reported", async () => {
    const { clock, fs, rec } = await start(1000);
    fs.write(`${ROOT}/E.mov`, 1);
    await clock.advance(2000);
    fs.write(`${ROOT}/E.mov`, 2);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed E.mov", "changed E.mov"]);
  });

  it("drops a file deleted while it settles and reports its removal instead", async () => {
    const { clock, fs, rec } = await start(1000);
    fs.write(`${ROOT}/F.mov`, 1);
    await clock.advance(300);
    fs.rm(`${ROOT}/F.mov`);
    await clock.advance(5000);
    expect(rec.all()).toEqual(["removed F.mov"]);
    expect(clock.pending).toBe(0);
  });

  it("reports nothing for the files present at start and holds nothing per file", async () => {
    const { clock, fs, rec } = await start(1000, `${ROOT}/day1/A.mov`, `${ROOT}/day1/B.mov`, `${ROOT}/C.wav`);
    await clock.advance(10_000);
    expect(rec.events).toEqual([]);
    expect(fs.stats).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("reports a file changed in place", async () => {
    const { clock, fs, rec } = await start(1000, `${ROOT}/day1/A.mov`);
    fs.write(`${ROOT}/day1/A.mov`, 99);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed day1/A.mov"]);
  });

  it("stops polling on close", async () => {
    const { clock, fs, rec, watch } = await start(1000);
    fs.write(`${ROOT}/G.mov`, 1);
    await clock.advance(500);
    watch.close();
    await clock.advance(5000);
    expect(rec.events).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("reports nothing from a poll whose stat was still running at close", async () => {
    const { clock, fs, rec, watch } = await start(1000);
    fs.write(`${ROOT}/H.mov`, 1);
    await clock.advance(0);
    fs.held.add(`${ROOT}/H.mov`);
    await clock.advance(250);
    watch.close();
    fs.release();
    await clock.advance(5000);
    expect(rec.events).toEqual([]);
    expect(clock.pending).toBe(0);
  });

  it("forgets a file that vanished while its stat was running", async () => {
    const { clock, fs, rec } = await start(1000);
    fs.write(`${ROOT}/I.mov`, 1);
    await clock.advance(250);
    fs.held.add(`${ROOT}/I.mov`);
    await clock.advance(250);
    // The poll at 500 waits on its stat while the file goes and its removal is settled.
    fs.held.delete(`${ROOT}/I.mov`);
    fs.rm(`${ROOT}/I.mov`);
    await clock.advance(ATOMIC_MS);
    expect(rec.all()).toEqual(["removed I.mov"]);
    fs.seed(`${ROOT}/I.mov`);
    fs.release();
    await clock.advance(5000);
    expect(rec.all()).toEqual(["removed I.mov"]);
    expect(clock.pending).toBe(0);
  });
});

describe("FolderWatch whole arrivals", () => {
  it("reports a file moved in whole, unmodified for longer than the settle time, after one quick look", async () => {
    const { clock, fs, rec } = await start(1000, "/p/incoming/");
    fs.write("/p/incoming/A001.mov", 10);
    await clock.advance(5000);
    fs.rename("/p/incoming/A001.mov", `${ROOT}/A001.mov`);
    await clock.advance(RECHECK_MS - 1);
    expect(rec.events).toEqual([]);
    await clock.advance(1);
    expect(rec.events).toEqual([{ kind: "changed", path: "A001.mov", at: 5000 + RECHECK_MS }]);
    await clock.advance(5000);
    expect(rec.all()).toEqual(["changed A001.mov"]);
  });

  it("waits the full settle time for a file moved in whole that then grows", async () => {
    const { clock, fs, rec } = await start(1000, "/p/incoming/");
    fs.write("/p/incoming/A002.mxf", 10);
    await clock.advance(5000);
    fs.rename("/p/incoming/A002.mxf", `${ROOT}/A002.mxf`);
    await clock.advance(RECHECK_MS / 2);
    fs.write(`${ROOT}/A002.mxf`, 20);
    const lastWrite = clock.now();
    await clock.advance(5000);
    expect(rec.of("changed")).toEqual(["A002.mxf"]);
    expect((rec.events[0]?.at ?? 0) - lastWrite).toBeGreaterThanOrEqual(1000);
  });

  it("reports a file renamed in a moment after it was written after one quick look", async () => {
    // rsync without -t, a copy tool's temp name: written elsewhere, renamed in once whole.
    const { clock, fs, rec } = await start(1000, "/p/incoming/");
    fs.write("/p/incoming/A003.mov", 10);
    await clock.advance(200);
    fs.rename("/p/incoming/A003.mov", `${ROOT}/A003.mov`);
    await clock.advance(RECHECK_MS - 1);
    expect(rec.events).toEqual([]);
    await clock.advance(1);
    expect(rec.events).toEqual([{ kind: "changed", path: "A003.mov", at: 200 + RECHECK_MS }]);
    await clock.advance(5000);
    expect(rec.all()).toEqual(["changed A003.mov"]);
  });

  it("reports a download renamed from its partial name after one quick look", async () => {
    const { clock, fs, rec } = await start(1000);
    for (let size = 1; size <= 4; size++) {
      fs.write(`${ROOT}/A004.mov.crdownload`, size * 1000);
      await clock.advance(300);
    }
    fs.rename(`${ROOT}/A004.mov.crdownload`, `${ROOT}/A004.mov`);
    await clock.advance(RECHECK_MS);
    expect(rec.events).toEqual([{ kind: "changed", path: "A004.mov", at: 1200 + RECHECK_MS }]);
  });

  it("never takes early a file written in place that pauses longer than the quick look between writes", async () => {
    const { clock, fs, rec } = await start(1000);
    for (const size of [1000, 2000, 3000, 4000]) {
      fs.write(`${ROOT}/A005.mov`, size);
      await clock.advance(300);
    }
    // The last write, at 900, is first seen by the poll at 1000; quiet from there for 1000 ms.
    await clock.advance(799);
    expect(rec.events).toEqual([]);
    await clock.advance(1);
    expect(rec.events).toEqual([{ kind: "changed", path: "A005.mov", at: 2000 }]);
  });

  it("waits the full settle time for a file renamed in within the same clock tick as its last write", async () => {
    // Nothing tells such a rename from a write in place; the safe reading is the slow one.
    const { clock, fs, rec } = await start(1000, "/p/incoming/");
    await clock.advance(500);
    fs.write("/p/incoming/A006.mov", 10);
    fs.rename("/p/incoming/A006.mov", `${ROOT}/A006.mov`);
    await clock.advance(999);
    expect(rec.events).toEqual([]);
    await clock.advance(1);
    expect(rec.events).toEqual([{ kind: "changed", path: "A006.mov", at: 1500 }]);
  });
});

describe("FolderWatch ignore rules", () => {
  it("never watches nor reports .svc, Proxy/, dot-names, partial downloads or files that are not media", async () => {
    const { clock, fs, rec } = await start(
      1000,
      `${ROOT}/.svc/thumbs/`,
      `${ROOT}/Proxy/`,
      `${ROOT}/day1/.cache/`,
    );
    expect(fs.watching().sort()).toEqual([ROOT, `${ROOT}/day1`]);
    fs.mkdir(`${ROOT}/day1/Proxy`);
    fs.mkdir(`${ROOT}/.Trashes`);
    for (const name of [
      ".svc/thumbs/t.png",
      "Proxy/p.mov",
      "day1/Proxy/p.mov",
      ".hidden.mov",
      "clip.mov.part",
      "clip.mov.crdownload",
      "~$clip.mov",
      "notes.txt",
      "day1/.cache/c.mov",
    ])
      fs.write(`${ROOT}/${name}`, 1);
    fs.write(`${ROOT}/marker.wav`, 1);
    await clock.advance(5000);
    expect(rec.all()).toEqual(["changed marker.wav"]);
    expect(fs.watching().sort()).toEqual([ROOT, `${ROOT}/day1`]);
  });

  it("isIgnoredPath looks at every part below the root and nothing above it", () => {
    expect(isIgnoredPath("/r", "/r/day1/Proxy/sub/A.mov")).toBe(true);
    expect(isIgnoredPath("/r", "/r/day1/clip.filepart")).toBe(true);
    expect(isIgnoredPath("/.hidden/r", "/.hidden/r/A.mov")).toBe(false);
    expect(isIgnoredPath("/r", "/elsewhere/.svc/A.mov")).toBe(false);
  });
});
