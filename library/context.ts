import type { Logger } from "pino";
import type { Adapters } from "../adapters/index.js";
import type { Queues } from "../pipeline/index.js";
import type { Config } from "../state/config.js";
import type { RegistryStore } from "../state/stores.js";
import type { ProjectHosts } from "./hosting/project-hosts.js";
import type { QueryEmbeddings } from "./search/query-embeddings.js";
import type { VectorThreads } from "./search/vector-threads.js";

/** What every operation of one process shares; passed down, never held in module state. */
export interface AppContext {
  readonly config: Config;
  readonly adapters: Adapters;
  /** The resource queues every pass of the process shares. */
  readonly queues: Queues;
  readonly registry: RegistryStore;
  readonly log: Logger;
  readonly version: string;
  /** Vector search and index writing, off the event loop. */
  readonly vectorThreads: VectorThreads;
  /** Embeddings of search texts, cached and batched. */
  readonly queryEmbeddings: QueryEmbeddings;
  /** The host leases of the projects this process writes, and its role in each. */
  readonly hosts: ProjectHosts;
}
