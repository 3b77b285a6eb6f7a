import { copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import {
  BenchError,
  CLI,
  ffmpeg,
  log,
  perKind,
  pool,
  seconds,
  start,
  svcEnv,
  svcIngest,
  tempDir,
} from "./lib.mjs";
import { compileModelHost, startModelHost, stopChild } from "./semantic.mjs";

export const RSS_TARGET_MB = 150;
export const PRE_INGEST_SLOW_MS = 10 * 60_000;
const FILES = 10_000;
const FOLDERS = 100;
const IDLE_MS = 10_000;
const SAMPLES = 10;
// The daemon ingests these itself (its catch-up pass), so its own heap and arenas are what idle holds.
const CLIPS = Number(process.env.BENCH_IDLE_CLIPS || 200);
const CLIP_VARIANTS = 4;
const CLIP_S = 2;

async function buildTree(root, tiny) {
  const perFolder = FILES / FOLDERS;
  const targets = [];
  for (let d = 0; d < FOLDERS; d++) {
    const dir = join(root, `reel-${String(d).padStart(3, "0")}`);
    await mkdir(dir, { recursive: true });
    for (let f = 0; f < perFolder; f++)
      targets.push(join(dir, `still-${String(d * perFolder + f).padStart(5, "0")}.png`));
  }
  await pool(targets, 64, (to) => copyFile(tiny, to));
}

/** VmRSS and VmHWM of the live daemon, in MiB. */
async function memoryOf(daemon) {
  const { child } = daemon;
  let status = "";
  try {
    status = await readFile(`/proc/${child.pid}/status`, "utf8");
  } catch {}
  // A shared machine's test suites may stop stray daemons: say so rather than report nonsense.
  if (!status || child.exitCode !== null || child.signalCode !== null)
    throw new BenchError(
      `svc serve exited while it should have been idling (code ${child.exitCode}, signal ${child.signalCode})`,
    );
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: kb("VmRSS") / 1024, hwmMb: kb("VmHWM") / 1024 };
}

/** `svc serve` with its pino lines parsed, and a way to wait for a given one. */
function startDaemon(root, home, extraEnv = {}) {
  const records = [];
  const waiters = new Set();
  const warnings = [];
  let exited = null;
  const proc = start(CLI, ["serve"], {
    env: readmeEnv({ PROJECT_ROOT: root, SVC_HOME: home, SVC_PORT: "0", SVC_MCP_PORT: "0", ...extraEnv }),
    onLine(line) {
      let record;
      try {
        record = JSON.parse(line);
      } catch {
        return;
      }
      records.push(record);
      if (record.level >= 40) warnings.push(record);
      for (const waiter of waiters) waiter(record);
    },
  });
  const settle = (res) => {
    exited = res;
    for (const waiter of waiters) waiter(null);
  };
  proc.done.then(settle, (error) => settle({ code: null, signal: error.message, stderr: () => "" }));
  const waitFor = (what, predicate, timeoutMs) =>
    new Promise((resolve, reject) => {
      const seen = records.find(predicate);
      if (seen) return resolve(seen);
      const timer = setTimeout(
        () => finish(new BenchError(`svc serve: no "${what}" after ${seconds(timeoutMs)}`)),
        timeoutMs,
      );
      const finish = (error, record) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        error ? reject(error) : resolve(record);
      };
      const waiter = (record) => {
        if (record === null)
          finish(
            new BenchError(
              `svc serve exited ${exited.code ?? exited.signal} before "${what}": ${exited.stderr().trim().slice(-1500)}`,
            ),
          );
        else if (predicate(record)) finish(null, record);
      };
      if (exited) return waiter(null);
      waiters.add(waiter);
    });
  return { child: proc.child, done: proc.done, waitFor, warnings, records };
}

/**
 * The environment of `svc serve` started as the README says: nothing the systemd unit adds
 * (MALLOC_ARENA_MAX), so the figure is what a user running it by hand gets.
 */
