// Usage: node --expose-gc bench/run.mjs scale   (or node bench/scale.mjs; both need a prior `npm run build`)
// A project at the scale of issue 34: 500,000 items with an item vector and a scene vector each
// (1,000,000 stored 1024-dimension vectors), through a real `svc serve`. Reports memory (PSS from
// /proc/<pid>/smaps_rollup, and RSS) idle and under semantic load per search-thread count, index
// load time, time to health 200 and to the first list answer, list / filter / facet / collection /
// tag latency, semantic search p99 at 1 and 32 connections, and recall@10 per scalar type against
// exact search over the library's own vectors.
// The library, its vectors and their indexes take tens of minutes to build: they are cached under
// bench/.corpus/scale/ and rebuilt only when missing or built by another SCALE_VERSION.
// BENCH_SCALE_ROWS=20000 measures a smaller library (cached apart, in bench/.corpus/scale-20000/).

import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { Index } from "usearch";
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  cleanTemp,
  freePort,
  importDist,
  libraryDist,
  log,
  memoryOf,
  printRows,
  random,
  seconds,
  serverMeter,
  settle,
  startDaemon,
  stopDaemon,
  tempDir,
} from "./lib.mjs";
import {
  API_P99_MS,
  clearOfFreshnessRun,
  compileModelHost,
  SERVER_JS,
  startModelHost,
  stopChild,
} from "./semantic.mjs";
import { BruteForce, clusteredWorld } from "./vectors.mjs";

// Raised whenever what is built changes: a cache of another version is built again.
export const SCALE_VERSION = 1;
export const FULL_ROWS = 500_000;
const DIM = 1024;
const MODEL = "bge-m3";
const K = 10;
// Like bench/vectors.mjs: topics of a thousand vectors each, so nearest neighbours are meaningful.
const VECTORS_PER_CLUSTER = 1000;
const WORLD_SEED = 20_240_601;
const DATA_SEED = 11;
const QUERY_SEED = 7;
const RECALL_QUERIES = 100;
const BATCH = 1000;
const QUERY_TEXT = /^scale query (\d+)$/;

export const TARGETS = {
  threadPssShare: 0.1,
  firstListMs: 2000,
  listP99Ms: 50,
  organiseP99Ms: 100,
  recallAt10: 0.98,
  idlePss: { indexFactor: 1.5, plusMb: 150 },
  semanticP99Ms: { 1: API_P99_MS[1], 32: API_P99_MS[32] },
};

const rowsWanted = () => {
  const raw = process.env.BENCH_SCALE_ROWS;
  if (raw === undefined || raw === "") return FULL_ROWS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1000)
    throw new BenchError("BENCH_SCALE_ROWS: a whole number ≥ 1000");
  return Number(raw);
};

/** Where a library of `rows` items is cached. */
export const cacheDir = (rows) =>
  join(import.meta.dirname, ".corpus", rows === FULL_ROWS ? "scale" : `scale-${rows}`);

