import { readdir, readFile } from "node:fs/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { serve } from "h3";
import { createAdapters } from "../../adapters/index.js";
import { createApi } from "../../api/app.js";
import { createApiDeps } from "../../api/deps.js";
import type { RouteDef } from "../../api/routes/types.js";
import type { AppContext } from "../../library/context.js";
import type { IngestJobs } from "../../library/jobs/ingest-job.js";
import type { LibraryPool } from "../../library/library-pool.js";
import { ensureProjectRoot } from "../../library/organise/projects.js";
import { readVersion } from "../../library/system/version.js";
import { startMcpHttp } from "../../mcp/http.js";
import { loadConfig } from "../../state/config.js";
import { createLogger } from "../../state/logger.js";
import { openRegistry, type RegistryStore } from "../../state/stores.js";
import { toolVersionCache } from "../../state/tool-versions.js";
import { testContext } from "./context.js";
import { OFFLINE } from "./env.js";
import { RUN_CACHE_VAR } from "./run-cache-setup.js";
import { tempWorkspace } from "./temp.js";

export interface StartApiOptions {
  /**
   * Configuration variables on top of SVC_HOME/PROJECT_ROOT and the offline pins of env.ts, e.g.
   * `{ SVC_TRUST_LOOPBACK: "0" }` or `{ OLLAMA_HOST: host.url }`.
   */
  env?: Record<string, string>;
  /**
   * The default project's root, registered as `svc serve` would. Omitted: an empty temp folder;
   * null: no project at all.
   */
  projectRoot?: string | null;
  /** Serve another route table than ROUTES (e.g. fixtures for guard tests). */
  routes?: readonly RouteDef[];
  /** Also start the MCP HTTP listener (as `svc serve` does), on its own ephemeral port. */
  mcp?: boolean;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body as bytes (zips and other binary answers). */
  body: Buffer;
  /** The parsed body; throws when it is not JSON. */
  json<T = unknown>(): T;
}

export interface RequestOptions {
  /** Sent exactly as given (including `host`), unlike fetch, which fixes some of them. */
  headers?: Record<string, string>;
  /**
   * A string is sent as is, as JSON unless `headers` say otherwise; bytes (a Buffer) are sent as
   * they are, with a Content-Type only when `headers` give one; anything else as JSON.
   */
  body?: unknown;
}

export interface TestApi {
  readonly url: string;
  readonly port: number;
  readonly ctx: AppContext;
  readonly registry: RegistryStore;
  readonly libraries: LibraryPool;
  readonly jobs: IngestJobs;
  readonly home: string;
  readonly root: string | null;
  /** The MCP Streamable HTTP endpoint when started with `mcp: true`. */
  readonly mcpUrl: string | null;
  /** Every line of the rotated log files in `$SVC_HOME/logs/`; complete once `stop()` has resolved. */
  readLogLines(): Promise<string[]>;
  request(method: string, path: string, options?: RequestOptions): Promise<ApiResponse>;
  /** Stops the server and closes the databases and the log file, keeping the temp folder. */
  stop(): Promise<void>;
  /** `stop()`, then removes the temp folder; safe to call twice. */
  close(): Promise<void>;
}

/**
 * The API in-process, as `svc serve` composes it, on an ephemeral loopback port with its own
 * SVC_HOME in a temp folder.
 */
export async function startApi(options: StartApiOptions = {}): Promise<TestApi> {
  const ws = await tempWorkspace("svc-api-");
  const root = options.projectRoot === undefined ? ws.root : options.projectRoot;
  const config = loadConfig({
    ...OFFLINE,
    SVC_HOME: ws.home,
    ...(root === null ? {} : { PROJECT_ROOT: root }),
    ...options.env,
  });
  const registry = openRegistry(config.home);
  const version = readVersion();
  registry.install.ensure(version);
  const logger = await createLogger(config, { stdout: false });
  const runCache = process.env[RUN_CACHE_VAR];
  const adapters = await createAdapters(
    config,
    logger.log,
    runCache ? toolVersionCache(join(runCache, "tool-versions.json")) : undefined,
  );
  const ctx = testContext({ config, adapters, registry, log: logger.log, version });
  if (root !== null) await ensureProjectRoot(ctx, root);
  const deps = createApiDeps(ctx);
  const { libraries, jobs } = deps;
  const server = serve(createApi(deps, options.routes), {
    port: 0,
    hostname: "127.0.0.1",
    silent: true,
    gracefulShutdown: false,
  });
  await server.ready();
  const url = new URL(server.url ?? "");
  const port = Number(url.port);
  const mcp = options.mcp ? await startMcpHttp({ ctx, libraries }, "127.0.0.1", 0) : null;

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await deps.runner.stop();
      await Promise.all([server.close(true), mcp?.close()]);
      await ctx.closeThreads();
      libraries.closeAll();
      await logger.close();
      registry.close();
    })();
    return stopped;
  };
  return {
    url: url.origin,
    port,
    ctx,
    registry,
    libraries,
    jobs,
    home: ws.home,
    root,
    mcpUrl: mcp?.url ?? null,
    readLogLines: async () => {
      // pino-roll writes svc.1.log, svc.2.log, …; current.log is only a link to the newest.
      const dir = registry.paths.logs;
      const files = (await readdir(dir))
        .map((name) => ({ name, n: Number(/^svc\.(\d+)\.log$/.exec(name)?.[1]) }))
        .filter(({ n }) => Number.isInteger(n))
        .sort((a, b) => a.n - b.n);
      const lines: string[] = [];
      for (const { name } of files) {
        lines.push(...(await readFile(join(dir, name), "utf8")).split("\n").filter(Boolean));
      }
      return lines;
    },
    request: (method, path, requestOptions = {}) => send(port, method, path, requestOptions),
    stop,
    close: async () => {
      await stop();
      await ws.cleanup();
    },
  };
}

function send(port: number, method: string, path: string, options: RequestOptions): Promise<ApiResponse> {
  const bytes = Buffer.isBuffer(options.body);
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === "string" || Buffer.isBuffer(options.body)
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...options.headers };
  if (body !== undefined) {
    if (!bytes) headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers, agent: false }, (res) =>
      readResponse(res).then(resolve, reject),
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The whole answer of a request made with node:http, as the tests read it. */
export function readResponse(res: IncomingMessage): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on("data", (chunk: Buffer) => chunks.push(chunk));
    res.on("error", reject);
    res.on("end", () => {
      const body = Buffer.concat(chunks);
      const text = body.toString("utf8");
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        text,
        body,
        json: <T>() => JSON.parse(text) as T,
      });
    });
  });
}
