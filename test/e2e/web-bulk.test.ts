import { copyFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
// The flags every headless run here needs (no sandbox as root, no GPU, no background traffic).
import HEADLESS_CHROMIUM from "../support/chromium-args.json" with { type: "json" };
import { type ServeChild, startServe } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious as axeViolations } from "../support/web-page.js";

const CHROMIUM = process.env.SVC_CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "web");
const hasTools = needTools("ffmpeg", "ffprobe", "chromium");
const NAMES = ["a.png", "b.png", "c.png", "d.png"];

interface Item {
  id: number;
  name: string;
  status: string;
  rating: string | null;
  tags: { name: string; source: string }[];
}

// One browser session selecting in the grid and working on the selection, in order.
describe.skipIf(!hasTools)("bulk work on a selection in the web app", { shuffle: false }, () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let serve: ServeChild;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let consoleErrors: string[] = [];

  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(new URL(path, serve.url), init);
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
  const items = async () => (await api<{ items: Item[] }>("/api/media?limit=50")).items;
  const byName = async () => new Map((await items()).map((item) => [item.name, item]));
  const manual = (item: Item | undefined) =>
    (item?.tags ?? []).filter((t) => t.source === "manual").map((t) => t.name);
  /** The items' ids in the order the grid shows their cards. */
  const gridOrder = async () =>
    (
      await page
        .locator(".cell[data-id]")
        .evaluateAll((cells) => cells.map((c) => Number(c.getAttribute("data-id"))))
    ).filter((id) => id > 0);
  const card = (id: number) => page.locator(`.cell[data-id="${id}"] .cell-open`);
  const ticked = async () => {
    const ids = await gridOrder();
    const on: number[] = [];
    for (const id of ids) if (await page.locator(`.cell[data-id="${id}"] .pick`).isChecked()) on.push(id);
    return on;
  };
  const status = () => page.locator(".bulk-status");

  beforeAll(async () => {
    ws = await tempWorkspace();
    await mkdir(SHOTS, { recursive: true });
    const still = await makeStill(join(ws.root, "..", "fixtures"), "png");
    for (const name of NAMES) await copyFile(still, join(ws.root, name));
    serve = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }));
    await until(
      "the stills ingested",
      async () => {
        const listed = await items();
        return listed.length === NAMES.length && listed.every((i) => i.status === "done");
      },
      { timeoutMs: 40_000, intervalMs: 250 },
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: HEADLESS_CHROMIUM, headless: true });
  }, 60_000);

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    consoleErrors = [];
    const errors = consoleErrors;
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(new URL("/", serve.url).href);
    await until("every card shown", async () => (await gridOrder()).length === NAMES.length);
  });

  afterEach(async () => {
    await context?.close();
    expect(consoleErrors, "errors logged by the page").toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    serve?.child.kill("SIGKILL");
    await ws?.cleanup();
  });

  it("selects with Ctrl+click and Shift+click, and with Space, Shift+Space and Escape from the keyboard", async () => {
    const order = await gridOrder();
    await card(order[0] as number).click({ modifiers: ["Control"] });
    await card(order[2] as number).click({ modifiers: ["Shift"] });
    expect(await ticked()).toEqual(order.slice(0, 3));
    await page.locator(".summary").getByText("3 selected").waitFor();
    await page.locator(".bulk-bar").getByText("3 items selected").waitFor();
    // Ctrl+click takes one card out again and puts it back; the clip view never opened.
    await card(order[1] as number).click({ modifiers: ["Control"] });
    expect(await ticked()).toEqual([order[0], order[2]]);
    await card(order[1] as number).click({ modifiers: ["Control"] });
    expect(await ticked()).toEqual(order.slice(0, 3));
    expect(new URL(page.url()).pathname).toBe("/");

    await card(order[0] as number).focus();
    await page.keyboard.press("Escape");
    expect(await ticked()).toEqual([]);
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+Space");
    expect(await ticked()).toEqual(order);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, "bulk-bar.png") });
  });

  it("tags and rates every selected item through the bar, and Undo restores each exactly", async () => {
    const before = await byName();
    const [a, b, c, d] = NAMES.map((name) => before.get(name)?.id as number);
    await api(`/api/media/${b}/rating`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rating: "2" }),
    });
    await api(`/api/media/${a}/tags`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "hero 🎬" }),
    });
    await page.reload();
    await until("every card shown", async () => (await gridOrder()).length === NAMES.length);
    for (const id of [a, b, c]) await card(id as number).click({ modifiers: ["Control"] });

    await page.getByLabel("Tag name").fill("hero 🎬");
    await page.getByRole("button", { name: "Add tag" }).click();
    await status().getByText("Tagged 2 items “hero 🎬” (1 had it already)").waitFor();
    let now = await byName();
    for (const name of ["a.png", "b.png", "c.png"]) expect(manual(now.get(name)), name).toEqual(["hero 🎬"]);
    expect(manual(now.get("d.png"))).toEqual([]);
    // The cards show the tag without a reload.
    await page.locator(`.cell[data-id="${c}"] .cell-tags`).getByText("hero 🎬").waitFor();

    await page.getByRole("button", { name: "Undo" }).click();
    await status()
      .getByText(/^Undid: Tagged 2 items/)
      .waitFor();
    now = await byName();
    expect(manual(now.get("a.png"))).toEqual(["hero 🎬"]);
    expect(manual(now.get("b.png"))).toEqual([]);
    expect(manual(now.get("c.png"))).toEqual([]);

    await page.getByRole("button", { name: "Rate 4 of 5" }).click();
    await status().getByText("Rated 3 items ★★★★").waitFor();
    now = await byName();
    expect(["a.png", "b.png", "c.png", "d.png"].map((name) => now.get(name)?.rating)).toEqual([
      "4",
      "4",
      "4",
      null,
    ]);
    await page.getByRole("button", { name: "Undo" }).click();
    await status()
      .getByText(/^Undid: Rated 3 items/)
      .waitFor();
    now = await byName();
    expect(["a.png", "b.png", "c.png", "d.png"].map((name) => now.get(name)?.rating)).toEqual([
      null,
      "2",
      null,
      null,
    ]);
    expect(d).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("deletes the selection to the trash, and Undo puts every item back with its editorial work", async () => {
    const before = await byName();
    const a = before.get("a.png")?.id as number;
    const b = before.get("b.png")?.id as number;
    await card(a).click({ modifiers: ["Control"] });
    await card(b).click({ modifiers: ["Shift"] });
    const chosen = await ticked();
    expect(chosen.length).toBeGreaterThanOrEqual(2);
    await page.getByRole("button", { name: "Delete to trash" }).click();
    await status().getByText(`Deleted ${chosen.length} items to the trash`).waitFor();
    expect((await items()).length).toBe(NAMES.length - chosen.length);
    expect(await ticked()).toEqual([]);

    await page.getByRole("button", { name: "Undo" }).click();
    await status()
      .getByText(new RegExp(`${chosen.length} items restored`))
      .waitFor();
    const after = await byName();
    expect([...after.keys()].sort()).toEqual(NAMES);
    expect(manual(after.get("a.png"))).toEqual(["hero 🎬"]);
    expect(after.get("b.png")?.rating).toBe("2");
    expect(await axeViolations(page)).toEqual([]);
  });
});
