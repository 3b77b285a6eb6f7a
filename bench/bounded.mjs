// Usage: node --expose-gc bench/run.mjs bounded arrivals   (needs a prior `npm run build`)
// Requests whose cost must not grow with the library, and how soon a file is findable:
// - `GET /api/stats` and `GET /api/embed/status` on a 100,000-item library with a vector per item,
//   32 connections (the first embed-status request after the library was written plans every
//   item once and is reported apart);
// - a clip renamed whole into a watched folder, until `GET /api/media` lists it by name, against
//   one second plus the time svc's probe of it took: one last modified an hour before (moved in
//   with its times), and one written a moment before it is renamed in (rsync without -t, a
//   browser's .crdownload, a copy tool's temp name), whose modification time is fresh;
// - a clip written over a few seconds, until it is listed, counted from its last write: it must
//   wait out SVC_WATCH_SETTLE_MS.
import { copyFile, open, rename, utimes } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  ffmpeg,
  freePort,
  libraryDist,
  log,
  serverMeter,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";

export const ROWS = 100_000;
export const CONNECTIONS = 32;
export const TOTALS_P99_MS = 20;
export const ARRIVAL_SLACK_MS = 1000;
const MEASURE_S = 10;
const EMBED_MODEL = "bench-embed";
const SETTLE_MS = 2000;
const RENAMES = 5;
// Between the end of the write and the rename, for the clips renamed in fresh.
const FRESH_PAUSE_MS = 200;
// No model host: the passes measured here are probe, thumbnails and key frames, as on a machine
// without one, and a host another process left running cannot fail them.
const NO_MODEL_HOST = { OLLAMA_HOST: "http://127.0.0.1:9" };