const clustersFor = (vectors) => Math.max(1, Math.round(vectors / VECTORS_PER_CLUSTER));
const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
const round = (x, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The queries recall is measured with: drawn from the same world as the library's vectors. */
function recallQueries(world) {
  const rand = random(QUERY_SEED);
  const queries = new Float32Array(RECALL_QUERIES * DIM);
  for (let q = 0; q < RECALL_QUERIES; q++) world(queries, q * DIM, rand);
  return queries;
}

/** One scene per item, so each item has a scene text the planner embeds beside its own. */
function addScenes(store) {
  store.db
    .prepare(
      `INSERT INTO scenes (media_id, idx, start_s, end_s, duration_s, keyframe_path, description)
         SELECT id, 0, 0, coalesce(duration_s, 1), coalesce(duration_s, 1), 'keyframes/' || id || '/0.jpg',
           'scene ' || id || ' of ' || kind || ' in ' || coalesce(shot_date, 'an unknown day')
         FROM media ORDER BY id`,
    )
    .run();
  return store.db.prepare("SELECT count(*) AS n FROM scenes").get().n;
}

/**
 * Two vectors per item (its own text and its scene's), drawn from the clustered world and written
 * as the embedding builder writes them: the planner's texts and hashes, the production table (its
 * triggers keep vector_counts) and the item's embed_hash, so the daemon finds every item fresh.
 * Generated a batch at a time; the exact top-10 of the recall queries is kept on the way.
 */
async function storeVectors(store, world, brute) {
  const { planEmbedding } = await importDist("pipeline/embedding.js");
  const { textHash } = await importDist("domain/embedding-text.js");
  const config = { models: { embed: MODEL } };
  const insert = store.db.prepare(
    `INSERT INTO vectors (media_id, scene_idx, model, dim, vector, text_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const setHash = store.db.prepare("UPDATE media SET embed_hash = ? WHERE id = ?");
  const ids = store.media.embeddableIds();
  const rand = random(DATA_SEED);
  const data = new Float32Array(BATCH * 2 * DIM);
  const now = new Date().toISOString();
  let vectors = 0;
  let generateMs = 0;
  let bruteMs = 0;
  for (let first = 0; first < ids.length; first += BATCH) {
    const batch = ids.slice(first, first + BATCH);
    let t = performance.now();
    for (let i = 0; i < batch.length * 2; i++) world(data, i * DIM, rand);
    generateMs += performance.now() - t;
    let firstKey = 0;
    store.db.transaction(() => {
      batch.forEach((id, i) => {
        const plan = planEmbedding({ store, config }, id, false);
        if (plan.freshness !== "new" || plan.texts.length !== 2)
          throw new BenchError(
            `item ${id}: expected two new texts, got ${plan.texts.length} (${plan.freshness})`,
          );
        plan.texts.forEach(({ scene_idx, text }, j) => {
          const offset = (i * 2 + j) * DIM;
          const vector = data.subarray(offset, offset + DIM);
          const key = Number(
            insert.run(
              id,
              scene_idx,
              MODEL,
              DIM,
              Buffer.from(vector.buffer, offset * 4, DIM * 4),
              textHash(text),
              now,
            ).lastInsertRowid,
          );
          if (i === 0 && j === 0) firstKey = key;
          else if (key !== firstKey + i * 2 + j)
            throw new BenchError(`vector ids are not consecutive at ${key}`);
        });
        setHash.run(plan.hash, id);
      });
    })();
    vectors += batch.length * 2;
    t = performance.now();
    brute.add(data, batch.length * 2, firstKey);
    bruteMs += performance.now() - t;
    if ((first / BATCH) % 50 === 0) log(`  ${vectors.toLocaleString("en")} vectors stored`);
  }
  for (let i = 0; i < ids.length; i += Math.max(1, Math.floor(ids.length / 50))) {
    const { freshness } = planEmbedding({ store, config }, ids[i], false);
    if (freshness !== "unchanged")
      throw new BenchError(`item ${ids[i]} reads as ${freshness} after its vectors were stored`);
  }
  return { vectors, generateMs: Math.round(generateMs), bruteMs: Math.round(bruteMs) };
}

/** The f16 index as the daemon builds it from stored vectors when no index file matches. */
async function buildDaemonIndex(store) {
  const { indexStamp } = await importDist("library/search/vector-index.js");
  const { openVectorIndex } = await importDist("state/vectors.js");
  const t0 = performance.now();
  const { index, rebuilt } = await openVectorIndex(store.paths.vectors, indexStamp(store, MODEL), () =>
    store.vectors.all(MODEL),
  );
  if (!rebuilt) throw new BenchError("the index file already matched a library being built");
  return {
    vectors: index.size(),
    ms: Math.round(performance.now() - t0),
    bytes: (await stat(store.paths.vectors)).size,
  };
}

/** A native USearch index with the daemon's tuning and another scalar type. */
async function nativeIndex(quantization, expansionSearch) {
  const { VECTOR_INDEX_TUNING } = await importDist("state/vectors.js");
  return new Index({
    dimensions: DIM,
    metric: VECTOR_INDEX_TUNING.metric,
    quantization,
    connectivity: VECTOR_INDEX_TUNING.connectivity,
    expansion_add: VECTOR_INDEX_TUNING.expansionAdd,
    expansion_search: expansionSearch,
    multi: false,
  });
}

/** The i8 comparison index, built from the stored vectors with USearch directly. */
async function buildI8Index(store, file) {
  const index = await nativeIndex("i8", 64);
  const t0 = performance.now();
  const keys = new BigUint64Array(8192);
  const matrix = new Float32Array(8192 * DIM);
  let rows = 0;
  const flush = () => {
    if (rows === 0) return;
    index.add(keys.subarray(0, rows), matrix.subarray(0, rows * DIM), availableParallelism());
    rows = 0;
  };
  for (const { key, vector } of store.vectors.all(MODEL)) {
    keys[rows] = BigInt(key);
    matrix.set(vector, rows * DIM);
    rows += 1;
    if (rows === 8192) flush();
  }
  flush();
  index.save(file);
  return {
    vectors: Number(index.size()),
    ms: Math.round(performance.now() - t0),
    bytes: (await stat(file)).size,
  };
}

// Holds the pid of the process building the cache: another run must not remove it meanwhile.
const BUILDING = "building.pid";

/** The live process building the cache in `dir`, or null. */
function buildingPid(dir) {
  let pid;
  try {
    pid = Number(readFileSync(join(dir, BUILDING), "utf8"));
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return pid;
}

const cachePaths = (dir) => ({ root: join(dir, "library"), i8: join(dir, "compare-i8.usearch") });

const readManifest = (dir) => {
  try {
    return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  } catch {
    return null;
  }
};

/**
 * The cached library brought to this build's schema before anything is timed: a start that
 * upgrades it snapshots the database first (a copy of several GB, once per schema change), which
 * the bench reports apart from the start-up figures.
 */
async function upgraded(manifest) {
  const dist = await libraryDist();
  const t0 = performance.now();
  dist.openLibrary(manifest.paths.root).close();
  const ms = Math.round(performance.now() - t0);
  if (ms > 1000) log(`scale: the cached library was brought to this build's schema in ${seconds(ms)}`);
  return { ...manifest, schemaUpgradeMs: ms };
}

/**
 * The cached library of `rows` items with its vectors, daemon index and i8 comparison index;
 * built when missing or of another version. The manifest says what was built and how long it took.
 */
export async function ensureScaleLibrary(rows) {
  const dir = cacheDir(rows);
  const existing = readManifest(dir);
  if (existing?.version === SCALE_VERSION && existing.rows === rows) {
    log(`scale: cached library of ${rows.toLocaleString("en")} items in ${dir}`);
    // Found where the cache is now, should the checkout have moved since it was built.
    return upgraded({ ...existing, paths: cachePaths(dir) });
  }
  const builder = buildingPid(dir);
  if (builder !== null)
    throw new BenchError(
      `the library in ${dir} is being built by process ${builder}: run again when it is done`,
    );
  log(`scale: building a ${rows.toLocaleString("en")}-item library in ${dir} (cached for later runs)`);
  await rm(dir, { recursive: true, force: true });
  const { root, i8: i8File } = cachePaths(dir);
  await mkdir(root, { recursive: true });
  await writeFile(join(dir, BUILDING), `${process.pid}\n`);
  const dist = await libraryDist();
  const started = performance.now();
  const timings = {};

  let t = performance.now();
  const library = await buildLibrary(root, dist, { rows });
  timings.libraryMs = Math.round(performance.now() - t);
  log(`  ${rows} items with hard-linked files in ${seconds(timings.libraryMs)}`);

  const world = clusteredWorld(clustersFor(rows * 2), WORLD_SEED);
  const brute = new BruteForce(recallQueries(world), RECALL_QUERIES);
  const store = dist.openLibrary(root);
  let stored;
  let index;
  let i8;
  let dbBytes;
  try {
    const dbBefore = (await stat(store.paths.libraryDb)).size;
    t = performance.now();
    const scenes = addScenes(store);
    stored = await storeVectors(store, world, brute);
    store.db.pragma("wal_checkpoint(TRUNCATE)");
    timings.vectorsMs = Math.round(performance.now() - t);
    dbBytes = { withoutVectors: dbBefore, total: (await stat(store.paths.libraryDb)).size };
    log(`  ${scenes} scenes, ${stored.vectors} vectors stored in ${seconds(timings.vectorsMs)}`);

    t = performance.now();
    index = await buildDaemonIndex(store);
    timings.indexMs = index.ms;
    log(
      `  f16 index (the daemon's build) of ${index.vectors} vectors in ${seconds(index.ms)}, ${mib(index.bytes)} MB`,
    );

    i8 = await buildI8Index(store, i8File);
    timings.i8IndexMs = i8.ms;
    log(`  i8 comparison index in ${seconds(i8.ms)}, ${mib(i8.bytes)} MB`);
  } finally {
    store.close();
  }
  const manifest = {
    version: SCALE_VERSION,
    rows,
    vectors: stored.vectors,
    dim: DIM,
    model: MODEL,
    world: { clusters: clustersFor(rows * 2), seed: WORLD_SEED, dataSeed: DATA_SEED, querySeed: QUERY_SEED },
    builtAt: new Date().toISOString(),
    timings: { ...timings, totalMs: Math.round(performance.now() - started) },
    library,
    stored,
    db: {
      bytes: dbBytes.total,
      bytesPerItem: Math.round(dbBytes.total / rows),
      bytesPerItemWithoutVectors: Math.round(dbBytes.withoutVectors / rows),
    },
    indexes: { f16: index, i8 },
    paths: cachePaths(dir),
    truth: Array.from({ length: RECALL_QUERIES }, (_, q) => [...brute.truth(q)]),
  };
  await writeFile(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await rm(join(dir, BUILDING), { force: true });
  log(`scale: library built in ${seconds(manifest.timings.totalMs)}`);
  return manifest;
}

/**
 * Child-process mode: the model-host test server behind a front that answers `scale query N` with
 * a vector of the library's world (so a semantic search lands among the library's clusters) and
 * passes every other request (model list, model details, other texts) to the test server.
 */
async function serveModelHost() {
  const manifest = readManifest(cacheDir(rowsWanted()));
  if (!manifest) throw new BenchError("the model host needs the built library's manifest");
  const world = clusteredWorld(manifest.world.clusters, manifest.world.seed);
  const { startFakeModelHost } = await import(pathToFileURL(SERVER_JS).href);
  const fake = await startFakeModelHost({ dim: DIM });
  const queryVector = (n) => {
    const v = new Float32Array(DIM);
    world(v, 0, random(QUERY_SEED * 1_000_003 + n));
    return Array.from(v);
  };
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    try {
      if (req.method === "POST" && req.url === "/api/embed") {
        const parsed = JSON.parse(body.toString("utf8"));
        const inputs = [parsed.input].flat();
        const numbers = inputs.map((text) => QUERY_TEXT.exec(String(text))?.[1]);
        if (numbers.every((n) => n !== undefined)) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(
            JSON.stringify({ model: parsed.model, embeddings: numbers.map((n) => queryVector(Number(n))) }),
          );
          return;
        }
      }
      const upstream = await fetch(`${fake.url}${req.url}`, {
        method: req.method,
        headers: { "content-type": req.headers["content-type"] ?? "application/json" },
        body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
      });
      res.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "application/json",
      });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: String(error) }));
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.stdout.write(`modelhost listening http://127.0.0.1:${server.address().port}\n`);
  process.once("SIGTERM", () => {
    server.close();
    fake.close().then(() => process.exit(0));
  });
}

