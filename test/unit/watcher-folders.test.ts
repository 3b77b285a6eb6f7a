import { describe, expect, it } from "vitest";
import { ATOMIC_MS, FolderWatch } from "../../daemon/folder-watch.js";
import { FakeClock } from "../support/fake-clock.js";
import { FakeFs, recorder } from "./watcher-fakes.js";

const ROOT = "/p/footage";
const SETTLE = 1000;

async function start(...seed: string[]) {
  const clock = new FakeClock();
  const fs = new FakeFs(clock);
  fs.seed(`${ROOT}/`, ...seed);
  const rec = recorder(clock);
  const watch = new FolderWatch(ROOT, SETTLE, fs.io(), rec.handlers);
  await watch.start();
  return { clock, fs, rec, watch };
}

describe("FolderWatch folders", () => {
  it("watches the root and every folder beneath it once started, one watch each", async () => {
    const { fs, watch } = await start(`${ROOT}/day 1/card A/old.mov`, `${ROOT}/day 2/`);
    const folders = [ROOT, `${ROOT}/day 1`, `${ROOT}/day 1/card A`, `${ROOT}/day 2`];
    expect(fs.watching().sort()).toEqual(folders);
    expect(watch.watchedFolders().sort()).toEqual(folders);
    expect(fs.fileWatches).toEqual([]);
  });

  it("watches a folder made later and reports files written into it", async () => {
    const { clock, fs, rec } = await start();
    fs.mkdir(`${ROOT}/day 3`);
    await clock.advance(0);
    expect(fs.watching()).toContain(`${ROOT}/day 3`);
    fs.write(`${ROOT}/day 3/C001.mov`, 5);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed day 3/C001.mov"]);
  });

  it("reports every file of a folder moved in, and watches its subfolders", async () => {
    const { clock, fs, rec } = await start();
    fs.seed("/p/card B/B001.mov", "/p/card B/sub/B002.wav", "/p/card B/sub/readme.txt");
    fs.rename("/p/card B", `${ROOT}/card B`);
    await clock.advance(2000);
    expect(rec.of("changed").sort()).toEqual(["card B/B001.mov", "card B/sub/B002.wav"]);
    expect(fs.watching().sort()).toEqual([ROOT, `${ROOT}/card B`, `${ROOT}/card B/sub`]);
    fs.write(`${ROOT}/card B/sub/B003.mov`, 1);
    await clock.advance(2000);
    expect(rec.of("changed")).toContain("card B/sub/B003.mov");
  });

  it("lists a folder again when the OS lost track of which entry changed", async () => {
    const { clock, fs, rec } = await start(`${ROOT}/day 1/`);
    fs.seed(`${ROOT}/day 1/quiet.mov`);
    for (const w of fs.folderWatches.filter((w) => w.real === `${ROOT}/day 1`)) w.changed(null);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed day 1/quiet.mov"]);
  });

  it("reports a deleted file as removed after the atomic-save window", async () => {
    const { clock, fs, rec } = await start(`${ROOT}/day 1/old.mov`);
    fs.rm(`${ROOT}/day 1/old.mov`);
    await clock.advance(ATOMIC_MS - 1);
    expect(rec.events).toEqual([]);
    await clock.advance(1);
    expect(rec.events).toEqual([{ kind: "removed", path: "day 1/old.mov", at: ATOMIC_MS }]);
  });

  it("takes a file deleted and written anew within the window (an atomic save) as a change", async () => {
    const { clock, fs, rec } = await start(`${ROOT}/old.mov`);
    fs.rm(`${ROOT}/old.mov`);
    await clock.advance(ATOMIC_MS / 2);
    fs.write(`${ROOT}/old.mov`, 7);
    await clock.advance(3000);
    expect(rec.all()).toEqual(["changed old.mov"]);
  });

  it("takes a rename over an existing file as a change, not a removal", async () => {
    const { clock, fs, rec } = await start(`${ROOT}/old.mov`);
    fs.seed(`${ROOT}/old.mov.tmp`);
    fs.rename(`${ROOT}/old.mov.tmp`, `${ROOT}/old.mov`);
    await clock.advance(3000);
    expect(rec.all()).toEqual(["changed old.mov"]);
  });

  it("says nothing when a file that is not media goes", async () => {
    const { clock, fs, rec } = await start(`${ROOT}/notes.txt`);
    fs.rm(`${ROOT}/notes.txt`);
    await clock.advance(1000);
    expect(rec.events).toEqual([]);
  });

  it("reports a deleted folder, stops watching everything under it and hears nothing more from it", async () => {
    const { clock, fs, rec, watch } = await start(`${ROOT}/day 1/card A/old.mov`, `${ROOT}/keep/`);
    fs.write(`${ROOT}/day 1/card A/new.mov`, 1);
    await clock.advance(100);
    const watches = fs.folderWatches.filter((w) => w.real.startsWith(`${ROOT}/day 1`));
    fs.rm(`${ROOT}/day 1`);
    await clock.advance(3000);
    // Inotify announces the deepest entries first; each watched folder that went is a removed folder.
    expect(rec.all()).toEqual([
      "removed day 1/card A/old.mov",
      "removed day 1/card A/new.mov",
      "removedDir day 1/card A",
      "removedDir day 1",
    ]);
    expect(watches.every((w) => w.closed)).toBe(true);
    expect(watch.watchedFolders().sort()).toEqual([ROOT, `${ROOT}/keep`]);
    expect(clock.pending).toBe(0);
  });

  it("watches a folder made again where one was deleted", async () => {
    const { clock, fs, rec } = await start(`${ROOT}/day 1/card A/old.mov`);
    fs.rm(`${ROOT}/day 1`);
    await clock.advance(1000);
    fs.mkdir(`${ROOT}/day 1`);
    fs.mkdir(`${ROOT}/day 1/card A`);
    await clock.advance(0);
    fs.write(`${ROOT}/day 1/card A/again.mov`, 1);
    await clock.advance(2000);
    expect(rec.of("changed")).toEqual(["day 1/card A/again.mov"]);
    expect(fs.watching().filter((p) => p === `${ROOT}/day 1/card A`)).toHaveLength(1);
  });

  it("reports nothing and holds no watch once closed", async () => {
    const { clock, fs, rec, watch } = await start(`${ROOT}/day 1/`);
    fs.symlink(`${ROOT}/day 1/x.mov`, `${ROOT}/link.mov`);
    fs.seed(`${ROOT}/day 1/x.mov`);
    await clock.advance(2000);
    rec.events.length = 0;
    watch.close();
    fs.write(`${ROOT}/late.mov`, 1);
    fs.rm(`${ROOT}/day 1`);
    await clock.advance(5000);
    expect(rec.events).toEqual([]);
    expect(fs.watching()).toEqual([]);
    expect(fs.fileWatches.every((w) => w.closed)).toBe(true);
  });

  it("closes a watch that comes up after close", async () => {
    const clock = new FakeClock();
    const fs = new FakeFs(clock);
    fs.seed(`${ROOT}/`);
    const watch = new FolderWatch(ROOT, SETTLE, fs.io(), recorder(clock).handlers);
    const ready = watch.start();
    watch.close();
    await ready;
    expect(fs.watching()).toEqual([]);
  });
});

