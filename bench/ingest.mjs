import { copyFile, mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  BenchError,
  cpuConcurrency,
  cpuMeter,
  FFMPEG,
  log,
  perKind,
  pool,
  run,
  seconds,
  svcIngest,
  tempDir,
} from "./lib.mjs";

export const RATIO_TARGET = 1.5;
const SVC_TIMEOUT_MS = 30 * 60_000;

const round3 = (n) => Math.round(n * 1000) / 1000;
const timing = ({ wallMs, cpuS, otherLoad }) => ({ wallMs: Math.round(wallMs), cpuS, otherLoad });
const describe = (r) =>
  `${seconds(r.wallMs)} wall, ${r.cpuS} CPU-s, other processes took ${Math.round(r.otherLoad * 100)}% of the machine`;

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

export async function benchIngest(corpus) {
  const concurrency = cpuConcurrency();
  const clipsRoot = await tempDir("clips");
  // Both the floor and svc read these same copies, so both find them equally warm in the page cache.
  const clips = await copyInto(clipsRoot, "clips", corpus.clips);

  log(`ingest: floor — ${clips.length} plain ffmpeg decodes, ${concurrency} at a time`);
  const floorRun = await floor(clips, concurrency);
  log(`  ${describe(floorRun)}`);

  log(`ingest: svc ingest of ${clips.length} clips (fresh root, fresh SVC_HOME)`);
  const clipsRun = await svcIngest({
    label: "clips",
    root: clipsRoot,
    home: await tempDir("clips-home"),
    expected: clips.length,
    timeoutMs: SVC_TIMEOUT_MS,
  });
  const ratio = round3(clipsRun.wallMs / floorRun.wallMs);
  const cpuRatio = round3(clipsRun.cpuS / floorRun.cpuS);
  log(`  ${describe(clipsRun)}; ratio ${ratio.toFixed(2)}, CPU ratio ${cpuRatio.toFixed(2)}`);

  const fullRoot = await tempDir("full");
  await copyInto(fullRoot, "clips", corpus.clips);
  await copyInto(fullRoot, "audio", corpus.audio);
  await copyInto(fullRoot, "stills", corpus.stills);
  const total = corpus.clips.length + corpus.audio.length + corpus.stills.length;
  log(
    `ingest: svc ingest of the whole corpus (${corpus.clips.length} clips, ${corpus.audio.length} audio, ${corpus.stills.length} stills)`,
  );
  const fullRun = await svcIngest({
    label: "full corpus",
    root: fullRoot,
    home: await tempDir("full-home"),
    expected: total,
    timeoutMs: SVC_TIMEOUT_MS,
  });
  const filesPerSec = total / (fullRun.wallMs / 1000);
  log(`  ${describe(fullRun)}; ${filesPerSec.toFixed(2)} files/s`);

  return {
    concurrency,
    clips: clips.length,
    clipBytes: corpus.clips.reduce((sum, f) => sum + f.size, 0),
    floor: timing(floorRun),
    svcClips: {
      ...timing(clipsRun),
      // The pass as svc times it; the rest of the wall time is process start-up and shutdown.
      passMs: clipsRun.summary.elapsed_ms,
      perKind: perKind(clipsRun.files),
    },
    ratio,
    ratioTarget: RATIO_TARGET,
    ratioPass: ratio <= RATIO_TARGET,
    cpuRatio,
    full: {
      files: total,
      ...timing(fullRun),
      passMs: fullRun.summary.elapsed_ms,
      filesPerSec: Math.round(filesPerSec * 100) / 100,
      perKind: perKind(fullRun.files),
    },
  };
}