async function load(label, url, pid) {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const meter = serverMeter(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: MEASURE_S });
  const cpu = meter();
  if (result.non2xx || result.errors || result.timeouts)
    throw new BenchError(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const figures = {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    pass: result.latency.p99 <= TOTALS_P99_MS,
    ...cpu,
  };
  log(`  ${label}: ${figures.rps} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
  return figures;
}

async function timedGet(url) {
  const t0 = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(300_000) });
  const body = await res.json();
  if (res.status !== 200) throw new BenchError(`GET ${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms: Math.round(performance.now() - t0), body };
}

/** One vector per item, as `svc embed` would leave them, so embed status has every item to judge. */
function addVectors(root) {
  const db = new Database(join(root, ".svc", "library.db"));
  try {
    const stamp = new Date().toISOString();
    const insert = db.prepare(
      `INSERT INTO vectors (media_id, scene_idx, model, dim, text_hash, created_at, vector)
       VALUES (?, -1, ?, 4, 'bench', ?, ?)`,
    );
    db.transaction(() => {
      db.prepare("UPDATE media SET embed_hash = 'bench'").run();
      for (const { id } of db.prepare("SELECT id FROM media").all()) {
        const vector = new Float32Array([1, (id % 97) + 1, (id % 89) + 1, (id % 83) + 1]);
        insert.run(id, EMBED_MODEL, stamp, Buffer.from(vector.buffer));
      }
    })();
  } finally {
    db.close();
  }
}

export async function benchBounded() {
  const root = await tempDir("bounded-root");
  const home = await tempDir("bounded-home");
  log(`bounded: building a ${ROWS.toLocaleString("en")}-item library with a vector per item`);
  const dist = await libraryDist();
  await buildLibrary(root, dist, { rows: ROWS });
  addVectors(root);
  const port = await freePort();
  const daemon = startDaemon({
    root,
    home,
    port,
    logLevel: "warn",
    env: { ...NO_MODEL_HOST, SVC_EMBED_MODEL: EMBED_MODEL },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(base, daemon, 60_000);
    await catchUpThroughSlot(join(home, "registry.db"), daemon, 10 * 60_000);
    const firstStatus = await timedGet(`${base}/api/embed/status`);
    const firstStats = await timedGet(`${base}/api/stats`);
    if (firstStatus.body.vectors !== ROWS || firstStatus.body.counts.stale !== ROWS)
      throw new BenchError(`embed status: ${JSON.stringify(firstStatus.body)}; expected ${ROWS} stale`);
    if (firstStats.body.items.total !== ROWS)
      throw new BenchError(`stats: ${JSON.stringify(firstStats.body.items)}; expected ${ROWS} items`);
    log(`  first embed status ${firstStatus.ms} ms, first stats ${firstStats.ms} ms`);
    return {
      rows: ROWS,
      connections: CONNECTIONS,
      firstStatusMs: firstStatus.ms,
      firstStatsMs: firstStats.ms,
      stats: await load("GET /api/stats", `${base}/api/stats`, daemon.child.pid),
      embedStatus: await load("GET /api/embed/status", `${base}/api/embed/status`, daemon.child.pid),
    };
  } finally {
    await stopDaemon(daemon);
  }
}

/** Copies `src` to `dest` in `chunks` pieces, `intervalMs` apart, as a slow card reader would. */
async function writeSlowly(src, dest, chunks, intervalMs) {
  const input = await open(src, "r");
  const data = await input.readFile();
  await input.close();
  const out = await open(dest, "w");
  try {
    for (let i = 0; i < chunks; i++) {
      await out.write(
        data.subarray(Math.floor((i * data.length) / chunks), Math.floor(((i + 1) * data.length) / chunks)),
      );
      await out.sync();
      if (i < chunks - 1) await sleep(intervalMs);
    }
  } finally {
    await out.close();
  }
  return performance.now();
}

function probeMs(root, rel) {
  const db = new Database(join(root, ".svc", "library.db"), { readonly: true });
  try {
    const row = db
      .prepare(
        "SELECT s.elapsed_ms AS ms FROM media_stages s JOIN media m ON m.id = s.media_id WHERE m.rel_path = ? AND s.stage = 'probe'",
      )
      .get(rel);
    return row?.ms ?? 0;
  } finally {
    db.close();
  }
}

async function listedAfter(base, name, since, timeoutMs) {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    const res = await fetch(`${base}/api/media?limit=500&sort=-created`);
    const page = await res.json();
    if (page.items?.some((item) => item.name === name)) return Math.round(performance.now() - since);
    await sleep(20);
  }
  throw new BenchError(`${name} not listed within ${timeoutMs} ms`);
}

export async function benchArrivals() {
  const root = await tempDir("arrive-root");
  const home = await tempDir("arrive-home");
  // Beside the root on the same file system, so a rename is a rename and not a copy.
  const staging = await tempDir("arrive-staging");
  const clip = join(staging, "source.mp4");
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1280x720:rate=25:duration=5",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    clip,
  ]);
  const port = await freePort();
  const daemon = startDaemon({
    root,
    home,
    port,
    // Info: the catch-up pass of an empty folder is over before a look at the slot could see it.
    logLevel: "info",
    env: { ...NO_MODEL_HOST, SVC_WATCH_SETTLE_MS: String(SETTLE_MS) },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(base, daemon, 60_000);
    await daemon.waitFor("the catch-up pass", (r) => r.msg === "ingest pass finished", 60_000);
    await sleep(1000);
    /** Stages a copy, lets `prepare` age it or not, renames it in and times the listing. */
    const renameIn = async (name, label, prepare) => {
      const staged = join(staging, name);
      await copyFile(clip, staged);
      await prepare(staged);
      const t0 = performance.now();
      await rename(staged, join(root, name));
      const ms = await listedAfter(base, name, t0, 30_000);
      const probe = probeMs(root, name);
      log(`  ${label} ${name}: listed after ${ms} ms (probe ${probe} ms)`);
      await sleep(500);
      return { ms, probeMs: probe, pass: ms <= ARRIVAL_SLACK_MS + probe };
    };
    const renames = [];
    for (let i = 0; i < RENAMES; i++)
      renames.push(
        await renameIn(`R${String(i).padStart(3, "0")}.mp4`, "renamed in, an hour old,", async (staged) => {
          const hourAgo = new Date(Date.now() - 3_600_000);
          await utimes(staged, hourAgo, hourAgo);
        }),
      );
    const fresh = [];
    for (let i = 0; i < RENAMES; i++)
      fresh.push(
        await renameIn(`F${String(i).padStart(3, "0")}.mp4`, "written then renamed in", () =>
          sleep(FRESH_PAUSE_MS),
        ),
      );
    const lastWrite = await writeSlowly(clip, join(root, "SLOW.mp4"), 10, 300);
    const slowMs = await listedAfter(base, "SLOW.mp4", lastWrite, 60_000);
    log(`  written over 2.7 s: listed ${slowMs} ms after its last write (settle ${SETTLE_MS} ms)`);
    const worstOf = (runs) => runs.reduce((a, b) => (b.ms - b.probeMs > a.ms - a.probeMs ? b : a));
    return {
      settleMs: SETTLE_MS,
      renames,
      worstRename: worstOf(renames),
      renamePass: renames.every((r) => r.pass),
      freshPauseMs: FRESH_PAUSE_MS,
      freshRenames: fresh,
      worstFreshRename: worstOf(fresh),
      freshRenamePass: fresh.every((r) => r.pass),
      slowAfterLastWriteMs: slowMs,
      slowPass: slowMs >= SETTLE_MS,
    };
  } finally {
    await stopDaemon(daemon);
  }
}

