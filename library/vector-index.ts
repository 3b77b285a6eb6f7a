import { stat } from "node:fs/promises";
import type { Logger } from "pino";
import type { LibraryStore } from "../state/stores.js";
import { type IndexStamp, openVectorIndex, stampOf, type VectorIndex } from "../state/vectors.js";

/**
 * What the USearch cache must hold to match SQLite: the embedding model's vectors, by id. Null
 * when nothing is embedded.
 */
/** Where a pass puts new vectors: the project's index, opened on first use and saved at the end. */
export interface VectorSink {
  upsert(entries: readonly { key: number; vector: Float32Array }[]): Promise<void>;
  remove(keys: readonly number[]): Promise<void>;
}

export function indexStamp(store: LibraryStore, model: string): IndexStamp | null {
  const { count, dim } = store.vectors.counts(model);
  if (count === 0 || dim === null) return null;
  return stampOf(model, dim, store.vectors.keys(model));
}

/** Loads the project's index file, or rebuilds it from the stored vectors (never re-embedding). */
export async function openProjectIndex(
  store: LibraryStore,
  model: string,
  log: Logger,
): Promise<VectorIndex | null> {
  const expected = indexStamp(store, model);
  if (!expected) return null;
  const { index, rebuilt, reason } = await openVectorIndex(store.paths.vectors, expected, () =>
    store.vectors.all(model),
  );
  if (rebuilt) log.info({ vectors: index.size(), reason }, "vector index rebuilt from the library database");
  return index;
}

/**
 * The index a pass writes to: loaded when the pass starts (while it still matches the database),
 * created from the first vectors when there is none, saved once at the end of the pass.
 */
export async function openVectorSink(
  store: LibraryStore,
  model: string,
  log: Logger,
): Promise<VectorSink & { flush(): Promise<void> }> {
  // Vectors of an earlier model never share an index with the current one.
  let index = await openProjectIndex(store, model, log);
  let dirty = false;
  return {
    async upsert(entries) {
      if (entries.length === 0) return;
      if (!index) {
        index = await openProjectIndex(store, model, log);
        dirty = true;
        return;
      }
      index.upsert(entries);
      dirty = true;
    },
    async remove(keys) {
      if (keys.length === 0 || !index) return;
      index.remove(keys);
      dirty = true;
    },
    async flush() {
      if (!index || !dirty) return;
      await index.save();
      dirty = false;
    },
  };
}

/**
 * The search side of one project: the index as last saved, reloaded when a pass saves a newer
 * one. Between saves, vectors written since are simply not found yet; deleted ones are dropped
 * by the caller's lookup in SQLite.
 */
export class IndexReader {
  private index: VectorIndex | null = null;
  private loadedAt = -1;
  private loading: Promise<VectorIndex | null> | null = null;

  constructor(
    private readonly store: LibraryStore,
    private readonly model: string,
    private readonly log: Logger,
  ) {}

  async current(): Promise<VectorIndex | null> {
    const savedAt = await stat(`${this.store.paths.vectors}.json`).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    if (this.index && savedAt === this.loadedAt) return this.index;
    if (!this.index && this.loadedAt === savedAt && savedAt !== 0) return null;
    this.loading ??= openProjectIndex(this.store, this.model, this.log).finally(() => {
      this.loading = null;
    });
    this.index = await this.loading;
    this.loadedAt = await stat(`${this.store.paths.vectors}.json`).then(
      (s) => s.mtimeMs,
      () => savedAt,
    );
    return this.index;
  }
}
