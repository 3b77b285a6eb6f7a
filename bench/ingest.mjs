import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { basename, join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  BenchError,
  cpuConcurrency,
  cpuMeter,
  FFMPEG,
  ffmpeg,
  log,
  perKind,
  pool,
  printRows,
  run,
  seconds,
  svcIngest,
  tempDir,
} from "./lib.mjs";
import { compileModelHost, startModelHost, stopChild } from "./semantic.mjs";

// Against the plain-decode floor of the same clips in the same run (issue 9, item 4).
export const RATIO_TARGET = 1.3;
const MODELHOST_RATIO_TARGET = 1.5;
const LONG_RATIO_TARGET = 1.15;
const CPU_RATIO_TARGET = 1.3;
const SVC_TIMEOUT_MS = 30 * 60_000;
const SHORT_CLIPS = 6;
const SHORT_S = 10;
// `svc ingest` of an empty folder, this many times: the fixed cost of a pass, apart from the clips.
const STARTUP_RUNS = 10;
export const STARTUP_TARGET_MS = 250;
const LONG_CLIPS = 3;
const LONG_PARTS = 3;
// Nothing listens on the discard port: "no model host" without waiting on a timeout.
const NO_MODEL_HOST = "http://127.0.0.1:9";

const round3 = (n) => Math.round(n * 1000) / 1000;
const load1 = () => Math.round(loadavg()[0] * 100) / 100;
const timing = ({ wallMs, cpuS, otherLoad, load }) => ({ wallMs: Math.round(wallMs), cpuS, otherLoad, load });
const describe = (r) =>
  `${seconds(r.wallMs)} wall, ${r.cpuS} CPU-s, other processes took ${Math.round(r.otherLoad * 100)}% of the machine, load ${r.load.start} → ${r.load.end}`;

/** The 1-minute load average before and after `fn`, beside what it measured. */
async function withLoad(fn) {
  const start = load1();
  const result = await fn();
  return { ...result, load: { start, end: load1() } };
}

async function copyInto(root, sub, files) {
  const dir = join(root, sub);
  await mkdir(dir, { recursive: true });
  return Promise.all(
    files.map(async (f) => {
      const to = join(dir, basename(f.abs));
      await copyFile(f.abs, to);
      return to;
    }),
  );
}

/** Plain decodes of every clip, as many at once as svc runs ffmpeg jobs: the cost svc cannot beat. */
async function floor(clips, concurrency) {
  const cpu = cpuMeter();
  const t0 = performance.now();
  await pool(clips, concurrency, async (clip) => {
    const res = await run(FFMPEG, ["-hide_banner", "-nostdin", "-i", clip, "-f", "null", "-"], {
      timeoutMs: 10 * 60_000,
    });
    if (res.code !== 0)
      throw new BenchError(`floor decode of ${clip} failed: ${res.stderr().trim().slice(-800)}`);
  });
  return { wallMs: performance.now() - t0, ...cpu() };
}

/** The first `SHORT_S` seconds of corpus clips, cut without re-encoding (each starts on a key frame). */
async function shortClips(corpus, dir) {
  await mkdir(dir, { recursive: true });
  return Promise.all(
    corpus.clips.slice(0, SHORT_CLIPS).map(async (clip) => {
      const out = join(dir, basename(clip.abs));
      await ffmpeg(["-i", clip.abs, "-t", String(SHORT_S), "-map", "0", "-c", "copy", out]);
      return out;
    }),
  );
}

/**
 * Six 10-second 1080p25 clips of a moving test pattern with a tone, as the outside measurement
 * used: quick to decode (no grain), so svc's fixed costs weigh against the floor as they did there.
 */
async function patternClips(dir) {
  await mkdir(dir, { recursive: true });
  return Promise.all(
    Array.from({ length: SHORT_CLIPS }, async (_, v) => {
      const out = join(dir, `pattern-${v + 1}.mp4`);
      await ffmpeg([
        ...["-f", "lavfi", "-i", `testsrc2=s=1920x1080:r=25:d=${SHORT_S},hue=h=${v * 60}`],
        ...["-f", "lavfi", "-i", `sine=f=${330 + 110 * v}:d=${SHORT_S}`],
        ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", out],
      ]);
      return out;
    }),
  );
}

