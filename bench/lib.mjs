import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { link, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import { dirname, extname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

export const REPO = join(import.meta.dirname, "..");
// Run as a program, as `svc` runs: its first line chooses the interpreter and its flags.
export const CLI = join(REPO, "dist", "cli", "main.js");
export const FFMPEG = process.env.SVC_FFMPEG || "ffmpeg";

/** A run that did not do what it should: the bench exits non-zero. A missed target is not one. */
export class BenchError extends Error {
  constructor(message) {
    super(message);
    this.name = "BenchError";
  }
}

/** The ffmpeg concurrency svc itself will use, so the floor is measured on equal terms. */
export function cpuConcurrency() {
  const raw = (process.env.SVC_CPU_CONCURRENCY ?? "").trim();
  if (/^\d+$/.test(raw) && Number(raw) >= 1) return Number(raw);
  return Math.max(1, availableParallelism());
}

export const log = (message) => process.stdout.write(`${message}\n`);

/** Prints rows of strings as a table with padded columns under `header`. */
export function printRows(header, rows) {
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
}

/** A module of the build (`dist/<path>`, e.g. "state/stores.js"). */
export const importDist = (path) => import(pathToFileURL(join(REPO, "dist", path)).href);

/** The host leases a bench's in-process context keeps, as `svc` builds them for `config`. */
export async function benchHosts(config) {
  const { ProjectHosts } = await importDist("library/hosting/project-hosts.js");
  const { hostIdentitySync } = await importDist("adapters/host-identity.js");
  return new ProjectHosts({
    config,
    identity: hostIdentitySync(config.machineId, config.home),
    process: "svc bench",
  });
}

/** What `buildLibrary` needs from the build. */
export async function libraryDist() {
  return {
    ...(await importDist("state/stores.js")),
    ...(await importDist("state/paths.js")),
    ...(await importDist("state/derived-files.js")),
    ...(await importDist("pipeline/fingerprint.js")),
    ...(await importDist("pipeline/stages/proxy.js")),
  };
}
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `fn` over `items` with at most `limit` in flight; rejects on the first failure. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// USER_HZ: fixed at 100 on Linux, the unit of both /proc/stat and /proc/<pid>/stat.
const TICK = 100;

function cpuTicks() {
  const fields = readFileSync("/proc/stat", "utf8")
    .split("\n", 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields;
  const self = readFileSync("/proc/self/stat", "utf8");
  // Fields after "(comm)": index 0 is field 3 (state), so utime..cstime (14..17) are 11..14.
  const [utime, stime, cutime, cstime] = self
    .slice(self.lastIndexOf(")") + 2)
    .split(" ")
    .slice(11, 15)
    .map(Number);
  return {
    machine: user + nice + system + irq + softirq + steal,
    self: utime + stime,
    children: cutime + cstime,
    at: performance.now(),
  };
}

/** The machine's 1-minute load average, to print beside a figure taken now. */
export const loadAverage = () => Math.round(loadavg()[0] * 100) / 100;

/**
 * Starts measuring; the returned function reports the CPU seconds of this process's finished
 * children (svc and the ffmpeg it waited for) and the share of the machine that other processes
 * took meanwhile. Other engineers' tests on a shared box inflate wall times; this makes it visible.
 */
export function cpuMeter() {
  const a = cpuTicks();
  return () => {
    const b = cpuTicks();
    const wallS = (b.at - a.at) / 1000;
    const childrenS = (b.children - a.children) / TICK;
    const ownS = childrenS + (b.self - a.self) / TICK;
    const foreignS = (b.machine - a.machine) / TICK - ownS;
    const share = wallS > 0 ? foreignS / (wallS * cpus().length) : 0;
    return {
      cpuS: Math.round(childrenS * 10) / 10,
      otherLoad: Math.round(Math.min(1, Math.max(0, share)) * 100) / 100,
      loadAvg: loadAverage(),
    };
  };
}

const children = new Set();
// A bench interrupted half-way must not leave a daemon or an ffmpeg behind.
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Spawns a program (no shell) and hands each stdout line to `onLine`. Resolves when it has exited
 * and its output is drained; the wall time covers the whole process, start-up included.
 */
export function start(cmd, args, { env, onLine, timeoutMs } = {}) {
  const started = performance.now();
  const child = spawn(cmd, args, { env: env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let stderr = "";
  let timedOut = false;
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-8000);
  });
  if (onLine)
    createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY }).on("line", onLine);
  else child.stdout.resume();
  const timer = timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        child.kill("SIGKILL");
      }, timeoutMs)
    : null;
  const done = new Promise((resolve, reject) => {
    child.once("error", (error) => {
      children.delete(child);
      clearTimeout(timer);
      reject(new BenchError(`cannot run ${cmd}: ${error.message}`));
    });
    child.once("close", (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      resolve({ code, signal, timedOut, wallMs: performance.now() - started, stderr: () => stderr });
    });
  });
  return { child, done };
}

