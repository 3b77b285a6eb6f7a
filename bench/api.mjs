// Usage: node --expose-gc bench/run.mjs api   (or node bench/api.mjs; both need a prior `npm run build`)
// The read API under load: `GET /api/media?limit=50` and the shoot-date facets of a 100,000-item
// library, served by the real daemon, beside a bare h3 handler answering with a body of the same
// size, with autocannon at 32 connections.
import { readFileSync } from "node:fs";
import { link, mkdir, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { BenchError, CLI, cleanTemp, log, pool, seconds, start, svcEnv, tempDir } from "./lib.mjs";

export const ROWS = 100_000;
export const CONNECTIONS = 32;
export const WARMUP_S = 2;
export const MEASURE_S = 10;
export const RATIO_TARGET = 0.5;
export const LIST_P99_MS = 50;
export const FACETS_P99_MS = 20;
const LIST_PATH = "/api/media?limit=50";
const FACETS_PATH = "/api/media/facets/shoot-date";

// ext4 allows 65,000 links to one inode: the placeholder files are spread over this many originals.
const ORIGINALS = 10;
// A valid 1×1 PNG. The files only have to exist with a known size, mtime and fingerprint.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A seeded generator, so every run measures the same library. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the take light camera scene wide close morning evening interview river street market crowd drone " +
  "shot again slowly turn left right door window table coffee rain sun wind bridge car train station " +
  "we they said think maybe really good great look here there start stop action cut quiet please"
).split(" ");
const TAGS = [
  "interview",
  "b-roll",
  "drone",
  "establishing",
  "close-up",
  "exterior",
  "interior",
  "night",
  "crowd",
  "product",
  "timelapse",
  "slow-motion",
];
const pad = (n, width) => String(n).padStart(width, "0");

/**
 * One generated item: a shoot-day folder, a kind mix of 70% video, 15% audio, 15% stills, shoot
 * days over five years (~10% unknown), probe-like technical columns, and a transcript with its
 * segment and word timings on a third of the clips (those columns make rows as wide as real ones).
 */
function makeItem(id, rand, shootDays, original) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const roll = rand();
  const kind = roll < 0.7 ? "video" : roll < 0.85 ? "audio" : "image";
  const day = rand() < 0.1 ? null : pick(shootDays);
  const folder = day ? `footage/${day.slice(0, 4)}/${day}` : `misc/import-${pad(id % 50, 2)}`;
  const cam = pick(["A", "B", "C"]);
  const name =
    kind === "video"
      ? `${cam}${pad(1 + (id % 97), 3)}_C${pad(id, 6)}.${pick(["mov", "mp4", "mxf"])}`
      : kind === "audio"
        ? `ZOOM${pad(id, 6)}.wav`
        : `IMG_${pad(id, 6)}.${pick(["jpg", "png"])}`;
  const time = `${pad(7 + Math.floor(rand() * 13), 2)}:${pad(Math.floor(rand() * 60), 2)}:${pad(Math.floor(rand() * 60), 2)}`;
  const duration =
    kind === "video"
      ? Math.round((2 + rand() * 600) * 100) / 100
      : kind === "audio"
        ? Math.round((5 + rand() * 3600) * 100) / 100
        : null;
  const uhd = rand() < 0.3;
  let transcript = null;
  let segments = null;
  let words = null;
  if (kind !== "image" && rand() < 0.33) {
    const sentences = Array.from({ length: 2 + Math.floor(rand() * 5) }, () =>
      Array.from({ length: 6 + Math.floor(rand() * 10) }, () => pick(WORDS)),
    );
    transcript = sentences.map((s) => `${s.join(" ")}.`).join(" ");
    let t = 0;
    const segs = [];
    const timed = [];
    for (const sentence of sentences) {
      const startS = t;
      for (const word of sentence) {
        timed.push({ w: word, s: Math.round(t * 100) / 100, e: Math.round((t + 0.3) * 100) / 100 });
        t += 0.35;
      }
      segs.push({
        start: Math.round(startS * 100) / 100,
        end: Math.round(t * 100) / 100,
        text: sentence.join(" "),
      });
    }
    segments = JSON.stringify(segs);
    words = JSON.stringify(timed);
  }
  const created = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 365 * 86_400_000)).toISOString();
  return {
    id,
    rel_path: `${folder}/${name}`,
    kind,
    size: original.size,
    mtime_ms: original.mtimeMs,
    fingerprint: original.fingerprint,
    duration_s: duration,
    codec: kind === "video" ? pick(["h264", "hevc", "prores"]) : kind === "audio" ? "pcm_s24le" : "mjpeg",
    audio_codec: kind === "video" ? pick(["aac", "pcm_s24le"]) : kind === "audio" ? "pcm_s24le" : null,
    fps: kind === "video" ? pick([23.976, 25, 29.97, 50]) : null,
    width: kind === "video" ? (uhd ? 3840 : 1920) : kind === "image" ? 6000 : null,
    height: kind === "video" ? (uhd ? 2160 : 1080) : kind === "image" ? 4000 : null,
    start_timecode: kind === "video" ? `${time}:${pad(Math.floor(rand() * 25), 2)}` : null,
    audio_tracks: kind === "video" ? 2 : kind === "audio" ? 1 + Math.floor(rand() * 4) : 0,
    creation_date: day ? `${day}T${time}Z` : null,
    shot_date: day,
    metadata_json: JSON.stringify({
      make: pick(["Sony", "Canon", "Blackmagic", "Zoom"]),
      model: pick(["FX6", "C70", "Pocket 6K", "F8n"]),
      lens: kind === "audio" ? null : pick(["24-70mm f/2.8", "50mm f/1.4", "16-35mm f/4"]),
      iso: kind === "audio" ? null : pick([400, 800, 3200, 12800]),
      white_balance: pick(["5600K", "3200K", "auto"]),
      reel: `${cam}${pad(1 + (id % 97), 3)}`,
      format: name.split(".").pop(),
      encoder: "generated for svc bench",
      gps: rand() < 0.2 ? { lat: 52.5 + rand(), lon: 13.4 + rand() } : null,
    }),
    thumb_path: `thumbs/${id}.jpg`,
    rating: rand() < 0.1 ? pick(["best", "good", "ng"]) : null,
    rating_note: rand() < 0.03 ? "focus soft at the start" : null,
    in_point: kind === "video" && rand() < 0.05 ? 1.5 : null,
    out_point: null,
    camera_id: kind === "video" && rand() < 0.5 ? cam : null,
    angle: kind === "video" && rand() < 0.2 ? pick(["wide", "medium", "close"]) : null,
    transcript,
    segments_json: segments,
    words_json: words,
    language: transcript ? pick(["en", "en", "en", "de", "fr"]) : null,
    color_profile: kind === "video" ? pick(["rec709", "slog3", "clog2"]) : null,
    created_at: created,
    updated_at: created,
  };
}

