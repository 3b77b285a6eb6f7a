import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { ffmpeg, log, pool, seconds } from "./lib.mjs";

export const CORPUS_DIR = join(import.meta.dirname, ".corpus");
const MEDIA_DIR = join(CORPUS_DIR, "media");
const MANIFEST = join(CORPUS_DIR, "manifest.json");
// Bump when the recipes below change, so an old corpus is not measured as if it were the new one.
const SPEC = 2;

const W = 1920;
const H = 1080;
const FPS = 25;
const CLIP_S = 20;
const AUDIO_S = 30;

// Moving synthetic sources; the slow generators render small and are scaled up.
const SOURCES = [
  (i) => `testsrc2=s=${W}x${H}:r=${FPS},hue=h=${(i * 37) % 360}`,
  (i) =>
    `mandelbrot=s=960x540:r=${FPS}:start_scale=${3 - (i % 4) * 0.5}:end_pts=${300 + i * 20},scale=${W}:${H}:flags=bicubic`,
  (i) =>
    `cellauto=s=480x270:r=${FPS}:rule=${[110, 30, 90, 150, 18][i % 5]}:random_fill_ratio=0.5:seed=${i + 1},scale=${W}:${H}:flags=neighbor`,
  (i) =>
    `life=s=480x270:r=${FPS}:mold=10:ratio=0.3:seed=${i + 1}:life_color=#e0c080:death_color=#202040:mold_color=#408060,scale=${W}:${H}:flags=neighbor`,
  (i) => `gradients=s=960x540:r=${FPS}:speed=0.02:n=4:seed=${i + 1},scale=${W}:${H}`,
];
// Each sums to CLIP_S; every boundary between two sources is a hard cut for scene detection.
const SEGMENTS = [
  [4, 4, 4, 4, 4],
  [3, 5, 4, 6, 2],
  [6, 2, 5, 3, 4],
  [5, 3, 2, 4, 6],
];

function clipArgs(i, out) {
  const lengths = SEGMENTS[i % SEGMENTS.length];
  const parts = lengths.map((d, k) => {
    const source = SOURCES[(i + k) % SOURCES.length](i);
    return `${source},trim=duration=${d},setpts=PTS-STARTPTS,setsar=1,format=yuv420p[s${k}]`;
  });
  const labels = lengths.map((_, k) => `[s${k}]`).join("");
  // Light temporal grain gives camera-like bitrates instead of trivially compressible frames.
  const video = `${labels}concat=n=${lengths.length}:v=1:a=0,noise=alls=10:allf=t,format=yuv420p[v]`;
  const audio =
    `sine=f=${220 + 55 * i}:d=${CLIP_S}:samples_per_frame=1024[t];` +
    `anoisesrc=d=${CLIP_S}:c=pink:a=0.05:seed=${i + 1}:nb_samples=1024[n];` +
    `[t][n]amix=inputs=2:duration=first,aformat=sample_rates=48000:channel_layouts=stereo,asetnsamples=1024[a]`;
  return [
    "-filter_complex",
    [...parts, video, audio].join(";"),
    "-map",
    "[v]",
    "-map",
    "[a]",
    "-t",
    String(CLIP_S),
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(FPS),
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-movflags",
    "+faststart",
    out,
  ];
}

function audioArgs(i, out, wav) {
  const colors = ["pink", "brown", "white"];
  const graph =
    `sine=f=${110 * (i + 2)}:d=${AUDIO_S}:samples_per_frame=1024[a];` +
    `sine=f=${165 * (i + 2)}:d=${AUDIO_S}:samples_per_frame=1024[b];` +
    `anoisesrc=d=${AUDIO_S}:c=${colors[i % 3]}:a=0.03:seed=${i + 1}:nb_samples=1024[n];` +
    `[a][b][n]amix=inputs=3:duration=first,tremolo=f=${1 + i}:d=0.6,` +
    `aformat=sample_rates=48000:channel_layouts=stereo,asetnsamples=1024[out]`;
  const codec = wav ? ["-c:a", "pcm_s16le"] : ["-c:a", "aac", "-b:a", "192k", "-movflags", "+faststart"];
  return ["-filter_complex", graph, "-map", "[out]", "-t", String(AUDIO_S), ...codec, out];
}

const STILL_CODECS = {
  png: ["-c:v", "png", "-pix_fmt", "rgb24"],
  jpg: ["-c:v", "mjpeg", "-pix_fmt", "yuvj420p", "-q:v", "3"],
  webp: ["-c:v", "libwebp", "-quality", "80", "-pix_fmt", "yuv420p"],
};

function stillArgs(i, out, ext) {
  const source = SOURCES[i % SOURCES.length](i);
  // A few frames in, so life/cellauto have evolved past their random start.
  const graph = `${source},trim=start_frame=${3 + (i % 7)},setsar=1,noise=alls=8:allf=u[v]`;
  return [
    "-filter_complex",
    graph,
    "-map",
    "[v]",
    "-frames:v",
    "1",
    "-update",
    "1",
    ...STILL_CODECS[ext],
    out,
  ];
}

function gifArgs(i, out) {
  const graph =
    `testsrc2=s=${W}x${H}:r=10,hue=h=${i * 90},trim=end_frame=8,split[a][b];` +
    "[a]palettegen=max_colors=64[p];[b][p]paletteuse[v]";
  return ["-filter_complex", graph, "-map", "[v]", "-loop", "0", out];
}

