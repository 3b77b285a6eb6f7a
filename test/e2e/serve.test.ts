import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { makeStill, makeTimecodedClip, writeSlowly } from "../support/media.js";
import { childRunning, childrenOf, expectGone } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");

function rowOf(root: string, rel: string) {
  const lib = openLibrary(root);
  try {
    return lib.media.byPath(rel);
  } finally {
    lib.close();
  }
}

describe.skipIf(!hasTools)("svc serve", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let daemon: ServeChild["child"];
  let url = "";
  let clip = "";
  let still = "";

  beforeAll(async () => {
    ws = await tempWorkspace();
    const fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    clip = await makeTimecodedClip(fixtures);
    still = await makeStill(fixtures, "png");
    // Present before start: picked up by the catch-up scan.
    await copyFile(still, join(ws.root, "before-start.png"));
    ({ child: daemon, url } = await startServe(
      ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_WATCH_SETTLE_MS: "400" }),
    ));
  }, 90_000);

  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await ws.cleanup();
  });

  it("serves health and version without a token", async () => {
    const health = await fetch(new URL("/api/health", url));
    expect(health.status).toBe(200);
    const body = (await health.json()) as { ready: boolean; checks: Record<string, boolean> };
    expect(body.ready).toBe(true);
    expect(body.checks).toMatchObject({ ffmpeg: true, ffprobe: true, model_host: false });
    expect(JSON.stringify(body)).not.toMatch(/"\/(usr|tmp|home)/);
    const version = await fetch(new URL("/api/version", url));
    expect(await version.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const unknown = await fetch(new URL("/api/nope", url));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ detail: expect.any(String) });
  });

  it("registers PROJECT_ROOT on first start", async () => {
    const list = await svc(["project", "list", "--json"], { SVC_HOME: ws.home });
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ name: "footage", root: ws.root })]);
  });

  it("catches up on files that arrived while it was down", async () => {
    const row = await until("catch-up ingest", () => {
      const r = rowOf(ws.root, "before-start.png");
      return r?.status === "done" ? r : undefined;
    });
    expect(row.kind).toBe("image");
  });

  it("ingests a clip dropped in, even one still being written", async () => {
    await mkdir(join(ws.root, "card 01"), { recursive: true });
    await writeSlowly(clip, join(ws.root, "card 01", "A001.mp4"), { chunks: 6, intervalMs: 150 });
    const row = await until("the slowly written clip", () => {
      const r = rowOf(ws.root, "card 01/A001.mp4");
      return r?.status === "done" ? r : undefined;
    });
    expect(row).toMatchObject({ kind: "video", codec: "h264", start_timecode: "01:00:00:00" });
    expect(row.duration_s).toBeCloseTo(4, 0);
  });

  it("ignores .svc, Proxy/, dot-files and partial downloads", async () => {
    await mkdir(join(ws.root, "Proxy"), { recursive: true });
    await copyFile(still, join(ws.root, "Proxy", "proxy.png"));
    await copyFile(still, join(ws.root, ".hidden.png"));
    await copyFile(still, join(ws.root, "download.png.part"));
    await copyFile(still, join(ws.root, "marker.png"));
    await until("the marker file", () => rowOf(ws.root, "marker.png")?.status === "done");
    const lib = openLibrary(ws.root);
    try {
      const paths = lib.media.all().map((r) => r.rel_path);
      expect(paths).not.toContain("Proxy/proxy.png");
      expect(paths).not.toContain(".hidden.png");
      expect(paths).not.toContain("download.png.part");
      expect(paths.some((p) => p.startsWith(".svc"))).toBe(false);
    } finally {
      lib.close();
    }
  });

  it("marks a deleted file missing and keeps its row", async () => {
    await copyFile(still, join(ws.root, "to-delete.png"));
    const row = await until("to-delete.png", () => {
      const r = rowOf(ws.root, "to-delete.png");
      return r?.status === "done" ? r : undefined;
    });
    await rm(join(ws.root, "to-delete.png"));
    const gone = await until("the missing flag", () => {
      const r = rowOf(ws.root, "to-delete.png");
      return r?.missing_since ? r : undefined;
    });
    expect(gone.id).toBe(row.id);
  });

  it("records a bad file as failed and keeps running", async () => {
    await writeFile(join(ws.root, "broken.mov"), "not a movie");
    await copyFile(still, join(ws.root, "after-broken.png"));
    await until("the file after the broken one", () => rowOf(ws.root, "after-broken.png")?.status === "done");
    const failure = await until("the failure record", () => {
      const lib = openLibrary(ws.root);
      try {
        return lib.failures.get("broken.mov");
      } finally {
        lib.close();
      }
    });
    expect(failure).toMatchObject({ stage: "probe" });
    expect(rowOf(ws.root, "broken.mov")).toBeUndefined();
    expect((await fetch(new URL("/api/health", url))).status).toBe(200);
  });
});

