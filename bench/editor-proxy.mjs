// Usage: npm run bench -- editor-proxy   (or node bench/run.mjs editor-proxy after `npm run build`)
// Editor proxy speed: `svc proxy editor` on a 1080p camera-style clip (two mono PCM tracks, a
// start timecode) against a plain `ffmpeg -c:v prores_ks -profile:v 0` of the same clip, in turns
// in the same run. The svc figure is the whole command, start-up included: the orchestration
// (checks, temp file, rename, the CPU queue) should cost nothing next to the encode.
import { rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { BenchError, CLI, FFMPEG, ffmpeg, libraryDist, log, run, svcEnv, tempDir } from "./lib.mjs";

const SECONDS = 30;
const RUNS = 3;
export const EDITOR_PROXY_TARGET = 0.95;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function cameraClip(file) {
  await ffmpeg([
    ...["-hide_banner", "-nostdin", "-v", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=25:duration=${SECONDS}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
    ...["-f", "lavfi", "-i", `sine=frequency=660:sample_rate=48000:duration=${SECONDS}`],
    ...["-map", "0:v", "-map", "1:a", "-map", "2:a"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-c:a", "pcm_s16le", "-timecode", "10:00:00:00"],
    file,
  ]);
}

export async function benchEditorProxy() {
  const root = await tempDir("editor-proxy");
  const home = await tempDir("editor-proxy-home");
  const source = join(root, "day1", "A001C001.mov");
  log(`editor-proxy: generating a ${SECONDS} s 1080p25 clip`);
  await run("mkdir", ["-p", join(root, "day1")]);
  await cameraClip(source);
  const dist = await libraryDist();
  const info = await stat(source);
  const store = dist.openLibrary(root);
  let id;
  try {
    id = store.media.saveProbe(
      {
        relPath: "day1/A001C001.mov",
        kind: "video",
        size: info.size,
        mtimeMs: Math.trunc(info.mtimeMs),
        fingerprint: "bench",
      },
      {
        duration_s: SECONDS,
        codec: "h264",
        audio_codec: "pcm_s16le",
        fps: 25,
        width: 1920,
        height: 1080,
        start_timecode: "10:00:00:00",
        audio_tracks: 2,
        creation_date: null,
        metadata_json: null,
      },
      { stage: "probe", status: "done", detail: null, startedAt: new Date().toISOString(), elapsedMs: 1 },
    );
  } finally {
    store.close();
  }
  const plainOut = join(root, "plain.mov");
  const svcOut = join(root, "day1", "Proxy", "A001C001.mov");
  const plain = [];
  const svc = [];
  for (let i = 0; i < RUNS; i++) {
    log(`editor-proxy: run ${i + 1} of ${RUNS}`);
    let t0 = performance.now();
    const p = await run(FFMPEG, [
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      "-y",
      "-i",
      source,
      "-c:v",
      "prores_ks",
      "-profile:v",
      "0",
      plainOut,
    ]);
    if (p.code !== 0) throw new BenchError(`plain ffmpeg exited ${p.code}: ${p.stderr().slice(-500)}`);
    plain.push(performance.now() - t0);
    await rm(plainOut, { force: true });

    t0 = performance.now();
    const s = await run(CLI, ["proxy", "editor", "--ids", String(id)], {
      env: svcEnv({ PROJECT_ROOT: root, SVC_HOME: home }),
    });
    svc.push(performance.now() - t0);
    if (s.code !== 0) throw new BenchError(`svc proxy editor exited ${s.code}: ${s.stderr().slice(-500)}`);
    await stat(svcOut).catch(() => {
      throw new BenchError("svc proxy editor wrote no proxy");
    });
    await rm(svcOut, { force: true });
  }
  const figures = {
    seconds: SECONDS,
    plainMs: Math.round(median(plain)),
    svcMs: Math.round(median(svc)),
    runs: RUNS,
  };
  figures.speed = Math.round((figures.plainMs / figures.svcMs) * 1000) / 1000;
  figures.pass = figures.speed >= EDITOR_PROXY_TARGET;
  log(
    `  plain ffmpeg ${figures.plainMs} ms, svc proxy editor ${figures.svcMs} ms: ${figures.speed}× (median of ${RUNS})`,
  );
  return figures;
}

export function editorProxyRows(f) {
  return [
    [
      `editor-proxy: ${f.seconds} s 1080p25 clip, speed vs plain ffmpeg prores_ks -profile:v 0`,
      `${f.speed}× (svc ${(f.svcMs / 1000).toFixed(1)} s, plain ${(f.plainMs / 1000).toFixed(1)} s, median of ${f.runs})`,
      "",
      "",
      "",
      `≥ ${EDITOR_PROXY_TARGET}×`,
      f.pass ? "PASS" : "FAIL",
    ],
  ];
}