const WARMUP_S = 2;
const MEASURE_S = 10;
const MIN_REQUESTS = 300;
// What follows the warm-up in a run: idle samples, two semantic and five list latencies, slack.
const MEASURED_WINDOW_MS = (5 + 7 * (WARMUP_S + MEASURE_S) + 120) * 1000;
const DISTINCT_QUERIES = 100_000;
const DEFAULT_THREADS = [1, 2, 4];
// Queries sent at once after the first: more than the most search threads, so each gets one.
const BURST = 8;

/** Whether this build reads SVC_SEARCH_THREADS (issue 34); older builds run a fixed pool. */
async function searchThreadsSetting() {
  const text = readFileSync(join(import.meta.dirname, "..", "dist", "state", "config.js"), "utf8");
  return text.includes("SVC_SEARCH_THREADS");
}

/**
 * The health report's `search` field reduced to one word: "ready" when every project's index is,
 * "warming" otherwise, null when the build does not report it.
 */
export function searchState(health) {
  const field = health?.search;
  if (field === undefined || field === null) return null;
  const word = (v) => (typeof v === "string" ? v : (v?.search ?? v?.state ?? v?.status));
  const values = typeof field === "string" ? [field] : Object.values(field).map(word);
  return values.length > 0 && values.every((v) => v === "ready") ? "ready" : "warming";
}

