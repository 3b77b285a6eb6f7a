import { copyFile, mkdtemp, readdir, rename, rm, stat, truncate, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchPage } from "../../domain/schemas/search.js";
import type { ListQuery } from "../../library/media/query.js";
import type { RankReply } from "../../library/search/search-thread.js";
import { openVectorSink } from "../../library/search/vector-index.js";
import { VectorThreads } from "../../library/search/vector-threads.js";
import { silentLogger } from "../../state/logger.js";
import type { FileIdentity } from "../../state/repos/media.js";
import { ITEM_VECTOR } from "../../state/repos/vectors.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { openSavedIndex } from "../../state/vectors.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { until } from "../support/until.js";
import { cosine, prng } from "../support/vectors.js";

const MODEL = "bge-m3";
const DIM = 48;
const ITEMS = 3000;
const CLUSTERS = 30;
// No FTS match: only the vector side ranks.
const Q = "zzqqxx";

const rand = prng(42);
const centres = Array.from({ length: CLUSTERS }, () =>
  Float32Array.from({ length: DIM }, () => rand() - 0.5),
);
const near = (centre: Float32Array, spread: number) =>
  Float32Array.from(centre, (x) => x + (rand() - 0.5) * spread);

describe("semantic search on worker threads", () => {
  let root: string;
  let store: LibraryStore;
  let threads: VectorThreads;
  const vectors = new Map<number, Float32Array>();
  const cameraOf = new Map<number, string>();
  const log = silentLogger();

  const addItem = (name: string, vector: Float32Array, camera: string) => {
    const file: FileIdentity = { relPath: name, kind: "video", size: 1, mtimeMs: 1, fingerprint: name };
    const id = store.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
    store.edits.patch(id, { camera_id: camera }, () => undefined);
    const { ids } = store.vectors.replaceForMedia(id, MODEL, [
      { scene_idx: ITEM_VECTOR, vector, text_hash: name },
    ]);
    vectors.set(id, vector);
    cameraOf.set(id, camera);
    return { id, key: ids[0] as number };
  };

  const rank = (vector: Float32Array, query: Partial<ListQuery> = {}): Promise<RankReply> =>
    threads.rank({ root, model: MODEL, vector: vector.slice(), query: { q: Q, limit: 10, ...query } });

  const page = async (vector: Float32Array, query: Partial<ListQuery> = {}) => {
    const reply = await rank(vector, query);
    if (!("json" in reply)) throw new Error(`no page: ${reply.unavailable}`);
    return (JSON.parse(reply.json) as SearchPage).items.map((i) => i.id);
  };

  /** The exact top 10 over the items `keep` admits, as a linear scan would find them. */
  const bruteForce = (query: Float32Array, keep: (id: number) => boolean) =>
    [...vectors]
      .filter(([id]) => keep(id))
      .map(([id, v]) => ({ id, score: cosine(query, v) }))
      .filter((h) => h.score >= 0.2)
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((h) => h.id);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "svc-vthreads-"));
    store = openLibrary(root);
    threads = new VectorThreads(log);
    store.db.transaction(() => {
      for (let i = 0; i < ITEMS; i++) {
        // One camera in a hundred is "cam-rare": a filter selecting 1 % of the library.
        const camera = i % 100 === 7 ? "cam-rare" : `cam-${i % 2}`;
        addItem(`clip-${i}.mov`, near(centres[i % CLUSTERS] as Float32Array, 0.6), camera);
      }
    })();
    // Built from the database in one batch of 3000: a multi-threaded USearch build.
    const sink = openVectorSink(threads, root, MODEL, log);
    await sink.ready();
    await sink.flush();
  });

  afterAll(async () => {
    await threads.close();
    store.close();
    await rm(root, { recursive: true, force: true });
  });

  it("finds an item by its own vector, first", async () => {
    for (const id of [1, 500, 2999]) {
      expect((await page(vectors.get(id) as Float32Array))[0]).toBe(id);
    }
  });

  it("a filter selecting 1 % of items returns exactly the brute-force top 10 of those items", async () => {
    let agree = 0;
    let total = 0;
    const rare = [...cameraOf].filter(([, camera]) => camera === "cam-rare").map(([id]) => id);
    expect(rare.length).toBe(ITEMS / 100);
    for (const id of rare.slice(0, 10)) {
      const query = near(vectors.get(id) as Float32Array, 0.3);
      const got = await page(query, { camera: "cam-rare" });
      const want = bruteForce(query, (id) => cameraOf.get(id) === "cam-rare");
      expect(want.length).toBeGreaterThan(0);
      agree += got.filter((id) => want.includes(id)).length;
      total += want.length;
      expect(got.every((id) => cameraOf.get(id) === "cam-rare")).toBe(true);
    }
    expect(agree / total).toBeGreaterThanOrEqual(0.98);
  });

  it("a broad filter walks the graph and still matches brute force (recall@10 ≥ 0.98)", async () => {
    let agree = 0;
    let total = 0;
    for (let c = 0; c < 10; c++) {
      const query = near(centres[c] as Float32Array, 0.3);
      const got = await page(query, { camera: "cam-1" });
      const want = bruteForce(query, (id) => cameraOf.get(id) === "cam-1");
      agree += got.filter((id) => want.includes(id)).length;
      total += want.length;
      expect(got.every((id) => cameraOf.get(id) === "cam-1")).toBe(true);
    }
    expect(agree / total).toBeGreaterThanOrEqual(0.98);
  });

  it("the threads follow the saved index: new vectors once a pass saves them, deleted items never", async () => {
    const fresh = Float32Array.from({ length: DIM }, (_, i) => (i % 2 ? 3 : -3));
    const added = addItem("late.mov", fresh, "cam-0");
    // Not in the saved index yet: the threads answer from what was saved.
    expect((await page(fresh))[0]).not.toBe(added.id);
    const sink = openVectorSink(threads, root, MODEL, log);
    await sink.upsert([{ key: added.key, vector: fresh }]);
    await sink.flush();
    expect((await page(fresh))[0]).toBe(added.id);

    const gone = 42;
    store.edits.remove(gone);
    expect(await page(vectors.get(gone) as Float32Array)).not.toContain(gone);
    const removal = openVectorSink(threads, root, MODEL, log);
    await removal.remove([gone]);
    await removal.flush();
    expect(await page(vectors.get(gone) as Float32Array)).not.toContain(gone);
    vectors.delete(gone);
  });

  it("a pass that stores no vector never has the writer open the index (no second copy of it)", async () => {
    const idle = new VectorThreads(log);
    try {
      const sink = openVectorSink(idle, root, MODEL, log);
      await sink.upsert([]);
      await sink.remove([]);
      await sink.flush();
      expect(idle.writer.threadCount()).toBe(0);
      // The first vector stored opens it, before the database changes.
      await sink.ready();
      expect(idle.writer.threadCount()).toBe(1);
      await sink.flush();
    } finally {
      await idle.close();
    }
  });

  it("a corrupt index file is never a failed query: text answers meanwhile, and the writer rebuilds it", async () => {
    const file = store.paths.vectors;
    const before = (await stat(file)).size;
    const probeVector = vectors.get(7) as Float32Array;
    const inFlight = Array.from({ length: 8 }, () => rank(probeVector));
    // Replaced, as every writer of the file does (search threads map it: one truncated in place
    // under them is outside what svc does or survives), and dated before its stamp file: damaged
    // after its save, not a save whose stamp is still to come.
    const broken = `${file}.broken`;
    await copyFile(file, broken);
    await truncate(broken, Math.floor(before / 3));
    const stamped = (await stat(`${file}.json`)).mtime;
    await utimes(broken, stamped, new Date(stamped.getTime() - 1000));
    await rename(broken, file);
    const during = await Promise.all([...inFlight, ...Array.from({ length: 8 }, () => rank(probeVector))]);
    for (const reply of during) {
      if ("json" in reply) expect((JSON.parse(reply.json) as SearchPage).items[0]?.id).toBe(7);
      else expect(reply.unavailable).toMatch(/vector index/);
    }
    // The background rebuild restores the file from the database; searches answer again.
    await until("the rebuilt index", async () => "json" in (await rank(probeVector)), { timeoutMs: 30_000 });
    expect((await openSavedIndex(file, { map: true, checked: false })).size()).toBe(
      store.vectors.counts(MODEL).count,
    );
    expect((await page(probeVector))[0]).toBe(7);
    expect((await readdir(join(file, ".."))).filter((f) => f.includes(".tmp-"))).toEqual([]);
  });
});

