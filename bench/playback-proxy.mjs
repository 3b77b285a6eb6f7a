// Usage: npm run bench -- proxy   (or node bench/run.mjs proxy after `npm run build`)
// The playback proxy of a 1080p ProRes clip made by svc's pipeline (a real `svc ingest` of that one
// file; the proxy stage's own time as svc records it) against a plain ffmpeg libx264 encode of the
// same clip with the same settings, in the same run. The orchestration should cost nothing:
// plain time / svc time ≥ 0.95.
import { mkdir } from "node:fs/promises";
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

const CLIP = { seconds: 25, width: 1920, height: 1080, fps: 25 };
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
  return { wallMs: res.wallMs, ...cpu() };
}

export async function benchProxy() {
  const { proxyArgs } = await importDist("adapters/proxy-encode.js");
  const { openLibrary } = await importDist("state/stores.js");
  const dir = await tempDir("proxy");
  const root = join(dir, "footage");
  const home = join(dir, "home");
  await mkdir(root, { recursive: true });
  log(`proxy: generating a ${CLIP.seconds} s ${CLIP.width}x${CLIP.height} ProRes 422 clip`);
  const source = await makeClip(root);

  // Plain encodes before and after svc's; the faster one is the baseline.
  const before = await plainEncode(proxyArgs, source, join(dir, "plain-1.mp4"));
  log(`proxy: plain ffmpeg ${seconds(before.wallMs)}`);
  const ingest = await svcIngest({
    label: "proxy",
    root,
    home,
    expected: 1,
    env: { OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none", SVC_PROXY_HEIGHT: "720" },
    timeoutMs: 30 * 60_000,
  });
  const lib = openLibrary(root, { readOnly: true });
  let stage;
  try {
    const [row] = lib.media.all();
    stage = lib.media.stages(row.id).find((s) => s.stage === "proxy");
  } finally {
    lib.close();
  }
  if (stage?.status !== "done") throw new BenchError(`proxy stage: ${stage?.status} ${stage?.detail ?? ""}`);
  log(`proxy: svc proxy stage ${seconds(stage.elapsed_ms)} (${stage.detail})`);
  const after = await plainEncode(proxyArgs, source, join(dir, "plain-2.mp4"));
  log(`proxy: plain ffmpeg again ${seconds(after.wallMs)}`);

  const plain = before.wallMs <= after.wallMs ? before : after;
  const speed = plain.wallMs / stage.elapsed_ms;
  const figures = {
    clip: CLIP,
    plain,
    plainRuns: [before.wallMs, after.wallMs].map(Math.round),
    svcStageMs: stage.elapsed_ms,
    svcIngest: {
      wallMs: ingest.wallMs,
      cpuS: ingest.cpuS,
      otherLoad: ingest.otherLoad,
      loadAvg: ingest.loadAvg,
    },
    detail: stage.detail,
    speed: Math.round(speed * 1000) / 1000,
    target: PROXY_SPEED_TARGET,
    pass: speed >= PROXY_SPEED_TARGET,
  };
  printRows(["measure", "value", "cpu s", "load", "other", "target", "result"], proxyRows(figures));
  return figures;
}

const clipName = (f) => `${f.clip.seconds} s ${f.clip.height}p ProRes 422 → ${720}p H.264/AAC`;

export function proxyRows(figures) {
  const pct = (share) => `${Math.round(share * 100)}%`;
  return [
    [
      `proxy: plain ffmpeg libx264, ${clipName(figures)} (best of 2)`,
      seconds(figures.plain.wallMs),
      figures.plain.cpuS.toFixed(1),
      figures.plain.loadAvg.toFixed(2),
      pct(figures.plain.otherLoad),
      "",
      "",
    ],
    [`proxy: svc pipeline proxy stage, same clip`, seconds(figures.svcStageMs), "", "", "", "", ""],
    [
      "proxy: svc ingest of the clip, whole CLI process (info)",
      seconds(figures.svcIngest.wallMs),
      figures.svcIngest.cpuS.toFixed(1),
      figures.svcIngest.loadAvg.toFixed(2),
      pct(figures.svcIngest.otherLoad),
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
