import { copyFile, mkdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { jsonLines, svc } from "../support/cli.js";
import { makeSceneClip, makeSpeechClip, makeStill, SCENE_CLIP, SPEECH_TEXT } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { wordErrorRate } from "../support/wer.js";

const hasTools = needTools("ffmpeg", "ffprobe", "flite", "pocketsphinx_continuous");

interface Item {
  id: number;
  name: string;
  type: string;
  language: string | null;
  match?: { scene_index: number; start_s: number; end_s: number; keyframe_url: string; score: number };
}
interface Page {
  items: Item[];
  total: number;
  search_mode: string;
  search_note?: string;
}
interface Scene {
  index: number;
  start_s: number;
  end_s: number;
  description: string | null;
  tags: string[];
  content_type: string | null;
  focus_score: number | null;
  exposure: string | null;
  stability: string | null;
  audio_quality: string | null;
  atmosphere: string | null;
  energy: string | null;
  edit_position: string | null;
  edit_reason: string | null;
}

interface Footage {
  ws: Awaited<ReturnType<typeof tempWorkspace>>;
  host: FakeModelHost;
  api: TestApi;
  env: Record<string, string>;
  ids: Record<string, number>;
  get<T>(path: string): Promise<T>;
}

/**
 * A speech clip, a scene clip and a still, ingested with transcription, vision and embeddings, and
 * the API over them: a fresh project for the tests of one describe block, removed after them.
 */
function useFootage(): Footage {
  const f = {
    ids: {},
    get: async <T>(path: string) => {
      const res = await f.api.request("GET", path);
      expect(res.status, res.text).toBe(200);
      return res.json<T>();
    },
  } as Footage;

  beforeAll(async () => {
    f.ws = await tempWorkspace("svc-understand-");
    f.host = await startFakeModelHost();
    f.env = f.ws.env({ OLLAMA_HOST: f.host.url, SVC_ASR: "pocketsphinx" });
    const fixtures = join(f.ws.base, "fixtures");
    await mkdir(fixtures);
    await makeSpeechClip(f.ws.root, "interview.mp4");
    await copyFile(await makeSceneClip(fixtures), join(f.ws.root, "scenes.mp4"));
    await copyFile(await makeStill(fixtures, "png"), join(f.ws.root, "still.png"));
    const result = await svc(["ingest", "--progress", "json"], f.env);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ event: "summary", ingested: 3, failed: 0 });
    const lib = openLibrary(f.ws.root);
    try {
      for (const row of lib.media.all()) f.ids[row.rel_path] = row.id;
    } finally {
      lib.close();
    }
    // The API shares the commands' SVC_HOME: one host, so `svc embed` may write beside it.
    f.api = await startApi({
      projectRoot: f.ws.root,
      env: { OLLAMA_HOST: f.host.url, SVC_ASR: "none", SVC_HOME: f.ws.home },
    });
  }, 240_000);

  afterAll(async () => {
    await f.api?.close();
    await f.host?.close();
    await f.ws?.cleanup();
  });

  return f;
}

