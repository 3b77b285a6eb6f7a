import { hostIdentity } from "../adapters/host-identity.js";
import { createAdapters, noTools } from "../adapters/index.js";
import { mountedStorage } from "../adapters/mount-table.js";
import { EXIT, UserError } from "../domain/errors.js";
import type { AppContext } from "../library/context.js";
import { ProjectHosts } from "../library/hosting/project-hosts.js";
import { QueryEmbeddings } from "../library/search/query-embeddings.js";
import { VectorThreads } from "../library/search/vector-threads.js";
import { readVersion } from "../library/system/version.js";
import { createQueues } from "../pipeline/index.js";
import { type Config, ConfigError, loadConfig } from "../state/config.js";
import { MigrationBackupError } from "../state/db.js";
import { createLogger } from "../state/logger.js";
import { homePaths } from "../state/paths.js";
import { openRegistry, ProjectRootMissing } from "../state/stores.js";
import { toolVersionCache } from "../state/tool-versions.js";
import { fail, type Io } from "./io.js";

/** Maps what an operation threw to a message and an exit code; never prints a stack trace. */
export function reportError(io: Io, error: unknown): number {
  if (error instanceof UserError) {
    fail(io, error.message);
    return error.exitCode;
  }
  if (error instanceof ConfigError) {
    fail(io, `configuration error: ${error.message}`);
    return EXIT.usage;
  }
  if (error instanceof ProjectRootMissing) {
    fail(io, `${error.message}; nothing was created in its place`);
    return EXIT.storage;
  }
  fail(io, `unexpected error: ${error instanceof Error ? error.message : String(error)}`);
  if (io.env.SVC_DEBUG === "1" && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return EXIT.software;
}

export interface StopSignals {
  /** Aborted by the first SIGINT or SIGTERM. */
  readonly signal: AbortSignal;
  /** Resolves with the first SIGINT or SIGTERM. */
  readonly received: Promise<NodeJS.Signals>;
  dispose(): void;
}

/**
 * Listens for SIGINT and SIGTERM until `dispose`. Not `once`: execa's exit hook re-raises a signal
 * that no other listener handles, which would kill the process before it has closed its work.
 */
export function stopSignals(): StopSignals {
  const controller = new AbortController();
  let resolveReceived: (signal: NodeJS.Signals) => void = () => {};
  const received = new Promise<NodeJS.Signals>((resolve) => {
    resolveReceived = resolve;
  });
  const onSignal = (signal: NodeJS.Signals) => {
    resolveReceived(signal);
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    received,
    dispose() {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

export function configFrom(io: Io): Config {
  return loadConfig(io.env);
}

/**
 * Builds the shared context (config, logger, registry, adapters), runs `body`, and closes what it
 * opened whatever happens.
 */
export async function withContext(
  io: Io,
  options: { stdoutLogs: boolean; stderrLogs?: boolean; tools?: boolean },
  body: (ctx: AppContext) => Promise<number>,
): Promise<number> {
  let config: Config;
  try {
    config = configFrom(io);
  } catch (error) {
    return reportError(io, error);
  }
  let registry: ReturnType<typeof openRegistry>;
  try {
    registry = openRegistry(config.home, mountedStorage);
  } catch (error) {
    return reportError(
      io,
      new UserError(
        `cannot open the registry in SVC_HOME: ${(error as Error).message}`,
        error instanceof MigrationBackupError ? EXIT.migrationBackup : EXIT.storage,
      ),
    );
  }
  try {
    const version = readVersion();
    registry.install.ensure(version);
    const logger = await createLogger(config, {
      stdout: options.stdoutLogs,
      stderr: options.stderrLogs === true,
    });
    const { log } = logger;
    // Registry-only commands skip probing for ffmpeg/exiftool (a few hundred ms of start-up).
    const adapters =
      options.tools === false
        ? noTools(config)
        : await createAdapters(config, log, toolVersionCache(homePaths(config.home).toolVersions));
    const vectorThreads = new VectorThreads(log, {
      searchThreads: config.searchThreads,
      scalar: config.vectorScalar,
    });
    const queryEmbeddings = new QueryEmbeddings(adapters.modelHost);
    const hosts = new ProjectHosts({
      config,
      identity: await hostIdentity(config.machineId, config.home),
      process: `svc ${process.argv[2] ?? ""}`.trim(),
      log,
    });
    const ctx: AppContext = {
      config,
      adapters,
      queues: createQueues(config, adapters.asrServers?.size),
      registry,
      log,
      version,
      vectorThreads,
      queryEmbeddings,
      hosts,
    };
    try {
      return await body(ctx);
    } catch (error) {
      log.error({ err: error }, "command failed");
      return reportError(io, error);
    } finally {
      hosts.releaseAll();
      await vectorThreads.close();
      adapters.close();
      await logger.close();
    }
  } catch (error) {
    return reportError(io, error);
  } finally {
    registry.close();
  }
}