describe("index writing off the event loop", () => {
  it("rebuilding and saving 8,000 vectors leaves the event loop free", async () => {
    const root = await mkdtemp(join(tmpdir(), "svc-vwriter-"));
    const store = openLibrary(root);
    const threads = new VectorThreads(silentLogger());
    try {
      const big = prng(7);
      store.db.transaction(() => {
        for (let i = 0; i < 8_000; i++) {
          const name = `still-${i}.png`;
          const file: FileIdentity = { relPath: name, kind: "image", size: 1, mtimeMs: 1, fingerprint: name };
          const id = store.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
          const vector = Float32Array.from({ length: 256 }, () => big() - 0.5);
          store.vectors.replaceForMedia(id, MODEL, [{ scene_idx: ITEM_VECTOR, vector, text_hash: name }]);
        }
      })();
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const started = performance.now();
      const sink = openVectorSink(threads, root, MODEL, silentLogger());
      await sink.ready();
      await sink.flush();
      const elapsed = performance.now() - started;
      delay.disable();
      // Up to seconds of native graph building in one batch and a save: on the event loop they would
      // hold it for most of that time. The bound leaves room for a busy machine's scheduling
      // (bench/stalls.mjs measures the real figure on a quiet one).
      expect(elapsed).toBeGreaterThan(400);
      expect(delay.max / 1e6, `loop delay max over ${Math.round(elapsed)} ms`).toBeLessThan(elapsed / 4);
      expect((await stat(`${store.paths.vectors}.json`)).size).toBeGreaterThan(0);
    } finally {
      await threads.close();
      store.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("the writer thread between passes", () => {
  it("ends once the last pass lets its index go, never while one holds it, and a later pass starts it again", async () => {
    const root = await mkdtemp(join(tmpdir(), "svc-vidle-"));
    const store = openLibrary(root);
    const threads = new VectorThreads(silentLogger(), { writerIdleMs: 100 });
    const sibling = new VectorThreads(silentLogger(), { writerIdleMs: 100 });
    try {
      const name = "clip.mov";
      const file: FileIdentity = { relPath: name, kind: "video", size: 1, mtimeMs: 1, fingerprint: name };
      const id = store.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
      const vector = Float32Array.from({ length: DIM }, (_, i) => (i % 3) - 1);
      store.vectors.replaceForMedia(id, MODEL, [{ scene_idx: ITEM_VECTOR, vector, text_hash: name }]);
      const held = await threads.writer.request({ op: "open", root, model: MODEL, scalar: "auto" });
      expect(held.holding).toBe(1);
      // A pass in another process's threads opens and closes meanwhile: its writer ends, this one
      // (whose countdown would have started first) holds an index for a pass and stays.
      await sibling.writer.request({ op: "open", root, model: MODEL, scalar: "auto" });
      expect((await sibling.writer.request({ op: "close", root, model: MODEL })).holding).toBe(0);
      await until("the sibling's writer to end", () => sibling.writer.threadCount() === 0);
      expect(threads.writer.threadCount()).toBe(1);
      const released = await threads.writer.request({ op: "close", root, model: MODEL });
      expect(released).toMatchObject({ size: 1, holding: 0 });
      await until("the writer to end", () => threads.writer.threadCount() === 0);
      expect(
        await threads.writer.request({ op: "rebuild", root, model: MODEL, scalar: "auto" }),
      ).toMatchObject({
        size: 1,
        holding: 0,
      });
    } finally {
      await Promise.all([threads.close(), sibling.close()]);
      store.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
