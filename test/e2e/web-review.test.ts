import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Marker, Subclip } from "../../domain/schemas/marks.js";
import { openLibrary } from "../../state/stores.js";
import type { ServeChild } from "../support/cli.js";
import { ff } from "../support/speech.js";
import { needTools } from "../support/tools.js";
import { axeSerious as axeViolations } from "../support/web-page.js";
import { useWebSession } from "../support/web-session.js";

const hasTools = needTools("ffmpeg", "ffprobe", "chromium");

const FPS = 25;
const SECONDS = 4;
// The recogniser's words as the transcribe stage stores them.
const WORDS = [
  { word: "drone", start: 0.3, end: 0.7, score: 0.9 },
  { word: "over", start: 1.1, end: 1.4, score: 0.9 },
  { word: "the", start: 1.5, end: 1.6, score: 0.9 },
  { word: "harbour", start: 2.5, end: 3, score: 0.9 },
];

interface Item {
  id: number;
  name: string;
  status: string;
  in_point: number | null;
  out_point: number | null;
  rating: string | null;
  start_timecode: string | null;
  fps_rational: string | null;
}

/** A few seconds of 25 fps picture with a tone, its timecode starting at 01:00:00:00. */
async function makeClip(dir: string, name: string): Promise<void> {
  await ff([
    ...["-f", "lavfi", "-i", `testsrc=size=160x90:rate=${FPS}:d=${SECONDS}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${SECONDS}`],
    ...["-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-g", "1"],
    ...["-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "64k", "-timecode", "01:00:00:00"],
    join(dir, name),
  ]);
}

// One reviewer's pass over two clips with the keys alone, in order: each test leaves what the next reads.
describe.skipIf(!hasTools)("the clip view as a review tool", { shuffle: false }, () => {
  let page: Page;
  let serve: ServeChild;
  let first: Item;
  let second: Item;
  const web = useWebSession({
    prepare: (root) =>
      Promise.all([makeClip(root, "A001_C001.mp4"), makeClip(root, "A001_C002.mp4")]).then(() => undefined),
    chromiumArgs: ["--autoplay-policy=no-user-gesture-required"],
    ready: async (session) => {
      const listed = await session.api<{ items: Item[] }>("/api/media?limit=10");
      if (listed.items.length !== 2 || !listed.items.every((i) => i.status === "done")) return false;
      // The library's own order: ↓ from the first goes to the second.
      [first, second] = listed.items as [Item, Item];
      return true;
    },
  });
  const api = <T>(path: string, init?: RequestInit) => web.api<T>(path, init);
  const pageUntil = (expression: string) => web.pageUntil(expression);
  const shot = (name: string) => web.shot(name);
  const axeSerious = () => axeViolations(page);
  const timecode = () => page.getByTestId("source-timecode").textContent();
  const showsTimecode = (tc: string) =>
    pageUntil(`document.querySelector("[data-testid=source-timecode]").textContent === "${tc}"`);
  const seekTo = async (t: number) => {
    await page.evaluate(`document.querySelector("video").currentTime = ${t}`);
    await pageUntil('!document.querySelector("video").seeking');
  };
  const openFirst = async () => {
    await page.goto(new URL(`/clip/${first.id}`, serve.url).href);
    await pageUntil('document.querySelector("video")?.readyState >= 2');
    await page.evaluate('document.querySelector("video").muted = true');
    // The keys work on the page, not in a field: the heading takes the focus away from any.
    await page.locator("h1").click();
  };
  const itemOf = (id: number) => api<Item>(`/api/media/${id}`);

  beforeAll(() => {
    expect(first).toMatchObject({ start_timecode: "01:00:00:00", fps_rational: "25/1" });
    const lib = openLibrary(web.ws.root);
    try {
      lib.db
        .prepare("UPDATE media SET segments_json = ?, words_json = ? WHERE id = ?")
        .run(
          JSON.stringify([{ start: 0, end: 4, text: "drone over the harbour" }]),
          JSON.stringify(WORDS),
          first.id,
        );
    } finally {
      lib.close();
    }
  });

  beforeEach(() => {
    page = web.page;
    serve = web.serve;
  });

  it("shuttles with J/K/L and space, and shows the source timecode with frames", async () => {
    await openFirst();
    expect(await timecode()).toBe("01:00:00:00");
    expect(await page.locator(".review-bar .rate").textContent()).toBe("25 fps");

    await page.keyboard.press("l");
    await pageUntil('document.querySelector("video").currentTime > 0.3');
    await page.getByText("▶ 1×").waitFor();
    expect(await timecode()).not.toBe("01:00:00:00");
    await page.keyboard.press("k");
    await pageUntil('document.querySelector("video").paused');
    expect(await page.locator(".shuttle").textContent()).toBe("");

    // Again L: each press doubles.
    await seekTo(0);
    await page.keyboard.press("l");
    await page.keyboard.press("l");
    await page.getByText("▶ 2×").waitFor();
    expect(await page.evaluate('document.querySelector("video").playbackRate')).toBe(2);
    await page.keyboard.press("l");
    await page.getByText("▶ 4×").waitFor();
    expect(await page.evaluate('document.querySelector("video").playbackRate')).toBe(4);
    await page.keyboard.press("k");
    await pageUntil(
      'document.querySelector("video").paused && document.querySelector("video").playbackRate === 1',
    );

    // J plays backward by seeking: the time goes down while the video element stays paused.
    await seekTo(3);
    await page.keyboard.press("j");
    await page.getByText("◀ 1×").waitFor();
    await pageUntil('document.querySelector("video").currentTime < 2.7');
    expect(await page.evaluate('document.querySelector("video").paused')).toBe(true);
    await page.keyboard.press("k");
    await page.locator(".shuttle").getByText("◀ 1×").waitFor({ state: "detached" });

    // Space plays and pauses.
    await page.keyboard.press(" ");
    await pageUntil('!document.querySelector("video").paused');
    await page.keyboard.press(" ");
    await pageUntil('document.querySelector("video").paused');
  });

  it("steps one frame with ←/→ and K+L / K+J, one second with shift, at the clip's 25 fps", async () => {
    await openFirst();
    // The middle of frame 25: 01:00:01:00.
    await seekTo(1.02);
    await showsTimecode("01:00:01:00");
    await page.keyboard.press("ArrowRight");
    await showsTimecode("01:00:01:01");
    await page.keyboard.press("ArrowRight");
    await showsTimecode("01:00:01:02");
    await page.keyboard.press("ArrowLeft");
    await showsTimecode("01:00:01:01");
    // Seeks land on a frame's middle, never on a boundary.
    expect(await page.evaluate('document.querySelector("video").currentTime')).toBeCloseTo(26.5 / FPS, 3);
    await page.keyboard.press("Shift+ArrowRight");
    await showsTimecode("01:00:02:01");
    await page.keyboard.press("Shift+ArrowLeft");
    await showsTimecode("01:00:01:01");
    await page.keyboard.down("k");
    await page.keyboard.press("l");
    await showsTimecode("01:00:01:02");
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await showsTimecode("01:00:01:00");
    await page.keyboard.up("k");
    expect(await page.evaluate('document.querySelector("video").paused')).toBe(true);
  });

  it("sets in and out with I and O and clears them with Alt+I / Alt+O, through the API", async () => {
    await openFirst();
    await seekTo(1.02);
    await page.keyboard.press("i");
    await page.getByText(/^In set at/).waitFor();
    await seekTo(3.02);
    await page.keyboard.press("o");
    await page.getByText(/^Out set at/).waitFor();
    expect(await itemOf(first.id)).toMatchObject({ in_point: 1.02, out_point: 3.02 });
    expect(await page.getByTestId("in-tc").textContent()).toBe("01:00:01:00");
    expect(await page.getByTestId("out-tc").textContent()).toBe("01:00:03:00");
    await page.locator(".strip .inout").waitFor();
    await page.keyboard.press("Alt+i");
    await page.getByText("In cleared").waitFor();
    expect(await itemOf(first.id)).toMatchObject({ in_point: null, out_point: 3.02 });
    await page.keyboard.press("Alt+o");
    await page.getByText("Out cleared").waitFor();
    expect(await itemOf(first.id)).toMatchObject({ in_point: null, out_point: null });
    await page.locator(".strip .inout").waitFor({ state: "detached" });
  });

  it("adds a marker with M, its note focused and its tick on the timeline, and rates with 1–5", async () => {
    await openFirst();
    await seekTo(1.5);
    await page.keyboard.press("m");
    await page.locator(".strip .marker-tick").waitFor();
    await pageUntil('document.activeElement?.getAttribute("aria-label") === "Note of the marker at 0:01.5"');
    const saved = await api<{ items: (Marker | Subclip)[] }>(`/api/media/${first.id}/markers`);
    expect(saved.items).toHaveLength(1);
    expect(saved.items[0]?.start_s).toBeCloseTo(1.5, 2);
    // What is typed next is the note, not keys: "3" does not rate.
    await page.keyboard.type("soft focus 3");
    await page.keyboard.press("Enter");
    await page.getByText("Marker saved").waitFor();
    expect((await itemOf(first.id)).rating).toBeNull();
    await page.keyboard.press("4");
    await page.getByText("Rated 4").waitFor();
    expect((await itemOf(first.id)).rating).toBe("4");
    await page.keyboard.press("2");
    await page.getByText("Rated 2").waitFor();
    expect((await itemOf(first.id)).rating).toBe("2");
  });

  it("opens the keys with ? (Escape closes it) and enters full-screen review with F", async () => {
    await openFirst();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keys" });
    await help.waitFor();
    await help.getByText("Previous / next clip of the list").waitFor();
    expect(await axeSerious()).toEqual([]);
    await shot("review-keys");
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "hidden" });

    await page.keyboard.press("f");
    await page.locator(".player.reviewing").waitFor();
    // Headless Chromium may grant the Fullscreen API or refuse it; refused, the column fills the window.
    const screen = await page.evaluate('document.fullscreenElement ? "browser" : "page"');
    await page.locator(`.player.reviewing.${screen}`).waitFor();
    const box = await page.locator(".player.reviewing").boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1280 - 1);
    // The keys work in it as on the page.
    await seekTo(1.02);
    await page.keyboard.press("ArrowRight");
    await showsTimecode("01:00:01:01");
    expect(await axeSerious()).toEqual([]);
    await shot("review-mode");
    await page.keyboard.press("f");
    await page.locator(".player.reviewing").waitFor({ state: "detached" });
    await pageUntil("document.fullscreenElement === null");
  });

  it("marks in and out by dragging across the timeline, and a click seeks", async () => {
    await openFirst();
    const strip = page.locator(".strip");
    const box = await strip.boundingBox();
    if (!box) throw new Error("no timeline");
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.25, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
    await page.mouse.move(box.x + box.width * 0.75, y, { steps: 4 });
    await page.mouse.up();
    await page.getByText(/^In and out set/).waitFor();
    const marked = await itemOf(first.id);
    expect(marked.in_point).toBeCloseTo(1, 1);
    expect(marked.out_point).toBeCloseTo(3, 1);
    await page.mouse.click(box.x + box.width * 0.5, y);
    await pageUntil('Math.abs(document.querySelector("video").currentTime - 2) < 0.1');
  });

  it("finds words in the transcript and on the timeline, seeks on a click, marks a selected passage", async () => {
    await openFirst();
    await page.locator(".transcript .word").nth(3).waitFor();
    await page.getByLabel("Search the transcript").fill("harbour");
    await page.locator(".transcript .word.hit").waitFor();
    expect(await page.locator(".transcript .word.hit").allTextContents()).toEqual(["harbour"]);
    expect(await page.locator(".strip .tl-hit").count()).toBe(1);
    await page.getByText("1 hit").waitFor();
    await page.locator(".transcript .word", { hasText: "harbour" }).click();
    await pageUntil('Math.abs(document.querySelector("video").currentTime - 2.5) < 0.05');

    // A passage from "over" to "the" selected with the mouse: in and out around it.
    const from = await page.locator(".transcript .word", { hasText: "over" }).boundingBox();
    const to = await page.locator(".transcript .word", { hasText: "the" }).boundingBox();
    if (!from || !to) throw new Error("no words");
    await page.mouse.move(from.x + 1, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width - 1, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await page.getByText(/^In and out set/).waitFor();
    expect(await itemOf(first.id)).toMatchObject({ in_point: 1.1, out_point: 1.6 });
    // The item has a marker, so the passage can become a subclip.
    await page.getByRole("button", { name: "Make subclip of the selected passage" }).click();
    await page.locator('ul[aria-label="Subclips"] li').waitFor();
    const subclips = await api<{ items: Subclip[] }>(`/api/media/${first.id}/subclips`);
    expect(subclips.items.map((s) => [s.start_s, s.end_s])).toEqual([[1.1, 1.6]]);
    await shot("review-transcript");
    expect(await axeSerious()).toEqual([]);
  });

  it("goes to the next and previous clip of the list with ↓ and ↑", async () => {
    await page.goto(serve.url);
    await page.locator(`.cell[data-id="${first.id}"] .cell-open`).click();
    await page.waitForURL(`**/clip/${first.id}`);
    await page.locator("h1").getByText(first.name).waitFor();
    await page.locator("h1").click();
    // Where the clip stands in the list is read once it opens.
    await page.locator(".review-bar").getByText("Clip 1 of 2").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(`**/clip/${second.id}`);
    await page.locator("h1").getByText(second.name).waitFor();
    await page.locator(".review-bar").getByText("Clip 2 of 2").waitFor();
    await page.keyboard.press("ArrowDown");
    await page.getByText("No next clip in the list").waitFor();
    await page.keyboard.press("ArrowUp");
    await page.waitForURL(`**/clip/${first.id}`);
    await page.locator("h1").getByText(first.name).waitFor();
    // The library is one step back, as before: ↑/↓ replace the history entry.
    await page.getByRole("button", { name: "← Library" }).click();
    await page.waitForURL(new URL("/", serve.url).href);
  });
});
