import { mkdir, readdir, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { jsonLines, startSvc, svc } from "../support/cli.js";
import { makeCameraClip } from "../support/media.js";
import { childRunning, expectGone } from "../support/processes.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

if (!needTools("ffmpeg", "ffprobe")) throw new Error("svc proxy tests need ffmpeg");

let ws: Awaited<ReturnType<typeof tempWorkspace>>;

async function item(rel: string, opts: { width: number; height: number; seconds: number }): Promise<number> {
  await makeCameraClip(join(ws.root, rel, ".."), rel.split("/").pop() as string, {
    ...opts,
    audioTracks: 1,
    timecode: "10:00:00:00",
  });
  const info = await stat(join(ws.root, rel));
  const store = openLibrary(ws.root);
  try {
    return store.media.saveProbe(
      { relPath: rel, kind: "video", size: info.size, mtimeMs: Math.trunc(info.mtimeMs), fingerprint: rel },
      { ...CLIP_PROBE, width: opts.width, height: opts.height, duration_s: opts.seconds },
      stageDone("probe"),
    );
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  ws = await tempWorkspace("svc-proxy-cli-");
});
afterAll(() => ws.cleanup());

describe("svc proxy editor", () => {
  it("writes the proxy, reports file and summary events, then finds it there the next time", async () => {
    const id = await item("cards/A001.mov", { width: 320, height: 180, seconds: 1 });
    const first = await svc(["proxy", "editor", "--ids", String(id), "--progress", "json"], ws.env());
    expect(first.exitCode, first.stderr).toBe(0);
    const events = jsonLines(first.stdout);
    expect(events.filter((e) => e.event === "file" && e.status !== "encoding")).toEqual([
      { event: "file", id, status: "written", path: "cards/Proxy/A001.mov" },
    ]);
    expect(events.at(-1)).toEqual({ event: "summary", files: 1, written: 1, skipped_exists: 0, failed: 0 });
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(["file", "summary"]));

    const again = await svc(["proxy", "editor", "--ids", String(id)], ws.env());
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${id}\tskipped_exists\tcards/Proxy/A001.mov`);
  });

  it("removes a temporary file a killed run left behind, and only a stale one", async () => {
    const id = await item("stale/B001.mov", { width: 160, height: 90, seconds: 1 });
    const proxyDir = join(ws.root, "stale", "Proxy");
    await mkdir(proxyDir);
    const stale = join(proxyDir, ".B001.svc-deadbeef.mov.part");
    const fresh = join(proxyDir, ".B001.svc-0badf00d.mov.part");
    await writeFile(stale, "half a proxy");
    await writeFile(fresh, "an encode still running elsewhere");
    const old = new Date(Date.now() - 10 * 60_000);
    await utimes(stale, old, old);
    const result = await svc(["proxy", "editor", "--ids", String(id)], ws.env());
    expect(result.exitCode, result.stderr).toBe(0);
    expect((await readdir(proxyDir)).sort()).toEqual([".B001.svc-0badf00d.mov.part", "B001.mov"]);
  });

  it("refuses bad arguments with exit 2 and a usage line", async () => {
    for (const args of [
      [],
      ["editor"],
      ["editor", "--ids", "x"],
      ["editor", "--ids", "1", "--progress", "xml"],
      ["render"],
    ]) {
      const result = await svc(["proxy", ...args], ws.env());
      expect(result.exitCode, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/usage: svc proxy editor|--ids|--progress/);
    }
    const unknown = await svc(["proxy", "editor", "--ids", "424242"], ws.env());
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/no media item 424242/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });

  it("on Ctrl-C kills the encoder, removes the partial proxy and the folder it made, exits 130", async () => {
    // Long enough that the encode still runs when Ctrl-C comes: the signal follows its first write.
    const id = await item("long/C001.mov", { width: 1280, height: 720, seconds: 10 });
    const child = startSvc(["proxy", "editor", "--ids", String(id), "--progress", "json"], ws.env());
    const encoder = await childRunning("ffmpeg", child.pid);
    await until("the encode to have started", async () =>
      (await readdir(join(ws.root, "long"))).includes("Proxy"),
    );
    child.kill("SIGINT");
    const result = await child;
    expect(result.exitCode).toBe(130);
    await expectGone(encoder);
    expect(await readdir(join(ws.root, "long"))).toEqual(["C001.mov"]);
  });
});