const COLUMNS = [
  "id",
  "rel_path",
  "kind",
  "size",
  "mtime_ms",
  "fingerprint",
  "duration_s",
  "codec",
  "audio_codec",
  "fps",
  "width",
  "height",
  "start_timecode",
  "audio_tracks",
  "creation_date",
  "shot_date",
  "metadata_json",
  "thumb_path",
  "rating",
  "rating_note",
  "in_point",
  "out_point",
  "camera_id",
  "angle",
  "transcript",
  "segments_json",
  "words_json",
  "language",
  "color_profile",
  "created_at",
  "updated_at",
];

/**
 * A 100,000-item library in `root`, as if every item had been ingested (status done, thumbnail
 * recorded). Every row gets a real file: a hard link to one of a few tiny PNGs, with size, mtime
 * and fingerprint in the row matching it. So the daemon's catch-up pass counts every item
 * unchanged and the list shows a present library, as a user's would be. (Letting the pass flag
 * 100,000 rows missing would list the same rows at the same cost, but measure an odd library;
 * a row without a file on disk is never what a user has.) Rows go in through the production
 * schema and its triggers, so the FTS table and the shoot-day counts are what ingest would leave.
 */
async function buildLibrary(root, dist) {
  const t0 = performance.now();
  const originals = [];
  for (let i = 0; i < ORIGINALS; i++) {
    const file = join(root, ".svc-bench-originals", `original-${i}.png`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, PNG);
    const info = await stat(file);
    originals.push({
      file,
      size: info.size,
      mtimeMs: Math.trunc(info.mtimeMs),
      fingerprint: await dist.fingerprint(file, info.size),
    });
  }

  const rand = random(20_240_101);
  const shootDays = [];
  for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000)
    if (rand() < 0.6) shootDays.push(new Date(t).toISOString().slice(0, 10));
  const items = Array.from({ length: ROWS }, (_, i) =>
    makeItem(i + 1, rand, shootDays, originals[i % ORIGINALS]),
  );

  const store = dist.openLibrary(root);
  try {
    const insertMedia = store.db.prepare(
      `INSERT INTO media (${COLUMNS.join(", ")}, next_stage, status)
       VALUES (${COLUMNS.map((c) => `@${c}`).join(", ")}, 'done', 'done')`,
    );
    const insertTag = store.db.prepare(
      "INSERT INTO tags (media_id, name, source, created_at) VALUES (?, ?, ?, ?)",
    );
    let tags = 0;
    store.db.transaction(() => {
      for (const item of items) {
        insertMedia.run(item);
        if (rand() < 0.35) {
          const names = new Set(
            Array.from({ length: 1 + Math.floor(rand() * 3) }, () => TAGS[Math.floor(rand() * TAGS.length)]),
          );
          for (const name of names) {
            insertTag.run(item.id, name, rand() < 0.8 ? "auto" : "manual", item.created_at);
            tags += 1;
          }
        }
      }
    })();
    const facts = store.db
      .prepare(
        `SELECT (SELECT count(*) FROM media) AS media, (SELECT count(*) FROM media_fts) AS fts,
           (SELECT sum(n) FROM shot_day_counts) AS counted, (SELECT count(*) FROM shot_day_counts) AS days`,
      )
      .get();
    if (facts.media !== ROWS || facts.fts !== ROWS || facts.counted !== ROWS)
      throw new BenchError(`library build: expected ${ROWS} rows everywhere, got ${JSON.stringify(facts)}`);
    store.db.pragma("wal_checkpoint(TRUNCATE)");
    const dbMs = performance.now() - t0;

    const dirs = new Set(items.map((item) => dirname(join(root, item.rel_path))));
    for (const dir of dirs) await mkdir(dir, { recursive: true });
    await pool(items, 64, (item, i) => link(originals[i % ORIGINALS].file, join(root, item.rel_path)));
    return {
      rows: ROWS,
      tags,
      shootDays: facts.days - 1,
      folders: dirs.size,
      dbMs: Math.round(dbMs),
      totalMs: Math.round(performance.now() - t0),
    };
  } finally {
    store.close();
  }
}

