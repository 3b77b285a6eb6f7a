import { existsSync } from "node:fs";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi } from "../support/api.js";
import { type SvcChild, startSvc, svc } from "../support/cli.js";
import {
  makeAudio,
  makeHevcOrMpeg2Clip,
  makeProresClip,
  makeSceneClip,
  makeStill,
} from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { probeStreams, topLevelBoxes } from "../support/mp4.js";
import { childRunning, expectGone } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe", "chattr");
const HEIGHT = 144;

const withLibrary = <T>(root: string, body: (lib: ReturnType<typeof openLibrary>) => T): T => {
  const lib = openLibrary(root);
  try {
    return body(lib);
  } finally {
    lib.close();
  }
};

const proxyStageOf = (root: string, id: number) =>
  withLibrary(root, (lib) => lib.media.stages(id).find((s) => s.stage === "proxy"));

/** Every kind of source the proxy stage sorts, ingested once into the API's project. */
async function proxiedLibrary() {
  const api = await startApi();
  const root = api.root as string;
  const [, other] = await Promise.all([
    makeProresClip(root, "A001.mov", { width: 320, height: 240, seconds: 1, audio: true }),
    makeHevcOrMpeg2Clip(root, "small", { width: 160, height: 90, seconds: 1 }),
    makeProresClip(root, "odd.mov", { width: 161, height: 91, seconds: 1 }),
    makeSceneClip(root, "playable.mp4"),
    makeAudio(root, "tone.wav", { seconds: 1 }),
    makeAudio(root, "tone.aiff", { seconds: 1 }),
    makeStill(root, "png", "still.png"),
  ]);
  const id: Record<string, number> = {};
  const ingest = () =>
    svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home, SVC_PROXY_HEIGHT: String(HEIGHT) });
  const refreshIds = () =>
    withLibrary(root, (lib) => {
      for (const row of lib.media.all()) id[row.rel_path] = row.id;
    });
  const pass = await ingest();
  expect(pass.exitCode, pass.stderr + pass.stdout).toBe(0);
  refreshIds();
  return {
    api,
    root,
    otherCodec: other.codec,
    otherName: other.file.slice(root.length + 1),
    id,
    ingest,
    refreshIds,
    proxy: (mediaId: number) => join(root, ".svc", "proxies", `${mediaId}.mp4`),
    stream: (mediaId: number, headers: Record<string, string> = {}) =>
      api.request("GET", `/api/stream?id=${mediaId}`, { headers }),
  };
}

type ProxiedLibrary = Awaited<ReturnType<typeof proxiedLibrary>>;

