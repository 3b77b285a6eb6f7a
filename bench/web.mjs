// Usage: npm run bench -- web   (or node bench/run.mjs web after `npm run build`)
// The web app in headless Chromium against a real `svc serve` over a 100,000-item library:
// first load (a cold browser profile: navigation to the grid's first painted cells) and the
// compressed script it downloads; frames per second while the grid scrolls; and how long a
// search result takes from the API's answer to the painted grid (the app's performance marks);
// how soon a card shows the sprite frame under a moving pointer (hover scrub); and how long the
// player takes to show a key frame it is sent to, on a clip played through its local proxy.
import { existsSync } from "node:fs";
import { mkdir, readdir, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { chromium } from "playwright-core";
import CHROMIUM_ARGS from "../test/support/chromium-args.json" with { type: "json" };
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  ffmpeg,
  freePort,
  libraryDist,
  log,
  printRows,
  run,
  seconds,
  settle,
  startDaemon,
  stopDaemon,
  svcIngest,
  tempDir,
  waitForHttp,
} from "./lib.mjs";

const ROWS = 100_000;
// Issue 33: first load p50 ≤ 500 ms and max ≤ 1 s over 10 cold loads; scroll ≥ 55 fps; a
// hover-scrub frame within 50 ms of the pointer; a seek to a key frame ≤ 150 ms on a local proxy.
export const FIRST_LOAD_P50_MS = 500;
export const FIRST_LOAD_MS = 1000;
const FIRST_LOADS = 10;
export const SCRIPT_KB = 300;
export const SCROLL_FPS = 55;
export const SEARCH_PAINT_MS = 100;
export const SCRUB_MS = 50;
export const SEEK_MS = 150;
const SCRUB_MOVES = 40;
const SEEKS = 12;
// The sprite every bench video shows: 60 frames of 160×90, ten to a row, as ingest tiles them.
const SPRITE = { frames: 60, columns: 10, rows: 6, frame_width: 160, frame_height: 90, interval_s: 0.5 };
const SPRITE_PATH = "thumbs/bench.sprite.jpg";
const SCROLL_MS = 4000;
const SEARCHES = [
  "clip 12",
  "interview",
  "drone",
  "harbour",
  "take 7",
  "beach",
  "city",
  "night",
  "B-roll",
  "sunset",
];
const CHROMIUM = process.env.SVC_CHROMIUM ?? "/usr/bin/chromium";
const FFPROBE = process.env.SVC_FFPROBE || "ffprobe";
// Nothing listens on the discard port: "no model host" without waiting on a timeout.
const NO_MODEL_HOST = "http://127.0.0.1:9";

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round1 = (n) => Math.round(n * 10) / 10;

/** The gzip bytes of every script the page loads, as svc serves them. */
async function scriptBytes(base) {
  const html = await (await fetch(base)).text();
  let total = 0;
  for (const [, src] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
    const res = await fetch(new URL(src, base), { headers: { "accept-encoding": "gzip" } });
    total += Number(res.headers.get("content-length") ?? (await res.arrayBuffer()).byteLength);
  }
  return total;
}

async function firstLoads(browser, base, runs = FIRST_LOADS) {
  const times = [];
  const driven = [];
  for (let i = 0; i < runs; i++) {
    // A fresh context each time: no cached script, as on a first visit.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(base);
    await page.locator(".cell[data-id]").first().waitFor({ timeout: 30_000 });
    await page.evaluate("new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))");
    driven.push(performance.now() - t0);
    // The page's own clock: from the start of navigation to the first page of the grid painted.
    const painted = await page.evaluate(
      'new Promise((r) => { const f = () => { const m = performance.getEntriesByName("svc-search-painted")[0]; m ? r(m.startTime) : setTimeout(f, 10); }; f(); })',
    );
    times.push(painted);
    await context.close();
  }
  return { inPage: times.sort((a, b) => a - b), driven: driven.sort((a, b) => a - b) };
}

/** Scrolls the grid by a steady amount every frame and counts the frames the page produced. */
async function scrollFps(page) {
  return page.evaluate(`new Promise((resolve) => {
    const grid = document.querySelector(".grid-scroll");
    const frames = [];
    const start = performance.now();
    const step = (now) => {
      frames.push(now);
      grid.scrollTop += 120;
      if (now - start < ${SCROLL_MS}) requestAnimationFrame(step);
      else {
        const gaps = frames.slice(1).map((t, i) => t - frames[i]);
        const long = gaps.filter((g) => g > 1000 / 30).length;
        resolve({ fps: (frames.length - 1) / ((frames.at(-1) - frames[0]) / 1000), frames: frames.length, long, top: grid.scrollTop });
      }
    };
    requestAnimationFrame(step);
  })`);
}

