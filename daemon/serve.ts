import { sep } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { serve as serveHttp } from "h3";
import { createApi } from "../api/app.js";
import { createApiDeps, stopApiWork } from "../api/deps.js";
import { listenFailure, reachableUrls } from "../library/access/addresses.js";
import { seedBootstrapToken } from "../library/access/tokens.js";
import type { AppContext } from "../library/context.js";
import { checkSourceFolders } from "../library/offload/sources.js";
import { ensureProjectRoot } from "../library/organise/projects.js";
import { purgeExpiredTrash } from "../library/organise/trash.js";
import { refreshEmbeddings } from "../library/search/embed.js";
import { warmTotals } from "../library/search/warm-totals.js";
import { missingModels } from "../library/system/health.js";
import { refuseLegacyLayout } from "../library/system/storage-migration.js";
import { type McpListener, startMcpHttp } from "../mcp/http.js";
import { projectPaths } from "../state/paths.js";
import { checkCardDests, watchCards } from "./card-watch.js";
import { IngestQueue } from "./ingest-queue.js";
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

/** Waits for `jobs` to end, at most `ms`: a job that ignores its abort must not hold the stop. */
async function settled(jobs: ReadonlySet<Promise<void>>, ms: number, log: AppContext["log"]) {
  if (jobs.size === 0) return;
  const limit = new AbortController();
  const ended = await Promise.race([
    Promise.all(jobs).then(() => true),
    sleep(ms, false, { signal: limit.signal }).catch(() => false),
  ]);
  limit.abort();
  if (!ended) log.warn({ waitedMs: ms }, "a background job did not end in time; stopping without it");
}

export interface RunningDaemon {
  readonly url: string;
  /** The MCP Streamable HTTP endpoint. */
  readonly mcpUrl: string;
  readonly queue: IngestQueue;
  stop(): Promise<void>;
}

/**
 * Composes the daemon: HTTP API, one watcher per registered project root, the ingest queue and
 * the schedules. Projects registered while it runs are picked up within 30 s.
 */
export async function startDaemon(ctx: AppContext): Promise<RunningDaemon> {
  const { config, log } = ctx;
  if (config.projectRoot) await refuseLegacyLayout(projectPaths(config.projectRoot));
  checkCardDests(ctx);
  checkSourceFolders(ctx);
  if (seedBootstrapToken(ctx.registry, config.adminBootstrapToken))
    log.info("seeded the bootstrap admin token");
  const queue = new IngestQueue(ctx);
  // Aborted by stop(): background jobs (embed freshness, trash purge) end with the daemon.
  const shutdown = new AbortController();
  const background = new Set<Promise<void>>();
  const inBackground = (name: string, work: () => Promise<void>) => {
    const running = work()
      .catch((error: unknown) => log.error({ job: name, err: error }, "background job failed"))
      .finally(() => background.delete(running));
    background.add(running);
    return running;
  };
  let limitReported = false;
  // PROJECT_ROOT missing on first start: waited for (looked at every ROOT_LOOK_MS), never created.
  let rootAwaited = false;
  const registerRoot = async () => {
    if (!config.projectRoot) return;
    try {
      const row = await ensureProjectRoot(ctx, config.projectRoot);
      rootAwaited = false;
      if (!row && !limitReported) {
        limitReported = true;
        log.warn(
          "PROJECT_ROOT's project is served but not registered: the free tier's project limit is reached (see /api/entitlements)",
        );
      }
    } catch (error) {
      if (!rootAwaited)
        log.warn(
          { reason: (error as Error).message },
          "PROJECT_ROOT is not there yet (a drive not mounted?); svc registers it once it appears and creates nothing in its place",
        );
      rootAwaited = true;
    }
  };

  // A destination inside a watched project is scanned once its copies are verified and in place:
  // the watcher saw the renames already (never the hidden temps); the scan catches any it missed.
  const deps = createApiDeps(ctx, (dest) => {
    for (const { root } of projects.watched())
      if (dest === root || dest.startsWith(`${root}${sep}`)) queue.addScan(root);
  });
  const { libraries, offloads } = deps;
  const projects = new ProjectWatches(ctx, queue, libraries);
  const syncProjects = async () => {
    await registerRoot();
    await projects.sync(new Map(ctx.registry.projects.all().map((p) => [p.root, p.name])));
  };
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
  const cards = watchCards(ctx, offloads);
  const url = server.url ?? `http://${config.bindHost}:${config.port}/`;
  let mcp: McpListener;
  try {
    mcp = await startMcpHttp({ ctx, libraries }, config.bindHost, config.mcpPort);
  } catch (error) {
    await server.close(true);
    throw listenFailure(error, "SVC_MCP_PORT", config.bindHost, config.mcpPort);
  }
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
  // Which copy of each tool is in use (source and version; paths stay out of logs).
  const tools = Object.fromEntries(
    Object.entries(ctx.adapters.binaries).map(([name, bin]) => [
      name,
      bin ? `${bin.version} (${bin.source})` : "absent",
    ]),
  );
  log.info({ tools }, "external tools");

  await syncProjects();
  void inBackground("trash-purge", () => purgeExpiredTrash(ctx, projects.watched()));
  void inBackground("running-totals", () => warmTotals(ctx, libraries, shutdown.signal));
  void inBackground("model-check", async () => {
    for (const missing of await missingModels(ctx, shutdown.signal)) {
      const role = missing.model === config.models.intent ? "SVC_INTENT_MODEL" : "a configured model";
      log.warn(missing, `${role} is not installed on the model host: run \`${missing.pull}\``);
    }
  });
  const syncNow = () =>
    void syncProjects().catch((e) => log.warn({ reason: String(e) }, "project sync failed"));
  const sync = setInterval(syncNow, PROJECT_SYNC_MS);
  const awaitRoot = setInterval(() => rootAwaited && syncNow(), ROOT_LOOK_MS);
  const schedules = startSchedules([
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
        inBackground("embed-freshness", () => refreshEmbeddings(ctx, projects.watched(), shutdown.signal)),
    },
    {
      name: "trash-purge",
      cron: TRASH_PURGE_CRON,
      run: () => inBackground("trash-purge", () => purgeExpiredTrash(ctx, projects.watched())),
    },
  ]);

  return {
    url,
    mcpUrl: mcp.url,
    queue,
    async stop() {
      shutdown.abort();
      clearInterval(sync);
      clearInterval(awaitRoot);
      schedules.stop();
      cards?.stop();
      await projects.close();
      await Promise.all([queue.stop(), stopApiWork(deps), settled(background, BACKGROUND_STOP_MS, log)]);
      await Promise.all([server.close(true), mcp.close()]);
      libraries.closeAll();
    },
  };
}
