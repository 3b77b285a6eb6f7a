import { hostIdentitySync } from "../../adapters/host-identity.js";
import { createAdapters } from "../../adapters/index.js";
import type { AppContext } from "../../library/context.js";
import { ProjectHosts } from "../../library/hosting/project-hosts.js";
import { QueryEmbeddings } from "../../library/search/query-embeddings.js";
import { VectorThreads } from "../../library/search/vector-threads.js";
import { createQueues, type Queues } from "../../pipeline/queues.js";
import type { Config } from "../../state/config.js";
import { silentLogger } from "../../state/logger.js";
import { openRegistry, type RegistryStore } from "../../state/stores.js";

/**
 * An AppContext as `withContext` builds one, from its plain parts (the process-wide queues made
 * from the config unless given); `closeThreads` ends its threads and gives up the host leases it
 * took, as a process does when it ends.
 */
export function testContext(
  parts: Omit<AppContext, "vectorThreads" | "queryEmbeddings" | "queues" | "hosts"> & {
    queues?: Queues;
    hosts?: ProjectHosts;
  },
): AppContext & { closeThreads(): Promise<void> } {
  const vectorThreads = new VectorThreads(parts.log);
  const { config } = parts;
  const hosts =
    parts.hosts ??
    new ProjectHosts({
      config,
      identity: hostIdentitySync(config.machineId, config.home),
      process: "svc (test)",
    });
  return {
    ...parts,
    hosts,
    queues: parts.queues ?? createQueues(parts.config),
    vectorThreads,
    queryEmbeddings: new QueryEmbeddings(parts.adapters.modelHost),
    closeThreads: () => {
      hosts.releaseAll();
      return vectorThreads.close();
    },
  };
}

/**
 * The context a daemon builds for `config`: its registry, the real adapters, a silent log. The
 * caller closes `registry` and ends the threads (`ctx.closeThreads`).
 */
export async function daemonContext(
  config: Config,
): Promise<{ ctx: ReturnType<typeof testContext>; registry: RegistryStore }> {
  const registry = openRegistry(config.home);
  const ctx = testContext({
    config,
    registry,
    adapters: await createAdapters(config),
    log: silentLogger(),
    version: "0.0.0-test",
  });
  return { ctx, registry };
}
