import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handoff } from "../../domain/schemas/handoff.js";
// The flags every headless run here needs (no sandbox as root, no GPU, no background traffic).
import HEADLESS_CHROMIUM from "../support/chromium-args.json" with { type: "json" };
import { type ServeChild, startServe } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious } from "../support/web-page.js";

const CHROMIUM = process.env.SVC_CHROMIUM ?? "/usr/bin/chromium";
const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "web");
const hasTools = needTools("ffmpeg", "ffprobe", "chromium");
const BIN = `Day 1 "picks" 🎬 \u200fשלום`;

interface Item {
  id: number;
  name: string;
  status: string;
}

describe.skipIf(!hasTools)("Send to Resolve in the web app", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let serve: ServeChild;
  let browser: Browser;
  let page: Page;
  let items: Item[];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    ws = await tempWorkspace("svc-web-handoff-");
    await mkdir(SHOTS, { recursive: true });
    await makeStill(ws.root, "png", "card-a.png");
    await makeStill(ws.root, "jpg", "card-b.jpg");
    serve = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }));
    items = await until(
      "the stills ingested",
      async () => {
        const response = await fetch(new URL("/api/media?limit=10", serve.url));
        const listed = (await response.json()) as { items: Item[] };
        return listed.items.length === 2 && listed.items.every((i) => i.status === "done") && listed.items;
      },
      { timeoutMs: 40_000, intervalMs: 250 },
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: HEADLESS_CHROMIUM, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    serve?.child.kill("SIGKILL");
    await ws?.cleanup();
  });

  it("sends the two selected clips into the bin named, and the script's next call gets them", async () => {
    await page.goto(serve.url);
    for (const name of ["card-a.png", "card-b.jpg"]) await page.getByLabel(`Select ${name}`).check();
    await page.getByRole("link", { name: "Export", exact: true }).click();
    await page.getByText("2 clips selected").waitFor();
    await page.getByLabel("Resolve bin").fill(BIN);
    await page.getByRole("button", { name: "Send to Resolve" }).click();
    const said = page.getByText(
      /^Hand-off \d+ ready \(2 clips, bin ".*"\): in Resolve, run Workspace → Scripts → svc_resolve$/,
    );
    await said.waitFor();
    await page.screenshot({ path: join(SHOTS, "handoff.png") });
    expect(await axeSerious(page)).toEqual([]);

    const response = await fetch(new URL("/api/handoff/next", serve.url));
    expect(response.status).toBe(200);
    const handoff = (await response.json()) as Handoff;
    expect(await said.textContent()).toContain(`Hand-off ${handoff.id} ready`);
    expect(handoff.bin).toBe(BIN);
    expect(handoff.items.map((i) => i.id).sort()).toEqual(items.map((i) => i.id).sort());
    expect(consoleErrors).toEqual([]);
  });
});
