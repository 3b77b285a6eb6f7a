import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { ServeChild } from "../support/cli.js";
import { makeNotMedia, makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";
import { axeSerious } from "../support/web-page.js";
import { SHOTS, useWebSession } from "../support/web-session.js";

const hasTools = needTools("ffmpeg", "ffprobe", "chromium");

// A journalctl-style line: local time to the second, then the level's label.
const LINE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (TRACE|DEBUG|INFO |WARN |ERROR|FATAL) /;

describe.skipIf(!hasTools)("the operations page's log and job progress", { shuffle: false }, () => {
  let page: Page;
  let serve: ServeChild;
  const web = useWebSession({
    prepare: async (root) => {
      await makeStill(root, "png", "day1/a.png");
      // Not media: its failure is a warning in the log.
      await makeNotMedia(root, "day1/notes.mov");
    },
    // The watcher waits longer than the test runs: the later pass is the API's own, with its counts.
    env: { SVC_WATCH_SETTLE_MS: "600000" },
    permissions: ["clipboard-read", "clipboard-write"],
    ready: async (session) => {
      const tail = await session.api<{ lines: string[] }>("/api/logs/tail?level=warn&text=notes.mov");
      const listed = await session.api<{ items: { status: string }[] }>("/api/media?limit=10");
      return tail.lines.length > 0 && listed.items.some((i) => i.status === "done");
    },
  });
  const api = <T>(path: string, init?: RequestInit) => web.api<T>(path, init);
  const logLines = () => page.locator(".log .log-line").allTextContents();
  const openOperations = async () => {
    await page.goto(serve.url);
    await page.getByRole("link", { name: "Operations" }).click();
    await page.locator(".log .log-line").first().waitFor();
  };

  beforeEach(() => {
    page = web.page;
    serve = web.serve;
  });

  it("shows the log as lines of time, level, message and fields, filters, follows and copies them", async () => {
    await openOperations();
    const first = await logLines();
    expect(first.length).toBeGreaterThan(1);
    for (const line of first) {
      expect(line.startsWith("{"), line).toBe(false);
      expect(line, line).toMatch(LINE);
    }
    expect(first.some((line) => /INFO {2}request .*method=GET path=\/api\//.test(line))).toBe(true);

    await page.getByLabel("Level").selectOption("warn");
    const warnings = await until("warnings and worse only", async () => {
      const lines = await logLines();
      return lines.length > 0 && lines.every((l) => /^\S+ \S+ (WARN |ERROR|FATAL) /.test(l)) && lines;
    });
    expect(warnings.length).toBeLessThan(first.length);
    expect(warnings.some((l) => l.includes("ingest failed") && l.includes("path=day1/notes.mov"))).toBe(true);

    await page.getByLabel("Level").selectOption("");
    await page.getByLabel("Text").fill("A.PNG");
    await until("lines naming the still only", async () => {
      const lines = await logLines();
      return lines.length > 0 && lines.every((l) => l.toLowerCase().includes("a.png"));
    });
    await page.getByLabel("Text").fill("");
    await until("every line again", async () => (await logLines()).some((l) => !l.includes("a.png")));

    // Follow mode is on from the start: a line logged now appears without a reload.
    await page.getByRole("button", { name: "Following" }).waitFor();
    await api("/api/media?q=followprobe1&limit=1");
    await until("the new request line", async () =>
      (await logLines()).some((l) => l.includes("followprobe1")),
    );

    // Paused, the view asks for nothing while the other panels go on reading.
    await page.getByRole("button", { name: "Following" }).click();
    await page.getByRole("button", { name: "Follow", exact: true }).waitFor();
    const tails: string[] = [];
    const stats: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/logs/tail")) tails.push(r.url());
      if (r.url().includes("/api/stats")) stats.push(r.url());
    });
    await api("/api/media?q=followprobe2&limit=1");
    // The library panel reads every 5 s: two of its readings span more than a follow period (2 s).
    await until("two library readings", async () => stats.length >= 2, { timeoutMs: 15_000 });
    expect(tails).toEqual([]);
    expect((await logLines()).some((l) => l.includes("followprobe2"))).toBe(false);

    await page
      .getByRole("region", { name: "Service log" })
      .screenshot({ path: join(SHOTS, "operations-log.png") });
    const shown = await logLines();
    await page.getByRole("button", { name: "Copy as text" }).click();
    await page.getByText(`Copied ${shown.length} lines`).waitFor();
    const copied = String(await page.evaluate("navigator.clipboard.readText()"));
    const squeeze = (s: string) => s.replace(/\s+/g, " ").trim();
    expect(copied.trimEnd().split("\n").map(squeeze)).toEqual(shown.map(squeeze));
    expect(copied).not.toMatch(/^\{/m);

    expect(await axeSerious(page)).toEqual([]);
  });

  it("draws an ingest pass's progress with its counts", async () => {
    for (const name of ["b", "c", "d"]) await makeStill(web.ws.root, "png", `day2/${name}.png`);
    const { job } = await api<{ job: { id: string; project: string } }>("/api/ingest", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ dir: "day2" }),
    });
    await openOperations();
    const bar = page.getByRole("progressbar", { name: `Ingest of ${job.project}` });
    await bar.waitFor();
    await until("the pass counted", async () => (await bar.getAttribute("aria-valuemax")) === "3");
    await until("the pass through", async () => (await bar.getAttribute("aria-valuenow")) === "3");
    await page.getByText(`Ingest of ${job.project}: 3 of 3 files`).waitFor();
    await page
      .getByRole("region", { name: "Ingest" })
      .screenshot({ path: join(SHOTS, "operations-ingest.png") });
    const status = await api<{ jobs: { id: string; files_done: number; files_total: number }[] }>(
      "/api/ingest/status",
    );
    expect(status.jobs.find((j) => j.id === job.id)).toMatchObject({ files_done: 3, files_total: 3 });
    expect(await axeSerious(page)).toEqual([]);
  });
});