/** Polls `path` until it answers 200; the time is counted from `t0` (the daemon's spawn). */
async function firstAnswer(base, path, daemon, t0, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (daemon.child.exitCode !== null || daemon.child.signalCode !== null)
      throw new BenchError(
        `svc serve exited at start-up: ${(await daemon.done).stderr().trim().slice(-1500)}`,
      );
    try {
      const res = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      if (res.status === 200) return { ms: Math.round(performance.now() - t0), body: JSON.parse(text) };
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new BenchError(`svc serve: no 200 from ${path} after ${seconds(timeoutMs)}`);
}

/** Health until every project's search is ready: spawn → first "warming" and → "ready". */
async function warmState(base, t0, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  let warmingMs = null;
  while (performance.now() < deadline) {
    const health = await (await fetch(`${base}/api/health`)).json();
    const state = searchState(health);
    if (state === null) return null;
    if (state === "warming") warmingMs ??= Math.round(performance.now() - t0);
    if (state === "ready") return { warmingMs, readyMs: Math.round(performance.now() - t0) };
    await sleep(50);
  }
  throw new BenchError(`search still warming ${seconds(timeoutMs)} after start`);
}

/** The highest PSS and RSS of `pid` over samples every `everyMs` until `done` settles. */
async function peakMemory(pid, done, everyMs = 250) {
  let peak = memoryOf(pid);
  let finished = false;
  done.finally(() => {
    finished = true;
  });
  while (!finished) {
    await sleep(everyMs);
    const now = memoryOf(pid);
    peak = { pssMb: Math.max(peak.pssMb, now.pssMb), rssMb: Math.max(peak.rssMb, now.rssMb) };
  }
  return peak;
}

/** Idle memory: the largest of five samples a second apart. */
async function idleMemory(pid) {
  let peak = { pssMb: 0, rssMb: 0 };
  for (let i = 0; i < 5; i++) {
    const now = memoryOf(pid);
    peak = { pssMb: Math.max(peak.pssMb, now.pssMb), rssMb: Math.max(peak.rssMb, now.rssMb) };
    await sleep(1000);
  }
  return peak;
}

const queryPath = (n) => `/api/media?q=${encodeURIComponent(`scale query ${n}`)}`;

/** autocannon over `paths` in turn (a shared `cursor` carries the walk on across runs). */
async function latency(label, base, paths, connections, pid, cursor = { next: 0 }) {
  const options = (length) => ({
    url: base,
    connections,
    ...length,
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[cursor.next++ % paths.length] }) }],
  });
  await autocannon(options({ duration: WARMUP_S }));
  const meter = serverMeter(pid);
  let result = await autocannon(options({ duration: MEASURE_S }));
  // A p99 of a few dozen answers is their slowest: a slow route is measured over more instead.
  if (result.requests.total < MIN_REQUESTS) result = await autocannon(options({ amount: MIN_REQUESTS }));
  const cpu = meter();
  if (result.non2xx || result.errors || result.timeouts)
    throw new BenchError(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const figures = {
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    ...cpu,
  };
  log(
    `  ${label}, ${connections} conn: ${figures.requests} requests, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`,
  );
  return figures;
}

