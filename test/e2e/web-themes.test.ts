import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SyncPair as Pair } from "../../domain/schemas/sync.js";
import HEADLESS_CHROMIUM from "../support/chromium-args.json" with { type: "json" };
import { type ServeChild, startServe } from "../support/cli.js";
import { ff } from "../support/speech.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious, pageUntil } from "../support/web-page.js";

const CHROMIUM = process.env.SVC_CHROMIUM ?? "/usr/bin/chromium";
// The screenshots in docs/web are this test's, rewritten only when asked: a plain run leaves the tree clean.
const SHOTS = process.env.SVC_UPDATE_SCREENSHOTS
  ? join(import.meta.dirname, "..", "..", "docs", "web")
  : join(import.meta.dirname, "..", "..", "test-results", "web", "themes");
const VIEWPORT = { width: 1280, height: 800 };
const THEMES = ["dark", "light"] as const;
type Theme = (typeof THEMES)[number];
// What style.css paints the page in, per theme (--bg).
const BACKGROUND: Record<Theme, string> = { dark: "rgb(21, 23, 26)", light: "rgb(244, 245, 247)" };

// A name as a camera card's offload tool writes them: 120 characters, no space to break at.
const LONG_NAME = `${"A003_C017_0412HB_harbour_dusk_drone_pass_wide_".padEnd(116, "x")}.mp4`;
// As long as a tag may be (64 characters).
const LONG_TAG = "harbour-at-dusk-second-unit-drone-pass-pickup-for-opening-titles";

interface Item {
  id: number;
  name: string;
  status: string;
}