/**
 * The fixed cost of `svc ingest` (start, checks, an empty pass, exit) on an empty folder: the median
 * wall time of STARTUP_RUNS runs, and their mean CPU (svc and the programs it ran).
 */
async function startup() {
  const root = await tempDir("startup");
  const home = await tempDir("startup-home");
  const walls = [];
  const cpu = cpuMeter();
  for (let i = 0; i < STARTUP_RUNS; i++) {
    const res = await svcIngest({
      label: "empty folder",
      root,
      home,
      expected: 0,
      timeoutMs: 60_000,
      env: { SVC_ASR: "none", OLLAMA_HOST: NO_MODEL_HOST },
    });
    walls.push(res.wallMs);
  }
  const used = cpu();
  walls.sort((a, b) => a - b);
  const figures = {
    runs: STARTUP_RUNS,
    medianMs: Math.round(walls[Math.floor(walls.length / 2)]),
    minMs: Math.round(walls[0]),
    cpuMsPerRun: Math.round((used.cpuS * 1000) / STARTUP_RUNS),
    otherLoad: used.otherLoad,
    loadAvg: used.loadAvg,
    targetMs: STARTUP_TARGET_MS,
  };
  figures.pass = figures.medianMs <= STARTUP_TARGET_MS;
  log(
    `ingest: start-up (svc ingest of an empty folder, ${STARTUP_RUNS} runs): median ${figures.medianMs} ms, ` +
      `min ${figures.minMs} ms, ${figures.cpuMsPerRun} ms CPU per run (other load ${Math.round(used.otherLoad * 100)}%)`,
  );
  return figures;
}

/** Corpus clips joined `LONG_PARTS` at a time without re-encoding (same codec settings throughout). */
async function longClips(corpus, dir) {
  await mkdir(dir, { recursive: true });
  const parts = corpus.clips.slice(-LONG_CLIPS * LONG_PARTS);
  if (parts.length < LONG_CLIPS * LONG_PARTS) throw new BenchError("the corpus has too few clips to join");
  return Promise.all(
    Array.from({ length: LONG_CLIPS }, async (_, i) => {
      const list = join(dir, `long-${i + 1}.txt`);
      const names = parts.slice(i * LONG_PARTS, (i + 1) * LONG_PARTS).map((c) => `file '${c.abs}'`);
      await writeFile(list, `${names.join("\n")}\n`);
      const out = join(dir, "clips", `long-${i + 1}.mp4`);
      await mkdir(join(dir, "clips"), { recursive: true });
      await ffmpeg(["-f", "concat", "-safe", "0", "-i", list, "-map", "0", "-c", "copy", out]);
      return out;
    }),
  );
}

/**
 * One case: the floor over `clips`, then `svc ingest` of a fresh root holding them. Speech
 * recognition is off: a recogniser's CPU says nothing about decoding, which is what the floor
 * measures; the full-corpus run below keeps it on.
 */
async function ingestCase({ label, clips, concurrency, target, env }) {
  log(`ingest: ${label} — floor: ${clips.length} plain ffmpeg decodes, ${concurrency} at a time`);
  const floorRun = await withLoad(() => floor(clips, concurrency));
  log(`  ${describe(floorRun)}`);
  const root = await tempDir("case");
  await copyInto(
    root,
    "clips",
    clips.map((abs) => ({ abs })),
  );
  log(`ingest: ${label} — svc ingest (fresh root, fresh SVC_HOME)`);
  const svcRun = await withLoad(async () =>
    svcIngest({
      label,
      root,
      home: await tempDir("case-home"),
      expected: clips.length,
      timeoutMs: SVC_TIMEOUT_MS,
      env: { SVC_ASR: "none", ...env },
    }),
  );
  const ratio = round3(svcRun.wallMs / floorRun.wallMs);
  const cpuRatio = round3(svcRun.cpuS / floorRun.cpuS);
  log(`  ${describe(svcRun)}; ratio ${ratio.toFixed(2)} (≤ ${target}), CPU ratio ${cpuRatio.toFixed(2)}`);
  return {
    label,
    clips: clips.length,
    floor: timing(floorRun),
    svc: { ...timing(svcRun), passMs: svcRun.summary.elapsed_ms, perKind: perKind(svcRun.files) },
    ratio,
    ratioTarget: target,
    ratioPass: ratio <= target,
    cpuRatio,
    cpuRatioTarget: CPU_RATIO_TARGET,
    cpuRatioPass: cpuRatio <= CPU_RATIO_TARGET,
  };
}

