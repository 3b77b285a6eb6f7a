import { sep } from "node:path";
import { serve as serveHttp } from "h3";
import { createApi } from "../api/app.js";
import { createApiDeps } from "../api/deps.js";
import type { ApiDeps } from "../api/routes/types.js";
import { advertisedUrl, listenFailure, reachableUrls } from "../library/access/addresses.js";
import { seedBootstrapToken } from "../library/access/tokens.js";
import type { AppContext } from "../library/context.js";
import { startAnnouncing } from "../library/hosting/announce.js";
import { checkSourceFolders } from "../library/offload/sources.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { purgeExpiredTrash } from "../library/organise/trash.js";
import { refreshEmbeddings } from "../library/search/embed.js";
import { warmSearch } from "../library/search/warm-search.js";
import { warmTotals } from "../library/search/warm-totals.js";
import { missingModels } from "../library/system/health.js";
import { refuseLegacyLayout } from "../library/system/storage-migration.js";
import { type McpListener, startMcpHttp } from "../mcp/http.js";
import { projectPaths } from "../state/paths.js";
import { checkCardDests, watchCards } from "./card-watch.js";
import { IngestQueue } from "./ingest-queue.js";
import { ModelWaits } from "./model-waits.js";
import { ProjectWatches, ROOT_LOOK_MS } from "./project-watch.js";
import { startSchedules } from "./scheduler.js";

const PROJECT_SYNC_MS = 30_000;
const RESCAN_CRON = "17 * * * *";
// Embeddings made stale by edits (a transcript switched, a tag added) catch up twice an hour.
const EMBED_FRESHNESS_CRON = "*/30 * * * *";
// Daily, at night: trashed files older than SVC_TRASH_DAYS go for good.
const TRASH_PURGE_CRON = "30 3 * * *";
// Background jobs get this long to end once shutdown aborts them, well inside the 30 s a service
// manager allows for the whole stop (systemd/svc.service TimeoutStopSec).
export const BACKGROUND_STOP_MS = 10_000;

export interface RunningDaemon {
  readonly url: string;
  /** The MCP Streamable HTTP endpoint. */
  readonly mcpUrl: string;
  readonly queue: IngestQueue;
  stop(): Promise<void>;
}

/** `url` with another port: the MCP listener beside the API at a public URL. */
function withPort(url: string, port: number): string {
  const at = new URL(url);
  at.port = String(port);
  return at.origin;
}

/** Refuses a layout svc cannot serve, checks the configured folders and seeds the bootstrap token. */
async function checkState(ctx: AppContext): Promise<void> {
  const { config, log } = ctx;
  if (config.projectRoot) await refuseLegacyLayout(projectPaths(config.projectRoot));
  checkCardDests(ctx);
  checkSourceFolders(ctx);
  if (seedBootstrapToken(ctx.registry, config.adminBootstrapToken))
    log.info("seeded the bootstrap admin token");
}

/** Runs `work` detached on the runner (it ends with the daemon); a failure is logged under `name`. */
type InBackground = (name: string, work: (signal: AbortSignal) => Promise<void>) => Promise<void>;

// Background jobs (embed freshness, trash purge) end with the daemon, as all the runner's work.
function backgroundJobs(ctx: AppContext, runner: ApiDeps["runner"]): InBackground {
  const background = runner.register<{ name: string }>("background", { stopWithinMs: BACKGROUND_STOP_MS });
  return (name, work) =>
    background.start({ name }, ({ signal }) =>
      work(signal).catch((error: unknown) =>
        ctx.log.error({ job: name, err: error }, "background job failed"),
      ),
    );
}

interface RootRegistration {
  /** Registers PROJECT_ROOT's project when it is there; says once why when it cannot. */
  register(): Promise<void>;
  /** True while PROJECT_ROOT is missing and looked for every ROOT_LOOK_MS. */
  readonly awaited: boolean;
}