/** A port that was free a moment ago: the warn-level daemon logs nothing to learn its own from. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// USER_HZ, the unit of /proc/<pid>/stat and /proc/stat.
const TICK = 100;

function processTicks(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [utime, stime] = text
      .slice(text.lastIndexOf(")") + 2)
      .split(" ")
      .slice(11, 13)
      .map(Number);
    return utime + stime;
  } catch {
    return 0;
  }
}

function machineTicks() {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return user + nice + system + irq + softirq + steal;
}

/**
 * Starts measuring the server under test; the returned function gives its CPU seconds and the
 * share of the machine that processes other than the server and this one (autocannon) took.
 */
function serverMeter(pid) {
  const a = {
    server: processTicks(pid),
    self: processTicks(process.pid),
    machine: machineTicks(),
    at: performance.now(),
  };
  return () => {
    const server = (processTicks(pid) - a.server) / TICK;
    const self = (processTicks(process.pid) - a.self) / TICK;
    const machine = (machineTicks() - a.machine) / TICK;
    const wallS = (performance.now() - a.at) / 1000;
    const share = wallS > 0 ? (machine - server - self) / (wallS * cpus().length) : 0;
    return {
      cpuS: Math.round(server * 10) / 10,
      loadCpuS: Math.round(self * 10) / 10,
      otherLoad: Math.round(Math.min(1, Math.max(0, share)) * 100) / 100,
    };
  };
}

/** Waits until `pid` has used at most 2% of a core for two seconds running (watcher crawl done). */
async function settle(pid, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  let quiet = 0;
  let last = processTicks(pid);
  while (quiet < 4) {
    if (performance.now() > deadline)
      throw new BenchError(`svc serve still busy after ${seconds(timeoutMs)}`);
    await sleep(500);
    const now = processTicks(pid);
    quiet = now - last <= TICK / 100 ? quiet + 1 : 0;
    last = now;
  }
}

/**
 * Waits for the catch-up pass to have run, seen through the project's ingest slot in the
 * registry: taken, then released. Works at any log level.
 */
