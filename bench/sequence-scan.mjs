// Usage: npm run bench -- sequence-scan   (or node bench/run.mjs sequence-scan after `npm run build`)
// A 10,000-frame DPX sequence (one 64×36 frame copied, numbered 1001–11000, so the last thousand
// outgrow the four-digit padding) scanned as one item: the time of the scan and grouping step
// alone (pipeline/scan.ts), best of three, and that it found one item of 10,000 frames.
import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { BenchError, ffmpeg, importDist, log, pool, tempDir } from "./lib.mjs";

const FRAMES = 10_000;
const FIRST = 1001;
const RUNS = 3;
const TARGET_MS = 1000;

export async function benchSequenceScan() {
  const root = await tempDir("sequence");
  const seed = join(root, "seed.dpx.tmp");
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=64x36:duration=1",
    "-frames:v",
    "1",
    "-f",
    "image2",
    "-c:v",
    "dpx",
    seed,
  ]);
  const numbers = Array.from({ length: FRAMES }, (_, i) => FIRST + i);
  await pool(numbers, 32, (n) => copyFile(seed, join(root, `plate.${String(n).padStart(4, "0")}.dpx`)));
  log(`  ${FRAMES} frames written`);
  const { scanTree } = await importDist("pipeline/scan.js");
  const times = [];
  let found = null;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    found = await scanTree(root);
    times.push(performance.now() - started);
  }
  const [item] = found.files;
  if (found.files.length !== 1 || item?.sequence?.count !== FRAMES || item.relPath !== "plate.####.dpx")
    throw new BenchError(`expected one item of ${FRAMES} frames, found ${found.files.length} items`);
  return { frames: FRAMES, bestMs: Math.min(...times), firstMs: times[0], targetMs: TARGET_MS };
}

export function sequenceScanRows(f) {
  return [
    [
      `sequence scan: ${f.frames} DPX frames grouped into one item (scan step, best of ${RUNS})`,
      `${Math.round(f.bestMs)} ms (first run ${Math.round(f.firstMs)} ms)`,
      "",
      "",
      "",
      `≤ ${f.targetMs} ms`,
      f.bestMs <= f.targetMs ? "PASS" : "FAIL",
    ],
  ];
}