/** One semantic query through the daemon; it must be answered by the vector search. */
async function semanticOnce(base, n) {
  const t = performance.now();
  // The first queries may wait for a search thread to load a 2 GB index on a busy machine.
  const res = await fetch(`${base}${queryPath(n)}`, { signal: AbortSignal.timeout(5 * 60_000) });
  const page = await res.json();
  const ms = Math.round(performance.now() - t);
  if (res.status !== 200)
    throw new BenchError(`semantic query: ${res.status} ${JSON.stringify(page).slice(0, 300)}`);
  return { ms, mode: page.search_mode, note: page.search_note ?? null, items: page.items.length };
}

const LIST_FILTERS = [
  "/api/media?type=video&limit=50",
  "/api/media?rating=best&limit=50",
  "/api/media?tag=drone&limit=50",
  "/api/media?shot_year=2023&limit=50",
  "/api/media?camera=A&type=video&limit=50",
  "/api/media?shot_date=2022-06-14&limit=50",
  "/api/media?lang=de&limit=50",
];

/** One `svc serve` on the cached library with `threads` search threads (null: the build's default). */
async function daemonRun(manifest, host, threads, { lists, cursor }) {
  const home = await tempDir("scale-home");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const label = threads === null ? "default threads" : `${threads} search thread${threads === 1 ? "" : "s"}`;
  log(`scale: svc serve, ${label}`);
  // f16 unless told: under `auto` a daemon meeting an f16 index of a million vectors would spend
  // about an hour of both cores on its i8 trial in the background, inside every measurement here
  // (the comparison index gives i8's recall instead).
  const env = {
    OLLAMA_HOST: host.url,
    SVC_EMBED_MODEL: MODEL,
    SVC_VECTOR_SCALAR: process.env.BENCH_SCALE_SCALAR || "f16",
  };
  if (threads !== null) env.SVC_SEARCH_THREADS = String(threads);
  const dist = await libraryDist();
  const t0 = performance.now();
  const daemon = startDaemon({ root: manifest.paths.root, home, port, logLevel: "info", env });
  const out = { threads, label };
  try {
    const [health, list] = await Promise.all([
      firstAnswer(base, "/api/health", daemon, t0, 10 * 60_000),
      firstAnswer(base, "/api/media?limit=50", daemon, t0, 10 * 60_000),
    ]);
    out.healthMs = health.ms;
    out.firstListMs = list.ms;
    out.searchReported = searchState(health.body) !== null;
    log(`  health 200 after ${out.healthMs} ms, first GET /api/media after ${out.firstListMs} ms`);
    out.warm = out.searchReported ? await warmState(base, t0, 15 * 60_000) : null;
    if (out.warm) log(`  search warming at ${out.warm.warmingMs} ms, ready at ${out.warm.readyMs} ms`);
    await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 30 * 60_000);
    out.catchUpMs = Math.round(performance.now() - t0);
    await settle(daemon.child.pid, 15 * 60_000);
    out.beforeQueries = memoryOf(daemon.child.pid);
    log(
      `  catch-up pass over with ${seconds(out.catchUpMs)} since start; PSS ${out.beforeQueries.pssMb} MB before any query`,
    );

    out.firstQuery = await semanticOnce(base, cursor.next++);
    log(`  first semantic query ${out.firstQuery.ms} ms (${out.firstQuery.mode})`);
    // Every thread answers one, so each has its index (a build without warm-up loads it on first use).
    const burst = await Promise.all(Array.from({ length: BURST }, () => semanticOnce(base, cursor.next++)));
    out.burstMaxMs = Math.max(...burst.map((b) => b.ms));
    const modes = new Set(burst.map((b) => b.mode));
    if (!modes.has("semantic") || modes.size > 1)
      throw new BenchError(
        `semantic queries answered as ${[...modes].join(", ")}: ${burst.find((b) => b.note)?.note ?? ""}`,
      );
    await settle(daemon.child.pid, 5 * 60_000);
    // The half-hourly embedding freshness run plans every item: not inside a measurement.
    await clearOfFreshnessRun(daemon.child.pid, MEASURED_WINDOW_MS);
    out.idle = await idleMemory(daemon.child.pid);
    log(`  idle with the index loaded: PSS ${out.idle.pssMb} MB, RSS ${out.idle.rssMb} MB`);

    const paths = Array.from({ length: DISTINCT_QUERIES }, (_, i) => queryPath(i + 1_000));
    out.semantic1 = await latency("GET /api/media?q=", base, paths, 1, daemon.child.pid, cursor);
    const loaded = latency("GET /api/media?q=", base, paths, 32, daemon.child.pid, cursor);
    const peak = peakMemory(daemon.child.pid, loaded);
    out.semantic32 = await loaded;
    out.underLoad = await peak;
    log(`  under 32-connection semantic load: PSS ${out.underLoad.pssMb} MB, RSS ${out.underLoad.rssMb} MB`);

    if (lists) {
      out.lists = {
        firstPage: await latency("list first page", base, ["/api/media?limit=50"], 1, daemon.child.pid),
        filters: await latency("list filters", base, LIST_FILTERS, 1, daemon.child.pid),
        facets: await latency(
          "shoot-date facets",
          base,
          ["/api/media/facets/shoot-date"],
          1,
          daemon.child.pid,
        ),
        collections: await latency("collections", base, ["/api/collections"], 1, daemon.child.pid),
        tags: await latency("tags", base, ["/api/tags"], 1, daemon.child.pid),
      };
      const status = await (await fetch(`${base}/api/embed/status`)).json();
      out.embedStatus = status;
      out.scalar = status.scalar ?? status.quantization ?? status.index?.scalar ?? null;
    }
    await stopDaemon(daemon);
    out.exitCode = (await daemon.done).code;
  } finally {
    if (daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill("SIGKILL");
  }
  return out;
}

