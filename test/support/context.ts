import type { AppContext } from "../../library/context.js";
import { QueryEmbeddings } from "../../library/search/query-embeddings.js";
import { VectorThreads } from "../../library/search/vector-threads.js";
import { createQueues, type Queues } from "../../pipeline/queues.js";

/**
 * An AppContext as `withContext` builds one, from its plain parts (the process-wide queues made
 * from the config unless given); `closeThreads` ends its threads.
 */
export function testContext(
  parts: Omit<AppContext, "vectorThreads" | "queryEmbeddings" | "queues"> & { queues?: Queues },
): AppContext & { closeThreads(): Promise<void> } {
  const vectorThreads = new VectorThreads(parts.log);
  return {
    ...parts,
    queues: parts.queues ?? createQueues(parts.config),
    vectorThreads,
    queryEmbeddings: new QueryEmbeddings(parts.adapters.modelHost),
    closeThreads: () => vectorThreads.close(),
  };
}
