// Usage: npm run bench -- proxy   (or node bench/run.mjs proxy after `npm run build`)
// The playback proxy of a 1080p ProRes clip made through svc against a plain ffmpeg libx264 encode
// of the same clip with the same command line, in the same run. svc's side is a real `svc ingest`:
// once over the whole pipeline, then, with the proxy deleted, passes in which only the proxy stage
// runs (the way a cache clear brings it back), alternating with the plain encodes so both see the
// same machine. The figure is the proxy stage's own time as svc records it, best of RUNS, against
// the best plain encode: plain / svc ≥ 0.95 means the orchestration costs nothing.
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  BenchError,
  cpuMeter,
  FFMPEG,
  ffmpeg,
  importDist,
  log,
  printRows,
  run,
  seconds,
  svcIngest,
  tempDir,
} from "./lib.mjs";

const CLIP = { seconds: 20, width: 1920, height: 1080, fps: 25 };
const RUNS = 3;
export const PROXY_SPEED_TARGET = 0.95;

async function makeClip(root) {
  const file = join(root, "A001_C001.mov");
  const { seconds: s, width, height, fps } = CLIP;
  await ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=${fps}:duration=${s}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${s}`],
    ...["-c:v", "prores_ks", "-profile:v", "2", "-c:a", "pcm_s16le"],
    file,
  ]);
  return file;
}

/** A plain ffmpeg encode with svc's own proxy command line (software decode), timed whole. */
async function plainEncode(proxyArgs, source, out) {
  const cpu = cpuMeter();
  const args = proxyArgs({ source, out, height: 720, video: true, durationS: CLIP.seconds });
  const res = await run(FFMPEG, args, { timeoutMs: 30 * 60_000 });
  if (res.code !== 0) throw new BenchError(`plain encode exited ${res.code}: ${res.stderr().slice(-800)}`);
  await rm(out, { force: true });
  return { wallMs: res.wallMs, ...cpu() };
}

/** One `svc ingest` pass and the proxy stage it recorded. */
async function svcPass(openLibrary, root, home, label) {
  const pass = await svcIngest({
    label,
    root,
    home,
    expected: 1,
    env: { OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none", SVC_PROXY_HEIGHT: "720" },
    timeoutMs: 30 * 60_000,
  });
  const lib = openLibrary(root, { readOnly: true });
  try {
    const [row] = lib.media.all();
    const stage = lib.media.stages(row.id).find((s) => s.stage === "proxy");
    if (stage?.status !== "done" || !/^made for/.test(stage.detail ?? ""))
      throw new BenchError(`proxy stage: ${stage?.status} ${stage?.detail ?? ""}`);
    return {
      stageMs: stage.elapsed_ms,
      detail: stage.detail,
      wallMs: pass.wallMs,
      cpuS: pass.cpuS,
      id: row.id,
    };
  } finally {
    lib.close();
  }
}

const best = (list, key) => list.reduce((a, b) => (b[key] < a[key] ? b : a));

export async function benchProxy() {
  const { proxyArgs } = await importDist("adapters/proxy-encode.js");
  const { openLibrary } = await importDist("state/stores.js");
  const dir = await tempDir("proxy");
  const root = join(dir, "footage");
  const home = join(dir, "home");
  await mkdir(root, { recursive: true });
  log(`proxy: generating a ${CLIP.seconds} s ${CLIP.width}x${CLIP.height} ProRes 422 clip`);
  const source = await makeClip(root);

  const full = await svcPass(openLibrary, root, home, "proxy, whole pipeline");
  log(`proxy: svc ingest, whole pipeline ${seconds(full.wallMs)}, proxy stage ${seconds(full.stageMs)}`);
  const plain = [];
  const svc = [];
  for (let i = 0; i < RUNS; i++) {
    plain.push(await plainEncode(proxyArgs, source, join(dir, "plain.mp4")));
    await rm(join(root, ".svc", "proxies", `${full.id}.mp4`));
    svc.push(await svcPass(openLibrary, root, home, "proxy stage only"));
    log(`proxy: run ${i + 1}: plain ${seconds(plain[i].wallMs)}, svc proxy stage ${seconds(svc[i].stageMs)}`);
  }
  const plainBest = best(plain, "wallMs");
  const svcBest = best(svc, "stageMs");
  const speed = plainBest.wallMs / svcBest.stageMs;
  const figures = {
    clip: CLIP,
    runs: RUNS,
    plain: plainBest,
    plainRunsMs: plain.map((p) => Math.round(p.wallMs)),
    svcStageMs: svcBest.stageMs,
    svcStageRunsMs: svc.map((p) => p.stageMs),
    svcPass: svcBest,
    full: { wallMs: full.wallMs, cpuS: full.cpuS, stageMs: full.stageMs },
    detail: svcBest.detail,
    speed: Math.round(speed * 1000) / 1000,
    target: PROXY_SPEED_TARGET,
    pass: speed >= PROXY_SPEED_TARGET,
  };
  printRows(["measure", "value", "cpu s", "load", "other", "target", "result"], proxyRows(figures));
  return figures;
}

const clipName = (f) => `${f.clip.seconds} s ${f.clip.height}p ProRes 422 → 720p H.264/AAC`;
const runs = (list) => list.map((ms) => (ms / 1000).toFixed(1)).join(" / ");

export function proxyRows(figures) {
  const pct = (share) => `${Math.round(share * 100)}%`;
  return [
    [
      `proxy: plain ffmpeg libx264, ${clipName(figures)} (best of ${figures.runs}: ${runs(figures.plainRunsMs)} s)`,
      seconds(figures.plain.wallMs),
      figures.plain.cpuS.toFixed(1),
      figures.plain.loadAvg.toFixed(2),
      pct(figures.plain.otherLoad),
      "",
      "",
    ],
    [
      `proxy: svc proxy stage, same clip (best of ${figures.runs}: ${runs(figures.svcStageRunsMs)} s)`,
      seconds(figures.svcStageMs),
      figures.svcPass.cpuS.toFixed(1),
      "",
      "",
      "",
      "",
    ],
    [
      "proxy: that svc ingest pass, whole CLI process (info)",
      seconds(figures.svcPass.wallMs),
      "",
      "",
      "",
      "(info)",
      "",
    ],
    [
      "proxy: svc ingest of the clip, whole pipeline (info)",
      `${seconds(figures.full.wallMs)}, proxy stage ${seconds(figures.full.stageMs)}`,
      figures.full.cpuS.toFixed(1),
      "",
      "",
      "(info)",
      "",
    ],
    [
      "proxy: speed, plain time / svc time",
      figures.speed.toFixed(3),
      "",
      "",
      "",
      `≥ ${figures.target}`,
      figures.pass ? "PASS" : "FAIL",
    ],
  ];
}
