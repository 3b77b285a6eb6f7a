import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SearchPage } from "../../domain/schemas/search.js";
import type { ListQuery } from "../../library/media/query.js";
import { searchMedia } from "../../library/media/search.js";
import { apiLinks } from "../../library/media/view.js";
import type { RankReply } from "../../library/search/search-thread.js";
import { openVectorSink } from "../../library/search/vector-index.js";
import { VectorThreads } from "../../library/search/vector-threads.js";
import { silentLogger } from "../../state/logger.js";
import { ITEM_VECTOR } from "../../state/repos/vectors.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { savedIndexInfo } from "../../state/vectors.js";
import { startServe } from "../support/cli.js";
import { type FuseShare, mountShare } from "../support/fuse-share.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";
import { prng } from "../support/vectors.js";

const MODEL = "bge-m3";
const DIM = 48;
const ITEMS = 400;
const log = silentLogger();

/** A library of `ITEMS` clips in small groups of near vectors, and its saved index (`scalar`). */
async function seedLibrary(root: string, scalar: "f16" | "auto"): Promise<Float32Array[]> {
  const store = openLibrary(root);
  const threads = new VectorThreads(log, { scalar });
  const rand = prng(5);
  const centres = Array.from({ length: ITEMS / 10 }, () =>
    Float32Array.from({ length: DIM }, () => rand() - 0.5),
  );
  const vectors: Float32Array[] = [];
  try {
    store.db.transaction(() => {
      for (let i = 0; i < ITEMS; i++) {
        const name = `take-${i}.mov`;
        const file = { relPath: name, kind: "video" as const, size: 1, mtimeMs: 1, fingerprint: name };
        const id = store.media.saveProbe(file, CLIP_PROBE, stageDone("probe"));
        const vector = (centres[i % centres.length] as Float32Array).map((x) => x + (rand() - 0.5) * 0.3);
        store.vectors.replaceForMedia(id, MODEL, [{ scene_idx: ITEM_VECTOR, vector, text_hash: name }]);
        vectors.push(vector);
      }
    })();
    const sink = openVectorSink(threads, root, MODEL, log);
    await sink.ready();
    await sink.flush();
  } finally {
    await threads.close();
    store.close();
  }
  return vectors;
}

describe("search threads warmed at start", () => {
  let root: string;
  let vectors: Float32Array[];
  let threads: VectorThreads | undefined;
  let store: LibraryStore | undefined;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "svc-warm-"));
    vectors = await seedLibrary(root, "f16");
  });
  afterEach(async () => {
    await threads?.close();
    store?.close();
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const query = (q: string): ListQuery => ({ q, limit: 10 }) as ListQuery;

  it("answer from text with a note while a project's index is loading, and semantically once it is", async () => {
    // f16 kept: the next test changes it.
    threads = new VectorThreads(log, { scalar: "f16" });
    const warmed = threads;
    store = openLibrary(root, { readOnly: true });
    const deps = {
      store,
      embedQuery: async () => vectors[3] as Float32Array,
      rank: (vector: Float32Array, ranked: ListQuery) =>
        warmed.rank({ root, model: MODEL, vector, query: ranked }),
      log,
    };
    const warming = warmed.warm([root], MODEL, new AbortController().signal);
    expect(warmed.overall()).toBe("warming");
    const during = await searchMedia(deps, query("take"), apiLinks(undefined));
    expect(during.search_mode).toBe("text");
    expect(during.search_note).toMatch(
      /\(its vector index is still warming up after start\); text matches only$/,
    );
    await warming;
    expect(warmed.overall()).toBe("ready");
    expect(warmed.warmthOf(root)).toEqual({ state: "ready", vectors: ITEMS, scalar: "f16" });
    const after = await searchMedia(deps, query("take"), apiLinks(undefined));
    expect(after.search_mode).not.toBe("text");
    expect(after.items[0]?.id).toBe(4);
  });

  it("rebuild an f16 index as i8 in the background while searches keep answering from the old file", async () => {
    expect((await savedIndexInfo(join(root, ".svc", "vectors.usearch")))?.scalar).toBe("f16");
    threads = new VectorThreads(log, { scalar: "auto" });
    const warmed = threads;
    const rank = (i: number): Promise<RankReply> =>
      warmed.rank({ root, model: MODEL, vector: (vectors[i] as Float32Array).slice(), query: query("zzqq") });
    let done = false;
    const warm = warmed.warm([root], MODEL, new AbortController().signal).finally(() => {
      done = true;
    });
    await until("the first project warmed", () => warmed.warmthOf(root)?.state === "ready");
    const answers: RankReply[] = [];
    for (let i = 0; !done; i = (i + 7) % ITEMS) {
      const reply = await rank(i);
      answers.push(reply);
      if ("json" in reply) expect((JSON.parse(reply.json) as SearchPage).items[0]?.id).toBe(i + 1);
    }
    await warm;
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((reply) => !("json" in reply))).toEqual([]);
    expect(await savedIndexInfo(join(root, ".svc", "vectors.usearch"))).toMatchObject({ scalar: "i8" });
    expect(warmed.warmthOf(root)).toEqual({ state: "ready", vectors: ITEMS, scalar: "i8" });
    expect("json" in (await rank(11))).toBe(true);
  });
});

