import type { Logger } from "pino";
import type { VectorSink } from "../../pipeline/index.js";
import type { ProjectPaths } from "../../state/paths.js";
import type { LibraryStore } from "../../state/stores.js";
import {
  type IndexStamp,
  type OpenedVectorIndex,
  openVectorIndex,
  type ScalarSetting,
  savedIndexInfo,
  stampOf,
  VectorIndexError,
  type VectorScalar,
} from "../../state/vectors.js";
import type { VectorThreads } from "./vector-threads.js";

/**
 * What the USearch cache must hold to match SQLite: the embedding model's vectors, by id. Null
 * when nothing is embedded.
 */
export function indexStamp(store: LibraryStore, model: string): IndexStamp | null {
  const { count, dim } = store.vectors.counts(model);
  if (count === 0 || dim === null) return null;
  return stampOf(model, dim, store.vectors.keys(model));
}

/**
 * Loads the project's index file, or rebuilds it from the stored vectors (never re-embedding).
 * Runs on the index writer thread: loading, rebuilding and saving take seconds at a million vectors.
 */
export async function openProjectIndex(
  store: LibraryStore,
  model: string,
  scalar: ScalarSetting,
): Promise<OpenedVectorIndex | null> {
  const expected = indexStamp(store, model);
  if (!expected) return null;
  return openVectorIndex(store.paths.vectors, expected, () => store.vectors.all(model), { scalar });
}

/**
 * The index a pass writes to, held by the index writer thread: opened when the pass first stores
 * a vector (just before, while it still matches the database), created from the first vectors
 * when there is none, saved once at the end of the pass. A pass that embeds nothing (a catch-up
 * over unchanged files) never has the writer load a second copy of the index. The event loop
 * only posts the vectors.
 */
export function openVectorSink(
  threads: VectorThreads,
  root: string,
  model: string,
  log: Logger,
): VectorSink & { flush(): Promise<void> } {
  const writer = threads.writer;
  const logRebuild = (answer: { rebuilt?: string | undefined; size: number }) => {
    if (answer.rebuilt)
      log.info(
        { vectors: answer.size, reason: answer.rebuilt },
        "vector index rebuilt from the library database",
      );
  };
  const { scalar } = threads;
  let opened: Promise<void> | null = null;
  const ready = () => {
    opened ??= writer.request({ op: "open", root, model, scalar }).then(logRebuild);
    return opened;
  };
  return {
    ready,
    async upsert(entries) {
      if (entries.length === 0) return;
      await ready();
      const dim = entries[0]?.vector.length ?? 0;
      const vectors = new Float32Array(entries.length * dim);
      for (const [row, entry] of entries.entries()) {
        if (entry.vector.length !== dim)
          throw new VectorIndexError(
            `vector for key ${entry.key} has ${entry.vector.length} dimensions, not ${dim}`,
          );
        vectors.set(entry.vector, row * dim);
      }
      const answer = await writer.request(
        { op: "upsert", root, model, scalar, keys: entries.map((e) => e.key), vectors, dim },
        [vectors.buffer],
      );
      logRebuild(answer);
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await ready();
      await writer.request({ op: "remove", root, model, keys: [...keys] });
    },
    async flush() {
      if (!opened) return;
      try {
        await opened;
      } catch {
        // A failed open holds nothing on the writer: there is nothing to close.
        return;
      }
      await writer.request({ op: "close", root, model });
      // The threads open the file just saved now, not on the next query.
      threads.rewarm(root, model);
    },
  };
}

/**
 * How many vectors the index as last saved holds and how it stores them, read from its stamp file
 * (no index load): what the search threads answer from until the next save.
 */
export class IndexReader {
  constructor(private readonly paths: ProjectPaths) {}

  async current(): Promise<{ size(): number; scalar: VectorScalar } | null> {
    const info = await savedIndexInfo(this.paths.vectors);
    return info && { size: () => info.count, scalar: info.scalar };
  }
}
