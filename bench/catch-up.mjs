// Usage: npm run bench -- catch-up   (or node bench/run.mjs catch-up after `npm run build`)
// The catch-up pass over a library whose files are all ingested and unchanged (stat only, no
// hashing): 200,000 items (BENCH_CATCHUP_FILES to change it) built once through the production
// schema (bench/lib.mjs buildLibrary: a real file per row, size and mtime matching it) and cached
// under bench/.corpus/catch-up/. Then `svc ingest` of the unchanged tree and the start-up pass of
// a real `svc serve`, each with its files/s and the process's peak RSS (VmHWM).
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  BenchError,
  buildLibrary,
  CLI,
  freePort,
  libraryDist,
  log,
  processTicks,
  seconds,
  start,
  startDaemon,
  statTicks,
  stopDaemon,
  svcEnv,
  tempDir,
} from "./lib.mjs";

const FILES = Number(process.env.BENCH_CATCHUP_FILES || 200_000);
export const CATCH_UP_TARGET = 20_000;
const CACHE = join(import.meta.dirname, ".corpus", "catch-up", String(FILES));
// No model host: a pass over unchanged files asks none, and a bench must not reach a real one.
const NO_MODEL_HOST = { OLLAMA_HOST: "http://127.0.0.1:9", SVC_MODEL_HOSTS: "" };

/** The cached library, built on first use; its build record says how long that took. */
async function library() {
  const root = join(CACHE, "root");
  const record = join(CACHE, "built.json");
  if (existsSync(record)) return { root, built: JSON.parse(await readFile(record, "utf8")), cached: true };
  await rm(CACHE, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  log(`  building a ${FILES}-item library (cached for later runs) …`);
  const built = await buildLibrary(root, await libraryDist(), { rows: FILES });
  await writeFile(record, JSON.stringify(built));
  return { root, built, cached: false };
}

/** VmHWM (peak RSS) of a live process, in MiB; null once it has gone. */
async function peakRssMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
  } catch {
    return null;
  }
}

/** CPU ticks of a process's main thread (its JavaScript), 0 once it has gone. */
const mainThreadTicks = (pid) => statTicks(`/proc/${pid}/task/${pid}/stat`);

/**
 * Samples a process's VmHWM and CPU time until it exits: the last readings are its peak and (to
 * within 100 ms) the CPU it used, which says more than wall time on a machine others share.
 */
function peakSampler(pid) {
  let peak = 0;
  let ticks = 0;
  let mainTicks = 0;
  const timer = setInterval(async () => {
    const now = await peakRssMb(pid);
    if (now !== null) peak = Math.max(peak, now);
    ticks = Math.max(ticks, processTicks(pid));
    mainTicks = Math.max(mainTicks, mainThreadTicks(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return { peakMb: peak, cpuS: ticks / 100, mainCpuS: mainTicks / 100 };
  };
}

/** `svc ingest --progress json` of the unchanged tree: every file must land unchanged. */
async function ingestPass(root, home) {
  let summary = null;
  const proc = start(CLI, ["ingest", "--progress", "json"], {
    env: svcEnv({ PROJECT_ROOT: root, SVC_HOME: home, SVC_LOG_LEVEL: "warn", ...NO_MODEL_HOST }),
    timeoutMs: 30 * 60_000,
    onLine(line) {
      if (!line.includes('"summary"')) return;
      try {
        const event = JSON.parse(line);
        if (event.event === "summary") summary = event;
      } catch {}
    },
  });
  const sampler = peakSampler(proc.child.pid);
  const res = await proc.done;
  const { peakMb, cpuS, mainCpuS } = sampler();
  if (res.code !== 0 || !summary || summary.unchanged !== FILES)
    throw new BenchError(
      `svc ingest of the unchanged tree: exit ${res.code ?? res.signal}, ${summary ? `unchanged ${summary.unchanged} of ${FILES}, ingested ${summary.ingested}, failed ${summary.failed}, missing ${summary.missing}` : "no summary"}: ${res.stderr().trim().slice(-1500)}`,
    );
  return { passMs: summary.elapsed_ms, wallMs: res.wallMs, peakMb, cpuS, mainCpuS };
}

/** A real `svc serve` started on the library: its catch-up pass, as its log reports it. */
async function servePass(root, home) {
  const port = await freePort();
  const daemon = startDaemon({ root, home, port, logLevel: "info", env: NO_MODEL_HOST });
  const started = performance.now();
  try {
    const finished = await daemon.waitFor(
      "ingest pass finished",
      (r) => r.msg === "ingest pass finished",
      30 * 60_000,
    );
    const wallMs = performance.now() - started;
    const peakMb = await peakRssMb(daemon.child.pid);
    // The daemon's CPU from its start: start-up, the pass and the idle rest are all in it.
    const cpuS = processTicks(daemon.child.pid) / 100;
    const mainCpuS = mainThreadTicks(daemon.child.pid) / 100;
    if (finished.unchanged !== FILES)
      throw new BenchError(`svc serve's catch-up: unchanged ${finished.unchanged} of ${FILES}`);
    return { passMs: finished.elapsed_ms, wallMs, peakMb, cpuS, mainCpuS };
  } finally {
    await stopDaemon(daemon);
  }
}

export async function benchCatchUp() {
  const t0 = performance.now();
  const { root, built, cached } = await library();
  log(
    `  library: ${built.rows} items in ${built.folders} folders, built in ${seconds(built.totalMs)}${cached ? " (cached)" : ""}`,
  );
  if (!cached) log(`  built in ${seconds(performance.now() - t0)}`);
  const ingest = await ingestPass(root, await tempDir("catch-up-home"));
  log(`  svc ingest: ${seconds(ingest.passMs)} pass, peak RSS ${Math.round(ingest.peakMb)} MB`);
  const serve = await servePass(root, await tempDir("catch-up-home"));
  log(`  svc serve: ${seconds(serve.passMs)} pass, peak RSS ${Math.round(serve.peakMb)} MB`);
  return { files: FILES, built, ingest, serve };
}

const rate = (ms) => Math.round(FILES / (ms / 1000));

/** Microseconds of CPU per file. */
const perFile = (cpuS) => Math.round((cpuS * 1e6) / FILES);

export function catchUpRows(f) {
  const verdict = (ms) => (rate(ms) >= CATCH_UP_TARGET ? "PASS" : "FAIL");
  const row = (label, pass) => [
    `catch-up over ${f.files} unchanged files: ${label}`,
    `${rate(pass.passMs)} files/s (${seconds(pass.passMs)} pass, ${seconds(pass.wallMs)} wall; ${perFile(pass.cpuS)} µs CPU per file, ${perFile(pass.mainCpuS)} µs of it on the main thread), peak RSS ${Math.round(pass.peakMb)} MB`,
    pass.cpuS.toFixed(1),
    "",
    "",
    `≥ ${CATCH_UP_TARGET} files/s`,
    verdict(pass.passMs),
  ];
  return [row("svc ingest", f.ingest), row("svc serve's start-up pass", f.serve)];
}