describe("svc serve's search warm-up", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-warm-serve-");
    // Saved as f16: the daemon's warm-up then rebuilds it as i8 in the background.
    await seedLibrary(ws.root, "f16");
  });
  afterAll(() => ws.cleanup());

  it("warms the project's index, rebuilds it as i8 behind it, and reports it in health, status and the project list", async () => {
    const daemon = await startServe({
      SVC_HOME: ws.home,
      PROJECT_ROOT: ws.root,
      SVC_PORT: "0",
      SVC_MCP_PORT: "0",
      SVC_EMBED_MODEL: MODEL,
      SVC_SEARCH_THREADS: "3",
      OLLAMA_HOST: "http://127.0.0.1:9",
    });
    try {
      const get = async <T>(path: string): Promise<T> => {
        const res = await fetch(new URL(path, daemon.url));
        expect(res.status).toBe(200);
        return (await res.json()) as T;
      };
      const health = await get<{ search: string }>("/api/health");
      expect(["warming", "ready"]).toContain(health.search);
      await until(
        "search ready",
        async () => (await get<{ search: string }>("/api/health")).search === "ready",
      );
      const searchState = async () =>
        JSON.stringify(
          Object.values(
            (await get<{ search_by_project: Record<string, unknown> }>("/api/status")).search_by_project,
          ),
        );
      await until(
        "the index rebuilt as i8 and warmed again",
        async () =>
          (await searchState()) === JSON.stringify([{ state: "ready", vectors: ITEMS, scalar: "i8" }]),
        { timeoutMs: 30_000 },
      );
      const projects = await get<{ projects: { health: { search: unknown } }[] }>("/api/projects");
      expect(projects.projects.map((p) => p.health.search)).toEqual([
        { state: "ready", vectors: ITEMS, scalar: "i8" },
      ]);
      const embed = await get<{ scalar: string; vectors: number }>("/api/embed/status");
      expect(embed).toMatchObject({ scalar: "i8", vectors: ITEMS });
    } finally {
      daemon.child.kill("SIGTERM");
      await daemon.child;
    }
  });
});

describe("where the search threads map the index", () => {
  let local: string;
  let source: string;
  let share: FuseShare | undefined;
  let threads: VectorThreads | undefined;

  beforeAll(async () => {
    local = await mkdtemp(join(tmpdir(), "svc-map-local-"));
    source = await mkdtemp(join(tmpdir(), "svc-map-share-"));
  });
  afterEach(async () => {
    await threads?.close();
    threads = undefined;
  });
  afterAll(async () => {
    await share?.unmount();
    if (share) await rm(share.mountPoint, { recursive: true, force: true });
    await rm(local, { recursive: true, force: true });
    await rm(source, { recursive: true, force: true });
  });

  /** Whether this process maps `file` (the search threads run in it). */
  const mapped = async (file: string) => (await readFile("/proc/self/maps", "utf8")).includes(file);

  async function searchOnce(root: string, vectors: Float32Array[]): Promise<void> {
    threads = new VectorThreads(log, { searchThreads: 2 });
    const warmed = threads;
    await warmed.warm([root], MODEL, new AbortController().signal);
    const reply = await warmed.rank({
      root,
      model: MODEL,
      vector: (vectors[9] as Float32Array).slice(),
      query: { q: "zzqq", limit: 10 } as ListQuery,
    });
    if (!("json" in reply)) throw new Error(reply.unavailable);
    expect((JSON.parse(reply.json) as SearchPage).items[0]?.id).toBe(10);
  }

  it("maps a project's index on local storage (the page cache's one copy)", async () => {
    const vectors = await seedLibrary(local, "f16");
    await searchOnce(local, vectors);
    expect(await mapped(join(local, ".svc", "vectors.usearch"))).toBe(true);
  });

  it("reads it into memory on a share, where another host may replace the file under a mapping", async () => {
    share = await mountShare(source, join(local, "..", `${source.split("/").pop()}-mnt`));
    const vectors = await seedLibrary(share.mountPoint, "f16");
    await searchOnce(share.mountPoint, vectors);
    expect(await mapped(join(share.mountPoint, ".svc", "vectors.usearch"))).toBe(false);
  });
});