async function catchUpThroughSlot(registryDb, daemon, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  let db = null;
  let held = false;
  try {
    while (performance.now() < deadline) {
      if (daemon.child.exitCode !== null || daemon.child.signalCode !== null)
        throw new BenchError(
          `svc serve exited during its catch-up pass: ${(await daemon.done).stderr().trim().slice(-1500)}`,
        );
      try {
        db ??= new Database(registryDb, { readonly: true, fileMustExist: true });
        const row = db.prepare("SELECT count(*) AS n FROM slots WHERE name LIKE 'ingest:%'").get();
        if (row.n > 0) held = true;
        else if (held) return;
      } catch (error) {
        // The daemon creates the registry and its tables at start-up; until then there is nothing to read.
        if (db) {
          db.close();
          db = null;
        }
        if (!/unable to open|no such table/.test(error.message)) throw error;
      }
      await sleep(100);
    }
    throw new BenchError(`svc serve: no finished catch-up pass after ${seconds(timeoutMs)}`);
  } finally {
    db?.close();
  }
}

/** `svc serve` at a log level; JSON lines are parsed only while `watching` is on. */
function startDaemon({ root, home, port, logLevel }) {
  const records = [];
  const waiters = new Set();
  const state = { watching: true };
  const proc = start(process.execPath, [CLI, "serve"], {
    env: svcEnv({
      PROJECT_ROOT: root,
      SVC_HOME: home,
      SVC_PORT: String(port),
      SVC_MCP_PORT: "0",
      SVC_LOG_LEVEL: logLevel,
    }),
    onLine(line) {
      if (!state.watching) return;
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        return;
      }
      records.push(record);
      for (const waiter of waiters) waiter(record);
    },
  });
  let exited = false;
  proc.done.then(() => {
    exited = true;
    for (const waiter of waiters) waiter(null);
  });
  const waitFor = (what, predicate, timeoutMs) =>
    new Promise((resolve, reject) => {
      const seen = records.find(predicate);
      if (seen) return resolve(seen);
      const finish = (error, record) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        error ? reject(error) : resolve(record);
      };
      const timer = setTimeout(
        () => finish(new BenchError(`svc serve: no "${what}" after ${seconds(timeoutMs)}`)),
        timeoutMs,
      );
      const waiter = (record) => {
        if (record === null)
          proc.done.then((res) =>
            finish(new BenchError(`svc serve exited before "${what}": ${res.stderr().trim().slice(-1500)}`)),
          );
        else if (predicate(record)) finish(null, record);
      };
      if (exited) return waiter(null);
      waiters.add(waiter);
    });
  return { child: proc.child, done: proc.done, waitFor, records, state };
}

async function stopDaemon(daemon) {
  if (daemon.child.exitCode !== null || daemon.child.signalCode !== null) return;
  daemon.child.kill("SIGTERM");
  const exit = await Promise.race([daemon.done, sleep(30_000, null, { ref: false })]);
  if (!exit) {
    daemon.child.kill("SIGKILL");
    throw new BenchError("svc serve did not exit within 30 s of SIGTERM");
  }
}