/** The camera clip and the recorder's take its scratch track was cut from (1 s in), and a long-named clip. */
async function makeLibrary(dir: string): Promise<void> {
  const sound = join(dir, "take_01.wav");
  await ff([
    ...["-f", "lavfi", "-i", "anoisesrc=d=6:c=pink:r=48000:a=0.5:seed=7"],
    ...["-af", "volume='0.2+0.8*abs(sin(2.3*t)*sin(0.7*t))':eval=frame"],
    ...["-ac", "1", "-c:a", "pcm_s16le", sound],
  ]);
  await ff([
    ...["-f", "lavfi", "-i", "testsrc=size=160x90:rate=24:d=4"],
    ...["-ss", "1", "-t", "4", "-i", sound],
    ...["-map", "0:v", "-map", "1:a", "-af", "volume=0.5"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k"],
    join(dir, "A001_C002.mp4"),
  ]);
  await ff([
    ...["-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:d=2"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    join(dir, LONG_NAME),
  ]);
}

interface Screen {
  name: string;
  /** Opens the screen and waits until what it shows has arrived. */
  open: (page: Page) => Promise<void>;
}

describe.skipIf(!needTools("ffmpeg", "ffprobe", "chromium"))("the web app's themes and layout", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let serve: ServeChild;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let camera: Item;
  let sound: Item;
  let long: Item;
  let errors: string[] = [];

  const at = (path: string) => new URL(path, serve.url).href;
  const api = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(new URL(path, serve.url), init);
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
  const post = (path: string, body: unknown) =>
    api(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** A fresh page whose system setting is `scheme`, its errors collected. */
  const openPage = async (scheme: Theme): Promise<Page> => {
    context = await browser.newContext({ viewport: VIEWPORT, colorScheme: scheme });
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return page;
  };
  const background = (page: Page) =>
    page.evaluate("getComputedStyle(document.documentElement).backgroundColor") as Promise<string>;

  const screens = (): Screen[] => [
    {
      name: "library",
      open: async (page) => {
        await page.goto(at("/"));
        await page.getByText("3 items").waitFor();
        await page.locator(".cell img").first().waitFor();
      },
    },
    {
      name: "search",
      open: async (page) => {
        await page.goto(at("/"));
        await page.getByText("3 items").waitFor();
        await page.getByLabel("Search the library").fill("harbour");
        await page.getByLabel("Search the library").press("Enter");
        await page.getByText("1 item", { exact: true }).waitFor();
      },
    },
    {
      name: "clip",
      open: async (page) => {
        await page.goto(at(`/clip/${camera.id}`));
        await page.locator(".strip canvas.waveform").waitFor();
        await pageUntil(page, 'document.querySelector("video")?.readyState >= 2');
        await page.locator(".sound-sync li").waitFor();
      },
    },
    {
      name: "review",
      open: async (page) => {
        await page.goto(at(`/clip/${camera.id}`));
        await page.locator(".strip canvas.waveform").waitFor();
        await pageUntil(page, 'document.querySelector("video")?.readyState >= 2');
        await page.locator("h1").click();
        await page.keyboard.press("f");
        await page.locator(".player.reviewing").waitFor();
      },
    },
    {
      name: "sync",
      open: async (page) => {
        await page.goto(at("/sync"));
        await page.locator("table.pairs tbody tr").first().getByText("take_01.wav").waitFor();
      },
    },
    {
      name: "sync-pair",
      open: async (page) => {
        await page.goto(at(`/sync/${camera.id}/${sound.id}`));
        await page.locator(".aligned canvas.waveform").nth(1).waitFor();
        await page.getByTestId("state").getByText("proposed").waitFor();
        await pageUntil(page, 'document.querySelector("video")?.readyState >= 2');
      },
    },
    {
      name: "export",
      open: async (page) => {
        await page.goto(at("/export"));
        await page.getByRole("heading", { name: "Export and hand-off" }).waitFor();
      },
    },
    {
      name: "operations",
      open: async (page) => {
        await page.goto(at("/ops"));
        await page.getByRole("heading", { name: "Operations" }).waitFor();
        await page.locator(".log-line").first().waitFor();
      },
    },
    {
      name: "chat",
      open: async (page) => {
        await page.goto(at("/chat"));
        await page.getByRole("button", { name: /new/i }).first().waitFor();
      },
    },
    {
      name: "settings",
      open: async (page) => {
        await page.goto(at("/settings"));
        await page.getByRole("heading", { name: "Settings" }).waitFor();
      },
    },
  ];

  beforeAll(async () => {
    ws = await tempWorkspace();
    await mkdir(SHOTS, { recursive: true });
    await makeLibrary(ws.root);
    serve = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }));
    const items = await until(
      "the library ingested",
      async () => {
        const listed = await api<{ items: Item[] }>("/api/media?limit=10");
        return listed.items.length === 3 && listed.items.every((i) => i.status === "done") && listed.items;
      },
      { timeoutMs: 40_000, intervalMs: 250 },
    );
    camera = items.find((i) => i.name === "A001_C002.mp4") as Item;
    sound = items.find((i) => i.name === "take_01.wav") as Item;
    long = items.find((i) => i.name === LONG_NAME) as Item;
    await post(`/api/media/${long.id}/tags`, { name: LONG_TAG });
    await post(`/api/media/${long.id}/tags`, { name: "drone" });
    await post("/api/sync", {});
    await until(
      "the sync pair found",
      async () => (await api<{ items: Pair[] }>("/api/sync/pairs")).items.length === 1,
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: HEADLESS_CHROMIUM, headless: true });
  }, 90_000);

  afterEach(async () => {
    await context?.close();
    context = undefined;
    const logged = errors;
    errors = [];
    expect(logged, "errors logged by the page").toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    serve?.child.kill("SIGKILL");
    await ws?.cleanup();
  });

  for (const theme of THEMES) {
    it(`follows the system's ${theme} setting on every screen, with no serious axe finding`, async () => {
      const page = await openPage(theme);
      for (const screen of screens()) {
        await screen.open(page);
        expect(await background(page), screen.name).toBe(BACKGROUND[theme]);
        expect(await axeSerious(page), `${screen.name} in ${theme}`).toEqual([]);
        const file = theme === "dark" ? `${screen.name}.png` : `${screen.name}-${theme}.png`;
        await page.screenshot({ path: join(SHOTS, file) });
      }
    }, 180_000);
  }

  for (const [system, chosen] of [
    ["dark", "light"],
    ["light", "dark"],
  ] as const) {
    // The override paints with the same variables the system setting does, whose contrast axe
    // checked above on every screen: here each screen need only take the chosen theme.
    it(`overrides a ${system} system with ${chosen} on every screen`, async () => {
      const page = await openPage(system);
      await page.goto(at("/settings"));
      await page
        .getByRole("group", { name: "Theme" })
        .getByRole("button", { name: chosen, exact: false })
        .click();
      for (const screen of screens()) {
        await screen.open(page);
        expect(await background(page), screen.name).toBe(BACKGROUND[chosen]);
      }
    }, 180_000);
  }

  it("keeps the chosen theme over a reload, from before the first paint, and goes back to the system's", async () => {
    const page = await openPage("dark");
    await page.goto(at("/"));
    const toggle = page.getByRole("group", { name: "Theme" });
    await toggle.getByRole("button", { name: "System" }).waitFor();
    expect(await toggle.getByRole("button", { name: "System" }).getAttribute("aria-pressed")).toBe("true");
    await toggle.getByRole("button", { name: "Light" }).click();
    expect(await background(page)).toBe(BACKGROUND.light);
    // The first paint already has it: the attribute is there before the app's script has run.
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.reload();
    expect(await page.evaluate("document.documentElement.dataset.theme")).toBe("light");
    expect(await background(page)).toBe(BACKGROUND.light);
    await page.unroute("**/assets/*.js");
    await page.reload();
    expect(await toggle.getByRole("button", { name: "Light" }).getAttribute("aria-pressed")).toBe("true");
    await toggle.getByRole("button", { name: "System" }).click();
    expect(await background(page)).toBe(BACKGROUND.dark);
    await page.reload();
    await toggle.getByRole("button", { name: "System" }).waitFor();
    expect(await page.evaluate('localStorage.getItem("svc.theme")')).toBeNull();
    expect(await background(page)).toBe(BACKGROUND.dark);
    // The aborted bundle logged its failure; that is this test's doing.
    errors.length = 0;
  });

  it("shows a focus ring on the control the keyboard is on, in both themes", async () => {
    for (const theme of THEMES) {
      const page = await openPage(theme);
      await page.goto(at(`/clip/${long.id}`));
      await page.getByRole("heading", { name: LONG_NAME }).waitFor();
      const ring = async () =>
        (await page.evaluate(`(() => {
          const s = getComputedStyle(document.activeElement);
          return { tag: document.activeElement.tagName, outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0, shadow: s.boxShadow !== "none" };
        })()`)) as { tag: string; outline: boolean; shadow: boolean };
      // Tab onwards to the first button (the header's links and toggle come first).
      let focused = await ring();
      for (let i = 0; i < 30 && focused.tag !== "BUTTON"; i += 1) {
        await page.keyboard.press("Tab");
        focused = await ring();
      }
      expect(focused.tag).toBe("BUTTON");
      expect(focused.outline || focused.shadow, `a ring in ${theme}`).toBe(true);
      // A link and a field too.
      await page.getByRole("link", { name: "Library" }).focus();
      const link = await ring();
      expect(link.outline || link.shadow).toBe(true);
      // A card of the grid: its button fills it, so the ring is the card's.
      await page.goto(at("/"));
      await page.locator(".cell img").first().waitFor();
      await page.getByLabel("Search the library").focus();
      for (
        let i = 0;
        i < 30 && !(await page.evaluate('document.activeElement.classList.contains("cell-open")'));
        i += 1
      )
        await page.keyboard.press("Tab");
      const card = (await page.evaluate(
        'getComputedStyle(document.activeElement.closest(".cell")).outlineStyle',
      )) as string;
      expect(card, `the focused card's ring in ${theme}`).toBe("solid");
      await context?.close();
    }
  });

  it("fits a 120-character name, its path and a long tag in the inspector at 1280×800", async () => {
    const page = await openPage("dark");
    await page.goto(at(`/clip/${long.id}`));
    await page.getByRole("heading", { name: LONG_NAME }).waitFor();
    await page.getByTestId("path").getByText(LONG_NAME).waitFor();
    await page.locator(".details .tag").getByText(LONG_TAG).waitFor();
    const widths = (await page.evaluate(`(() => {
      const panel = document.querySelector(".details"), root = document.documentElement;
      const right = Math.max(...[...panel.querySelectorAll("*")].map((e) => e.getBoundingClientRect().right));
      return { panel: [panel.scrollWidth, panel.clientWidth], page: [root.scrollWidth, root.clientWidth],
        right, edge: panel.getBoundingClientRect().right };
    })()`)) as { panel: [number, number]; page: [number, number]; right: number; edge: number };
    expect(widths.panel[0]).toBeLessThanOrEqual(widths.panel[1]);
    expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]);
    // Nothing inside the panel reaches past its right edge either (overflow that is clipped, not scrolled).
    expect(widths.right).toBeLessThanOrEqual(widths.edge);
    // The labels form one column: every fact's label and every field's label start at the same x.
    const lefts = (await page.evaluate(
      `[...document.querySelectorAll(".details dl dt, .details > label, .details .inline label")].map((e) => Math.round(e.getBoundingClientRect().left))`,
    )) as number[];
    expect(new Set(lefts).size).toBe(1);
    await page.screenshot({ path: join(SHOTS, "inspector-long-name.png") });
  });

  it("keeps the filter bar and the grid where they are while results and filter choices load", async () => {
    const page = await openPage("dark");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the first list (and with it the filter choices the app asks for once a count is in).
    await page.route("**/api/media?**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(at("/"));
    await page.getByText("Loading…").waitFor();
    const boxes = async () => ({
      filters: await page.locator("form.filters").boundingBox(),
      grid: await page.locator(".grid-scroll").boundingBox(),
    });
    const before = await boxes();
    release();
    await page.getByText("3 items").waitFor();
    await page.locator(".cell img").first().waitFor();
    // The choices have arrived: the shoot dates and the tags.
    await pageUntil(page, 'document.querySelectorAll("#tag-list option").length >= 2');
    expect(await boxes()).toEqual(before);
    // A long value in a filter does not widen its box either.
    await page.getByLabel("Tag").fill(LONG_TAG);
    await page.getByLabel("Tag").press("Tab");
    await page.getByText("1 item", { exact: true }).waitFor();
    expect(await boxes()).toEqual(before);
  });

  it("has no page-wide horizontal scroll on the library and the clip at 1440×900 and 1024×768", async () => {
    const page = await openPage("light");
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of ["/", `/clip/${long.id}`]) {
        await page.goto(at(path));
        await page
          .locator(path === "/" ? ".cell img" : ".details .tag")
          .first()
          .waitFor();
        const [scroll, client] = (await page.evaluate(
          "[document.documentElement.scrollWidth, document.documentElement.clientWidth]",
        )) as [number, number];
        expect(scroll, `${path} at ${viewport.width}`).toBeLessThanOrEqual(client);
      }
    }
  });
});
