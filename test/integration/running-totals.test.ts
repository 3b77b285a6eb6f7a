import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planEmbedding } from "../../pipeline/embedding.js";
import { loadConfig } from "../../state/config.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeAudio, makeSceneClip, makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

interface Stats {
  items: { total: number; video: number; audio: number; image: number };
  missing: number;
  duration_s: number;
  derived_bytes: { total: number; thumbs: number; frames: number; proxies: number };
}
interface EmbedStatus {
  awaiting: number;
  counts: Record<string, number>;
  vectors: number;
}

/** Bytes of the regular files under a folder, walked the way the stats route once did per request. */
async function walk(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += await walk(path);
    else if (entry.isFile()) bytes += (await lstat(path)).size;
  }
  return bytes;
}

describe.skipIf(!hasTools)("the stats and embed-status totals follow every change", () => {
  let host: FakeModelHost;
  let api: TestApi;
  let root: string;
  let env: Record<string, string>;

  const get = async <T>(path: string) => {
    const res = await api.request("GET", path);
    expect(res.status, res.text).toBe(200);
    return res.json<T>();
  };
  const run = async (...args: string[]) => {
    const result = await svc(args, env);
    expect(result.exitCode, result.stderr).toBe(0);
  };

  /** Both routes against the answers of a full scan: every item planned, every folder walked. */
  async function expectTruth(): Promise<{ stats: Stats; status: EmbedStatus }> {
    const stats = await get<Stats>("/api/stats");
    const status = await get<EmbedStatus>("/api/embed/status");
    const lib = openLibrary(root);
    try {
      const config = loadConfig({ ...process.env, ...env });
      const counts: Record<string, number> = { new: 0, stale: 0, unverified: 0, forced: 0, unchanged: 0 };
      for (const id of lib.media.embeddableIds()) {
        const { freshness } = planEmbedding({ store: lib, config }, id, false);
        counts[freshness] = (counts[freshness] ?? 0) + 1;
      }
      expect(status.counts).toEqual(counts);
      // The kept counts add up to the items, with none left unplanned after the status route ran.
      const kept = lib.totals.embedCounts();
      expect(kept.reduce((sum, r) => sum + r.n, 0)).toBe(lib.media.embeddableIds().length);
      expect(kept.filter((r) => r.state === "")).toEqual([]);
      const vectors = lib.db
        .prepare("SELECT count(*) AS n FROM vectors WHERE model = ?")
        .get(config.models.embed) as { n: number };
      expect(status.vectors).toBe(vectors.n);
      const present = lib.media.all().filter((r) => r.missing_since === null);
      expect(stats.items).toEqual({
        total: present.length,
        video: present.filter((r) => r.kind === "video").length,
        audio: present.filter((r) => r.kind === "audio").length,
        image: present.filter((r) => r.kind === "image").length,
      });
      const seconds = present.filter((r) => r.kind !== "image").reduce((s, r) => s + (r.duration_s ?? 0), 0);
      expect(stats.duration_s).toBeCloseTo(seconds, 3);
      const thumbs = await walk(lib.paths.thumbs);
      const frames = await walk(lib.paths.frames);
      expect(stats.derived_bytes).toEqual({ total: thumbs + frames, thumbs, frames, proxies: 0 });
    } finally {
      lib.close();
    }
    return { stats, status };
  }

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url, SVC_ASR: "none" } });
    root = api.root as string;
    env = { PROJECT_ROOT: root, SVC_HOME: api.home, OLLAMA_HOST: host.url, SVC_ASR: "none" };
    await makeSceneClip(root, "scenes.mp4");
    await makeStill(root, "png", "still.png");
    await makeAudio(root, "tone.wav");
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await host?.close();
  });

  it("moves with ingest, svc embed, a tag edit, delete, restore and a cache clear", async () => {
    const before = await expectTruth();
    expect(before.stats.items.total).toBe(0);

    // A pass with the model host away: items land, nothing embedded.
    const result = await svc(["ingest"], { ...env, OLLAMA_HOST: "http://127.0.0.1:9" });
    expect(result.exitCode, result.stderr).toBe(0);
    const ingested = await expectTruth();
    expect(ingested.stats.items.total).toBe(3);
    expect(ingested.status.counts.new).toBe(3);
    expect(ingested.stats.derived_bytes.frames).toBeGreaterThan(0);

    await run("embed");
    const lib0 = openLibrary(root);
    // The builder planned what it embedded: nothing is left for the status route to plan.
    expect(lib0.totals.embedCounts().filter((r) => r.state === "")).toEqual([]);
    lib0.close();
    const embedded = await expectTruth();
    expect(embedded.status.counts.unchanged).toBe(3);
    expect(embedded.status.awaiting).toBe(0);

    const lib = openLibrary(root);
    const clip = lib.media.byPath("scenes.mp4")?.id as number;
    const still = lib.media.byPath("still.png")?.id as number;
    lib.close();
    expect((await api.request("POST", `/api/media/${clip}/tags`, { body: { name: "hero" } })).status).toBe(
      201,
    );
    const tagged = await expectTruth();
    expect(tagged.status.counts).toMatchObject({ stale: 1, unchanged: 2 });

    expect((await api.request("DELETE", `/api/media/${still}`)).status).toBe(200);
    const deleted = await expectTruth();
    expect(deleted.stats.items).toMatchObject({ total: 2, image: 0 });
    expect(deleted.stats.derived_bytes.thumbs).toBeLessThan(tagged.stats.derived_bytes.thumbs);

    const trash = await get<{ items: { id: number }[] }>("/api/trash");
    const restored = await api.request("POST", `/api/trash/${trash.items[0]?.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    await run("ingest");
    const back = await expectTruth();
    expect(back.stats.items).toMatchObject({ total: 3, image: 1 });

    await run("embed");
    const again = await expectTruth();
    expect(again.status.counts.unchanged).toBe(3);

    expect((await api.request("POST", "/api/cache/clear", { body: {} })).status).toBe(200);
    const cleared = await expectTruth();
    expect(cleared.stats.derived_bytes.total).toBe(0);

    await run("ingest");
    const regenerated = await expectTruth();
    expect(regenerated.stats.derived_bytes.thumbs).toBeGreaterThan(0);
  }, 300_000);
});