describe.skipIf(!hasTools)("playback proxies", () => {
  let api: ProxiedLibrary["api"];
  let root: string;
  let otherCodec: ProxiedLibrary["otherCodec"];
  let otherName: string;
  let id: ProxiedLibrary["id"];
  let proxy: ProxiedLibrary["proxy"];
  let stream: ProxiedLibrary["stream"];

  beforeAll(async () => {
    ({ api, root, otherCodec, otherName, id, proxy, stream } = await proxiedLibrary());
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  it("makes an H.264/AAC MP4 of ProRes with faststart, at most SVC_PROXY_HEIGHT lines", async () => {
    const mediaId = id["A001.mov"] as number;
    const streams = await probeStreams(proxy(mediaId));
    expect(streams).toEqual([
      expect.objectContaining({
        codec_type: "video",
        codec_name: "h264",
        width: 192,
        height: HEIGHT,
        pix_fmt: "yuv420p",
      }),
      expect.objectContaining({ codec_type: "audio", codec_name: "aac", channels: 2 }),
    ]);
    const boxes = await topLevelBoxes(proxy(mediaId));
    expect(boxes.indexOf("moov")).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf("moov")).toBeLessThan(boxes.indexOf("mdat"));
    expect(proxyStageOf(root, mediaId)).toMatchObject({
      status: "done",
      detail: expect.stringMatching(/prores video codec/),
    });
  });

  it("never upscales and keeps both sides even; a source without sound gets a proxy without sound", async () => {
    const small = await probeStreams(proxy(id[otherName] as number));
    expect(small).toEqual([expect.objectContaining({ codec_name: "h264", width: 160, height: 90 })]);
    expect(proxyStageOf(root, id[otherName] as number)?.detail).toContain(`${otherCodec} video codec`);
    const odd = await probeStreams(proxy(id["odd.mov"] as number));
    expect(odd).toEqual([expect.objectContaining({ codec_name: "h264", width: 160, height: 90 })]);
  });

  it("makes an AAC-only MP4 of sound in a container browsers do not open", async () => {
    const streams = await probeStreams(proxy(id["tone.aiff"] as number));
    expect(streams).toEqual([
      expect.objectContaining({ codec_type: "audio", codec_name: "aac", channels: 2 }),
    ]);
  });

  it("skips playable video, playable sound and stills, and streams their originals", async () => {
    for (const name of ["playable.mp4", "tone.wav", "still.png"]) {
      const mediaId = id[name] as number;
      expect(proxyStageOf(root, mediaId), name).toMatchObject({
        status: "skipped",
        detail: expect.stringMatching(/plays the original|shown as they are/),
      });
      const res = await stream(mediaId);
      expect(res.status, name).toBe(200);
      expect(res.body.equals(await readFile(join(root, name))), name).toBe(true);
    }
    expect((await readdir(join(root, ".svc", "proxies"))).sort()).toEqual(
      ["A001.mov", otherName, "odd.mov", "tone.aiff"].map((name) => `${id[name]}.mp4`).sort(),
    );
  });

  it("streams the proxy of an unplayable item with Range and If-Range like an original", async () => {
    const mediaId = id["A001.mov"] as number;
    const bytes = await readFile(proxy(mediaId));
    const whole = await stream(mediaId);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.body.equals(bytes)).toBe(true);
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"/);

    const part = await stream(mediaId, { range: "bytes=100-1123" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-1123/${bytes.length}`);
    expect(part.headers["content-type"]).toBe("video/mp4");
    expect(part.body.equals(bytes.subarray(100, 1124))).toBe(true);

    const tail = await stream(mediaId, { range: "bytes=-500", "if-range": etag });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(bytes.subarray(bytes.length - 500))).toBe(true);
    const stale = await stream(mediaId, { range: "bytes=0-9", "if-range": '"0-0"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(bytes.length);
    expect((await stream(mediaId, { range: `bytes=${bytes.length + 10}-` })).status).toBe(416);
  });
});

describe.skipIf(!hasTools)("playback proxies after the library changes", () => {
  let api: ProxiedLibrary["api"];
  let root: string;
  let otherName: string;
  let id: ProxiedLibrary["id"];
  let ingest: ProxiedLibrary["ingest"];
  let refreshIds: ProxiedLibrary["refreshIds"];
  let proxy: ProxiedLibrary["proxy"];
  let stream: ProxiedLibrary["stream"];

  // Each test changes proxies or items, so each starts from its own freshly ingested library.
  beforeEach(async () => {
    ({ api, root, otherName, id, ingest, refreshIds, proxy, stream } = await proxiedLibrary());
  }, 180_000);

  afterEach(async () => {
    await api?.close();
  });

  it("says 409 pending while an item has no proxy yet, and the next pass makes it", async () => {
    const cleared = id["odd.mov"] as number;
    const older = id[otherName] as number;
    // A cache clear took one proxy; the other item was ingested before proxies were made.
    await rm(proxy(cleared));
    withLibrary(root, (lib) =>
      lib.db.prepare("DELETE FROM media_stages WHERE media_id = ? AND stage = 'proxy'").run(older),
    );
    await rm(proxy(older));
    for (const mediaId of [cleared, older]) {
      const res = await stream(mediaId);
      expect(res.status).toBe(409);
      expect(res.json<{ detail: string }>().detail).toMatch(
        /browsers cannot play .* playback proxy is pending/,
      );
    }
    const pass = await ingest();
    expect(pass.exitCode, pass.stderr).toBe(0);
    expect(pass.stdout).toMatch(/ingested 2, unchanged 5/);
    for (const mediaId of [cleared, older]) expect((await stream(mediaId)).status).toBe(200);
  });

  it("says 409 failed with the reason when the encode fails, and the pass goes on to the next item; the proxy made later goes with its item when the item is deleted", async () => {
    const proxies = join(root, ".svc", "proxies");
    await Promise.all([
      makeProresClip(root, "late/B001.mov", { width: 320, height: 240, seconds: 1 }),
      makeSceneClip(root, "late/C001.mp4"),
    ]);
    await execa("chattr", ["+i", proxies]);
    try {
      const pass = await ingest();
      expect(pass.stdout).toMatch(/ingested 1, unchanged 7, skipped 0, failed 1/);
      refreshIds();
      const failed = await stream(id["late/B001.mov"] as number);
      expect(failed.status).toBe(409);
      const detail = failed.json<{ detail: string }>().detail;
      expect(detail).toMatch(
        /prores video codec .*playback proxy failed: the playback proxy could not be made: /,
      );
      expect(detail).not.toContain(root);
      expect(detail).not.toMatch(/\/tmp\//);
      expect((await stream(id["late/C001.mp4"] as number)).status).toBe(200);
    } finally {
      await execa("chattr", ["-i", proxies]);
    }
    const again = await ingest();
    expect(again.exitCode, again.stderr).toBe(0);
    expect((await stream(id["late/B001.mov"] as number)).status).toBe(200);

    // The proxy this story made goes with its item.
    const mediaId = id["late/B001.mov"] as number;
    expect(existsSync(proxy(mediaId))).toBe(true);
    expect((await api.request("DELETE", `/api/media/${mediaId}`)).status).toBe(200);
    expect(existsSync(proxy(mediaId))).toBe(false);
  });

  it("is made again through the LUT when the item gets a colour profile", async () => {
    const mediaId = id["A001.mov"] as number;
    const before = await readFile(proxy(mediaId));
    const set = await api.request("PATCH", `/api/media/${mediaId}/color-profile`, {
      body: { profile: "slog3" },
    });
    expect(set.status, set.text).toBe(200);
    // The stale proxy is gone at once; the pass the change started makes the new one.
    await until("the proxy made again", async () => (await stream(mediaId)).status === 200, {
      timeoutMs: 120_000,
    });
    const after = await readFile(proxy(mediaId));
    expect(after.equals(before)).toBe(false);
    expect(proxyStageOf(root, mediaId)?.status).toBe("done");
  });
});

describe.skipIf(!hasTools)("an interrupted proxy encode", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let child: SvcChild | undefined;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-proxy-kill-");
    // Long enough that the encode is still running when the signal comes, on any runner.
    await makeProresClip(ws.root, "long.mov", { width: 640, height: 360, seconds: 40 });
  }, 120_000);

  // Each test interrupts its own first encode: no library, proxy or temp file an earlier test left.
  beforeEach(async () => {
    await Promise.all([
      rm(join(ws.root, ".svc"), { recursive: true, force: true }),
      rm(ws.home, { recursive: true, force: true }),
    ]);
  });

  afterEach(() => {
    child?.kill("SIGKILL");
  });

  afterAll(async () => {
    await ws?.cleanup();
  });

  const proxies = () => join(ws.root, ".svc", "proxies");
  const listing = async () => readdir(proxies()).catch(() => [] as string[]);
  const startIngest = () => {
    child = startSvc(["ingest"], ws.env({ SVC_PROXY_HEIGHT: "360" }));
    return child;
  };
  const encoding = async (run: SvcChild) => {
    await until("the proxy temp file", async () => (await listing()).some((n) => n.endsWith(".tmp")), {
      timeoutMs: 60_000,
    });
    // The guard (setpriv, then sh) execs ffmpeg in place, so the encode is a direct child.
    return childRunning("ffmpeg", run.pid as number, 10_000);
  };

  it("leaves no file when stopped by SIGTERM, and ends its ffmpeg", async () => {
    const run = startIngest();
    const ffmpeg = await encoding(run);
    run.kill("SIGTERM");
    const result = await run;
    expect(result.exitCode, String(result.stderr)).toBe(130);
    await expectGone(ffmpeg);
    expect(await listing()).toEqual([]);
  }, 120_000);

  it("leaves only a temp file when SIGKILLed, which the next pass removes before making the proxy", async () => {
    const run = startIngest();
    const ffmpeg = await encoding(run);
    run.kill("SIGKILL");
    await run;
    await expectGone(ffmpeg);
    const left = await listing();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.\d+\.mp4\.[0-9a-f]{12}\.tmp$/);
    const pass = await svc(["ingest"], ws.env({ SVC_PROXY_HEIGHT: "144" }), 180_000);
    expect(pass.exitCode, pass.stderr).toBe(0);
    const after = await listing();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/^\d+\.mp4$/);
  }, 240_000);
});

describe.skipIf(!hasTools)("a proxy of an item that resumes at a later stage", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>> | undefined;
  let host: FakeModelHost | undefined;

  afterAll(async () => {
    await host?.close();
    await ws?.cleanup();
  });

  it("is kept, not encoded again, when the model host comes back and vision and embed run", async () => {
    ws = await tempWorkspace("svc-proxy-resume-");
    await makeProresClip(ws.root, "A001.mov", { width: 320, height: 240, seconds: 1 });
    const first = await svc(["ingest"], ws.env({ SVC_PROXY_HEIGHT: String(HEIGHT) }));
    expect(first.exitCode, first.stderr).toBe(0);
    const mediaId = withLibrary(ws.root, (lib) => lib.media.byPath("A001.mov")?.id as number);
    const file = join(ws.root, ".svc", "proxies", `${mediaId}.mp4`);
    const made = await stat(file);
    expect(proxyStageOf(ws.root, mediaId)?.detail).toMatch(/^made for /);

    host = await startFakeModelHost({ dim: 16 });
    const second = await svc(["ingest"], ws.env({ OLLAMA_HOST: host.url, SVC_PROXY_HEIGHT: String(HEIGHT) }));
    expect(second.exitCode, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/ingested 1/);
    const stages = withLibrary(ws.root, (lib) => lib.media.stages(mediaId));
    expect(stages.find((s) => s.stage === "vision")?.status).toBe("done");
    expect(stages.find((s) => s.stage === "proxy")).toMatchObject({
      status: "done",
      detail: expect.stringMatching(/^kept the proxy made for /),
    });
    const kept = await stat(file);
    expect([kept.ino, kept.mtimeMs]).toEqual([made.ino, made.mtimeMs]);
  }, 120_000);
});