function svgText(i) {
  const hue = (i * 140 + 200) % 360;
  const rects = Array.from({ length: 24 }, (_, k) => {
    const x = (k * 331) % W;
    const y = (k * 197) % H;
    return `  <rect x="${x}" y="${y}" width="${160 + ((k * 53) % 300)}" height="${90 + ((k * 71) % 200)}" rx="12" fill="hsl(${(hue + k * 15) % 360},70%,55%)" fill-opacity="0.7"/>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    "  <defs>",
    `    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},40%,20%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,45%)"/></linearGradient>`,
    "  </defs>",
    `  <rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    ...rects,
    `  <text x="96" y="${H - 120}" font-family="sans-serif" font-size="96" fill="#fff">svc bench slate ${i + 1}</text>`,
    "</svg>",
    "",
  ].join("\n");
}

const pad = (n) => String(n + 1).padStart(2, "0");

/** Every corpus file: where it goes and how to make it (ffmpeg arguments, or text to write). */
function recipes() {
  const list = [];
  for (let i = 0; i < 12; i++)
    list.push({ rel: `clips/clip-${pad(i)}.mp4`, kind: "clip", args: (out) => clipArgs(i, out) });
  for (let i = 0; i < 10; i++) {
    const wav = i % 2 === 0;
    list.push({
      rel: `audio/tone-${pad(i)}.${wav ? "wav" : "m4a"}`,
      kind: "audio",
      args: (out) => audioArgs(i, out, wav),
    });
  }
  // 30 stills in all: 26 photos across png/jpg/webp, two animated GIFs, two SVGs.
  const exts = ["png", "jpg", "webp"];
  for (let i = 0; i < 26; i++) {
    const ext = exts[i % 3];
    list.push({ rel: `stills/still-${pad(i)}.${ext}`, kind: "still", args: (out) => stillArgs(i, out, ext) });
  }
  for (let i = 0; i < 2; i++)
    list.push({ rel: `stills/anim-${pad(i)}.gif`, kind: "still", args: (out) => gifArgs(i, out) });
  for (let i = 0; i < 2; i++)
    list.push({ rel: `stills/slate-${pad(i)}.svg`, kind: "still", text: svgText(i) });
  list.push({
    rel: "tiny/tiny-16x16.png",
    kind: "tiny",
    args: (out) => [
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=16x16",
      "-frames:v",
      "1",
      "-update",
      "1",
      "-c:v",
      "png",
      out,
    ],
  });
  return list;
}

/** A corpus's manifest (`file`), or null when it is missing or unreadable (the corpus is made again). */
export async function readManifest(file = MANIFEST) {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return null;
  }
}

async function removePartials(dir) {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.startsWith(".part-"))
      await rm(join(entry.parentPath ?? entry.path, entry.name));
  }
}

/**
 * Makes sure the corpus exists, generating only what is missing. Files are written under a
 * `.part-` name and renamed, so an interrupted generation never leaves a truncated file behind.
 */
export async function ensureCorpus() {
  const started = performance.now();
  const manifest = await readManifest();
  if (manifest && manifest.spec !== SPEC) {
    log(`corpus: recipe version changed (${manifest.spec} → ${SPEC}), regenerating`);
    await rm(MEDIA_DIR, { recursive: true, force: true });
  }
  await removePartials(MEDIA_DIR);
  const list = recipes();
  const missing = list.filter((r) => !existsSync(join(MEDIA_DIR, r.rel)));
  if (missing.length) {
    log(
      `corpus: generating ${missing.length} of ${list.length} files into ${MEDIA_DIR} (one-off, reused later)`,
    );
    let done = 0;
    // Clips first: they are the long pole, and x264 plus the slow generators fill both cores.
    await pool(missing, Math.max(1, availableParallelism()), async (recipe) => {
      const out = join(MEDIA_DIR, recipe.rel);
      const part = join(dirname(out), `.part-${out.split("/").pop()}`);
      await mkdir(dirname(out), { recursive: true });
      const t0 = performance.now();
      if (recipe.text !== undefined) await writeFile(part, recipe.text);
      else await ffmpeg(recipe.args(part));
      await rename(part, out);
      done += 1;
      if (recipe.kind === "clip" || done === missing.length)
        log(`  [${done}/${missing.length}] ${recipe.rel} (${seconds(performance.now() - t0)})`);
    });
  } else {
    log(`corpus: reusing ${list.length} files in ${MEDIA_DIR}`);
  }
  const files = await Promise.all(
    list.map(async (r) => {
      const abs = join(MEDIA_DIR, r.rel);
      return { ...r, abs, size: (await stat(abs)).size };
    }),
  );
  await writeFile(
    MANIFEST,
    `${JSON.stringify({ spec: SPEC, files: files.map(({ rel, size }) => ({ rel, size })) }, null, 2)}\n`,
  );
  const of = (kind) => files.filter((f) => f.kind === kind);
  return {
    clips: of("clip"),
    audio: of("audio"),
    stills: of("still"),
    tiny: of("tiny")[0],
    generated: missing.length,
    elapsedMs: performance.now() - started,
  };
}