async function searchPaints(page) {
  const times = [];
  for (const [i, text] of SEARCHES.entries()) {
    const before = await page.evaluate('performance.getEntriesByName("svc-search-painted").length');
    await page.getByRole("searchbox").fill(`${text} ${i}`);
    await page.getByRole("searchbox").press("Enter");
    const deadline = performance.now() + 30_000;
    let ms = null;
    while (ms === null) {
      if (performance.now() > deadline) throw new BenchError(`web: search "${text}" never painted`);
      ms = await page.evaluate(`(() => {
        const painted = performance.getEntriesByName("svc-search-painted");
        if (painted.length <= ${before}) return null;
        const answer = performance.getEntriesByName("svc-search-answer").at(-1);
        return painted.at(-1).startTime - answer.startTime;
      })()`);
      if (ms === null) await new Promise((r) => setTimeout(r, 20));
    }
    times.push(ms);
  }
  return times.sort((a, b) => a - b);
}

/** A real sprite JPEG in the library's .svc, and every video row pointing at it. */
async function giveSprites(root, dist) {
  const file = join(root, ".svc", SPRITE_PATH);
  await mkdir(dirname(file), { recursive: true });
  const { frames, columns, rows, frame_width: w, frame_height: h } = SPRITE;
  await ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=s=${w}x${h}:r=2:d=${frames / 2}`],
    ...["-vf", `tile=${columns}x${rows}`, "-frames:v", "1", "-q:v", "8", "-y", file],
  ]);
  const store = dist.openLibrary(root);
  try {
    store.db
      .prepare("UPDATE media SET sprite_json = ? WHERE kind = 'video'")
      .run(JSON.stringify({ path: SPRITE_PATH, ...SPRITE, bytes: (await stat(file)).size }));
    store.db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    store.close();
  }
}

/**
 * Pointer moves across the first cards' pictures: from the pointer event to the frame painted
 * (the next animation frame after the card's frame changed), the first move of each card
 * (which loads its sprite) apart from the rest.
 */
async function hoverScrub(page) {
  await page.evaluate(`(() => {
    window.__scrub = { events: [], t0: 0 };
    document.addEventListener("pointermove", () => { window.__scrub.t0 = performance.now(); }, true);
  })()`);
  const first = [];
  const moves = [];
  // The grid shows the filtered list once its answer has painted: wait for four video cards.
  const deadline = performance.now() + 30_000;
  let cards = [];
  while (cards.length < 4) {
    if (performance.now() > deadline) throw new BenchError("web: no four video cards to scrub");
    await new Promise((r) => setTimeout(r, 50));
    cards = await page.locator(".cell .scrub-area").all();
  }
  for (const [c, card] of cards.slice(0, 4).entries()) {
    const box = await card.boundingBox();
    if (!box) throw new BenchError("web: a card has no picture to scrub");
    for (let i = 0; i < SCRUB_MOVES / 4; i++) {
      const fraction = ((i * 7 + c) % 19) / 19 + 0.02;
      const before = await page.evaluate(
        `document.querySelectorAll(".scrub-area")[${c}].querySelector(".scrub-frame")?.dataset.frame ?? null`,
      );
      await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
      // The frame shown: the element carries the index and its sprite image is decoded.
      const ms = await page.evaluate(`new Promise((resolve, reject) => {
        const deadline = performance.now() + 5000;
        const look = () => {
          const frame = document.querySelectorAll(".scrub-area")[${c}].querySelector(".scrub-frame");
          const url = frame?.style.backgroundImage.slice(5, -2);
          if (frame && frame.dataset.frame !== ${JSON.stringify(before)} && url) {
            const img = new Image();
            img.src = url;
            img.decode().then(() => requestAnimationFrame(() => resolve(performance.now() - window.__scrub.t0)), reject);
          } else if (performance.now() > deadline) reject(new Error("no frame shown"));
          else requestAnimationFrame(look);
        };
        look();
      })`);
      (i === 0 ? first : moves).push(ms);
    }
    await page.mouse.move(0, 0);
  }
  if (moves.length === 0) throw new BenchError("web: the pointer moved over no card");
  return { first: first.sort((a, b) => a - b), moves: moves.sort((a, b) => a - b) };
}

/**
 * A 20 s 1080p ProRes clip a browser cannot play, ingested (svc makes its playback proxy), then
 * sent to key frames of that proxy in the clip view: from setting the time to the frame presented.
 */
async function proxySeeks(browser) {
  const root = await tempDir("web-seek");
  const home = await tempDir("web-seek-home");
  const clip = join(root, "A001C001.mov");
  await ffmpeg([
    ...["-f", "lavfi", "-i", "testsrc2=s=1920x1080:r=25:d=20", "-f", "lavfi", "-i", "sine=d=20"],
    ...["-c:v", "prores_ks", "-profile:v", "0", "-c:a", "pcm_s16le", "-y", clip],
  ]);
  await svcIngest({
    label: "seek clip",
    root,
    home,
    expected: 1,
    timeoutMs: 10 * 60_000,
    env: { SVC_ASR: "none", OLLAMA_HOST: NO_MODEL_HOST },
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const daemon = startDaemon({ root, home, port, logLevel: "warn", env: { OLLAMA_HOST: NO_MODEL_HOST } });
  try {
    await waitForHttp(base.slice(0, -1), daemon, 60_000);
    const { items } = await (await fetch(new URL("/api/media?limit=1", base))).json();
    const id = items[0]?.id;
    if (!id) throw new BenchError("web: the seek clip was not ingested");
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL(`/clip/${id}`, base).href);
    // Asked in a loop: the page's CSP forbids the eval a string waitForFunction needs.
    const deadline = performance.now() + 60_000;
    while (!(await page.evaluate('document.querySelector("video")?.readyState >= 2'))) {
      if (performance.now() > deadline) throw new BenchError("web: the seek clip's player never loaded");
      await new Promise((r) => setTimeout(r, 50));
    }
    // The proxy's key frames, as ffprobe lists its packets' flags, and as many places between them.
    const proxyFile = await newestProxy(root);
    const keys = (await keyframeTimes(proxyFile)).filter((t) => t > 0.5).slice(0, SEEKS);
    const between = keys.map((t) => t + 0.52);
    const seekAll = async (targets) => {
      // Back and forth across the clip, never to the frame shown already.
      const order = targets.map((_, i) => targets[i % 2 === 0 ? targets.length - 1 - i / 2 : (i - 1) / 2]);
      const times = [];
      for (const at of order) {
        times.push(
          await page.evaluate(`new Promise((resolve) => {
            const video = document.querySelector("video");
            const t0 = performance.now();
            video.requestVideoFrameCallback(() => resolve(performance.now() - t0));
            video.currentTime = ${at};
          })`),
        );
      }
      return times.sort((a, b) => a - b);
    };
    const times = await seekAll(keys);
    const midGop = await seekAll(between);
    await context.close();
    return { proxy: basename(proxyFile), keyframes: keys.length, times, midGop };
  } finally {
    await stopDaemon(daemon);
  }
}

/** The playback proxy svc made under the project's .svc. */
async function newestProxy(root) {
  const dir = join(root, ".svc", "proxies");
  const names = (await readdir(dir).catch(() => [])).filter((n) => !n.startsWith("."));
  if (names.length === 0) throw new BenchError(`web: no playback proxy in ${dir}`);
  return join(dir, names[0]);
}

/** Presentation times of a file's key frames. */
async function keyframeTimes(file) {
  const lines = [];
  const out = await run(
    FFPROBE,
    [
      ...["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags"],
      ...["-of", "csv=p=0", file],
    ],
    { onLine: (line) => lines.push(line) },
  );
  if (out.code !== 0) throw new BenchError(`web: ffprobe of the proxy failed: ${out.stderr().slice(-300)}`);
  return lines
    .filter((line) => line.includes("K"))
    .map((line) => Number(line.split(",")[0]))
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
}

export async function benchWeb() {
  if (!existsSync(CHROMIUM)) throw new BenchError(`web: no Chromium at ${CHROMIUM} (set SVC_CHROMIUM)`);
  const dist = await libraryDist();
  const root = await tempDir("web");
  const home = await tempDir("web-home");
  log(`web: generating a ${ROWS.toLocaleString()}-item library`);
  const library = await buildLibrary(root, dist, { rows: ROWS });
  await giveSprites(root, dist);
  log(`  ${library.rows} rows in ${seconds(library.totalMs)}`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const daemon = startDaemon({ root, home, port, logLevel: "warn" });
  const figures = { rows: ROWS };
  let browser;
  try {
    await waitForHttp(base.slice(0, -1), daemon, 60_000);
    await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 10 * 60_000);
    await settle(daemon.child.pid, 5 * 60_000);
    figures.scriptBytes = await scriptBytes(base);
    // Playwright gives the browser a new empty profile of its own.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    log("web: first loads");
    const loads = await firstLoads(browser, base);
    figures.firstLoad = {
      p50Ms: Math.round(percentile(loads.inPage, 50)),
      maxMs: Math.round(loads.inPage.at(-1)),
      drivenP50Ms: Math.round(percentile(loads.driven, 50)),
    };
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(base);
    await page.locator(".cell[data-id]").first().waitFor({ timeout: 30_000 });
    log("web: scrolling the grid");
    await scrollFps(page);
    figures.scroll = await scrollFps(page);
    log("web: searches");
    const paints = await searchPaints(page);
    figures.searchPaint = {
      p50Ms: round1(percentile(paints, 50)),
      p95Ms: round1(percentile(paints, 95)),
      runs: paints.length,
    };
    log("web: hover scrub");
    await page.goto(base);
    await page.locator(".cell[data-id]").first().waitFor({ timeout: 30_000 });
    const everything = await page.locator(".summary").textContent();
    await page.getByLabel("Type").selectOption("video");
    // The videos alone once the count line says another number.
    const until = performance.now() + 30_000;
    while ((await page.locator(".summary").textContent()) === everything) {
      if (performance.now() > until) throw new BenchError("web: the Type filter never applied");
      await new Promise((r) => setTimeout(r, 50));
    }
    const scrub = await hoverScrub(page);
    figures.scrub = {
      firstP50Ms: round1(percentile(scrub.first, 50)),
      firstMaxMs: round1(scrub.first.at(-1)),
      p50Ms: round1(percentile(scrub.moves, 50)),
      p95Ms: round1(percentile(scrub.moves, 95)),
      maxMs: round1(scrub.moves.at(-1)),
      moves: scrub.moves.length,
    };
    await context.close();
    log("web: seeks on a playback proxy");
    const seeks = await proxySeeks(browser);
    figures.seek = {
      p50Ms: round1(percentile(seeks.times, 50)),
      maxMs: round1(seeks.times.at(-1)),
      seeks: seeks.times.length,
      keyframes: seeks.keyframes,
      betweenP50Ms: round1(percentile(seeks.midGop, 50)),
      betweenMaxMs: round1(seeks.midGop.at(-1)),
    };
  } finally {
    await browser?.close();
    await stopDaemon(daemon);
  }
  printRows(["measure", "value", "cpu s", "load", "other", "target", "result"], webRows(figures));
  return figures;
}

export function webRows(figures) {
  const kb = Math.round((figures.scriptBytes / 1024) * 10) / 10;
  const rows = [
    [
      "web: first load to painted grid, cold profile (navigation start → first page painted)",
      `p50 ${figures.firstLoad.p50Ms} ms, max ${figures.firstLoad.maxMs} ms (${FIRST_LOADS} loads); as driven by Playwright p50 ${figures.firstLoad.drivenP50Ms} ms`,
      "",
      "",
      "",
      `p50 ≤ ${FIRST_LOAD_P50_MS} ms, max ≤ ${FIRST_LOAD_MS} ms`,
      figures.firstLoad.p50Ms <= FIRST_LOAD_P50_MS && figures.firstLoad.maxMs <= FIRST_LOAD_MS
        ? "PASS"
        : "FAIL",
    ],
    [
      "web: script downloaded, gzip",
      `${kb} KB`,
      "",
      "",
      "",
      `≤ ${SCRIPT_KB} KB`,
      kb <= SCRIPT_KB ? "PASS" : "FAIL",
    ],
    [
      `web: grid scroll, ${figures.rows.toLocaleString()} items`,
      `${round1(figures.scroll.fps)} fps, ${figures.scroll.long} frames > 33 ms of ${figures.scroll.frames}`,
      "",
      "",
      "",
      `≥ ${SCROLL_FPS} fps`,
      figures.scroll.fps >= SCROLL_FPS ? "PASS" : "FAIL",
    ],
    [
      "web: search answer to painted result",
      `p50 ${figures.searchPaint.p50Ms} ms, p95 ${figures.searchPaint.p95Ms} ms (${figures.searchPaint.runs} searches)`,
      "",
      "",
      "",
      `≤ ${SEARCH_PAINT_MS} ms`,
      figures.searchPaint.p95Ms <= SEARCH_PAINT_MS ? "PASS" : "FAIL",
    ],
  ];
  if (figures.scrub)
    rows.push([
      "web: hover scrub, pointer move → sprite frame painted",
      `p50 ${figures.scrub.p50Ms} ms, p95 ${figures.scrub.p95Ms} ms, max ${figures.scrub.maxMs} ms (${figures.scrub.moves} moves); a card's first move (loads its sprite) p50 ${figures.scrub.firstP50Ms} ms, max ${figures.scrub.firstMaxMs} ms`,
      "",
      "",
      "",
      `≤ ${SCRUB_MS} ms`,
      figures.scrub.maxMs <= SCRUB_MS && figures.scrub.firstMaxMs <= SCRUB_MS ? "PASS" : "FAIL",
    ]);
  if (figures.seek)
    rows.push([
      "web: player seek to a key frame of the local playback proxy → frame presented",
      `p50 ${figures.seek.p50Ms} ms, max ${figures.seek.maxMs} ms (${figures.seek.seeks} seeks, 1080p ProRes source); half a second past a key frame p50 ${figures.seek.betweenP50Ms} ms, max ${figures.seek.betweenMaxMs} ms`,
      "",
      "",
      "",
      `≤ ${SEEK_MS} ms`,
      figures.seek.maxMs <= SEEK_MS ? "PASS" : "FAIL",
    ]);
  return rows;
}
