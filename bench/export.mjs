// Usage: npm run bench -- export   (or node bench/run.mjs export after `npm run build`)
// Exports from a real `svc serve`: the batch zip of 100 and 1,000 clips in every per-clip format
// (wall time, and the daemon's peak RSS above its idle RSS: streamed, it should not grow with the
// clip count), and timeline exports of 500 clips (p99 per format).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  freePort,
  importDist,
  libraryDist,
  log,
  printRows,
  seconds,
  settle,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";
import { addScenes, textSource } from "./semantic.mjs";

const ROWS = 1_000;
export const BATCH_SIZES = [100, 1_000];
const TIMELINE_CLIPS = 500;
// Enough calls that p99 is not simply the slowest one (with 60 it was the maximum).
const TIMELINE_RUNS = 200;
export const TIMELINE_P99_MS = 200;
// Streamed, a batch ten times larger may cost this much more resident memory at most.
export const FLAT_RSS_MB = 24;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The process's resident memory; 0 once it has exited. */
function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 10 ms until stopped; returns the peak. */
function rssPeak(pid) {
  let peak = rssOf(pid);
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, rssOf(pid));
      await sleep(10);
    }
  })();
  return async () => {
    running = false;
    await sampling;
    return peak;
  };
}

async function batch(base, ids, formats, pid) {
  const idle = rssOf(pid);
  const stop = rssPeak(pid);
  const t0 = performance.now();
  let bytes = 0;
  let ms = 0;
  let peak = 0;
  try {
    const res = await fetch(`${base}/api/export/batch`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ids, formats }),
    });
    if (res.status !== 200) throw new BenchError(`batch export: ${res.status} ${await res.text()}`);
    for await (const chunk of res.body) bytes += chunk.length;
    ms = performance.now() - t0;
  } finally {
    peak = await stop();
  }
  return {
    clips: ids.length,
    files: ids.length * formats.length,
    bytes,
    ms: Math.round(ms),
    growthBytes: peak - idle,
  };
}

async function timelines(base, ids, format) {
  const url = `${base}/api/export/timeline/${format}?ids=${ids.join(",")}`;
  const times = [];
  for (let i = 0; i < TIMELINE_RUNS + 5; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    const body = await res.text();
    if (res.status !== 200) throw new BenchError(`timeline ${format}: ${res.status} ${body.slice(0, 300)}`);
    if (i >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    format,
    clips: ids.length,
    p50Ms: Math.round(percentile(times, 50) * 10) / 10,
    p99Ms: Math.round(percentile(times, 99) * 10) / 10,
  };
}

export async function benchExport() {
  const dist = await libraryDist();
  const { BATCH_FORMATS } = await importDist("library/export/batch.js");
  const { TIMELINE_FORMATS } = await importDist("library/export/timeline.js");
  const root = await tempDir("export");
  const home = await tempDir("export-home");
  log(`export: generating a ${ROWS}-item library with scenes`);
  const library = await buildLibrary(root, dist, { rows: ROWS });
  const scenes = addScenes(root, dist, textSource());
  log(`  ${library.rows} rows, ${scenes} scenes`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const daemon = startDaemon({ root, home, port, logLevel: "warn" });
  const figures = { rows: ROWS, scenes };
  try {
    await waitForHttp(base, daemon, 60_000);
    await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 10 * 60_000);
    await settle(daemon.child.pid, 5 * 60_000);
    const pid = daemon.child.pid;
    const ids = Array.from({ length: ROWS }, (_, i) => i + 1);
    log(`export: batch zips in ${BATCH_FORMATS.length} formats`);
    await batch(base, ids.slice(0, 20), BATCH_FORMATS, pid);
    figures.batch = [];
    for (const size of BATCH_SIZES)
      figures.batch.push(await batch(base, ids.slice(0, size), BATCH_FORMATS, pid));
    const [small, large] = figures.batch;
    figures.flatPass = large.growthBytes - small.growthBytes <= FLAT_RSS_MB * 1024 * 1024;
    log(`export: timelines of ${TIMELINE_CLIPS} clips`);
    figures.timelines = [];
    for (const format of TIMELINE_FORMATS) {
      const result = await timelines(base, ids.slice(0, TIMELINE_CLIPS), format);
      result.pass = result.p99Ms <= TIMELINE_P99_MS;
      figures.timelines.push(result);
    }
  } finally {
    await stopDaemon(daemon);
  }
  printRows(["measure", "value", "cpu s", "load", "other", "target", "result"], exportRows(figures));
  return figures;
}

export function exportRows(figures) {
  const rows = figures.batch.map((b) => [
    `export: batch zip, ${b.clips} clips × ${b.files / b.clips} formats`,
    `${seconds(b.ms)}, ${mb(b.bytes)} MB zip, RSS +${mb(b.growthBytes)} MB`,
    "",
    "",
    "",
    "",
    "",
  ]);
  const [small, large] = figures.batch;
  rows.push([
    "export: batch RSS growth, 1,000 vs 100 clips",
    `+${mb(large.growthBytes - small.growthBytes)} MB`,
    "",
    "",
    "",
    `≤ ${FLAT_RSS_MB} MB (flat)`,
    figures.flatPass ? "PASS" : "FAIL",
  ]);
  for (const t of figures.timelines)
    rows.push([
      `export: timeline ${t.format}, ${t.clips} clips`,
      `p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms (${TIMELINE_RUNS} calls)`,
      "",
      "",
      "",
      `p99 ≤ ${TIMELINE_P99_MS} ms`,
      t.pass ? "PASS" : "FAIL",
    ]);
  return rows;
}