/** Recall@10 of the saved daemon index and of the i8 comparison index against the exact top-10. */
async function measureRecall(manifest) {
  const { openSavedIndex, searchExpansion } = await importDist("state/vectors.js");
  const dist = await libraryDist();
  const world = clusteredWorld(manifest.world.clusters, manifest.world.seed);
  const queries = recallQueries(world);
  const truth = manifest.truth.map((keys) => new Set(keys));
  const recall = (search) => {
    let hits = 0;
    for (let q = 0; q < RECALL_QUERIES; q++)
      for (const key of search(queries.subarray(q * DIM, (q + 1) * DIM))) if (truth[q].has(key)) hits += 1;
    return round(hits / (RECALL_QUERIES * K), 4);
  };
  const out = { queries: RECALL_QUERIES, ef: searchExpansion(manifest.vectors) };
  const file = dist.projectPaths(manifest.paths.root).vectors;
  let t = performance.now();
  const saved = await openSavedIndex(file, { map: true, checked: false });
  const scalar = JSON.parse(readFileSync(`${file}.json`, "utf8")).quantization ?? "unknown";
  out.daemon = { scalar, loadMs: Math.round(performance.now() - t), bytes: (await stat(file)).size };
  out.daemon.recall = recall((query) => saved.search(query, K).map((hit) => hit.key));
  log(
    `  daemon's saved index: recall@10 ${out.daemon.recall} (ef ${out.ef}), loaded in ${out.daemon.loadMs} ms`,
  );
  if (!manifest.indexes.i8 || !existsSync(manifest.paths.i8)) {
    out.i8 = null;
    log("  i8 comparison index: not built in this cache");
    return out;
  }
  t = performance.now();
  const i8 = await nativeIndex("i8", out.ef);
  i8.load(manifest.paths.i8);
  out.i8 = { loadMs: Math.round(performance.now() - t), bytes: manifest.indexes.i8.bytes };
  out.i8.recall = recall((query) => Array.from(i8.search(query, K, 1).keys, Number));
  log(`  i8 comparison index: recall@10 ${out.i8.recall}, loaded in ${out.i8.loadMs} ms`);
  return out;
}

