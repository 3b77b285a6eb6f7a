import type { AppContext } from "../../library/context.js";
import { QueryEmbeddings } from "../../library/query-embeddings.js";
import { VectorThreads } from "../../library/vector-threads.js";

/** An AppContext as `withContext` builds one, from its plain parts; `closeThreads` ends its threads. */
export function testContext(
  parts: Omit<AppContext, "vectorThreads" | "queryEmbeddings">,
): AppContext & { closeThreads(): Promise<void> } {
  const vectorThreads = new VectorThreads(parts.log);
  return {
    ...parts,
    vectorThreads,
    queryEmbeddings: new QueryEmbeddings(parts.adapters.modelHost),
    closeThreads: () => vectorThreads.close(),
  };
}