function readmeEnv(extra) {
  const env = svcEnv(extra);
  delete env.MALLOC_ARENA_MAX;
  delete env.GLIBC_TUNABLES;
  return env;
}

/** RSS of the daemon every 250 ms until `stop` resolves: the peak a user's machine has to hold. */
function rssSampler(daemon) {
  let peakMb = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      try {
        peakMb = Math.max(peakMb, (await memoryOf(daemon)).rssMb);
      } catch {
        return;
      }
      await sleep(250);
    }
  })();
  return async () => {
    running = false;
    await done;
    return peakMb;
  };
}

async function buildClips(root) {
  const variants = [];
  const fixtures = await tempDir("idle-clip-fixtures");
  for (let v = 0; v < CLIP_VARIANTS; v++) {
    const file = join(fixtures, `v${v}.mp4`);
    await ffmpeg([
      ...["-f", "lavfi", "-i", `testsrc2=s=1920x1080:r=25:d=${CLIP_S},hue=h=${v * 80}`],
      ...["-f", "lavfi", "-i", `sine=f=${330 + 110 * v}:d=${CLIP_S}`],
      ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", file],
    ]);
    variants.push(file);
  }
  const targets = [];
  for (let i = 0; i < CLIPS; i++) {
    const dir = join(root, `card-${String(Math.floor(i / 20)).padStart(2, "0")}`);
    await mkdir(dir, { recursive: true });
    targets.push([variants[i % CLIP_VARIANTS], join(dir, `clip-${String(i).padStart(4, "0")}.mp4`)]);
  }
  await pool(targets, 16, ([from, to]) => copyFile(from, to));
}

/**
 * The two clip passes: every stage svc runs on a clip (the model-host test server answering vision
 * and embeddings, pocketsphinx transcribing), as measured from outside; and decoding only (no
 * model host, no speech recognition), the pass this bench measured before issue 27.
 */
const CLIP_PIPELINES = {
  full: { label: "full pipeline (test model host, pocketsphinx)", asr: "pocketsphinx", modelHost: true },
  decode: { label: "no model host, no speech recognition", asr: "none", modelHost: false },
};

/** Items each stage finished for, and the vectors stored: proof that a pass ran what it claims. */
function stagesRun(root) {
  const db = new Database(join(root, ".svc", "library.db"), { readonly: true, fileMustExist: true });
  try {
    const done = {};
    for (const { stage, n } of db
      .prepare(
        "SELECT stage, count(*) AS n FROM media_stages WHERE status = 'done' GROUP BY stage ORDER BY stage",
      )
      .all())
      done[stage] = n;
    done.vectors = db.prepare("SELECT count(*) AS n FROM vectors").get().n;
    return done;
  } finally {
    db.close();
  }
}

/** Both clip passes, the full pipeline first; BENCH_IDLE_PIPELINES=full (or decode) runs one. */
export async function benchIdleAfterClipPasses() {
  const asked = (process.env.BENCH_IDLE_PIPELINES ?? "").split(",").filter(Boolean);
  const unknown = asked.filter((name) => !Object.hasOwn(CLIP_PIPELINES, name));
  if (unknown.length)
    throw new BenchError(
      `BENCH_IDLE_PIPELINES: unknown ${unknown.join(", ")} (known: ${Object.keys(CLIP_PIPELINES).join(", ")})`,
    );
  const passes = [];
  for (const name of asked.length ? asked : Object.keys(CLIP_PIPELINES))
    passes.push(await benchIdleAfterClips(name));
  return passes;
}

/**
 * `svc serve` ingests CLIPS 1080p clips in its catch-up pass, then idles: peak RSS during the pass
 * and idle RSS after it. Decode and image threads grow glibc's per-thread arenas; what svc does
 * about that (adapters/images.ts) shows here, not under the systemd unit's MALLOC_ARENA_MAX.
 */
