import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HandoffCreated } from "../../domain/schemas/handoff.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { makeCameraClip } from "../support/media.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { needTools } from "../support/tools.js";

if (!needTools("ffmpeg", "ffprobe", "python3"))
  throw new Error(
    "the hand-off script test ingests a clip and runs svc_resolve.py: install ffmpeg and python3",
  );

const REPO = resolve(import.meta.dirname, "../..");
const SCRIPT = join(REPO, "assets/resolve/svc_resolve.py");

// Runs the script as Resolve does (its globals hold `resolve`) against the fake Resolve, then
// prints what the fake's project holds, for the test to read.
const BOOTSTRAP = `
import json, runpy, sys
sys.path.insert(0, ${JSON.stringify(join(REPO, "test/python"))})
import fake_resolve
resolve = fake_resolve.Resolve()
code = 0
try:
    runpy.run_path(${JSON.stringify(SCRIPT)}, init_globals={"resolve": resolve}, run_name="__main__")
except SystemExit as stop:
    code = stop.code or 0
project = resolve.project_manager.GetCurrentProject()
def folder(f):
    return {"name": f.name, "clips": [clip_of(c) for c in f.clips], "subfolders": [folder(s) for s in f.subfolders]}
def clip_of(c):
    return {"properties": c.properties, "metadata": c.metadata, "flags": c.flags, "marks": c.marks,
            "markers": {str(k): v for k, v in c.markers.items()}}
state = {"code": code, "root": folder(project.media_pool.root),
         "timelines": [{"name": t.name, "items": [{"path": i.clip.properties["File Path"], "source_start": i.source_start,
                        "start": i.start, "duration": i.duration} for i in t.items]} for t in project.timelines]}
print("STATE " + json.dumps(state))
`;

interface FakeClip {
  properties: Record<string, string>;
  metadata: Record<string, string>;
  flags: string[];
  marks: Record<string, { in: number; out: number }>;
  markers: Record<
    string,
    { color: string; name: string; note: string; duration: number; customData: string }
  >;
}
interface FakeFolder {
  name: string;
  clips: FakeClip[];
  subfolders: FakeFolder[];
}
interface FakeState {
  code: number;
  root: FakeFolder;
  timelines: {
    name: string;
    items: { path: string; source_start: number; start: number; duration: number }[];
  }[];
}

let api: TestApi;
let work: string;
let camera = 0;

/** The script run once inside the fake Resolve with `config`: what it printed, and the project after. */
async function runScript(config: Record<string, unknown>): Promise<{ out: string; state: FakeState }> {
  const configPath = join(work, "svc_resolve.json");
  await writeFile(configPath, JSON.stringify(config));
  const bootstrap = join(work, "bootstrap.py");
  await writeFile(bootstrap, BOOTSTRAP);
  const { SVC_TOKEN: _token, ...inherited } = process.env;
  const env = {
    ...inherited,
    SVC_RESOLVE_CONFIG: configPath,
    PYTHONIOENCODING: "utf-8",
    PYTHONDONTWRITEBYTECODE: "1",
  };
  // Asynchronously: the svc it asks answers from this process's event loop.
  const done = await promisify(execFile)("python3", [bootstrap], { env, encoding: "utf8", timeout: 60_000 });
  const output = `${done.stdout}${done.stderr}`;
  expect(output).not.toContain("Traceback");
  const line = done.stdout.split("\n").find((l) => l.startsWith("STATE ")) ?? "";
  expect(line, output).not.toBe("");
  return { out: done.stdout.replace(/^STATE .*$/m, ""), state: JSON.parse(line.slice(6)) as FakeState };
}

beforeAll(async () => {
  api = await startApi();
  work = await mkdtemp(join(tmpdir(), "svc-handoff-script-"));
  const root = api.root as string;
  await makeCameraClip(join(root, "day 1"), "A001C003.mov", {
    width: 320,
    height: 180,
    seconds: 2,
    audioTracks: 1,
    timecode: "10:00:00:00",
  });
  const store = openLibrary(root);
  try {
    camera = store.media.saveProbe(
      { relPath: "day 1/A001C003.mov", kind: "video", size: 1000, mtimeMs: 1, fingerprint: "A001C003" },
      {
        ...CLIP_PROBE,
        duration_s: 2,
        width: 320,
        height: 180,
        start_timecode: "10:00:00:00",
        audio_tracks: 1,
      },
      stageDone("probe"),
    );
  } finally {
    store.close();
  }
  expect(camera).toBeGreaterThan(0);
  const proxy = await api.request("POST", "/api/proxy/editor", { body: { ids: [camera] } });
  expect(proxy.json()).toMatchObject({ results: [{ status: "written" }] });
}, 180_000);