/** PROJECT_ROOT missing on first start is waited for, never created. */
function rootRegistration(ctx: AppContext): RootRegistration {
  const { config, log } = ctx;
  let limitReported = false;
  let awaited = false;
  return {
    get awaited() {
      return awaited;
    },
    async register() {
      if (!config.projectRoot) return;
      try {
        const row = await ensureProjectRoot(ctx, config.projectRoot);
        awaited = false;
        if (!row && !limitReported) {
          limitReported = true;
          log.warn(
            "PROJECT_ROOT's project is served but not registered: the free tier's project limit is reached (see /api/entitlements)",
          );
        }
      } catch (error) {
        if (!awaited)
          log.warn(
            { reason: (error as Error).message },
            "PROJECT_ROOT is not there yet (a drive not mounted?); svc registers it once it appears and creates nothing in its place",
          );
        awaited = true;
      }
    },
  };
}

type HttpServer = ReturnType<typeof serveHttp>;
type LibraryPool = ApiDeps["libraries"];

/** The HTTP API, listening, and the URL it answers at. */
async function listenApi(ctx: AppContext, deps: ApiDeps): Promise<{ server: HttpServer; url: string }> {
  const { config } = ctx;
  const server = serveHttp(createApi(deps), {
    port: config.port,
    hostname: config.bindHost,
    silent: true,
    gracefulShutdown: false,
  });
  try {
    await server.ready();
  } catch (error) {
    throw listenFailure(error, "SVC_PORT", config.bindHost, config.port);
  }
  return { server, url: server.url ?? `http://${config.bindHost}:${config.port}/` };
}

/** MCP over HTTP, listening; when it cannot, the API stops listening too. */
async function listenMcp(ctx: AppContext, libraries: LibraryPool, api: HttpServer): Promise<McpListener> {
  const { config } = ctx;
  try {
    return await startMcpHttp({ ctx, libraries }, config.bindHost, config.mcpPort);
  } catch (error) {
    await api.close(true);
    throw listenFailure(error, "SVC_MCP_PORT", config.bindHost, config.mcpPort);
  }
}

/** Where svc listens, and which copy of each tool is in use (source and version; paths stay out of logs). */
function logStart(ctx: AppContext, url: string, mcp: McpListener): void {
  const { config, log } = ctx;
  const apiPort = Number(new URL(url).port);
  log.info(
    {
      url,
      mcp_url: mcp.url,
      api: reachableUrls(config.bindHost, apiPort, "/api/"),
      mcp: reachableUrls(config.bindHost, mcp.port, "/mcp"),
    },
    "svc listening",
  );
  const tools = Object.fromEntries(
    Object.entries(ctx.adapters.binaries).map(([name, bin]) => [
      name,
      bin ? `${bin.version} (${bin.source})` : "absent",
    ]),
  );
  log.info({ tools }, "external tools");
}

/** What the daemon does in the background, on a timer or on a schedule. */
interface Routine {
  ctx: AppContext;
  queue: IngestQueue;
  projects: ProjectWatches;
  libraries: LibraryPool;
  runner: ApiDeps["runner"];
  inBackground: InBackground;
  root: RootRegistration;
  syncProjects(): Promise<void>;
}

/**
 * The jobs of the first start: trash past its days, search indexes warmed, running totals, models
 * the host lacks.
 */
function startFirstJobs({ ctx, projects, libraries, inBackground }: Routine): void {
  const { config, log } = ctx;
  void inBackground("trash-purge", () => purgeExpiredTrash(ctx, projects.watched()));
  void inBackground("search-warm-up", (signal) => warmSearch(ctx, signal));
  void inBackground("running-totals", (signal) => warmTotals(ctx, libraries, signal));
  void inBackground("model-check", async (signal) => {
    for (const missing of await missingModels(ctx, signal)) {
      const role = missing.model === config.models.intent ? "SVC_INTENT_MODEL" : "a configured model";
      log.warn(missing, `${role} is not installed on the model host: run \`${missing.pull}\``);
    }
  });
}

/**
 * The project sync, the look for a missing PROJECT_ROOT and the schedules (on the runner, which
 * ends them at stop); returns the stop of the two intervals.
 */