export async function benchIdleAfterClips(pipelineName = "full") {
  const pipeline = CLIP_PIPELINES[pipelineName];
  const root = await tempDir("idle-clips");
  const home = await tempDir("idle-clips-home");
  await buildClips(root);
  log(
    `idle: ${CLIPS} clips (1080p, ${CLIP_S} s) written; svc serve ingests them (${pipeline.label}), then idles`,
  );
  let host = null;
  if (pipeline.modelHost) {
    await compileModelHost();
    host = await startModelHost();
  }
  const daemon = startDaemon(root, home, {
    SVC_ASR: pipeline.asr,
    OLLAMA_HOST: host?.url ?? "http://127.0.0.1:9",
  });
  const started = performance.now();
  try {
    await daemon.waitFor("svc listening", (r) => r.msg === "svc listening", 60_000);
    const peak = rssSampler(daemon);
    const pass = await daemon.waitFor(
      "ingest pass finished",
      (r) => r.msg === "ingest pass finished",
      60 * 60_000,
    );
    const passPeakMb = await peak();
    const passMs = performance.now() - started;
    if (pass.ingested !== CLIPS || pass.failed)
      throw new BenchError(
        `clip pass: expected ${CLIPS} ingested, got ${pass.ingested} (failed ${pass.failed})`,
      );
    const afterPass = await memoryOf(daemon);
    log(
      `  pass done in ${seconds(passMs)}, peak VmRSS ${passPeakMb.toFixed(1)} MB; idling ${seconds(IDLE_MS)}`,
    );
    await sleep(IDLE_MS);
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) {
      samples.push(await memoryOf(daemon));
      if (i < SAMPLES - 1) await sleep(1000);
    }
    const maxRssMb = Math.max(...samples.map((m) => m.rssMb));
    log(`  idle VmRSS max ${maxRssMb.toFixed(1)} MB (VmHWM ${afterPass.hwmMb.toFixed(1)} MB)`);
    daemon.child.kill("SIGTERM");
    const exit = await Promise.race([daemon.done, sleep(30_000, null, { ref: false })]);
    if (!exit) throw new BenchError("svc serve did not exit within 30 s of SIGTERM");
    const stages = stagesRun(root);
    log(
      `  stages done: ${Object.entries(stages)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    if (pipeline.modelHost && !(stages.vectors > 0 && stages.vision > 0))
      throw new BenchError(`full pipeline: the model host's stages did not run (${JSON.stringify(stages)})`);
    const round1 = (n) => Math.round(n * 10) / 10;
    return {
      pipeline: pipelineName,
      stages,
      label: pipeline.label,
      clips: CLIPS,
      passMs: Math.round(passMs),
      passPeakRssMb: round1(Math.max(passPeakMb, afterPass.hwmMb)),
      rssAfterPassMb: round1(afterPass.rssMb),
      rssSamplesMb: samples.map((m) => round1(m.rssMb)),
      maxRssMb: round1(maxRssMb),
      rssTargetMb: RSS_TARGET_MB,
      rssPass: maxRssMb <= RSS_TARGET_MB,
      exitCode: exit.code,
    };
  } finally {
    if (daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill("SIGKILL");
    await stopChild(host);
  }
}

/** Idle memory after a catch-up over 10,000 unchanged stills, then after the daemon ingested CLIPS clips. */
export async function benchIdleMemory(corpus) {
  const afterStills = await idleAfterStills(corpus);
  return { ...afterStills, afterClips: await benchIdleAfterClipPasses() };
}

export async function idleAfterStills(corpus) {
  const root = await tempDir("idle");
  const home = await tempDir("idle-home");
  const t0 = performance.now();
  await buildTree(root, corpus.tiny.abs);
  log(`idle: ${FILES} tiny PNGs in ${FOLDERS} folders written in ${seconds(performance.now() - t0)}`);

  log("idle: pre-ingesting the tree with svc ingest (SVC_INGEST_HALT_STREAK=0)");
  let lastReport = performance.now();
  const pre = await svcIngest({
    label: "idle pre-ingest",
    root,
    home,
    expected: FILES,
    env: { SVC_INGEST_HALT_STREAK: "0" },
    timeoutMs: 90 * 60_000,
    onFile(count) {
      if (count % 1000 === 0 || performance.now() - lastReport > 60_000) {
        lastReport = performance.now();
        log(`  ${count}/${FILES} files (${seconds(performance.now() - t0)})`);
      }
    },
  });
  const preRate = FILES / (pre.wallMs / 1000);
  log(`  pre-ingest took ${seconds(pre.wallMs)} (${preRate.toFixed(1)} files/s)`);
  if (pre.wallMs > PRE_INGEST_SLOW_MS) log(`  pre-ingest is slow: over ${seconds(PRE_INGEST_SLOW_MS)}`);

  // The 10,000 file events just parsed are garbage: drop them before measuring a neighbour's memory.
  globalThis.gc?.();
  log("idle: starting svc serve and waiting for its catch-up pass");
  const daemon = startDaemon(root, home);
  const started = performance.now();
  try {
    await daemon.waitFor("svc listening", (r) => r.msg === "svc listening", 60_000);
    const listeningMs = performance.now() - started;
    const pass = await daemon.waitFor(
      "ingest pass finished",
      (r) => r.msg === "ingest pass finished",
      15 * 60_000,
    );
    const catchUpMs = performance.now() - started;
    if (pass.unchanged !== FILES || pass.ingested || pass.failed || pass.skipped)
      throw new BenchError(
        `catch-up pass: expected ${FILES} unchanged, got unchanged ${pass.unchanged}, ingested ${pass.ingested}, skipped ${pass.skipped}, failed ${pass.failed}`,
      );
    const afterPass = await memoryOf(daemon);
    log(`  catch-up done ${seconds(catchUpMs)} after start; idling ${seconds(IDLE_MS)}`);
    await sleep(IDLE_MS);
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) {
      samples.push(await memoryOf(daemon));
      if (i < SAMPLES - 1) await sleep(1000);
    }
    const maxRssMb = Math.max(...samples.map((s) => s.rssMb));
    log(`  VmRSS max ${maxRssMb.toFixed(1)} MB over ${SAMPLES} samples`);

    daemon.child.kill("SIGTERM");
    const stopT0 = performance.now();
    const exit = await Promise.race([daemon.done, sleep(30_000, null, { ref: false })]);
    if (!exit) throw new BenchError("svc serve did not exit within 30 s of SIGTERM");
    if (exit.code !== 0)
      throw new BenchError(
        `svc serve exited ${exit.code ?? exit.signal} on SIGTERM: ${exit.stderr().trim().slice(-1500)}`,
      );
    const round1 = (n) => Math.round(n * 10) / 10;
    return {
      files: FILES,
      folders: FOLDERS,
      preIngest: {
        wallMs: Math.round(pre.wallMs),
        passMs: pre.summary.elapsed_ms,
        cpuS: pre.cpuS,
        otherLoad: pre.otherLoad,
        filesPerSec: round1(preRate),
        slow: pre.wallMs > PRE_INGEST_SLOW_MS,
        perKind: perKind(pre.files),
      },
      listeningMs: Math.round(listeningMs),
      catchUpMs: Math.round(catchUpMs),
      rssAfterCatchUpMb: round1(afterPass.rssMb),
      rssSamplesMb: samples.map((s) => round1(s.rssMb)),
      maxRssMb: round1(maxRssMb),
      peakHwmMb: round1(Math.max(...samples.map((s) => s.hwmMb))),
      rssTargetMb: RSS_TARGET_MB,
      rssPass: maxRssMb <= RSS_TARGET_MB,
      stopMs: Math.round(performance.now() - stopT0),
      exitCode: exit.code,
      // Passes after the catch-up one mean something woke the daemon while it should have idled.
      extraPasses: daemon.records.filter((r) => r.msg === "ingest pass finished").length - 1,
      warnings: daemon.warnings.slice(0, 10).map((w) => w.msg),
    };
  } finally {
    if (daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill("SIGKILL");
  }
}
