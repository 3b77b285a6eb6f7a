// Usage: node --expose-gc bench/stalls.mjs [N]   (default 1000000 vectors; needs `npm run build`)
// Does vector work ever stall the event loop? A library holding N stored 1024-dim vectors (ten
// scenes per item) gets its index rebuilt and saved by svc's writer thread, then loaded by the
// search threads, and 20 clips of the bench corpus are ingested by this process (as the daemon
// runs passes), while this thread serves a semantic query every few milliseconds and
// monitorEventLoopDelay watches it. Targets: loop delay p99 ≤ 20 ms and max ≤ 100 ms throughout.
import { link, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { ensureCorpus } from "./corpus.mjs";
import {
  BenchError,
  benchHosts,
  cleanTemp,
  cpuMeter,
  importDist,
  libraryDist,
  log,
  printRows,
  random,
  seconds,
  tempDir,
} from "./lib.mjs";

export const STALL_VECTORS = 1_000_000;
export const STALL_TARGETS = { p99Ms: 20, maxMs: 100 };
const DIM = 1024;
const MODEL = "bench-embed";
const SCENES_PER_ITEM = 10;
const QUERY_EVERY_MS = 5;
const INSERT_BATCH = 10_000;
const INGEST_CLIPS = 20;

/** Clustered unit-ish vectors, like text embeddings: a topic centre plus noise. */
function vectorSource(seed) {
  const rand = random(seed);
  const centres = Array.from({ length: 256 }, () => Float32Array.from({ length: DIM }, () => rand() - 0.5));
  return () => {
    const centre = centres[Math.floor(rand() * centres.length)];
    return Float32Array.from(centre, (x) => x + (rand() - 0.5) * 0.4);
  };
}

/** N stored vectors in a fresh library, inserted directly (the embed stage's rows, without a model). */
function seedLibrary(root, dist, n) {
  const store = dist.openLibrary(root);
  const next = vectorSource(99);
  try {
    const media = store.db.prepare(
      `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, created_at, updated_at, next_stage, status)
       VALUES (?, 'video', 1, 1, ?, ?, ?, 'done', 'done')`,
    );
    const vector = store.db.prepare(
      `INSERT INTO vectors (media_id, scene_idx, model, dim, vector, text_hash, created_at)
       VALUES (?, ?, ?, ?, ?, 'bench', ?)`,
    );
    const now = new Date().toISOString();
    let made = 0;
    while (made < n) {
      store.db.transaction(() => {
        for (let i = 0; i < INSERT_BATCH && made < n; i += SCENES_PER_ITEM) {
          const id = Number(media.run(`clip-${made}.mov`, `fp-${made}`, now, now).lastInsertRowid);
          for (let s = 0; s < SCENES_PER_ITEM && made < n; s++, made++) {
            const v = next();
            vector.run(id, s, MODEL, DIM, Buffer.from(v.buffer), now);
          }
        }
      })();
    }
    store.db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    store.close();
  }
}

/** Loop delay and query latencies while `work` runs, with a query sent every QUERY_EVERY_MS. */
async function watch(label, threads, root, work) {
  const next = vectorSource(7);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const latencies = [];
  const answers = { page: 0, unavailable: 0 };
  let running = true;
  const queries = (async () => {
    while (running) {
      const t = performance.now();
      const reply = await threads.rank({ root, model: MODEL, vector: next(), query: { q: "x", limit: 50 } });
      latencies.push(performance.now() - t);
      answers["json" in reply ? "page" : "unavailable"] += 1;
      await new Promise((resolve) => setTimeout(resolve, QUERY_EVERY_MS));
    }
  })();
  const meter = cpuMeter();
  delay.enable();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  delay.disable();
  running = false;
  await queries;
  latencies.sort((a, b) => a - b);
  const figures = {
    label,
    ms: Math.round(ms),
    loopP99Ms: Math.round((delay.percentile(99) / 1e6) * 10) / 10,
    loopMaxMs: Math.round((delay.max / 1e6) * 10) / 10,
    queries: latencies.length,
    answered: answers.page,
    queryP99Ms: Math.round((latencies[Math.floor(latencies.length * 0.99)] ?? 0) * 10) / 10,
    ...(({ otherLoad, loadAvg }) => ({ otherLoad, loadAvg }))(meter()),
  };
  log(
    `  ${label}: ${seconds(ms)}; event loop p99 ${figures.loopP99Ms} ms, max ${figures.loopMaxMs} ms; ` +
      `${figures.queries} queries (${figures.answered} semantic), p99 ${figures.queryP99Ms} ms`,
  );
  return figures;
}

/** 20 clips (the corpus's, hard-linked under new names) ingested in this process by svc's own pass. */
async function ingestPhase(threads, vectorRoot, dist, silent) {
  const corpus = await ensureCorpus();
  const footage = await tempDir("stalls-footage");
  const home = await tempDir("stalls-home");
  await mkdir(join(footage, "card"), { recursive: true });
  for (let i = 0; i < INGEST_CLIPS; i++) {
    const clip = corpus.clips[i % corpus.clips.length];
    await link(clip.abs, join(footage, "card", `clip-${String(i).padStart(2, "0")}.mp4`));
  }
  const { loadConfig } = await importDist("state/config.js");
  const { createAdapters } = await importDist("adapters/index.js");
  const { runIngest } = await importDist("library/jobs/ingest.js");
  const { QueryEmbeddings } = await importDist("library/search/query-embeddings.js");
  const { createQueues } = await importDist("pipeline/queues.js");
  const config = loadConfig({
    ...process.env,
    SVC_HOME: home,
    PROJECT_ROOT: footage,
    OLLAMA_HOST: "http://127.0.0.1:9",
    SVC_ASR: "none",
  });
  const registry = dist.openRegistry(config.home);
  const adapters = await createAdapters(config, silent);
  const ctx = {
    config,
    adapters,
    queues: createQueues(config),
    registry,
    log: silent,
    version: "bench",
    vectorThreads: threads,
    queryEmbeddings: new QueryEmbeddings(adapters.modelHost),

    hosts: await benchHosts(config),
  };
  try {
    let report;
    const figures = await watch(
      `${INGEST_CLIPS} clips ingest in this process`,
      threads,
      vectorRoot,
      async () => {
        report = await runIngest(ctx, {
          root: footage,
          options: { refresh: false, regenerateThumbnails: false, noEmbed: true },
          holder: "bench stalls",
        });
      },
    );
    if (report.exitCode !== 0)
      throw new BenchError(
        `the ingest pass exited ${report.exitCode}: ${report.summary.problems.join("; ")}`,
      );
    return figures;
  } finally {
    adapters.close();
    registry.close();
  }
}

export async function benchStalls({ vectors = STALL_VECTORS } = {}) {
  const dist = await libraryDist();
  const { VectorThreads } = await importDist("library/search/vector-threads.js");
  const { openVectorSink } = await importDist("library/search/vector-index.js");
  const pino = (await import("pino")).default;
  const silent = pino({ level: "silent" });
  const root = await tempDir("stalls");
  log(`stalls: storing ${vectors.toLocaleString("en")} × ${DIM}-dim vectors in a library`);
  const t0 = performance.now();
  seedLibrary(root, dist, vectors);
  log(`  stored in ${seconds(performance.now() - t0)}`);
  const threads = new VectorThreads(silent);
  try {
    const phases = [];
    phases.push(
      await watch("writer thread rebuilds and saves the index", threads, root, async () => {
        const sink = await openVectorSink(threads, root, MODEL, silent);
        await sink.flush();
      }),
    );
    phases.push(
      await watch("search threads load the saved index", threads, root, async () => {
        // Every thread loads on its first query after the save; wait until both answer.
        const next = vectorSource(3);
        for (let answered = 0; answered < 8; ) {
          const reply = await threads.rank({
            root,
            model: MODEL,
            vector: next(),
            query: { q: "x", limit: 50 },
          });
          if ("json" in reply) answered += 1;
        }
      }),
    );
    phases.push(
      await watch("writer thread reopens, changes and saves the index", threads, root, async () => {
        const sink = await openVectorSink(threads, root, MODEL, silent);
        await sink.remove([1, 2, 3]);
        await sink.flush();
      }),
    );
    phases.push(await ingestPhase(threads, root, dist, silent));
    if (phases[1].answered === 0)
      throw new BenchError("the search threads never answered from the saved index");
    for (const p of phases) p.pass = p.loopP99Ms <= STALL_TARGETS.p99Ms && p.loopMaxMs <= STALL_TARGETS.maxMs;
    return { vectors, dim: DIM, targets: STALL_TARGETS, phases };
  } finally {
    await threads.close();
  }
}

export function stallRows(figures) {
  return figures.phases.map((p) => [
    `stalls, ${figures.vectors.toLocaleString("en")} vectors: ${p.label}`,
    `${seconds(p.ms)}; loop p99 ${p.loopP99Ms} ms, max ${p.loopMaxMs} ms; ${p.queries} queries, p99 ${p.queryP99Ms} ms`,
    "",
    p.loadAvg.toFixed(2),
    `${Math.round(p.otherLoad * 100)}%`,
    `loop p99 ≤ ${figures.targets.p99Ms} ms, max ≤ ${figures.targets.maxMs} ms`,
    p.pass ? "PASS" : "FAIL",
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const n = Number(process.argv[2] ?? STALL_VECTORS);
  if (!Number.isInteger(n) || n < 1000) {
    log("usage: node --expose-gc bench/stalls.mjs [N]   (N an integer ≥ 1000)");
    process.exitCode = 2;
  } else {
    try {
      const figures = await benchStalls({ vectors: n });
      printRows(
        ["measure", "value", "CPU-s", "load avg", "other load", "target", "result"],
        stallRows(figures),
      );
      log(JSON.stringify(figures));
    } finally {
      await cleanTemp();
    }
  }
}