function startTimers({
  ctx,
  queue,
  projects,
  runner,
  inBackground,
  root,
  syncProjects,
}: Routine): () => void {
  const syncNow = () =>
    void syncProjects().catch((e) => ctx.log.warn({ reason: String(e) }, "project sync failed"));
  const sync = setInterval(syncNow, PROJECT_SYNC_MS);
  const awaitRoot = setInterval(() => root.awaited && syncNow(), ROOT_LOOK_MS);
  // Items waiting for a model resume when it appears, found by their index, never by a pass.
  new ModelWaits(ctx, queue, () => projects.watched()).start(runner, ctx.config.modelCheckMs);
  startSchedules(runner, [
    {
      name: "rescan",
      cron: RESCAN_CRON,
      run: async () => {
        for (const { root } of projects.watched()) queue.addScan(root);
      },
    },
    {
      name: "embed-freshness",
      cron: EMBED_FRESHNESS_CRON,
      run: () =>
        inBackground("embed-freshness", (signal) => refreshEmbeddings(ctx, projects.watched(), signal)),
    },
    {
      name: "trash-purge",
      cron: TRASH_PURGE_CRON,
      run: () => inBackground("trash-purge", () => purgeExpiredTrash(ctx, projects.watched())),
    },
  ]);
  return () => {
    clearInterval(sync);
    clearInterval(awaitRoot);
  };
}

/**
 * Composes the daemon: HTTP API, one watcher per registered project root, the ingest queue and
 * the schedules. Projects registered while it runs are picked up within 30 s.
 */
export async function startDaemon(ctx: AppContext): Promise<RunningDaemon> {
  await checkState(ctx);
  const root = rootRegistration(ctx);
  // A destination inside a watched project is scanned once its copies are verified and in place:
  // the watcher saw the renames already (never the hidden temps); the scan catches any it missed.
  const deps = createApiDeps(ctx, (dest) => {
    for (const { root } of projects.watched())
      if (dest === root || dest.startsWith(`${root}${sep}`)) queue.addScan(root);
  });
  const { libraries, offloads, runner } = deps;
  const queue = new IngestQueue(ctx, runner);
  const inBackground = backgroundJobs(ctx, runner);
  const projects = new ProjectWatches(ctx, queue, libraries);
  const syncProjects = async () => {
    await root.register();
    await projects.sync(new Map(ctx.registry.projects.all().map((p) => [p.root, p.name])));
  };

  const { server, url } = await listenApi(ctx, deps);
  watchCards(ctx, offloads, runner);
  const mcp = await listenMcp(ctx, libraries, server);
  logStart(ctx, url, mcp);
  const apiPort = Number(new URL(url).port);
  ctx.hosts.listening({
    url: advertisedUrl(ctx.config.publicUrl, ctx.config.bindHost, apiPort),
    mcp_url: `${advertisedUrl(ctx.config.publicUrl && withPort(ctx.config.publicUrl, mcp.port), ctx.config.bindHost, mcp.port)}/mcp`,
  });

  await syncProjects();
  const announcing = startAnnouncing(ctx, {
    url: advertisedUrl(ctx.config.publicUrl, ctx.config.bindHost, apiPort),
    port: apiPort,
  });
  const routine: Routine = { ctx, queue, projects, libraries, runner, inBackground, root, syncProjects };
  startFirstJobs(routine);
  const stopTimers = startTimers(routine);

  return {
    url,
    mcpUrl: mcp.url,
    queue,
    async stop() {
      // Goodbye on the LAN first, so no seat or `svc hosts` is sent to a daemon on its way out.
      await announcing?.stop();
      // Aborts every job, the watcher's ingest pass included, and ends the schedules and card polls.
      const stopping = runner.stop();
      stopTimers();
      await projects.close();
      await stopping;
      await Promise.all([server.close(true), mcp.close()]);
      libraries.closeAll();
      ctx.hosts.releaseAll();
    },
  };
}