describe("FolderWatch symlinks", () => {
  it("follows a symlinked folder and reports its files under the link's path", async () => {
    const { clock, fs, rec } = await start();
    fs.seed("/p/elsewhere/");
    fs.symlink("/p/elsewhere", `${ROOT}/linked`);
    await clock.advance(0);
    expect(fs.watching()).toContain("/p/elsewhere");
    fs.write("/p/elsewhere/L001.mov", 3);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed linked/L001.mov"]);
  });

  it("watches each real folder once, so a link back to the root does not loop", async () => {
    const { clock, fs, rec, watch } = await start(`${ROOT}/day 1/`);
    fs.symlink(ROOT, `${ROOT}/day 1/loop`);
    fs.symlink(`${ROOT}/day 1`, `${ROOT}/again`);
    await clock.advance(0);
    expect(fs.watching().sort()).toEqual([ROOT, `${ROOT}/day 1`]);
    expect(watch.watchedFolders().sort()).toEqual([ROOT, `${ROOT}/day 1`]);
    fs.write(`${ROOT}/day 1/D001.mov`, 1);
    await clock.advance(3000);
    expect(rec.all()).toEqual(["changed day 1/D001.mov"]);
  });

  it("watches a folder reached by two links once, when both are there at start", async () => {
    const clock = new FakeClock();
    const fs = new FakeFs(clock);
    fs.seed(`${ROOT}/`, "/p/shared/S.mov");
    fs.symlink("/p/shared", `${ROOT}/a`);
    fs.symlink("/p/shared", `${ROOT}/b`);
    const watch = new FolderWatch(ROOT, SETTLE, fs.io(), recorder(clock).handlers);
    await watch.start();
    expect(fs.watching().filter((p) => p === "/p/shared")).toHaveLength(1);
  });

  it("watches a symlinked file, whose target changes where no folder watch sees it", async () => {
    const { clock, fs, rec } = await start();
    fs.seed("/p/outside/clip.mov");
    fs.symlink("/p/outside/clip.mov", `${ROOT}/clip.mov`);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed clip.mov"]);
    expect(fs.fileWatches.map((w) => w.path)).toEqual([`${ROOT}/clip.mov`]);
    fs.write("/p/outside/clip.mov", 50);
    await clock.advance(2000);
    expect(rec.all()).toEqual(["changed clip.mov", "changed clip.mov"]);
  });

  it("watches symlinked files present at start without reporting them", async () => {
    const clock = new FakeClock();
    const fs = new FakeFs(clock);
    fs.seed(`${ROOT}/`, "/p/outside/clip.mov");
    fs.symlink("/p/outside/clip.mov", `${ROOT}/clip.mov`);
    const rec = recorder(clock);
    await new FolderWatch(ROOT, SETTLE, fs.io(), rec.handlers).start();
    expect(fs.fileWatches.map((w) => w.path)).toEqual([`${ROOT}/clip.mov`]);
    expect(rec.events).toEqual([]);
  });

  it("drops the watch of a symlinked file when the link goes, and reports the removal", async () => {
    const { clock, fs, rec } = await start();
    fs.seed("/p/outside/clip.mov");
    fs.symlink("/p/outside/clip.mov", `${ROOT}/clip.mov`);
    await clock.advance(2000);
    fs.rm(`${ROOT}/clip.mov`);
    await clock.advance(1000);
    expect(rec.all()).toEqual(["changed clip.mov", "removed clip.mov"]);
    expect(fs.fileWatches.every((w) => w.closed)).toBe(true);
  });

  it("ignores a dangling link", async () => {
    const { clock, fs, rec } = await start();
    fs.symlink("/p/nowhere", `${ROOT}/dangling`);
    await clock.advance(2000);
    expect(rec.events).toEqual([]);
  });
});