afterAll(async () => {
  await api?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("svc_resolve.py against a real svc", { sequential: true, shuffle: false }, () => {
  it("brings a hand-off made over HTTP into the project: bin, proxy, log, markers, in/out, selects", async () => {
    for (const [method, path, body] of [
      ["PATCH", `/api/media/${camera}/rating`, { rating: "5", rating_note: "best take 🎬" }],
      ["PATCH", `/api/media/${camera}/camera`, { camera_id: "A", angle: "wide" }],
      ["POST", `/api/media/${camera}/tags`, { name: "hero" }],
      ["PATCH", `/api/media/${camera}/inout`, { in_point: 0.4, out_point: 1.6 }],
      [
        "POST",
        `/api/media/${camera}/markers`,
        { start_s: 0.5, name: "Boom in shot", note: "n", color: "red" },
      ],
      ["POST", `/api/media/${camera}/subclips`, { start_s: 0.2, end_s: 1.2, name: "Line 4" }],
    ] as const) {
      const res = await api.request(method, path, { body });
      expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
    }
    const made = await api.request("POST", "/api/handoff", { body: { ids: [camera], bin: "Day 1 selects" } });
    expect(made.status, made.text).toBe(201);
    const { id } = made.json<HandoffCreated>();

    const { out, state } = await runScript({ url: api.url });
    expect(state.code, out).toBe(0);
    expect(out).toContain(`hand-off ${id}`);
    const bin = state.root.subfolders.find((f) => f.name === "Day 1 selects") as FakeFolder;
    expect(bin, JSON.stringify(state.root)).toBeDefined();
    expect(bin.clips).toHaveLength(1);
    const clip = bin.clips[0] as FakeClip;
    const root = api.root as string;
    expect(clip.properties["File Path"]).toBe(join(root, "day 1/A001C003.mov"));
    expect(clip.properties["Proxy Media Path"]).toBe(join(root, "day 1/Proxy/A001C003.mov"));
    expect(clip.metadata).toMatchObject({
      "Camera #": "A",
      Angle: "wide",
      Keywords: "hero",
      "Good Take": "true",
    });
    expect(clip.metadata.Comments).toBe("best take 🎬");
    expect(clip.flags).toContain("Green");
    // 25 fps: in at frame 10; Resolve's out mark is the last frame kept (svc's exclusive 40 − 1).
    expect(Object.values(clip.marks)[0]).toMatchObject({ in: 10, out: 39 });
    const markers = Object.entries(clip.markers);
    expect(markers).toHaveLength(1);
    expect(Number(markers[0]?.[0])).toBe(13);
    expect(markers[0]?.[1]).toMatchObject({ color: "Red", name: "Boom in shot", note: "n", duration: 1 });
    // The selects: the trimmed window (30 frames), then the subclip (frames 5 to 30: 25 frames).
    const timeline = state.timelines.find((t) => t.name === "Day 1 selects");
    expect(timeline?.items.map((i) => [i.source_start, i.duration])).toEqual([
      [10, 30],
      [5, 25],
    ]);
  });

  it("the next run finds nothing pending and says so in one line; the hand-off is done in svc", async () => {
    const { out, state } = await runScript({ url: api.url });
    expect(state.code).toBe(1);
    expect(out.trim()).toBe(
      "svc_resolve: nothing to hand off: choose clips in svc and press Send to Resolve",
    );
    const list = (await api.request("GET", "/api/handoffs")).json<{ items: { status: string }[] }>();
    expect(list.items.map((h) => h.status)).toEqual(["done"]);
  });

  it("a token without videos_read is refused by svc and the script names the token's problem", async () => {
    const made = await api.request("POST", "/api/handoff", { body: { ids: [camera] } });
    expect(made.status).toBe(201);
    const { out, state } = await runScript({ url: api.url, token: "svc_not_a_real_token" });
    expect(state.code).toBe(1);
    expect(out).toMatch(/svc_resolve: .*token/);
    expect(state.root.subfolders).toEqual([]);
    // Still pending: a refused script takes nothing.
    const list = (await api.request("GET", "/api/handoffs")).json<{ items: { status: string }[] }>();
    expect(list.items[0]?.status).toBe("pending");
  });
});
