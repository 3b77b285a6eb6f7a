import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
// The flags every headless run here needs (no sandbox as root, no GPU, no background traffic).
import HEADLESS_CHROMIUM from "./chromium-args.json" with { type: "json" };
import { type ServeChild, startServe } from "./cli.js";
import { tempWorkspace } from "./temp.js";
import { until } from "./until.js";
import { pageUntil } from "./web-page.js";

const CHROMIUM = process.env.SVC_CHROMIUM ?? "/usr/bin/chromium";
/** Where the e2e tests leave their screenshots (test-results/ is not committed). */
export const SHOTS = join(import.meta.dirname, "..", "..", "test-results", "web");

export interface WebSessionOptions {
  /** Makes the project's files in `root` before svc starts. */
  prepare(root: string): Promise<void>;
  /** Answers something truthy once svc has done what the tests start from (ingest, usually). */
  ready(session: WebSession): Promise<unknown>;
  /** Environment for `svc serve` beyond the workspace's own and free ports. */
  env?: Record<string, string>;
  /** Chromium flags beyond the headless ones. */
  chromiumArgs?: string[];
  /** Permissions every page's context is granted for svc's origin (e.g. clipboard-read). */
  permissions?: string[];
}

/** A real `svc serve` and a headless Chromium with a fresh page per test; read its fields inside tests. */
export interface WebSession {
  readonly ws: Awaited<ReturnType<typeof tempWorkspace>>;
  readonly serve: ServeChild;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** GET (or `init`) a path of svc's API as JSON, failing the test on any status but 2xx. */
  api<T>(path: string, init?: RequestInit): Promise<T>;
  /** Waits until `expression` is true in the page. */
  pageUntil(expression: string): Promise<unknown>;
  /** A screenshot of the page, as test-results/web/<name>.png. */
  shot(name: string): Promise<Buffer>;
}

/**
 * Starts svc on a workspace `prepare` fills and Chromium once for the describe block, opens a
 * page per test in a fresh context (1280×900), and fails a test whose page logged an error;
 * everything started is stopped after the block, also when it fails.
 */
export function useWebSession(options: WebSessionOptions): WebSession {
  const state: {
    ws?: WebSession["ws"];
    serve?: ServeChild;
    browser?: Browser;
    context?: BrowserContext;
    page?: Page;
  } = {};
  let consoleErrors: string[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the web session has no ${what} yet`);
    return value;
  };
  const session: WebSession = {
    get ws() {
      return need(state.ws, "workspace");
    },
    get serve() {
      return need(state.serve, "svc");
    },
    get browser() {
      return need(state.browser, "browser");
    },
    get context() {
      return need(state.context, "context");
    },
    get page() {
      return need(state.page, "page");
    },
    async api<T>(path: string, init?: RequestInit): Promise<T> {
      const response = await fetch(new URL(path, session.serve.url), init);
      expect(response.ok, `${path}: ${response.status}`).toBe(true);
      return (await response.json()) as T;
    },
    pageUntil: (expression) => pageUntil(session.page, expression),
    shot: (name) => session.page.screenshot({ path: join(SHOTS, `${name}.png`) }),
  };

  beforeAll(async () => {
    state.ws = await tempWorkspace();
    await mkdir(SHOTS, { recursive: true });
    await options.prepare(state.ws.root);
    state.serve = await startServe(state.ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", ...options.env }));
    await until("svc ready for the test", () => options.ready(session), {
      timeoutMs: 40_000,
      intervalMs: 250,
    });
    state.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...HEADLESS_CHROMIUM, ...(options.chromiumArgs ?? [])],
      headless: true,
    });
  }, 60_000);

  beforeEach(async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (options.permissions)
      await context.grantPermissions(options.permissions, { origin: session.serve.url });
    state.context = context;
    state.page = await context.newPage();
    const errors: string[] = [];
    consoleErrors = errors;
    state.page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    state.page.on("pageerror", (error) => errors.push(error.message));
  });

  afterEach(async () => {
    await state.context?.close();
    expect(consoleErrors, "errors logged by the page").toEqual([]);
  });

  afterAll(async () => {
    await state.browser?.close();
    state.serve?.child.kill("SIGKILL");
    await state.ws?.cleanup();
  });

  return session;
}