describe("FolderWatch errors", () => {
  it("reports a folder that cannot be watched and keeps watching the others", async () => {
    const clock = new FakeClock();
    const fs = new FakeFs(clock);
    fs.seed(`${ROOT}/a/`, `${ROOT}/b/`);
    fs.unwatchable.set(`${ROOT}/a`, "ENOSPC");
    const rec = recorder(clock);
    await new FolderWatch(ROOT, SETTLE, fs.io(), rec.handlers).start();
    expect(rec.all()).toEqual([`error ENOSPC: ${ROOT}/a`]);
    expect(fs.watching().sort()).toEqual([ROOT, `${ROOT}/b`]);
  });

  it("reports a watch that fails later and stops using it; a folder gone fails silently", async () => {
    const { fs, rec, watch } = await start(`${ROOT}/a/`, `${ROOT}/b/`);
    const of = (real: string) => fs.folderWatches.find((w) => w.real === real);
    of(`${ROOT}/a`)?.failed(Object.assign(new Error("EIO: a"), { code: "EIO" }));
    of(`${ROOT}/b`)?.failed(Object.assign(new Error("ENOENT: b"), { code: "ENOENT" }));
    expect(rec.all()).toEqual(["error EIO: a"]);
    expect(watch.watchedFolders()).toEqual([ROOT]);
  });

  it("reports a file it cannot stat rather than taking it for gone", async () => {
    const { clock, fs, rec } = await start();
    fs.seed(`${ROOT}/locked.mov`);
    fs.failing.set(`${ROOT}/locked.mov`, "EACCES");
    fs.notify(`${ROOT}/locked.mov`);
    await clock.advance(2000);
    expect(rec.all()).toEqual([`error EACCES: ${ROOT}/locked.mov`]);
  });
});
