import { chmod, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ServeChild, startServe, startSvc, svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

/** A workspace with a stand-in for the user's browser that records the address it was asked to show. */
async function browserWorkspace() {
  const ws = await tempWorkspace();
  const opened = join(ws.base, "opened.txt");
  const browser = join(ws.base, "browser.sh");
  await writeFile(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`);
  await chmod(browser, 0o755);
  return { ws, browser, openedUrl: () => readFile(opened, "utf8").catch(() => undefined) };
}

describe("svc open", () => {
  // Each test its own workspace: an address another test's browser recorded would be read as this
  // one's, and a daemon another test killed leaves its files in SVC_HOME.
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let browser: string;
  let openedUrl: () => Promise<string | undefined>;

  beforeEach(async () => {
    ({ ws, browser, openedUrl } = await browserWorkspace());
  });

  afterEach(async () => {
    await ws?.cleanup();
  });

  it("starts svc when none answers, opens the app once it is ready, and stops it with Ctrl-C", async () => {
    const child = startSvc(["open"], ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_BROWSER: browser }));
    try {
      const url = await until("the browser asked to open the app", openedUrl, { timeoutMs: 45_000 });
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="app">');
      // The desktop shell trusts the workstation itself: no token asked on loopback.
      expect((await fetch(new URL("/api/version", url))).status).toBe(200);
      child.kill("SIGINT");
      const result = await child;
      expect(result.exitCode, String(result.stderr)).toBe(0);
      await expect(fetch(url)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 60_000);

  describe("with svc already running", () => {
    let running: Awaited<ReturnType<typeof browserWorkspace>>;
    let serve: ServeChild;
    beforeAll(async () => {
      running = await browserWorkspace();
      serve = await startServe(running.ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }));
    }, 60_000);
    afterAll(async () => {
      serve?.child.kill("SIGKILL");
      await running?.ws.cleanup();
    });

    it("opens that one's app and returns at once", async () => {
      const result = await svc(
        ["open"],
        { ...running.ws.env({ SVC_BROWSER: running.browser }), SVC_URL: serve.url },
        20_000,
      );
      expect(result.exitCode, result.stderr).toBe(0);
      expect(await running.openedUrl()).toBe(new URL("/", serve.url).href);
    });
  });

  it("exits 75 when --url names an address where nothing answers", async () => {
    const result = await svc(["open", "--url", "http://127.0.0.1:9", "--no-browser"], ws.env(), 20_000);
    expect(result.exitCode).toBe(75);
    expect(result.stderr).toMatch(/no svc answers at http:\/\/127\.0\.0\.1:9/);
  });

  it("refuses unknown flags with the usage", async () => {
    const result = await svc(["open", "--nope"], ws.env(), 20_000);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/usage: svc open/);
  });
});