describe.skipIf(!hasTools)("understanding the footage: transcripts, vision, embeddings, search", () => {
  describe("as ingest left it", () => {
    const f = useFootage();

    it("transcribes speech with word timings, archived per language and active", async () => {
      const lib = openLibrary(f.ws.root);
      try {
        const row = lib.media.byPath("interview.mp4");
        expect(row?.language).toBe("en");
        expect(wordErrorRate(SPEECH_TEXT, row?.transcript ?? "")).toBeLessThan(0.35);
        const words = JSON.parse(row?.words_json ?? "[]") as { word: string; start: number; end: number }[];
        expect(words.length).toBeGreaterThan(8);
        for (const [i, w] of words.entries()) {
          expect(w.end).toBeGreaterThanOrEqual(w.start);
          if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]?.start ?? 0);
        }
      } finally {
        lib.close();
      }
      const segments = await f.get<{ start: number; end: number; text: string }[]>(
        `/api/media/${f.ids["interview.mp4"]}/segments`,
      );
      expect(segments.length).toBeGreaterThan(0);
      const transcripts = await f.get<{ language: string; active: boolean; backend: string }[]>(
        `/api/media/${f.ids["interview.mp4"]}/transcripts`,
      );
      expect(transcripts).toEqual([
        expect.objectContaining({ language: "en", active: true, backend: "pocketsphinx" }),
      ]);
    });

    it("fills the nine vision fields per key frame, measured and asked, and auto tags", async () => {
      const scenes = await f.get<Scene[]>(`/api/media/${f.ids["scenes.mp4"]}/scenes`);
      expect(scenes).toHaveLength(SCENE_CLIP.scenes);
      for (const scene of scenes) {
        expect(scene.description).toMatch(/frame/);
        expect(scene.focus_score).toBeGreaterThan(0);
        expect(scene.focus_score).toBeLessThanOrEqual(1);
        expect(["under", "normal", "over"]).toContain(scene.exposure);
        expect(scene.stability).not.toBeNull();
        expect(scene.audio_quality).toBe("good");
        for (const field of ["content_type", "atmosphere", "energy", "edit_position", "edit_reason"] as const)
          expect(scene[field], field).toEqual(expect.any(String));
        expect(scene.tags.length).toBeGreaterThan(0);
      }
      // The descriptions follow the pictures: the blue scene is not described like the test pattern.
      expect(new Set(scenes.map((s) => s.description)).size).toBeGreaterThan(1);
      const item = await f.get<{ tags: { name: string; source: string }[] }>(
        `/api/media/${f.ids["scenes.mp4"]}`,
      );
      expect(item.tags.some((t) => t.source === "auto")).toBe(true);
      // The pass released the vision model when it was done with it.
      const unloads = f.host.requests.filter((r) => {
        const body = r.body as { model?: string; keep_alive?: unknown };
        return r.path === "/api/generate" && body.model === "qwen2.5vl:7b" && Number(body.keep_alive) === 0;
      });
      expect(unloads.length).toBeGreaterThan(0);
      // A still is analysed as one key frame of its own.
      const still = await f.get<Scene[]>(`/api/media/${f.ids["still.png"]}/scenes`);
      expect(still).toHaveLength(1);
      expect(still[0]?.stability).toBeNull();
      expect(still[0]?.audio_quality).toBe("none");
    });

    it("stores a vector per item and per scene and an index file beside the database", async () => {
      const lib = openLibrary(f.ws.root);
      try {
        const vectors = lib.vectors.forMedia(f.ids["scenes.mp4"] as number);
        expect(vectors.map((v) => v.scene_idx).sort()).toEqual([-1, 0, 1, 2]);
        expect(new Set(vectors.map((v) => v.dim))).toEqual(new Set([1024]));
        expect(lib.media.byPath("scenes.mp4")?.embed_hash).toMatch(/^[0-9a-f]{64}$/);
        expect((await stat(lib.paths.vectors)).size).toBeGreaterThan(0);
      } finally {
        lib.close();
      }
      const status = await f.get<{
        awaiting: number;
        not_indexed: number;
        vectors: number;
        checked: boolean;
      }>("/api/embed/status");
      expect(status).toMatchObject({ awaiting: 0, not_indexed: 0, checked: true });
      expect(status.vectors).toBeGreaterThanOrEqual(6);
    });

    it("a semantic query lands on the right item and scene", async () => {
      const speech = await f.get<Page>(`/api/media?q=${encodeURIComponent("lazy dog jumping fox")}`);
      expect(speech.search_mode).toBe("semantic");
      expect(speech.items[0]?.name).toBe("interview.mp4");

      const scenes = await f.get<Scene[]>(`/api/media/${f.ids["scenes.mp4"]}/scenes`);
      const target = scenes.find((s) => /blue/.test(s.description ?? ""));
      expect(target, JSON.stringify(scenes.map((s) => s.description))).toBeDefined();
      const page = await f.get<Page>(`/api/media?q=${encodeURIComponent(target?.description ?? "")}`);
      expect(page.search_mode).toBe("semantic");
      expect(page.items[0]?.name).toBe("scenes.mp4");
      expect(page.items[0]?.match).toMatchObject({
        scene_index: target?.index,
        start_s: target?.start_s,
        end_s: target?.end_s,
        keyframe_url: `/api/media/${f.ids["scenes.mp4"]}/keyframes/${target?.index}`,
      });
    });

    it("filters apply identically on the list, semantic and text paths", async () => {
      const idsOf = (p: Page) => p.items.map((i) => i.id).sort();
      const list = await f.get<Page>("/api/media?type=video");
      const prefixed = await f.get<Page>(`/api/media?q=${encodeURIComponent("type:video")}`);
      expect(idsOf(prefixed)).toEqual(idsOf(list));
      const semantic = await f.get<Page>(`/api/media?type=video&q=${encodeURIComponent("frame")}`);
      expect(semantic.search_mode).toBe("semantic");
      expect(semantic.items.every((i) => i.type === "video")).toBe(true);
      await f.host.stop();
      try {
        const text = await f.get<Page>(`/api/media?type=video&q=${encodeURIComponent("interview")}`);
        expect(text.search_mode).toBe("text");
        expect(text.search_note).toMatch(/semantic search unavailable/);
        expect(text.items.every((i) => i.type === "video")).toBe(true);
        expect(idsOf(await f.get<Page>(`/api/media?q=${encodeURIComponent("type:video")}`))).toEqual(
          idsOf(list),
        );
      } finally {
        await f.host.start();
      }
      const back = await f.get<Page>(`/api/media?q=${encodeURIComponent("lazy dog")}`);
      expect(back.search_mode).toBe("semantic");
    });

    it("reports health of the model host and each model", async () => {
      const res = await f.api.request("GET", "/api/health");
      const health = res.json<{
        checks: { model_host: boolean };
        models: Record<string, { pulled: boolean }>;
      }>();
      expect(health.checks.model_host).toBe(true);
      expect(health.models.embed?.pulled).toBe(true);
      expect(health.models.vision?.pulled).toBe(true);
      f.host.setModels(["bge-m3"]);
      try {
        const again = (await f.api.request("GET", "/api/health")).json<typeof health>();
        expect(again.models.vision?.pulled).toBe(false);
        expect(again.models.embed?.pulled).toBe(true);
      } finally {
        f.host.setModels(["bge-m3", "qwen2.5:14b", "qwen2.5vl:7b"]);
      }
    });

    it("rebuilds a corrupt index file from the database without re-embedding", async () => {
      const lib = openLibrary(f.ws.root);
      const file = lib.paths.vectors;
      lib.close();
      await writeFile(file, "not an index at all");
      const embedsBefore = f.host.requests.filter((r) => r.path === "/api/embed").length;
      const built = await svc(["embed", "--json"], f.env);
      expect(built.exitCode, built.stderr).toBe(0);
      expect(JSON.parse(built.stdout).counts.unchanged).toBe(3);
      // Only the drift check (and the dimension probe) asked the model host for embeddings.
      expect(
        f.host.requests.filter((r) => r.path === "/api/embed").length - embedsBefore,
      ).toBeLessThanOrEqual(2);
      expect((await stat(file)).size).toBeGreaterThan(100);
      const scenes = await f.get<Scene[]>(`/api/media/${f.ids["scenes.mp4"]}/scenes`);
      const page = await f.get<Page>(`/api/media?q=${encodeURIComponent(scenes[1]?.description ?? "")}`);
      expect(page.search_mode).toBe("semantic");
      expect(page.items[0]?.name).toBe("scenes.mp4");
    });

    it("a missing model is one clear message with the pull command, and exit 2", async () => {
      const visionCalls = () =>
        f.host.requests.filter((r) => r.path === "/api/chat" && JSON.stringify(r.body).includes("qwen2.5vl"))
          .length;
      const before = visionCalls();
      f.host.setModels(["bge-m3"]);
      try {
        const result = await svc(["ingest", "--refresh", "--progress", "json"], f.env);
        expect(result.exitCode).toBe(2);
        const summary = jsonLines(result.stdout).at(-1);
        expect(JSON.stringify(summary)).toContain("ollama pull qwen2.5vl:7b");
        // Found once when the pass starts, not as a 404 per key frame.
        expect(visionCalls()).toBe(before);
      } finally {
        f.host.setModels(["bge-m3", "qwen2.5:14b", "qwen2.5vl:7b"]);
      }
    });
  });

  // Its own project: it changes the active transcript, which the tests above read.
  describe("with another language activated", () => {
    const f = useFootage();

    it("activating another language marks the item stale; svc embed re-embeds it", async () => {
      const id = f.ids["interview.mp4"] as number;
      const lib = openLibrary(f.ws.root);
      try {
        lib.transcripts.save(
          id,
          {
            language: "de",
            text: "Der schnelle braune Fuchs",
            segments_json: JSON.stringify([{ start: 0, end: 2, text: "Der schnelle braune Fuchs" }]),
            words_json: "[]",
            backend: "test",
          },
          false,
        );
      } finally {
        lib.close();
      }
      const unknown = await f.api.request("POST", `/api/media/${id}/transcript/activate`, {
        body: { language: "fr" },
      });
      expect(unknown.status).toBe(404);
      const bad = await f.api.request("POST", `/api/media/${id}/transcript/activate`, {
        body: { language: 3 },
      });
      expect(bad.status).toBe(422);
      const res = await f.api.request("POST", `/api/media/${id}/transcript/activate`, {
        body: { language: "de" },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({ language: "de", active: true }),
        expect.objectContaining({ language: "en", active: false }),
      ]);
      expect((await f.get<Item>(`/api/media/${id}`)).language).toBe("de");
      expect((await f.get<{ awaiting: number }>("/api/embed/status")).awaiting).toBe(1);

      const built = await svc(["embed", "--json"], f.env);
      expect(built.exitCode, built.stderr).toBe(0);
      const report = JSON.parse(built.stdout) as { checked: boolean; counts: Record<string, number> };
      expect(report.checked).toBe(true);
      expect(report.counts).toEqual({ new: 0, stale: 1, unverified: 0, forced: 0, unchanged: 2 });
      expect((await f.get<{ awaiting: number }>("/api/embed/status")).awaiting).toBe(0);

      const rebuilt = await svc(["embed", "--rebuild", "--json"], f.env);
      expect(rebuilt.exitCode, rebuilt.stderr).toBe(0);
      expect(JSON.parse(rebuilt.stdout).counts).toEqual({
        new: 0,
        stale: 0,
        unverified: 0,
        forced: 3,
        unchanged: 0,
      });
    });
  });
});