const ms = (v) => `${v} ms`;
const verdict = (pass) => (pass ? "PASS" : "FAIL");

/** Table rows in run.mjs's shape: measure, value, CPU-s, load avg, other load, target, result. */
export function boundedRows(totals) {
  const latency = (m) => `${m.rps} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms`;
  const share = (x) => `${Math.round(x * 100)}%`;
  return [
    [
      `bounded: GET /api/stats, ${totals.rows} items, ${totals.connections} conns`,
      latency(totals.stats),
      totals.stats.cpuS.toFixed(1),
      totals.stats.loadAvg.toFixed(2),
      share(totals.stats.otherLoad),
      `p99 ≤ ${TOTALS_P99_MS} ms`,
      verdict(totals.stats.pass),
    ],
    [
      `bounded: GET /api/embed/status, ${totals.rows} items, ${totals.connections} conns`,
      latency(totals.embedStatus),
      totals.embedStatus.cpuS.toFixed(1),
      totals.embedStatus.loadAvg.toFixed(2),
      share(totals.embedStatus.otherLoad),
      `p99 ≤ ${TOTALS_P99_MS} ms`,
      verdict(totals.embedStatus.pass),
    ],
    [
      "bounded: first embed status / stats after the library was written",
      `${ms(totals.firstStatusMs)} / ${ms(totals.firstStatsMs)}`,
      "",
      "",
      "",
      "(info, once)",
      "",
    ],
  ];
}

/** Table rows in run.mjs's shape: measure, value, CPU-s, other load, target, result. */
export function arrivalRows(arrivals) {
  return [
    [
      `arrival: renamed in whole, an hour old, listed (worst of ${arrivals.renames.length})`,
      `${ms(arrivals.worstRename.ms)} (probe ${ms(arrivals.worstRename.probeMs)})`,
      "",
      "",
      "≤ 1 s + probe",
      verdict(arrivals.renamePass),
    ],
    [
      `arrival: written, ${arrivals.freshPauseMs} ms pause, renamed in, listed (worst of ${arrivals.freshRenames.length})`,
      `${ms(arrivals.worstFreshRename.ms)} (probe ${ms(arrivals.worstFreshRename.probeMs)})`,
      "",
      "",
      "≤ 1 s + probe",
      verdict(arrivals.freshRenamePass),
    ],
    [
      "arrival: written over 2.7 s, listed after its last write",
      ms(arrivals.slowAfterLastWriteMs),
      "",
      "",
      `≥ settle ${arrivals.settleMs} ms`,
      verdict(arrivals.slowPass),
    ],
  ];
}