async function waitForHttp(url, daemon, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (daemon.child.exitCode !== null || daemon.child.signalCode !== null)
      throw new BenchError(
        `svc serve exited at start-up: ${(await daemon.done).stderr().trim().slice(-1500)}`,
      );
    try {
      const res = await fetch(`${url}/api/version`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new BenchError(`svc serve: no HTTP answer on ${url} after ${seconds(timeoutMs)}`);
}

/** The answers the load will ask for, checked once so a broken daemon cannot pass as a fast one. */
async function checkAnswers(base) {
  const list = await fetch(`${base}${LIST_PATH}`, { signal: AbortSignal.timeout(10_000) });
  const listText = await list.text();
  if (list.status !== 200) throw new BenchError(`GET ${LIST_PATH}: ${list.status} ${listText.slice(0, 300)}`);
  const page = JSON.parse(listText);
  if (page.total !== ROWS || page.items.length !== 50)
    throw new BenchError(
      `GET ${LIST_PATH}: total ${page.total}, ${page.items.length} items; expected ${ROWS} and 50`,
    );
  const missing = page.items.filter((item) => item.missing).length;
  if (missing)
    throw new BenchError(`GET ${LIST_PATH}: ${missing} of 50 items flagged missing by the catch-up pass`);
  const facets = await fetch(`${base}${FACETS_PATH}`, { signal: AbortSignal.timeout(10_000) });
  const facetsText = await facets.text();
  if (facets.status !== 200)
    throw new BenchError(`GET ${FACETS_PATH}: ${facets.status} ${facetsText.slice(0, 300)}`);
  const buckets = JSON.parse(facetsText);
  const daySum = buckets.days.reduce((sum, d) => sum + d.count, 0) + buckets.unknown;
  if (buckets.total !== ROWS || daySum !== ROWS)
    throw new BenchError(
      `GET ${FACETS_PATH}: total ${buckets.total}, days+unknown ${daySum}; expected ${ROWS}`,
    );
  return {
    listText,
    listBytes: Buffer.byteLength(listText),
    facetsBytes: Buffer.byteLength(facetsText),
    days: buckets.days.length,
    unknown: buckets.unknown,
  };
}

/** Warm-up, then the measured run, of one URL; any non-2xx answer or socket error breaks the bench. */
async function load(label, url, pid) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const meter = serverMeter(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: MEASURE_S });
  const cpu = meter();
  if (result.non2xx || result.errors || result.timeouts)
    throw new BenchError(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  const figures = {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    ...cpu,
  };
  log(`  ${label}: ${figures.rps} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
  return figures;
}

/** The bare baseline: a child process (the daemon's process model) serving one fixed document. */
async function startBare(bodyFile) {
  const prefix = "bare listening ";
  let settleStart;
  const started = new Promise((resolve, reject) => {
    settleStart = { resolve, reject };
  });
  const timer = setTimeout(
    () => settleStart.reject(new BenchError("bare h3 server did not start in 30 s")),
    30_000,
  );
  const proc = start(process.execPath, [import.meta.filename, "--bare", bodyFile], {
    onLine(line) {
      if (line.startsWith(prefix)) settleStart.resolve(line.slice(prefix.length).replace(/\/$/, ""));
    },
  });
  proc.done.then((res) =>
    settleStart.reject(
      new BenchError(`bare h3 server exited ${res.code ?? res.signal}: ${res.stderr().trim().slice(-1500)}`),
    ),
  );
  try {
    return { url: await started, child: proc.child, done: proc.done };
  } finally {
    clearTimeout(timer);
  }
}

/** Child-process mode: an h3 app with one route answering the stored document, served like the daemon. */
async function serveBare(bodyFile) {
  const { H3, serve } = await import("h3");
  // Parsed once and serialised per request, as the daemon's handler return value is.
  const document = JSON.parse(readFileSync(bodyFile, "utf8"));
  const app = new H3({ silent: true });
  app.get("/api/media", () => document);
  const server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true, gracefulShutdown: false });
  await server.ready();
  process.stdout.write(`bare listening ${server.url}\n`);
  process.once("SIGTERM", () => server.close(true).then(() => process.exit(0)));
}

const verdict = (pass) => (pass ? "PASS" : "FAIL");

function printTable(f) {
  const ms = (n) => `${n} ms`;
  const rows = [
    ["bare h3, same-size JSON", String(f.bare.rps), ms(f.bare.p50Ms), ms(f.bare.p99Ms), "", "", ""],
    [
      `GET ${LIST_PATH}`,
      String(f.list.rps),
      ms(f.list.p50Ms),
      ms(f.list.p99Ms),
      f.list.ratio.toFixed(2),
      `ratio ≥ ${RATIO_TARGET}, p99 ≤ ${LIST_P99_MS} ms`,
      verdict(f.list.pass),
    ],
    [
      `GET ${FACETS_PATH}`,
      String(f.facets.rps),
      ms(f.facets.p50Ms),
      ms(f.facets.p99Ms),
      f.facets.ratio.toFixed(2),
      `p99 ≤ ${FACETS_P99_MS} ms`,
      verdict(f.facets.pass),
    ],
    [
      `GET ${LIST_PATH}, log level info`,
      String(f.listInfo.rps),
      ms(f.listInfo.p50Ms),
      ms(f.listInfo.p99Ms),
      f.listInfo.ratio.toFixed(2),
      "(info)",
      "",
    ],
  ];
  const header = ["measure", "req/s", "p50", "p99", "ratio", "target", "result"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join("  ")
      .trimEnd();
  log("");
  log(line(header));
  log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) log(line(r));
  log(
    `\napi: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${MEASURE_S} s per measurement, one after another; ` +
      `ratio = req/s over the bare handler's (body ${f.listBytes} bytes).`,
  );
  log(
    "api: the first three rows ran with SVC_LOG_LEVEL=warn (no per-request log line); the last at the default info.",
  );
}

export async function benchApi() {
  const dist = {
    ...(await import(pathToFileURL(join(import.meta.dirname, "..", "dist", "state", "stores.js")).href)),
    ...(await import(pathToFileURL(join(import.meta.dirname, "..", "dist", "state", "paths.js")).href)),
    ...(await import(
      pathToFileURL(join(import.meta.dirname, "..", "dist", "pipeline", "fingerprint.js")).href
    )),
  };
  const root = await tempDir("api");
  const home = await tempDir("api-home");
  const scratch = await tempDir("api-bare");

  log(`api: generating a ${ROWS}-item library`);
  const library = await buildLibrary(root, dist);
  log(
    `  ${library.rows} rows, ${library.tags} tags, ${library.shootDays} shoot days, ${library.folders} folders: ` +
      `database ${seconds(library.dbMs)}, with hard-linked files ${seconds(library.totalMs)}`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log("api: starting svc serve (SVC_LOG_LEVEL=warn) and waiting for its catch-up pass and watcher crawl");
  let daemon = startDaemon({ root, home, port, logLevel: "warn" });
  let bare = null;
  const figures = { rows: ROWS, connections: CONNECTIONS, warmupS: WARMUP_S, measureS: MEASURE_S, library };
  try {
    const t0 = performance.now();
    await waitForHttp(base, daemon, 60_000);
    await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 15 * 60_000);
    await settle(daemon.child.pid, 10 * 60_000);
    figures.readyMs = Math.round(performance.now() - t0);
    log(`  ready ${seconds(figures.readyMs)} after start`);

    const answers = await checkAnswers(base);
    figures.listBytes = answers.listBytes;
    figures.facetsBytes = answers.facetsBytes;
    log(
      `  list answer ${answers.listBytes} bytes; facets answer ${answers.facetsBytes} bytes (${answers.days} days)`,
    );
    const bodyFile = join(scratch, "list.json");
    await writeFile(bodyFile, answers.listText);
    bare = await startBare(bodyFile);
    const bareCheck = await (await fetch(`${bare.url}/api/media`)).text();
    if (Buffer.byteLength(bareCheck) !== answers.listBytes)
      throw new BenchError(
        `bare h3 answers ${Buffer.byteLength(bareCheck)} bytes, the daemon ${answers.listBytes}`,
      );

    log("api: measuring (warn level)");
    figures.bare = await load("bare h3", `${bare.url}/api/media`, bare.child.pid);
    figures.list = await load("list", `${base}${LIST_PATH}`, daemon.child.pid);
    figures.facets = await load("facets", `${base}${FACETS_PATH}`, daemon.child.pid);
    bare.child.kill("SIGTERM");
    await bare.done;
    await stopDaemon(daemon);

    log("api: starting svc serve at the default log level (info)");
    daemon = startDaemon({ root, home, port: 0, logLevel: "info" });
    const listening = await daemon.waitFor("svc listening", (r) => r.msg === "svc listening", 60_000);
    const pass = await daemon.waitFor(
      "ingest pass finished",
      (r) => r.msg === "ingest pass finished",
      15 * 60_000,
    );
    if (pass.unchanged !== ROWS || pass.ingested || pass.failed || pass.skipped)
      throw new BenchError(
        `catch-up pass: expected ${ROWS} unchanged, got unchanged ${pass.unchanged}, ingested ${pass.ingested}, skipped ${pass.skipped}, failed ${pass.failed}`,
      );
    await settle(daemon.child.pid, 10 * 60_000);
    // From here on stdout is only drained, as journald would: parsing 1000s of lines a second in
    // this process would take CPU from autocannon, not from the daemon.
    daemon.state.watching = false;
    const infoBase = String(listening.url).replace(/\/$/, "");
    figures.catchUpUnchanged = pass.unchanged;
    figures.listInfo = await load("list (info)", `${infoBase}${LIST_PATH}`, daemon.child.pid);
    await stopDaemon(daemon);
  } finally {
    for (const proc of [bare, daemon])
      if (proc && proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill("SIGKILL");
  }

  const ratio = (m) => Math.round((m.rps / figures.bare.rps) * 100) / 100;
  figures.list.ratio = ratio(figures.list);
  figures.list.pass = figures.list.ratio >= RATIO_TARGET && figures.list.p99Ms <= LIST_P99_MS;
  figures.facets.ratio = ratio(figures.facets);
  figures.facets.pass = figures.facets.p99Ms <= FACETS_P99_MS;
  figures.listInfo.ratio = ratio(figures.listInfo);
  figures.targets = { ratio: RATIO_TARGET, listP99Ms: LIST_P99_MS, facetsP99Ms: FACETS_P99_MS };
  printTable(figures);
  return figures;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv[2] === "--bare") await serveBare(process.argv[3]);
  else {
    try {
      const figures = await benchApi();
      log(JSON.stringify(figures, null, 2));
    } finally {
      await cleanTemp();
    }
  }
}
