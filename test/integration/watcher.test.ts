import { appendFile, copyFile, mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Watcher, watchProject } from "../../daemon/watcher.js";
import { loadConfig } from "../../state/config.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";
import { recordWatchEvents } from "../support/watch-events.js";

const SETTLE_MS = 300;

const recorder = () => recordWatchEvents(() => Date.now());

/** The pace of a slow writer (a card reader, a network copy): what the watcher must wait out. */
const writerPause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Writes a marker file and waits for the watcher to report it. The marker is reported a settle
 * time after it was written, so by then every event due for what happened before it has come:
 * an assertion that nothing more was reported needs no fixed wait.
 */
async function markerReported(rec: ReturnType<typeof recorder>, folder: string, name = "marker.wav") {
  await writeFile(join(folder, name), "x");
  await until(`the marker ${name}`, () =>
    rec.events.some((e) => e.kind === "changed" && e.path.endsWith(name)),
  );
}

describe.each([
  { mode: "folder watches", poll: "0" },
  { mode: "polling", poll: "1" },
])("watchProject ($mode)", ({ poll }) => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let rec: ReturnType<typeof recorder>;
  let watcher: Watcher;
  beforeEach(async () => {
    ws = await tempWorkspace();
    await mkdir(join(ws.root, "day 1", "card A"), { recursive: true });
    await writeFile(join(ws.root, "day 1", "card A", "old.mov"), "before the daemon started");
    rec = recorder();
    const config = loadConfig({
      SVC_HOME: ws.home,
      SVC_WATCH_SETTLE_MS: String(SETTLE_MS),
      SVC_WATCH_POLL: poll,
    });
    watcher = watchProject(ws.root, config, rec.handlers);
    await watcher.ready;
  });

  afterEach(async () => {
    await watcher.close();
    await ws.cleanup();
  });

  it("reports a file written slowly once, after it stopped growing, and not files present at start", async () => {
    const file = join(ws.root, "day 1", "card A", "A001.mp4");
    await writeFile(file, "x");
    for (let i = 0; i < 4; i++) {
      await writerPause(150);
      await appendFile(file, "more data");
    }
    const lastWrite = Date.now();
    await until("the new clip", () => rec.of("changed").length > 0);
    await markerReported(rec, ws.root);
    expect(rec.of("changed")).toEqual(["day 1/card A/A001.mp4", "marker.wav"]);
    const reported = rec.events.find((e) => e.kind === "changed")?.at ?? 0;
    expect(reported - lastWrite).toBeGreaterThanOrEqual(SETTLE_MS - 50);
    expect(rec.of("error")).toEqual([]);
  });

  it("reports a file changed in place", async () => {
    await appendFile(join(ws.root, "day 1", "card A", "old.mov"), " and after");
    await until("the changed clip", () => rec.of("changed").includes("day 1/card A/old.mov"));
  });

  it("ignores .svc, Proxy/, dot-files, partial downloads and files that are not media", async () => {
    await mkdir(join(ws.root, ".svc", "thumbs"), { recursive: true });
    await mkdir(join(ws.root, "Proxy"), { recursive: true });
    await writeFile(join(ws.root, ".svc", "thumbs", "t.png"), "x");
    await writeFile(join(ws.root, "Proxy", "p.mov"), "x");
    await writeFile(join(ws.root, ".hidden.mov"), "x");
    await writeFile(join(ws.root, "clip.mov.part"), "x");
    await writeFile(join(ws.root, "notes.txt"), "x");
    await writeFile(join(ws.root, "marker.wav"), "x");
    await until("the marker", () => rec.of("changed").includes("marker.wav"));
    await markerReported(rec, ws.root, "second marker.wav");
    expect(rec.of("changed")).toEqual(["marker.wav", "second marker.wav"]);
  });

  it("reports a deleted file as removed", async () => {
    await rm(join(ws.root, "day 1", "card A", "old.mov"));
    await until("the removal", () => rec.of("removed").includes("day 1/card A/old.mov"));
    expect(rec.of("changed")).toEqual([]);
  });

  it("takes an atomic save (write aside, rename over) as a change, not a removal", async () => {
    const file = join(ws.root, "day 1", "card A", "old.mov");
    await writeFile(`${file}.tmp`, "saved anew by an editor");
    await rename(`${file}.tmp`, file);
    await until("the saved clip", () => rec.of("changed").includes("day 1/card A/old.mov"));
    await markerReported(rec, ws.root);
    expect(rec.of("removed")).toEqual([]);
  });

  it("picks up a folder moved in with files, and folders made inside it later", async () => {
    const outside = join(ws.base, "card B");
    await mkdir(outside);
    await writeFile(join(outside, "B001.mov"), "x");
    await rename(outside, join(ws.root, "day 1", "card B"));
    await until("the moved-in clip", () => rec.of("changed").includes("day 1/card B/B001.mov"));
    await mkdir(join(ws.root, "day 1", "card B", "sub"));
    // Reported once the new folder is found; what is written there after it is heard by its watch.
    await markerReported(rec, join(ws.root, "day 1", "card B", "sub"));
    await writeFile(join(ws.root, "day 1", "card B", "sub", "B002.mov"), "x");
    await until("the clip in the new folder", () => rec.of("changed").includes("day 1/card B/sub/B002.mov"));
  });

  it("watches the subfolders of a folder moved in, so files written there later are reported", async () => {
    const outside = join(ws.base, "card C");
    await mkdir(join(outside, "CLIP"), { recursive: true });
    await writeFile(join(outside, "CLIP", "C000.mov"), "x");
    await rename(outside, join(ws.root, "card C"));
    // Reported once the moved-in subfolder is found; C001 is written there after that.
    await until("the clip moved in", () => rec.of("changed").includes("card C/CLIP/C000.mov"));
    await writeFile(join(ws.root, "card C", "CLIP", "C001.mov"), "x");
    await until("the clip in the moved-in subfolder", () =>
      rec.of("changed").includes("card C/CLIP/C001.mov"),
    );
  });

  it("reports a deleted folder and nothing more from inside it", async () => {
    await rm(join(ws.root, "day 1"), { recursive: true });
    await until("the folder removal", () => rec.of("removedDir").includes("day 1"));
    await mkdir(join(ws.root, "day 1", "card A"), { recursive: true });
    await writeFile(join(ws.root, "day 1", "card A", "again.mov"), "x");
    await until("the clip in the re-made folder", () => rec.of("changed").includes("day 1/card A/again.mov"));
    expect(rec.of("changed")).toEqual(["day 1/card A/again.mov"]);
  });

  it("follows a symlinked folder", async () => {
    const elsewhere = join(ws.base, "elsewhere");
    await mkdir(elsewhere);
    await writeFile(join(elsewhere, "L000.mov"), "x");
    await symlink(elsewhere, join(ws.root, "linked"));
    // Reported once the link is followed; L001 is copied there after that.
    await until("the clip behind the new link", () => rec.of("changed").includes("linked/L000.mov"));
    await copyFile(join(ws.root, "day 1", "card A", "old.mov"), join(elsewhere, "L001.mov"));
    await until("the clip behind the link", () => rec.of("changed").includes("linked/L001.mov"));
    expect(rec.of("error")).toEqual([]);
  });

  it("reports nothing once closed", async () => {
    await watcher.close();
    // A second watcher of the same root, set up alike, is the witness: once it reports the file,
    // the closed one would have too.
    const witness = recorder();
    const second = watchProject(
      ws.root,
      loadConfig({ SVC_HOME: ws.home, SVC_WATCH_SETTLE_MS: String(SETTLE_MS), SVC_WATCH_POLL: poll }),
      witness.handlers,
    );
    try {
      await second.ready;
      await writeFile(join(ws.root, "late.mov"), "x");
      await until("the witness's report", () => witness.of("changed").includes("late.mov"));
      expect(rec.events).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe("watchProject (folder watches)", () => {
  it("watches each real folder once, so a link back to the root does not loop", async () => {
    const ws = await tempWorkspace();
    const rec = recorder();
    await mkdir(join(ws.root, "day 1"));
    await symlink(ws.root, join(ws.root, "day 1", "loop"));
    const config = loadConfig({ SVC_HOME: ws.home, SVC_WATCH_SETTLE_MS: String(SETTLE_MS) });
    const watcher = watchProject(ws.root, config, rec.handlers);
    try {
      await watcher.ready;
      await symlink(join(ws.root, "day 1"), join(ws.root, "again"));
      await writeFile(join(ws.root, "day 1", "D001.mov"), "x");
      await until("the clip", () => rec.of("changed").includes("day 1/D001.mov"));
      await markerReported(rec, ws.root);
      expect(rec.events.map((e) => `${e.kind} ${e.path}`)).toEqual([
        "changed day 1/D001.mov",
        "changed marker.wav",
      ]);
    } finally {
      await watcher.close();
      await ws.cleanup();
    }
  });
});
