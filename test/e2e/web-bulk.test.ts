import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { ServeChild } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious as axeViolations } from "../support/web-page.js";
import { SHOTS, useWebSession } from "../support/web-session.js";

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
  let page: Page;

  let serve: ServeChild;
  const web = useWebSession({
    prepare: async (root) => {
      const still = await makeStill(join(root, "..", "fixtures"), "png");
      for (const name of NAMES) await copyFile(still, join(root, name));
    },
    ready: async () => {
      const listed = await items();
      return listed.length === NAMES.length && listed.every((i) => i.status === "done");
    },
  });
  const api = <T>(path: string, init?: RequestInit) => web.api<T>(path, init);
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
  /** The ticked cards' ids in grid order, read at one moment: the grid may re-render between two reads. */
  const ticked = async () =>
    (
      await page
        .locator(".cell[data-id]")
        .evaluateAll((cells) =>
          cells
            .filter((c) => c.querySelector(".pick:checked") !== null)
            .map((c) => Number(c.getAttribute("data-id"))),
        )
    ).filter((id) => id > 0);
  const status = () => page.locator(".bulk-status");

  beforeEach(async () => {
    page = web.page;
    serve = web.serve;
    await page.goto(new URL("/", serve.url).href);
    await until("every card shown", async () => (await gridOrder()).length === NAMES.length);
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
