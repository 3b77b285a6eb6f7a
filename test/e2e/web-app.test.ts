import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { isClassifier, routeTo } from "../support/chat.js";
// The flags every headless run here needs (no sandbox as root, no GPU, no background traffic); the web bench uses them too.
import HEADLESS_CHROMIUM from "../support/chromium-args.json" with { type: "json" };
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { makeSceneClip, makeTimecodedClip } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious as axeViolations, pageUntil as untilInPage } from "../support/web-page.js";
import { readZip } from "../support/zip.js";

const CHROMIUM = process.env.SVC_CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "web");
// A name a LAN browser would use: it resolves to loopback, but local trust does not accept it.
const LAN_HOST = "svc-lan.test";
const HOSTILE = `<img src=x onerror="window.__pwned=1">.mp4`;

// Every flag the machine notes name: without the background-networking ones Chromium keeps
// dialling Google's hosts, which a closed network refuses.
const CHROMIUM_ARGS = [
  ...HEADLESS_CHROMIUM,
  "--autoplay-policy=no-user-gesture-required",
  `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
];

const hasTools = needTools("ffmpeg", "ffprobe", "chromium");

// Word timings as a recogniser gives them: uneven, so an even spread over the segment differs.
const HARBOUR_WORDS = [
  { word: "drone", start: 0.3, end: 0.7, score: 0.9 },
  { word: "over", start: 2.5, end: 2.8, score: 0.8 },
  { word: "harbour", start: 3.1, end: 3.7, score: 0.95 },
];

/** Seconds as the app shows them: "0:06.0". */
const tenths = (value: number) =>
  `${Math.floor(value / 60)}:${String(Math.floor(value) % 60).padStart(2, "0")}.${Math.floor((value - Math.floor(value)) * 10)}`;

// Why the hostile-named clip, seeded as an image sequence ffmpeg cannot decode, needs a proxy.
const NEEDS_PROXY = "ffmpeg cannot decode these frames and no camera proxy is beside them";

interface Item {
  id: number;
  name: string;
  path: string;
  status: string;
  duration_s: number;
  start_timecode: string | null;
  in_point: number | null;
  out_point: number | null;
  desqueeze: number;
}

// One browser session through an editor's visit, in order: selections, bins and edits made by one
// case are what the next one finds.
describe.skipIf(!hasTools)("the web app in headless Chromium", { shuffle: false }, () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  let serve: ServeChild;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let harbour: Item;
  let forest: Item;
  let hostile: Item;
  /** What the page of the running test logged as an error. */
  let consoleErrors: string[] = [];

  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(new URL(path, serve.url), init);
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
  const pageUntil = (expression: string) => untilInPage(page, expression);
  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
  const axeSerious = () => axeViolations(page);

  // Over the API a card is read only from an allowed folder: the offload below reads from cards/.
  const serveEnv = (port: string) =>
    ws.env({
      OLLAMA_HOST: host.url,
      SVC_PORT: port,
      SVC_MCP_PORT: "0",
      SVC_OFFLOAD_SOURCES: join(ws.base, "cards"),
    });

  beforeAll(async () => {
    ws = await tempWorkspace();
    await mkdir(SHOTS, { recursive: true });
    const made = join(ws.base, "made");
    await mkdir(made);
    const [sceneClip, timecoded] = await Promise.all([makeSceneClip(made), makeTimecodedClip(made)]);
    await rename(sceneClip, join(ws.root, "harbour_dusk.mp4"));
    await rename(timecoded, join(ws.root, "forest_walk.mp4"));
    await makeTimecodedClip(ws.root, HOSTILE);
    host = await startFakeModelHost();
    serve = await startServe(serveEnv("0"));
    const items = await until(
      "the library ingested",
      async () => {
        const page = await api<{ items: Item[] }>("/api/media?limit=10");
        return page.items.length === 3 && page.items.every((i) => i.status === "done") && page.items;
      },
      { timeoutMs: 40_000, intervalMs: 250 },
    );
    harbour = items.find((i) => i.name === "harbour_dusk.mp4") as Item;
    forest = items.find((i) => i.name === "forest_walk.mp4") as Item;
    hostile = items.find((i) => i.name === HOSTILE) as Item;
    // Transcripts as the transcribe stage stores them: the harbour clip with word timings, the
    // forest one without (the clip view spreads its words evenly).
    const lib = openLibrary(ws.root);
    try {
      const save = lib.db.prepare("UPDATE media SET segments_json = ?, words_json = ? WHERE id = ?");
      save.run(
        JSON.stringify([{ start: 0, end: 4, text: "drone over harbour" }]),
        JSON.stringify(HARBOUR_WORDS),
        harbour.id,
      );
      save.run(JSON.stringify([{ start: 0, end: 3, text: "walking through trees" }]), "[]", forest.id);
      // A camera original's facts as the probe and grouping store them: the harbour clip is an
      // anamorphic, interlaced HLG take with a slate, recorder streams, timecode read from two
      // places that disagree and the first of three files; the forest clip is the third, the
      // second is missing; the hostile-named clip stands for an image sequence that needs a proxy.
      const spanFacts = (offset: number) =>
        JSON.stringify({
          offset_s: offset,
          duration_s: harbour.duration_s + forest.duration_s,
          start_timecode: "10:00:00:00",
          missing: [2],
        });
      const camera = lib.db.prepare(
        `UPDATE media SET display_width = 427, display_height = 240, pixel_aspect = '4:3',
           fps_rational = '24000/1001', field_order = 'tff', hdr = 'hlg', desqueeze_suggested = 1.5,
           start_timecode = '10:00:00:00', timecode_source = 'tmcd', timecode_conflicts_json = ?,
           audio_streams_json = ?, slate_json = ?, span_id = 'take-7', span_index = 1, span_count = 3,
           span_json = ?
         WHERE id = ?`,
      );
      camera.run(
        JSON.stringify([{ source: "bext", timecode: "09:59:59:00" }]),
        JSON.stringify([
          {
            codec: "pcm_s24le",
            channels: 2,
            layout: "stereo",
            bit_depth: 24,
            sample_rate: 48_000,
            names: ["Boom", "Lav"],
          },
        ]),
        JSON.stringify({ scene: "12", take: "3", tape: "A001", note: null, circled: true }),
        spanFacts(0),
        harbour.id,
      );
      lib.db
        .prepare(
          "UPDATE media SET vfr = 1, span_id = 'take-7', span_index = 3, span_count = 3, span_json = ? WHERE id = ?",
        )
        .run(spanFacts(harbour.duration_s), forest.id);
      lib.db
        .prepare("UPDATE media SET sequence_json = ?, status_reason = ? WHERE id = ?")
        .run(
          JSON.stringify({ first: 1001, last: 1012, count: 11, missing: [1005], missing_count: 1 }),
          NEEDS_PROXY,
          hostile.id,
        );
    } finally {
      lib.close();
    }
    const bin = await api<{ id: number }>("/api/bins", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Selects" }),
    });
    const project = await api<{ project: string }>("/api/collections?limit=1");
    await api(`/api/bins/${bin.id}/items`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ project: project.project, media_id: harbour.id }),
    });
    // The chat searches for what the vision model said of the harbour clip's second scene.
    const scenes = await api<{ description: string | null }[]>(`/api/media/${harbour.id}/scenes`);
    const wanted = scenes[1]?.description;
    expect(wanted).toBeTruthy();
    host.setChatScript((request) =>
      isClassifier(request)
        ? routeTo("compilation", { search_text: wanted })
        : "The closest takes are [1] and [2].",
    );
    const embedded = await svc(["embed"], ws.env({ OLLAMA_HOST: host.url }), 30_000);
    expect(embedded.exitCode, embedded.stderr).toBe(0);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  }, 60_000);

  // Every test starts in a browser of its own (no storage, permissions or open view left by another)
  // and fails if its page logged an error.
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
    page = await context.newPage();
    consoleErrors = [];
    const errors = consoleErrors;
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
  });

  afterEach(async () => {
    await context?.close();
    expect(consoleErrors, "errors logged by the page").toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    serve?.child.kill("SIGKILL");
    await host?.close();
    await ws?.cleanup();
  });

  it("serves the built app at / and for client routes, and leaves /api/* to the API", async () => {
    const index = await fetch(new URL("/", serve.url));
    expect(index.status).toBe(200);
    expect(index.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await index.text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    const bundle = await fetch(new URL(script, serve.url), { headers: { "accept-encoding": "gzip" } });
    expect(bundle.headers.get("content-encoding")).toBe("gzip");
    expect(bundle.headers.get("cache-control")).toContain("immutable");
    const deepLink = await fetch(new URL("/clip/1?t=2", serve.url));
    expect(await deepLink.text()).toBe(html);
    const missingAsset = await fetch(new URL("/assets/nope.js", serve.url));
    expect(missingAsset.status).toBe(404);
    const unknownApi = await fetch(new URL("/api/nope", serve.url));
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ detail: "no such endpoint" });
  });

  it("signs in on loopback without a token, lists the library and finds a clip by search", async () => {
    await page.goto(serve.url);
    await page.getByText("3 items").waitFor();
    // The harbour and forest clips are parts of one recording: one card, and the count says so.
    await page.getByText("(as 2 cards)").waitFor();
    // The hostile name is text on the page, never markup.
    await page.getByText(HOSTILE).first().waitFor();
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    await pageUntil(
      '[...document.querySelectorAll(".cell img")].filter((i) => i.complete && i.naturalWidth > 0).length === 2',
    );
    await shot("library");
    expect(await axeSerious()).toEqual([]);
    // Keyboard: arrows move through the grid, Space ticks the focused card: the recording's card
    // ticks both its parts. Which card comes second follows the order the pass stored them in.
    const hostileFirst = (await page.locator(".cell").first().getAttribute("data-id")) === String(hostile.id);
    const ticked = hostileFirst ? "2 selected" : "1 selected";
    await page.locator(".cell-open").first().focus();
    await page.keyboard.press("ArrowRight");
    await pageUntil('document.activeElement.getAttribute("data-index") === "1"');
    await page.keyboard.press(" ");
    await page.getByText(ticked).waitFor();
    await page.keyboard.press(" ");
    await page.getByText(ticked).waitFor({ state: "detached" });
    await page.getByRole("searchbox").fill("harbour");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("1 item", { exact: true }).waitFor();
    const first = page.locator(".cell").first();
    expect(await first.getAttribute("data-id")).toBe(String(harbour.id));
    await shot("search");
  });

  it("says so when the model host is down and the search falls back to text", async () => {
    await page.goto(serve.url);
    await page.getByText("3 items").waitFor();
    await host.stop();
    try {
      // Words no other test searches for: svc keeps the embeddings of queries it has seen.
      await page.getByRole("searchbox").fill("forest walk");
      await page.getByRole("searchbox").press("Enter");
      await page.getByText(/semantic search unavailable .*text matches only/).waitFor();
      expect(await page.locator(".cell").first().getAttribute("data-id")).not.toBe(String(harbour.id));
    } finally {
      await host.start();
    }
    await page.getByRole("searchbox").fill("harbour");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("1 item", { exact: true }).waitFor();
    await page.locator(`.cell[data-id="${harbour.id}"]`).waitFor();
  });

  it("plays the clip, and I and O marks persist through the API", async () => {
    await page.goto(serve.url);
    await page.getByRole("searchbox").fill("harbour");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("1 item", { exact: true }).waitFor();
    await page.locator(".cell-open").first().click();
    await page.waitForURL(`**/clip/${harbour.id}*`);
    const video = page.locator("video");
    await video.waitFor();
    await pageUntil('document.querySelector("video").readyState >= 2');
    await page.evaluate('(v => { v.muted = true; return v.play(); })(document.querySelector("video"))');
    await pageUntil('document.querySelector("video").currentTime > 0.5');
    await page.evaluate('document.querySelector("video").pause()');
    await page.locator("h1").click();
    await page.keyboard.press("i");
    await page.getByText(/^In set at/).waitFor();
    await page.evaluate('document.querySelector("video").currentTime = 4');
    await pageUntil('!document.querySelector("video").seeking');
    await page.keyboard.press("o");
    await page.getByText(/^Out set at/).waitFor();
    const saved = await api<Item>(`/api/media/${harbour.id}`);
    expect(saved.in_point).toBeGreaterThan(0.4);
    expect(saved.out_point).toBeCloseTo(4, 1);
    expect(await page.getByTestId("out-point").textContent()).toBe("0:04.0");
    await page.locator(".filmstrip .scene").nth(1).waitFor();
    // The transcript's words carry the recogniser's timings from GET /api/media/{id}/words.
    const words = await api<{ words: { start: number }[] }>(`/api/media/${harbour.id}/words`);
    expect(words.words.map((w) => w.start)).toEqual([0.3, 2.5, 3.1]);
    await page.locator(".transcript .word").nth(2).waitFor();
    expect(
      await page.locator(".transcript .word").evaluateAll((els) => els.map((e) => e.dataset.at)),
    ).toEqual(["0.3", "2.5", "3.1"]);
    await page.locator(".transcript .word", { hasText: "harbour" }).click();
    await pageUntil('Math.abs(document.querySelector("video").currentTime - 3.1) < 0.05');
    await shot("clip");
    expect(await axeSerious()).toEqual([]);
    // Without word timings the words are spread evenly over their segment.
    await page.goto(new URL(`/clip/${forest.id}`, serve.url).href);
    await page.locator(".transcript .word").nth(2).waitFor();
    expect(
      await page.locator(".transcript .word").evaluateAll((els) => els.map((e) => e.dataset.at)),
    ).toEqual(["0", "1", "2"]);
  });

  it("shows a camera original's facts on its card and clip page, and sets the desqueeze it is asked to", async () => {
    await page.goto(serve.url);
    await page.getByText("3 items").waitFor();
    const card = (item: Item) => page.locator(`.cell[data-id="${item.id}"]`);
    await card(harbour).locator(".cell-badges").getByText("S12 T3 ★").waitFor();
    // One card for the recording: its first part listed stands for it, with the whole length,
    // the recording's start timecode and the absent part in words.
    await card(harbour).locator(".cell-badges").getByText("3 parts").waitFor();
    expect(await card(forest).count()).toBe(0);
    const total = harbour.duration_s + forest.duration_s;
    const meta = card(harbour).locator(".cell-meta");
    expect(await meta.locator("span").first().textContent()).toBe(tenths(total));
    expect(await meta.locator(".tc").textContent()).toBe("10:00:00:00");
    expect(await meta.locator(".warning").textContent()).toBe("part 2 missing");
    await card(hostile).locator(".cell-badges").getByText("11 frames").waitFor();
    const status = card(hostile).locator(".status");
    expect(await status.textContent()).toBe("needs proxy");
    expect(await status.getAttribute("title")).toBe(NEEDS_PROXY);
    await shot("camera-cards");
    expect(await axeSerious()).toEqual([]);

    await page.goto(new URL(`/clip/${hostile.id}`, serve.url).href);
    expect(await page.getByTestId("status").textContent()).toBe(`needs a proxy: ${NEEDS_PROXY}`);
    expect(await page.getByTestId("sequence").textContent()).toBe(
      `${hostile.path} · frames 1001–1012 · 11 frames · 1 missing: 1005`,
    );

    await page.goto(new URL(`/clip/${forest.id}`, serve.url).href);
    await page.getByTestId("rate").getByText("VFR", { exact: true }).waitFor();
    // The recording's parts, read with ?span=: this one marked, the others linked, the absent one named.
    const recording = page.getByTestId("recording");
    expect(await recording.getByTestId("recording-summary").textContent()).toBe(
      `part 3 of 3 · ${tenths(total)} in all · starts 10:00:00:00 · part 2 missing`,
    );
    const parts = recording.getByRole("list", { name: "Parts of the recording" }).locator("li");
    await parts.nth(2).waitFor();
    expect(await parts.allTextContents()).toEqual([
      `1. harbour_dusk.mp4 · ${tenths(harbour.duration_s)} · 10:00:00:00`,
      "2. missing: no file for this part",
      `3. forest_walk.mp4 · ${tenths(forest.duration_s)} · ${forest.start_timecode}`,
    ]);
    expect(await recording.locator('[aria-current="page"]').textContent()).toBe("forest_walk.mp4");
    await shot("camera-recording");
    expect(await axeSerious()).toEqual([]);
    await recording.getByRole("link", { name: "harbour_dusk.mp4" }).click();
    await page.waitForURL(`**/clip/${harbour.id}`);

    await page.goto(new URL(`/clip/${harbour.id}`, serve.url).href);
    expect(await page.getByTestId("picture").textContent()).toBe(
      "320×240 (displays 427×240, 4:3 pixels) HDR HLG",
    );
    const rate = page.getByTestId("rate").locator('[title="24000/1001"]');
    expect(await rate.textContent()).toBe("23.976 fps");
    expect(await page.getByTestId("rate").textContent()).toContain("interlaced, top field first");
    expect(await page.getByTestId("timecode").textContent()).toBe(
      "10:00:00:00 from tmcdbext says 09:59:59:00",
    );
    expect(await page.getByTestId("sound").textContent()).toBe("2 ch (stereo) · 24-bit · 48 kHz — Boom, Lav");
    expect(await page.getByTestId("slate").textContent()).toBe("Scene 12 · Take 3 · Tape A001 ★ circled");
    await recording.locator('[aria-current="page"]', { hasText: "harbour_dusk.mp4" }).waitFor();
    // The camera's squeeze is offered, never applied by itself.
    const desqueeze = page.getByLabel("Desqueeze");
    expect(await desqueeze.inputValue()).toBe("1");
    await shot("camera-clip");
    expect(await axeSerious()).toEqual([]);

    // The control's requests go to the real route, which stores the value and answers the item.
    const sent: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/api/media/${harbour.id}/desqueeze`))
        sent.push({ method: request.method(), body: request.postDataJSON() });
    });
    await page.getByRole("button", { name: "Use the camera's 1.5×" }).click();
    await page.getByText("Desqueeze saved").waitFor();
    expect(await desqueeze.inputValue()).toBe("1.5");
    expect((await api<Item>(`/api/media/${harbour.id}`)).desqueeze).toBe(1.5);
    await page.getByRole("button", { name: /^Use the camera's/ }).waitFor({ state: "detached" });
    await desqueeze.selectOption("2");
    await page
      .getByTestId("picture")
      .getByText(/desqueezed 2×/)
      .waitFor();
    await page.getByRole("button", { name: "Use the camera's 1.5×" }).waitFor();
    expect((await api<Item>(`/api/media/${harbour.id}`)).desqueeze).toBe(2);
    expect(sent).toEqual([
      { method: "PATCH", body: { desqueeze: 1.5 } },
      { method: "PATCH", body: { desqueeze: 2 } },
    ]);
  });

  it("answers in the chat panel with cited scenes that open the clip", async () => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Chat" }).click();
    await page.getByLabel("Ask the library").fill("show me the best takes");
    await page.getByRole("button", { name: "Ask" }).click();
    const cited = page.locator(".cited .scene");
    await cited.first().waitFor();
    await page.locator(".cited img").first().waitFor();
    await shot("chat");
    expect(await axeSerious()).toEqual([]);
    await cited.first().click();
    await page.waitForURL(/\/clip\/\d+\?t=/);
    await page.locator("video").waitFor();
  });

  it("downloads a timeline and the batch zip of the selected clips, both of which parse", async () => {
    await page.goto(serve.url);
    await page.getByText("3 items").waitFor();
    // A bin narrows the grid to its items (GET /api/bins).
    await page.getByLabel("Bin").selectOption({ label: "Selects (1)" });
    await page.getByText("1 item", { exact: true }).waitFor();
    expect(await page.locator(".cell").first().getAttribute("data-id")).toBe(String(harbour.id));
    await page.getByLabel("Bin").selectOption("");
    await page.getByText("3 items").waitFor();
    // So does a smart collection (GET /api/collections).
    const { collections } = await api<{ collections: { key: string; title: string; count: number }[] }>(
      "/api/collections?limit=1",
    );
    const recent = collections.find((c) => c.key === "recent");
    expect(recent?.count).toBeGreaterThan(0);
    await page.getByLabel("Collection").selectOption({ label: `${recent?.title} (${recent?.count})` });
    await page
      .getByText(`${recent?.count} ${recent?.count === 1 ? "item" : "items"}`, { exact: true })
      .waitFor();
    // A search within the collection keeps the members it matches.
    expect(recent?.count).toBe(3);
    await page.getByRole("searchbox").fill("harbour");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("1 item", { exact: true }).waitFor();
    expect(await page.locator(".cell").first().getAttribute("data-id")).toBe(String(harbour.id));
    await page.getByLabel("Collection").selectOption("");
    await page.getByText("1 item", { exact: true }).waitFor();
    await page.getByRole("searchbox").fill("");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("3 items").waitFor();
    // So does a search within a bin: the bin holds only the harbour clip.
    await page.getByLabel("Bin").selectOption({ label: "Selects (1)" });
    await page.getByRole("searchbox").fill("forest");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("0 items", { exact: true }).waitFor();
    await page.getByLabel("Bin").selectOption("");
    await page.getByRole("searchbox").fill("");
    await page.getByRole("searchbox").press("Enter");
    await page.getByText("3 items").waitFor();
    // The recording's card ticks both its parts.
    await page.getByLabel("Select harbour_dusk.mp4 and the other parts of its recording").check();
    // Exact: with items ticked, the bulk bar links to the Export page too.
    await page.getByRole("link", { name: "Export", exact: true }).click();
    await page.getByText("2 clips selected").waitFor();
    await page.getByLabel("Format").selectOption("fcpxml");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download timeline" }).click(),
    ]);
    const xml = await readFile((await download.path()) as string, "utf8");
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml) as { fcpxml?: unknown };
    expect(doc.fcpxml).toBeDefined();
    expect(xml).toContain("harbour_dusk");
    expect(xml).toContain("forest_walk");
    const [zipped] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download batch zip" }).click(),
    ]);
    const entries = await readZip(await readFile((await zipped.path()) as string));
    const manifest = JSON.parse(String(entries.get("manifest.json"))) as { files: { id: number }[] };
    expect(manifest.files).toHaveLength(2);
    expect(manifest.files.map((f) => f.id)).toContain(harbour.id);
    await shot("export");
    expect(await axeSerious()).toEqual([]);
  });

  it("shows the operations view with health, counts, offloads, the redacted log, projects and entitlements", async () => {
    const card = join(ws.base, "cards", "CARD_A001");
    await mkdir(join(card, "CLIPS"), { recursive: true });
    await writeFile(join(card, "CLIPS", "A001C001.MXF"), Buffer.alloc(64 * 1024, 7));
    await api("/api/offload", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ source: card, dests: [join(ws.base, "SHUTTLE_1")] }),
    });
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Operations" }).click();
    await page.getByText("Ready").first().waitFor();
    await page.locator(".log").waitFor();
    const library = page.getByRole("region", { name: "Library" });
    await library.getByText("3 (3 video, 0 audio, 0 stills)", { exact: false }).waitFor();
    const offloads = page.getByRole("region", { name: "Offloads" });
    await offloads.getByText("Card CARD_A001: done (xxh64, read back)").waitFor();
    await offloads.getByText(/^SHUTTLE_1: 1 of 1 files, 0\.1 MiB/).waitFor();
    expect(await page.locator("pre.json").count()).toBe(0);
    await page.getByRole("region", { name: "Entitlements" }).getByText("Tier", { exact: true }).waitFor();
    const project = await api<{ project: string }>("/api/collections?limit=1");
    await page
      .getByRole("region", { name: "Projects" })
      .getByRole("cell", { name: project.project, exact: true })
      .waitFor();
    await page
      .getByRole("region", { name: "Projects" })
      .getByRole("cell", { name: ws.root, exact: true })
      .waitFor();
  });

  it("creates a token with scopes in the operations view and shows its secret once", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: serve.url });
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Operations" }).click();
    const tokens = page.getByRole("region", { name: "Tokens" });
    await tokens.getByLabel("Name").fill("laptop");
    await tokens.getByRole("checkbox", { name: "media_read" }).check();
    await tokens.getByRole("button", { name: "Create token" }).click();
    const secret = (await tokens.locator(".token-secret").textContent()) ?? "";
    expect(secret).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    await tokens.getByRole("button", { name: "Copy" }).click();
    await tokens.getByText("Copied").waitFor();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(secret);
    const listed = await api<{ tokens: { id: string; name: string; scopes: string[]; status: string }[] }>(
      "/api/tokens",
    );
    const issued = listed.tokens.find((t) => t.name === "laptop");
    expect(issued).toMatchObject({ scopes: ["media_read"], status: "active" });
    await tokens.locator(`tr[data-token="${issued?.id}"]`).getByText("active").waitFor();
    await shot("operations");
    expect(await axeSerious()).toEqual([]);
    // Once dismissed the secret is gone from the page: the list never carries it.
    await tokens.getByRole("button", { name: "Done" }).click();
    await tokens.locator(".token-secret").waitFor({ state: "detached" });
    expect(await page.content()).not.toContain(secret);
  });

  it("keeps the UI scale in the browser, within 80–140 %", async () => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Settings" }).click();
    const slider = page.getByLabel(/UI scale/);
    await slider.fill("140");
    await pageUntil('document.documentElement.style.fontSize === "140%"');
    await page.reload();
    await pageUntil('document.documentElement.style.fontSize === "140%"');
    await page.evaluate('localStorage.setItem("svc.uiScale", "300")');
    await page.reload();
    await pageUntil('document.documentElement.style.fontSize === "140%"');
    await page.evaluate('localStorage.setItem("svc.uiScale", "10")');
    await page.reload();
    await pageUntil('document.documentElement.style.fontSize === "80%"');
    await page.evaluate('localStorage.removeItem("svc.uiScale")');
    await page.reload();
    await pageUntil('document.documentElement.style.fontSize === "100%"');
  });

  it("asks a LAN browser for a token, keeps it, and says why when it stops working", async () => {
    // The token the LAN browser holds; it is revoked in the operations view below.
    const laptop = await api<{ id: string; secret: string }>("/api/tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "lan laptop", scopes: ["media_read"] }),
    });
    const lan = await context.newPage();
    const lanUrl = serve.url.replace("127.0.0.1", LAN_HOST);
    await lan.goto(lanUrl);
    await lan.getByText(/not trusted for local access/).waitFor();
    const signIn = page;
    page = lan;
    try {
      expect(await axeSerious()).toEqual([]);
    } finally {
      page = signIn;
    }
    expect(laptop.secret).not.toBe("");
    await lan.getByLabel("Token").fill(laptop.secret);
    await lan.getByRole("button", { name: "Sign in" }).click();
    await lan.getByText("3 items").waitFor();
    // Thumbnails reach a token holder too (an <img> cannot send the header; the app fetches them).
    await lan.locator(".cell img").first().waitFor();
    // So does the video: its URL carries a stream grant for this clip, and it plays by ranges.
    await lan.goto(new URL(`/clip/${harbour.id}`, lanUrl).href);
    await until("the video loaded with a grant", () =>
      lan.evaluate(
        `(v => v !== null && v.src.includes("/api/stream?id=${harbour.id}&grant=") && v.readyState >= 2)(document.querySelector("video"))`,
      ),
    );
    await lan.evaluate('(v => { v.muted = true; return v.play(); })(document.querySelector("video"))');
    await until("the video plays with a grant", () =>
      lan.evaluate('document.querySelector("video").currentTime > 0.5'),
    );
    // The token outlives a fresh load of the page.
    await lan.goto(lanUrl);
    await lan.getByText("3 items").waitFor();
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Operations" }).click();
    const row = page.getByRole("region", { name: "Tokens" }).locator(`tr[data-token="${laptop.id}"]`);
    await row.getByRole("button", { name: "Revoke lan laptop" }).click();
    await row.getByText("revoked").waitFor();
    await lan.reload();
    await lan.getByText("token has been revoked").waitFor();
    await lan.close();
  });

  it("keeps the library's pictures and media from pages of other origins", async () => {
    // Pages of "another site" (127.0.0.2) and of the same site on another port, as an attacker
    // would serve them; each points <img> and <video> at svc and records what loaded.
    const attackerPage = (svcUrl: string) => `<!doctype html>
<title>elsewhere</title>
<script>
window.results = {};
function done(el, what) { window.results[el.id] = what + (el.naturalWidth ? " " + el.naturalWidth : "") + (el.duration ? " " + el.duration : ""); }
</script>
<img id="thumbnail" src="${svcUrl}/api/media/${harbour.id}/thumbnail" onload="done(this, 'load')" onerror="done(this, 'error')">
<img id="keyframe" src="${svcUrl}/api/media/${harbour.id}/keyframes/0" onload="done(this, 'load')" onerror="done(this, 'error')">
<video id="stream" src="${svcUrl}/api/stream?id=${harbour.id}" preload="metadata" muted onloadedmetadata="done(this, 'load')" onerror="done(this, 'error')"></video>
<img id="control" src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7" onload="done(this, 'load')" onerror="done(this, 'error')">`;
    const servers = ["127.0.0.2", "127.0.0.1"].map((address) => {
      const server = createServer((_request, response) => {
        response.setHeader("content-type", "text/html; charset=utf-8");
        response.end(attackerPage(serve.url.replace(/\/$/, "")));
      });
      return new Promise<{ server: Server; url: string }>((resolve) =>
        server.listen(0, address, () => {
          resolve({ server, url: `http://${address}:${(server.address() as AddressInfo).port}/` });
        }),
      );
    });
    const attackers = await Promise.all(servers);
    const elsewhere = await context.newPage();
    try {
      for (const { url } of attackers) {
        await elsewhere.goto(url);
        const results = await until(`every element of ${url} settled`, async () => {
          const seen = (await elsewhere.evaluate("window.results")) as Record<string, string>;
          return Object.keys(seen).length === 4 && seen;
        });
        // The page itself loads pictures; svc's answers are what the browser keeps from it.
        expect(results, url).toEqual({
          control: "load 1",
          thumbnail: "error",
          keyframe: "error",
          stream: "error",
        });
      }
    } finally {
      await elsewhere.close();
      for (const { server } of attackers) server.close();
    }
    // From another site svc refused outright, local trust being no credential there; from the
    // same site on another port it answered, and the browser withheld the answer (CORP).
    const tail = await api<{ lines: string[] }>("/api/logs/tail?lines=400");
    const answered = (path: string) =>
      tail.lines
        .map((line) => JSON.parse(line) as { path?: string; status?: number })
        .filter((line) => line.path === path)
        .map((line) => line.status);
    expect(answered(`/api/media/${harbour.id}/thumbnail`)).toContain(403);
    expect(answered(`/api/media/${harbour.id}/keyframes/0`)).toContain(403);
  });

  it("shows a banner while svc is away and clears it by itself when svc is back", async () => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Operations" }).click();
    await page.locator(".log").waitFor();
    serve.child.kill("SIGKILL");
    await serve.child.catch(() => undefined);
    await page.getByText("svc cannot be reached — reconnecting…").waitFor({ timeout: 15_000 });
    const port = new URL(serve.url).port;
    serve = await startServe(serveEnv(port));
    await page
      .getByText("svc cannot be reached — reconnecting…")
      .waitFor({ state: "detached", timeout: 15_000 });
    // The requests refused while svc was away are this test's only console errors, and expected.
    expect(consoleErrors.filter((e) => e !== "Failed to load resource: net::ERR_CONNECTION_REFUSED")).toEqual(
      [],
    );
    consoleErrors.length = 0;
  });
});