/** Runs the bench; the figures object is what run.mjs prints and records. */
export async function benchScale() {
  const rows = rowsWanted();
  const manifest = await ensureScaleLibrary(rows);
  await compileModelHost();
  const host = await startModelHost(import.meta.filename);
  const figures = { rows, targets: TARGETS, build: { ...manifest, truth: undefined } };
  try {
    const threadsSetting = await searchThreadsSetting();
    figures.threadsSetting = threadsSetting;
    const counts = threadsSetting ? DEFAULT_THREADS : [null];
    const cursor = { next: 0 };
    figures.runs = [];
    for (const [i, threads] of counts.entries())
      figures.runs.push(await daemonRun(manifest, host, threads, { lists: i === 0, cursor }));
  } finally {
    await stopChild(host);
    await cleanTemp();
  }
  log("scale: recall@10 against exact search over the library's vectors");
  figures.recall = await measureRecall(manifest);
  const file = (await libraryDist()).projectPaths(manifest.paths.root).vectors;
  figures.indexBytes = existsSync(file) ? (await stat(file)).size : manifest.indexes.f16.bytes;
  return figures;
}

const verdict = (pass) => (pass ? "PASS" : "FAIL");
const NA = "not available on this build";
const lat = (m) => `p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms (${m.requests} requests)`;
// run.mjs's cells beside a figure measured under its own meter: CPU-s, load average, other load.
const conditions = (m) =>
  m?.otherLoad === undefined
    ? ["", "", ""]
    : [m.cpuS.toFixed(1), m.loadAvg.toFixed(2), `${Math.round(m.otherLoad * 100)}%`];