export const run = (cmd, args, options) => start(cmd, args, options).done;

/** Runs ffmpeg and fails loudly when it does. */
export async function ffmpeg(args, timeoutMs = 20 * 60_000) {
  const res = await run(FFMPEG, ["-hide_banner", "-nostdin", "-v", "error", "-y", ...args], { timeoutMs });
  if (res.code !== 0) {
    throw new BenchError(
      `ffmpeg ${res.timedOut ? "timed out" : `exited ${res.code ?? res.signal}`}: ${res.stderr().trim().slice(-1500)}\n  args: ${args.join(" ")}`,
    );
  }
  return res;
}

const tempDirs = new Set();

export async function tempDir(label) {
  const dir = await mkdtemp(join(tmpdir(), `svc-bench-${label}-`));
  tempDirs.add(dir);
  return dir;
}

/** Set BENCH_KEEP=1 to keep the temporary roots (with their .svc/library.db) for a closer look. */
export async function cleanTemp() {
  if (process.env.BENCH_KEEP === "1") {
    for (const dir of tempDirs) log(`  kept ${dir}`);
    tempDirs.clear();
    return;
  }
  await Promise.all([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs.clear();
}

/** svc's environment: the caller's (SVC_FFMPEG and the like still apply) plus the run's own. */
export function svcEnv(extra) {
  return { ...process.env, SVC_CPU_CONCURRENCY: String(cpuConcurrency()), SVC_LOG_LEVEL: "info", ...extra };
}

const KIND = { video: /^(mp4|mov|mkv)$/, audio: /^(wav|m4a)$/, image: /^(png|jpe?g|webp|gif|svg)$/ };

export function kindOf(path) {
  const ext = extname(path).slice(1).toLowerCase();
  return Object.keys(KIND).find((kind) => KIND[kind].test(ext)) ?? "other";
}

/**
 * One `svc ingest --progress json` pass over a fresh root. Anything short of every file
 * ingested with exit 0 is a broken run.
 */
export async function svcIngest({ label, root, home, expected, env = {}, timeoutMs, onFile }) {
  const files = [];
  const noise = [];
  let summary = null;
  const cpu = cpuMeter();
  const res = await run(CLI, ["ingest", "--progress", "json"], {
    env: svcEnv({ PROJECT_ROOT: root, SVC_HOME: home, ...env }),
    timeoutMs,
    onLine(line) {
      let event;
      try {
        event = JSON.parse(line);
      } catch {
        noise.push(line);
        return;
      }
      if (event.event === "file") {
        files.push({
          path: event.path,
          stage: event.stage,
          status: event.status,
          elapsedMs: event.elapsed_ms,
          reason: event.reason,
        });
        onFile?.(files.length);
      } else if (event.event === "summary") summary = event;
    },
  });
  const problems = [];
  if (res.timedOut) problems.push(`timed out after ${seconds(timeoutMs)}`);
  if (res.code !== 0) problems.push(`exited ${res.code ?? res.signal}`);
  if (!summary) problems.push("printed no summary");
  else {
    if (summary.exit_code !== 0) problems.push(`summary exit_code ${summary.exit_code}`);
    if (summary.ingested !== expected)
      problems.push(
        `ingested ${summary.ingested} of ${expected} (unchanged ${summary.unchanged}, skipped ${summary.skipped}, failed ${summary.failed})`,
      );
    if (!summary.reconciled) problems.push(`reconciliation: ${summary.problems.join("; ")}`);
  }
  if (problems.length) {
    const failed = files
      .filter((f) => f.status !== "ingested")
      .slice(0, 10)
      .map((f) => `    ${f.path}: ${f.status} at ${f.stage}${f.reason ? ` (${f.reason})` : ""}`);
    throw new BenchError(
      [
        `svc ingest (${label}) broke: ${problems.join(", ")}`,
        ...failed,
        ...noise.slice(0, 5).map((l) => `    stdout: ${l}`),
        `    stderr: ${res.stderr().trim().slice(-1500) || "(empty)"}`,
      ].join("\n"),
    );
  }
  return { wallMs: res.wallMs, ...cpu(), summary, files };
}

/** Per-kind count, mean and max of per-file elapsed_ms (queue waits included, as svc reports it). */
export function perKind(files) {
  const out = {};
  for (const file of files) {
    const kind = kindOf(file.path);
    const k = out[kind] ?? { count: 0, meanMs: 0, maxMs: 0, sumMs: 0 };
    k.count += 1;
    k.sumMs += file.elapsedMs;
    k.maxMs = Math.max(k.maxMs, file.elapsedMs);
    out[kind] = k;
  }
  for (const k of Object.values(out)) {
    k.meanMs = Math.round(k.sumMs / k.count);
    delete k.sumMs;
  }
  return out;
}

// ext4 allows 65,000 links to one inode: the placeholder files are spread over this many originals.
const ORIGINALS = 10;
// A valid 1×1 PNG. The files only have to exist with a known size, mtime and fingerprint.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A seeded generator, so every run measures the same library. */
export function random(seed) {
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
 * A library of `rows` items (100,000 unless told) in `root`, as if every item had been ingested
 * (status done, thumbnail recorded, and a playback proxy for every item a browser cannot play,
 * as the proxy stage leaves it: otherwise the daemon's catch-up pass would encode thousands
 * of them before anything could be measured). Every row gets a real file: a hard link to one of a few tiny PNGs, with size, mtime
 * and fingerprint in the row matching it. So the daemon's catch-up pass counts every item
 * unchanged and the list shows a present library, as a user's would be. (Letting the pass flag
 * 100,000 rows missing would list the same rows at the same cost, but measure an odd library;
 * a row without a file on disk is never what a user has.) Rows go in through the production
 * schema and its triggers, so the FTS table and the shoot-day counts are what ingest would leave.
 * `decorate(item)` may change an item's columns before it is written; it must not draw from this
 * library's generator, so the rest of the library stays the same with or without it.
 */
export async function buildLibrary(root, dist, { rows = 100_000, decorate } = {}) {
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
  const items = Array.from({ length: rows }, (_, i) => {
    const item = makeItem(i + 1, rand, shootDays, originals[i % ORIGINALS]);
    decorate?.(item);
    return item;
  });

  const store = dist.openLibrary(root);
  try {
    const insertMedia = store.db.prepare(
      `INSERT INTO media (${COLUMNS.join(", ")}, next_stage, status)
       VALUES (${COLUMNS.map((c) => `@${c}`).join(", ")}, 'done', 'done')`,
    );
    const insertTag = store.db.prepare(
      "INSERT INTO tags (media_id, name, source, created_at) VALUES (?, ?, ?, ?)",
    );
    const insertProxyStage = store.db.prepare(
      "INSERT INTO media_stages (media_id, stage, status, started_at, elapsed_ms) VALUES (?, 'proxy', 'done', ?, 0)",
    );
    // The waveform peaks and scrub sprites ingest makes today, recorded as tried: otherwise the
    // catch-up pass would backfill them for 100,000 items before anything could be measured.
    const insertTriedStage = store.db.prepare(
      `INSERT INTO media_stages (media_id, stage, status, detail, started_at, elapsed_ms)
         VALUES (?, ?, 'skipped', 'bench library', ?, 0)`,
    );
    const proxied = [];
    let tags = 0;
    store.db.transaction(() => {
      for (const item of items) {
        insertMedia.run(item);
        if (item.kind !== "image" && item.audio_tracks > 0)
          insertTriedStage.run(item.id, "waveform", item.created_at);
        if (item.kind === "video") insertTriedStage.run(item.id, "sprite", item.created_at);
        if (dist.proxyReason({ ...item, path: item.rel_path }) !== null) {
          insertProxyStage.run(item.id, item.created_at);
          proxied.push(item.id);
        }
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
    if (facts.media !== rows || facts.fts !== rows || facts.counted !== rows)
      throw new BenchError(`library build: expected ${rows} rows everywhere, got ${JSON.stringify(facts)}`);
    store.db.pragma("wal_checkpoint(TRUNCATE)");
    const dbMs = performance.now() - t0;

    const dirs = new Set(items.map((item) => dirname(join(root, item.rel_path))));
    for (const dir of dirs) await mkdir(dir, { recursive: true });
    await pool(items, 64, (item, i) => link(originals[i % ORIGINALS].file, join(root, item.rel_path)));
    // Proxies are only looked for, never played here: a few placeholder files stand for them all
    // (a few, as ext4 allows an inode 65,000 links).
    const proxies = [];
    for (let i = 0; i < ORIGINALS; i++) {
      const proxy = join(root, ".svc-bench-originals", `proxy-${i}.mp4`);
      await writeFile(proxy, "placeholder playback proxy");
      proxies.push(proxy);
    }
    await mkdir(store.paths.proxies, { recursive: true });
    await pool(proxied, 64, (id, i) => link(proxies[i % ORIGINALS], dist.proxyFile(store.paths, id)));
    return {
      rows,
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
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const processTicks = (pid) => statTicks(`/proc/${pid}/stat`);

/** User and system CPU ticks from a /proc stat file (a process's or one thread's), 0 once it has gone. */
export function statTicks(file) {
  try {
    const text = readFileSync(file, "utf8");
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

export function machineTicks() {
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
export function serverMeter(pid) {
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
      loadAvg: loadAverage(),
    };
  };
}

/** Waits until `pid` has used at most 2% of a core for two seconds running (watcher crawl done). */
export async function settle(pid, timeoutMs) {
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
export async function catchUpThroughSlot(registryDb, daemon, timeoutMs) {
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
export function startDaemon({ root, home, port, logLevel, env = {} }) {
  const records = [];
  const waiters = new Set();
  const state = { watching: true };
  const proc = start(CLI, ["serve"], {
    env: svcEnv({
      PROJECT_ROOT: root,
      SVC_HOME: home,
      SVC_PORT: String(port),
      SVC_MCP_PORT: "0",
      SVC_LOG_LEVEL: logLevel,
      ...env,
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

export async function stopDaemon(daemon) {
  if (daemon.child.exitCode !== null || daemon.child.signalCode !== null) return;
  daemon.child.kill("SIGTERM");
  const exit = await Promise.race([daemon.done, sleep(30_000, null, { ref: false })]);
  if (!exit) {
    daemon.child.kill("SIGKILL");
    throw new BenchError("svc serve did not exit within 30 s of SIGTERM");
  }
}

export async function waitForHttp(url, daemon, timeoutMs) {
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

/**
 * A live process's proportional and resident set sizes in MiB, from /proc/<pid>/smaps_rollup: PSS
 * counts a page shared by N mappings as 1/N, where RSS counts it once per mapping.
 */
export function memoryOf(pid) {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? Number.NaN);
  return { pssMb: Math.round(kb("Pss") / 102.4) / 10, rssMb: Math.round(kb("Rss") / 102.4) / 10 };
}
