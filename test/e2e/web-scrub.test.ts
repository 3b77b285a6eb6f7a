import { join } from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import type { Sprite } from "../../domain/schemas/media.js";
import type { ServeChild } from "../support/cli.js";
import { ff } from "../support/speech.js";
import { needTools } from "../support/tools.js";
import { axeSerious, pageUntil } from "../support/web-page.js";
import { SHOTS, useWebSession } from "../support/web-session.js";

const hasTools = needTools("ffmpeg", "ffprobe", "chromium");

interface Item {
  id: number;
  name: string;
  status: string;
  sprite: Sprite | null;
}

/** 4 s whose picture is a different colour each second, so far-apart sprite frames differ. */
const makeColours = (dir: string) =>
  ff([
    ...["-f", "lavfi", "-i", "color=c=red:s=320x180:r=25:d=1"],
    ...["-f", "lavfi", "-i", "color=c=green:s=320x180:r=25:d=1"],
    ...["-f", "lavfi", "-i", "color=c=blue:s=320x180:r=25:d=1"],
    ...["-f", "lavfi", "-i", "color=c=yellow:s=320x180:r=25:d=1"],
    ...["-filter_complex", "[0:v][1:v][2:v][3:v]concat=n=4:v=1:a=0[v]", "-map", "[v]"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    join(dir, "colours.mp4"),
  ]);

describe.skipIf(!hasTools)("hover scrub in the grid", () => {
  let page: Page;
  let clip: Item;

  let serve: ServeChild;
  const web = useWebSession({
    prepare: makeColours,
    ready: async (session) => {
      const listed = await session.api<{ items: Item[] }>("/api/media?limit=10");
      const item = listed.items[0];
      if (item?.status !== "done" || item.sprite === null) return false;
      clip = item;
      return true;
    },
  });
  /** What the card shows: the frame under the pointer, where the sprite sits, the time label. */
  // Page-side code is given as text: the tests are compiled without the DOM's types.
  const scrubbed = () =>
    page.evaluate(`(() => {
      const frame = document.querySelector(".scrub-frame");
      return {
        frame: frame?.dataset.frame ?? null,
        position: frame?.style.backgroundPosition ?? null,
        image: frame?.style.backgroundImage ?? null,
        time: document.querySelector(".scrub-time")?.textContent ?? null,
      };
    })()`) as Promise<{
      frame: string | null;
      position: string | null;
      image: string | null;
      time: string | null;
    }>;
  /** The colour in the middle of the card's picture as shown. */
  const colour = async () => {
    const shot = await page.locator(".scrub-area").first().screenshot();
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
    return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
  };
  const pointAt = async (fraction: number) => {
    const box = await page.locator(".scrub-area").first().boundingBox();
    if (!box) throw new Error("the card has no picture");
    await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
  };

  beforeEach(() => {
    page = web.page;
    serve = web.serve;
  });

  it("shows the frame and the time under the pointer, and the thumbnail again on leaving", async () => {
    expect(clip.sprite).toMatchObject({ frames: 8, columns: 8, rows: 1, frame_width: 160, frame_height: 90 });
    const sprites: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/sprite")) sprites.push(request.url());
    });
    await page.goto(serve.url);
    await page.locator(".cell .cell-img").first().waitFor();
    // Loaded on the first hover, not with the grid.
    expect(sprites).toEqual([]);
    expect(await scrubbed()).toEqual({ frame: null, position: null, image: null, time: null });

    await pointAt(0.1);
    await pageUntil(page, 'document.querySelector(".scrub-frame")?.dataset.frame === "0"');
    const early = await scrubbed();
    expect(early.time).toMatch(/^0:00\.[3-5]$/);
    expect(early.image).toContain(`/api/media/${clip.id}/sprite`);
    await page.screenshot({ path: join(SHOTS, "scrub-early.png") });

    await pointAt(0.8);
    await pageUntil(page, 'document.querySelector(".scrub-frame")?.dataset.frame === "6"');
    const late = await scrubbed();
    expect(late.time).toMatch(/^0:03\.[1-3]$/);
    expect(late.position).not.toBe(early.position);
    expect(sprites).toHaveLength(1);
    await page.screenshot({ path: join(SHOTS, "scrub-late.png") });
    // The pictures differ too: yellow in the last second, red in the first.
    const yellow = await colour();
    expect(yellow.r).toBeGreaterThan(180);
    expect(yellow.g).toBeGreaterThan(180);
    expect(yellow.b).toBeLessThan(90);
    await pointAt(0.05);
    await pageUntil(page, 'document.querySelector(".scrub-frame")?.dataset.frame === "0"');
    const red = await colour();
    expect(red.r).toBeGreaterThan(180);
    expect(red.g).toBeLessThan(90);

    expect(await axeSerious(page)).toEqual([]);

    await page.mouse.move(5, 5);
    await pageUntil(
      page,
      '!document.querySelector(".scrub-frame") && !document.querySelector(".scrub-time")',
    );
    await page.locator(".cell .cell-img").first().waitFor();
  });

  it("leaves the card as it was for touch and keyboard focus", async () => {
    await page.goto(serve.url);
    await page.locator(".cell .cell-img").first().waitFor();
    await page.locator(".scrub-area").first().dispatchEvent("pointermove", {
      pointerType: "touch",
      clientX: 50,
      clientY: 50,
      bubbles: true,
    });
    await page.keyboard.press("Tab");
    await page.locator(".cell-open").first().focus();
    expect(await scrubbed()).toEqual({ frame: null, position: null, image: null, time: null });
    // The card still opens the clip from the keyboard.
    await page.keyboard.press("Enter");
    await pageUntil(page, `location.pathname === "/clip/${clip.id}"`);
  });
});