/** Table rows in run.mjs's shape: measure, value, CPU-s, load avg, other load, target, result. */
export function scaleRows(f) {
  const rows = [];
  const t = f.targets;
  const b = f.build;
  const add = (measure, value, target = "(info)", result = "", m = undefined) =>
    rows.push([measure, value, ...conditions(m), target, result]);
  const n = `${f.rows.toLocaleString("en")} items`;
  add(
    `scale: cached library, ${n}, ${b.vectors.toLocaleString("en")} × ${b.dim}-d vectors (built ${b.builtAt.slice(0, 10)})`,
    `library ${seconds(b.timings.libraryMs)}, vectors ${seconds(b.timings.vectorsMs)}, f16 index ${seconds(b.timings.indexMs)}, i8 index ${seconds(b.timings.i8IndexMs)}`,
  );
  add(
    "scale: database size per item (with its 2 vectors / without vectors)",
    `${b.db.bytesPerItem} B / ${b.db.bytesPerItemWithoutVectors} B (${mib(b.db.bytes)} MB in all)`,
  );
  const index = mib(f.indexBytes);
  const idleTarget = t.idlePss.indexFactor * index + t.idlePss.plusMb;
  const base = f.runs.find((r) => r.threads === 1);
  for (const r of f.runs) {
    const p = `scale (${r.label})`;
    add(`${p}: spawn → health 200`, `${r.healthMs} ms`);
    add(
      `${p}: spawn → first GET /api/media`,
      `${r.firstListMs} ms`,
      `≤ ${t.firstListMs} ms`,
      verdict(r.firstListMs <= t.firstListMs),
    );
    add(
      `${p}: index load (health warming → ready)`,
      r.warm
        ? `ready ${r.warm.readyMs} ms after spawn${r.warm.warmingMs === null ? "" : ` (warming from ${r.warm.warmingMs} ms)`}`
        : NA,
    );
    add(
      `${p}: first semantic query after catch-up (${r.firstQuery.mode})`,
      `${r.firstQuery.ms} ms; slowest of the next ${BURST} at once ${r.burstMaxMs} ms`,
    );
    add(
      `${p}: spawn → catch-up pass done`,
      `${seconds(r.catchUpMs)} (${Math.round(f.rows / (r.catchUpMs / 1000))} files/s incl. start-up)`,
    );
    add(`${p}: PSS before any query`, `${r.beforeQueries.pssMb} MB (RSS ${r.beforeQueries.rssMb} MB)`);
    add(
      `${p}: idle PSS / RSS with the index loaded`,
      `${r.idle.pssMb} MB / ${r.idle.rssMb} MB`,
      `PSS ≤ ${t.idlePss.indexFactor} × ${index} MB + ${t.idlePss.plusMb} MB`,
      verdict(r.idle.pssMb <= idleTarget),
    );
    add(`${p}: PSS / RSS under 32-conn semantic load`, `${r.underLoad.pssMb} MB / ${r.underLoad.rssMb} MB`);
    if (base && r !== base && r.threads !== null) {
      const perThread = (r.idle.pssMb - base.idle.pssMb) / (r.threads - 1);
      add(
        `${p}: idle PSS added per search thread beyond the first`,
        `${Math.round(perThread)} MB (${Math.round((perThread / index) * 100)}% of the index)`,
        `≤ ${t.threadPssShare * 100}% of ${index} MB`,
        verdict(perThread <= t.threadPssShare * index),
      );
    }
    for (const m of [r.semantic1, r.semantic32])
      add(
        `${p}: GET /api/media?q= (semantic), ${m.connections} conn`,
        lat(m),
        `p99 ≤ ${t.semanticP99Ms[m.connections]} ms`,
        verdict(m.p99Ms <= t.semanticP99Ms[m.connections]),
        m,
      );
  }
  if (!f.threadsSetting) add("scale: PSS per search thread (SVC_SEARCH_THREADS 1, 2, 4)", NA);
  const lists = f.runs[0]?.lists;
  if (lists) {
    const listRow = (label, m, target) =>
      add(`scale: ${label}, 1 conn`, lat(m), `p99 ≤ ${target} ms`, verdict(m.p99Ms <= target), m);
    listRow("GET /api/media first page", lists.firstPage, t.listP99Ms);
    listRow(`GET /api/media, ${LIST_FILTERS.length} filters in turn`, lists.filters, t.listP99Ms);
    listRow("GET /api/media/facets/shoot-date", lists.facets, t.listP99Ms);
    listRow("GET /api/collections", lists.collections, t.organiseP99Ms);
    listRow("GET /api/tags", lists.tags, t.organiseP99Ms);
    add("scale: the daemon's scalar type (GET /api/embed/status)", f.runs[0].scalar ?? NA);
  }
  const r = f.recall;
  add(
    `scale: recall@10, the daemon's saved index (${r.daemon.scalar}), ef ${r.ef}, ${r.queries} queries`,
    `${r.daemon.recall.toFixed(4)} (file ${mib(r.daemon.bytes)} MB, load ${r.daemon.loadMs} ms)`,
    `≥ ${t.recallAt10}`,
    verdict(r.daemon.recall >= t.recallAt10),
  );
  if (r.i8)
    add(
      `scale: recall@10, i8 (same tuning, USearch directly), ef ${r.ef}`,
      `${r.i8.recall.toFixed(4)} (file ${mib(r.i8.bytes)} MB, load ${r.i8.loadMs} ms)`,
      `≥ ${t.recallAt10} to offer i8`,
      verdict(r.i8.recall >= t.recallAt10),
    );
  else add("scale: recall@10, i8", "the cache holds no i8 comparison index");
  if (f.build.schemaUpgradeMs > 1000)
    add(
      "scale: the cached library brought to this build's schema (before timing)",
      seconds(f.build.schemaUpgradeMs),
    );
  return rows;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv[2] === "--modelhost") await serveModelHost();
  else if (process.argv[2] === "--recall") {
    log(JSON.stringify(await measureRecall(await ensureScaleLibrary(rowsWanted())), null, 2));
  } else if (process.argv[2] === "--build") {
    const manifest = await ensureScaleLibrary(rowsWanted());
    log(JSON.stringify({ ...manifest, truth: undefined }, null, 2));
  } else {
    const figures = await benchScale();
    printRows(
      ["measure", "value", "CPU-s", "load avg", "other load", "target", "result"],
      scaleRows(figures),
    );
    log(JSON.stringify(figures));
  }
}