describe.skipIf(!hasTools)("svc serve stopped by SIGTERM", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let serve: ServeChild;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-e2e-stop-");
    const fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    // Work whose log lines could name the footage folder: an item ingested and a file that fails.
    await copyFile(await makeStill(fixtures, "png"), join(ws.root, "still.png"));
    await writeFile(join(ws.root, "broken.mov"), "not a movie");
    serve = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }));
    await until("the catch-up pass", () => serve.stdout().includes('"ingest pass finished"'));
  }, 90_000);

  afterAll(async () => {
    if (serve?.child.exitCode === null) serve.child.kill("SIGKILL");
    await ws?.cleanup();
  });

  it("shuts down cleanly on SIGTERM with exit 0", async () => {
    serve.child.kill("SIGTERM");
    const result = await serve.child;
    expect(result.exitCode).toBe(0);
    expect(serve.stdout()).toContain('"msg":"stopped"');
    // Logs name the project; the footage folder's absolute path never appears.
    expect(serve.stdout()).toContain('"project":"footage"');
    expect(serve.stdout()).not.toContain(ws.root);
  });
});

describe.skipIf(!hasTools)("svc serve stopped by SIGTERM in the middle of an ingest", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-e2e-midingest-");
    // A long clip, so the catch-up pass is still decoding it when the signal arrives.
    await copyFile(await makeTimecodedClip(ws.base, "long.mp4", { seconds: 120 }), join(ws.root, "long.mp4"));
  }, 120_000);

  afterAll(() => ws.cleanup());

  it("kills the running ffmpeg, keeps nothing half-written, exits 0, and the next pass finishes the item", async () => {
    // Once it listens, start-up (whose `ffmpeg -version` probe is also a child) is past: the catch-up pass decodes.
    const { child: daemon } = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }), {
      timeoutMs: 60_000,
    });
    try {
      const ffmpeg = await childRunning("ffmpeg", daemon.pid as number, 60_000);
      daemon.kill("SIGTERM");
      const result = await daemon;
      expect(result.exitCode, String(result.stderr)).toBe(0);
      await expectGone(ffmpeg);
      expect(childrenOf(daemon.pid as number)).toEqual([]);
    } finally {
      if (daemon.exitCode === null) daemon.kill("SIGKILL");
    }
    const derived = await readdir(join(ws.root, ".svc"), { recursive: true });
    expect(derived.filter((name) => /(^|\/)\.analyse-|(^|\/)\.asr-|\.tmp$/.test(name))).toEqual([]);

    const next = await svc(["ingest", "--progress", "json"], ws.env());
    expect(next.exitCode, next.stderr).toBe(0);
    const lib = openLibrary(ws.root);
    try {
      expect(lib.media.byPath("long.mp4")).toMatchObject({ status: "done", next_stage: "done" });
    } finally {
      lib.close();
    }
  }, 240_000);
});
