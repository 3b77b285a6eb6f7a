import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { extname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";

export const REPO = join(import.meta.dirname, "..");
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
  const res = await run(process.execPath, [CLI, "ingest", "--progress", "json"], {
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