/** The test-pattern case: generated clips, no corpus needed. */
async function patternCase(clipsDir, concurrency) {
  const pattern = await patternClips(join(clipsDir, "pattern"));
  return ingestCase({
    label: `${pattern.length} × ${SHORT_S} s 1080p test-pattern clips (as measured from outside), no model host`,
    clips: pattern,
    concurrency,
    target: RATIO_TARGET,
    env: { OLLAMA_HOST: NO_MODEL_HOST },
  });
}

/** Start-up and the test-pattern case alone (`ingest-pattern`): minutes, without the media corpus. */
export async function benchPatternIngest() {
  const concurrency = cpuConcurrency();
  const clipsDir = await tempDir("clips");
  const started = await startup();
  return { concurrency, startup: started, cases: [await patternCase(clipsDir, concurrency)], full: null };
}

export async function benchIngest(corpus) {
  const concurrency = cpuConcurrency();
  const clipsDir = await tempDir("clips");
  // Floors and svc read copies in the same temp folders, so both find them equally warm in the page cache.
  const short = await shortClips(corpus, join(clipsDir, "short"));
  const long = await longClips(corpus, join(clipsDir, "long"));

  const started = await startup();
  const cases = [];
  cases.push(await patternCase(clipsDir, concurrency));
  cases.push(
    await ingestCase({
      label: `${short.length} × ${SHORT_S} s 1080p clips, no model host`,
      clips: short,
      concurrency,
      target: RATIO_TARGET,
      env: { OLLAMA_HOST: NO_MODEL_HOST },
    }),
  );
  await compileModelHost();
  const host = await startModelHost();
  try {
    cases.push(
      await ingestCase({
        label: `${short.length} × ${SHORT_S} s 1080p clips, test model host serving vision and embeddings`,
        clips: short,
        concurrency,
        target: MODELHOST_RATIO_TARGET,
        env: { OLLAMA_HOST: host.url },
      }),
    );
  } finally {
    await stopChild(host);
  }
  cases.push(
    await ingestCase({
      label: `${long.length} × ${LONG_PARTS * 20} s 1080p clips, no model host`,
      clips: long,
      concurrency,
      target: LONG_RATIO_TARGET,
      env: { OLLAMA_HOST: NO_MODEL_HOST },
    }),
  );
  printRows(
    ["ingest case", "floor", "svc", "ratio", "target", "CPU ratio", "target", "load (1 min)"],
    cases.map((c) => [
      c.label,
      seconds(c.floor.wallMs),
      seconds(c.svc.wallMs),
      c.ratio.toFixed(2),
      `≤ ${c.ratioTarget} ${c.ratioPass ? "PASS" : "FAIL"}`,
      c.cpuRatio.toFixed(2),
      `≤ ${c.cpuRatioTarget} ${c.cpuRatioPass ? "PASS" : "FAIL"}`,
      `${c.floor.load.start}–${c.svc.load.end}`,
    ]),
  );

  const fullRoot = await tempDir("full");
  await copyInto(fullRoot, "clips", corpus.clips);
  await copyInto(fullRoot, "audio", corpus.audio);
  await copyInto(fullRoot, "stills", corpus.stills);
  const total = corpus.clips.length + corpus.audio.length + corpus.stills.length;
  log(
    `ingest: svc ingest of the whole corpus (${corpus.clips.length} clips, ${corpus.audio.length} audio, ${corpus.stills.length} stills)`,
  );
  const fullRun = await withLoad(async () =>
    svcIngest({
      label: "full corpus",
      root: fullRoot,
      home: await tempDir("full-home"),
      expected: total,
      timeoutMs: SVC_TIMEOUT_MS,
      env: { OLLAMA_HOST: NO_MODEL_HOST },
    }),
  );
  const filesPerSec = total / (fullRun.wallMs / 1000);
  log(`  ${describe(fullRun)}; ${filesPerSec.toFixed(2)} files/s`);

  return {
    concurrency,
    startup: started,
    cases,
    full: {
      files: total,
      ...timing(fullRun),
      passMs: fullRun.summary.elapsed_ms,
      filesPerSec: Math.round(filesPerSec * 100) / 100,
      perKind: perKind(fullRun.files),
    },
  };
}
