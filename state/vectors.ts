import { randomUUID } from "node:crypto";
import { access } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { Index } from "usearch";
import { produceAtomic } from "./atomic.js";
import { BadIndexFile, VectorIndexError } from "./vectors/errors.js";
import { inspectIndexFile } from "./vectors/file-check.js";
import {
  CONTENT_FIELDS,
  checkKey,
  checkModelDim,
  type IndexStamp,
  KeySum,
  stampDiff,
  stampOf,
} from "./vectors/set-hash.js";
import { readSidecar, writeSidecar } from "./vectors/sidecar.js";
import { searchExpansion, VECTOR_INDEX_TUNING, WIDEST_EXPANSION } from "./vectors/tuning.js";

// The names callers of the index use; the set hash, the sidecar, the file check and the tuning
// each live in their own module under vectors/.
export { VectorIndexError } from "./vectors/errors.js";
export { type IndexStamp, stampOf } from "./vectors/set-hash.js";
export { searchExpansion, VECTOR_INDEX_TUNING } from "./vectors/tuning.js";

export interface VectorEntry {
  key: number;
  vector: Float32Array;
}

/** What answers queries: the writer's index, or a read-only view of a saved one. */
export interface VectorSearcher {
  readonly dim: number;
  readonly model: string;
  size(): number;
  /**
   * The k nearest keys by cosine similarity (`score`, best first). With a filter, fetches more
   * candidates until k pass or the index is exhausted.
   */
  search(query: Float32Array, k: number, filter?: (key: number) => boolean): { key: number; score: number }[];
}

export interface VectorIndex extends VectorSearcher {
  /** Adds entries; a key already present has its vector replaced. Within one batch the last entry wins. */
  upsert(entries: readonly VectorEntry[]): void;
  /** Removes keys; unknown keys are ignored. */
  remove(keys: readonly number[]): void;
  /**
   * Writes the index beside a temp name, renames it into place, then writes `<file>.json` with
   * `stamp` (default: `stamp()`). A stamp whose model, dim, count or maxKey disagree with the
   * index is refused.
   */
  save(stamp?: IndexStamp): Promise<void>;
  /** What the index holds; `checksum` is the `stampOf` hash of its keys. */
  stamp(): IndexStamp;
}

export interface OpenedVectorIndex {
  index: VectorIndex;
  rebuilt: boolean;
  reason?: string;
}

const REBUILD_BATCH = 8192;
// Concurrent insertion occasionally leaves a node unreachable in the graph (measured: a few in a
// thousand 400-vector builds, none single-threaded); only big batches gain enough to be worth it.
const PARALLEL_MIN = 1024;
const FILTER_MIN_FETCH = 32;
const FILTER_GROWTH = 4;

function checkVector(vector: unknown, dim: number, what: string): Float32Array {
  if (!(vector instanceof Float32Array)) throw new VectorIndexError(`${what} must be a Float32Array`);
  if (vector.length !== dim) {
    throw new VectorIndexError(`${what} has ${vector.length} dimensions, the index expects ${dim}`);
  }
  let norm = 0;
  for (let i = 0; i < dim; i++) norm += (vector[i] as number) * (vector[i] as number);
  // A NaN or infinite component makes the sum non-finite; a zero vector has no direction to compare.
  if (!Number.isFinite(norm)) throw new VectorIndexError(`${what} has a NaN or infinite component`);
  if (norm === 0) throw new VectorIndexError(`${what} is all zeros`);
  return vector;
}

function newNative(dim: number, expansionSearch = WIDEST_EXPANSION): Index {
  return new Index({
    dimensions: dim,
    metric: VECTOR_INDEX_TUNING.metric,
    quantization: VECTOR_INDEX_TUNING.quantization,
    connectivity: VECTOR_INDEX_TUNING.connectivity,
    expansion_add: VECTOR_INDEX_TUNING.expansionAdd,
    expansion_search: expansionSearch,
    multi: false,
  });
}

function nearest(native: Index, query: Float32Array, k: number): { key: number; score: number }[] {
  // One query runs on the calling thread; more threads would only add spawn cost.
  const found = native.search(query, k, 1);
  const out = new Array<{ key: number; score: number }>(found.keys.length);
  for (let i = 0; i < found.keys.length; i++) {
    out[i] = { key: Number(found.keys[i]), score: 1 - (found.distances[i] as number) };
  }
  return out;
}

/** The k best keys of `native` (holding `size` vectors) for `query`, passing `filter` if given. */
function searchNative(
  native: Index,
  size: number,
  dim: number,
  query: Float32Array,
  k: number,
  filter?: (key: number) => boolean,
): { key: number; score: number }[] {
  checkVector(query, dim, "query vector");
  if (!Number.isInteger(k) || k < 0) throw new VectorIndexError(`k must be a non-negative integer, got ${k}`);
  if (k === 0 || size === 0) return [];
  if (!filter) return nearest(native, query, Math.min(k, size));
  let fetch = Math.min(size, Math.max(k * FILTER_GROWTH, FILTER_MIN_FETCH));
  for (;;) {
    const hits = nearest(native, query, fetch);
    const kept = hits.filter((hit) => filter(hit.key));
    if (kept.length >= k || fetch >= size || hits.length < fetch) return kept.slice(0, k);
    fetch = Math.min(size, fetch * FILTER_GROWTH);
  }
}

class UsearchIndex implements VectorIndex {
  private readonly keys: Set<number>;
  private readonly sum = new KeySum();
  // Recomputed lazily when the largest key is removed.
  private maxKey: number | null = 0;

  constructor(
    private readonly file: string,
    readonly model: string,
    readonly dim: number,
    private readonly native: Index,
    keys: Iterable<number> = [],
  ) {
    this.keys = new Set(keys);
    for (const key of this.keys) {
      this.sum.add(key);
      if (key > (this.maxKey as number)) this.maxKey = key;
    }
  }

  size(): number {
    return this.keys.size;
  }

  upsert(entries: readonly VectorEntry[]): void {
    const batch = new Map<number, Float32Array>();
    for (const entry of entries) {
      const key = checkKey(entry?.key);
      batch.set(key, checkVector(entry.vector, this.dim, `vector for key ${key}`));
    }
    if (batch.size === 0) return;
    const keys = new BigUint64Array(batch.size);
    const matrix = new Float32Array(batch.size * this.dim);
    const replaced: bigint[] = [];
    let row = 0;
    for (const [key, vector] of batch) {
      keys[row] = BigInt(key);
      matrix.set(vector, row * this.dim);
      if (this.keys.has(key)) replaced.push(BigInt(key));
      row += 1;
    }
    // Non-multi USearch refuses a key it already holds, so a replacement is a removal first.
    if (replaced.length) this.native.remove(BigUint64Array.from(replaced));
    try {
      this.native.add(keys, matrix, batch.size >= PARALLEL_MIN ? availableParallelism() : 1);
    } catch (error) {
      this.resync(batch.keys());
      throw new VectorIndexError(
        `cannot add ${batch.size} vectors to the index: ${(error as Error).message}`,
      );
    }
    for (const key of batch.keys()) this.track(key);
  }

  remove(keys: readonly number[]): void {
    const present = [...new Set(keys.map(checkKey))].filter((key) => this.keys.has(key));
    if (present.length === 0) return;
    this.native.remove(BigUint64Array.from(present, (key) => BigInt(key)));
    for (const key of present) this.untrack(key);
  }

  search(
    query: Float32Array,
    k: number,
    filter?: (key: number) => boolean,
  ): { key: number; score: number }[] {
    return searchNative(this.native, this.keys.size, this.dim, query, k, filter);
  }

  async save(stamp?: IndexStamp): Promise<void> {
    const own = this.stamp();
    const recorded = stamp ?? own;
    const diff = stampDiff(own, recorded, CONTENT_FIELDS);
    if (diff)
      throw new VectorIndexError(`refusing to save ${this.file} under a stamp it does not match: ${diff}`);
    // Unique across processes, threads and index objects, and naming its process: the daemon's
    // writer thread saves outside any pass, so a sweep removes only the temps of processes gone.
    const temp = `${this.file}.tmp-${process.pid}-${randomUUID()}`;
    try {
      await produceAtomic(this.file, (out) => this.native.save(out), { temp });
    } catch (error) {
      throw new VectorIndexError(`cannot save vector index ${this.file}: ${(error as Error).message}`);
    }
    await writeSidecar(this.file, recorded, own.checksum);
  }

  stamp(): IndexStamp {
    if (this.maxKey === null) {
      let max = 0;
      for (const key of this.keys) if (key > max) max = key;
      this.maxKey = max;
    }
    return {
      model: this.model,
      dim: this.dim,
      count: this.keys.size,
      maxKey: this.maxKey,
      checksum: this.sum.value(),
    };
  }

  private track(key: number): void {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    this.sum.add(key);
    if (this.maxKey !== null && key > this.maxKey) this.maxKey = key;
  }

  private untrack(key: number): void {
    if (!this.keys.delete(key)) return;
    this.sum.sub(key);
    if (key === this.maxKey) this.maxKey = null;
  }

  /** After a failed add, believe the native index about which keys it now holds. */
  private resync(keys: Iterable<number>): void {
    for (const key of keys) {
      if (this.native.contains(BigInt(key))) this.track(key);
      else this.untrack(key);
    }
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function loadChecked(file: string, expected: IndexStamp): Promise<UsearchIndex> {
  if (!(await exists(file))) throw new BadIndexFile("no index file");
  const sidecar = await readSidecar(file);
  const sidecarDiff = stampDiff(sidecar.stamp, expected);
  if (sidecarDiff) throw new BadIndexFile(`stamp differs: ${sidecarDiff}`);
  const { keys } = await inspectIndexFile(file, expected.dim);
  const native = newNative(expected.dim);
  try {
    native.load(file);
  } catch (error) {
    throw new BadIndexFile(`USearch could not load it: ${(error as Error).message}`);
  }
  if (native.size() !== keys.length || native.dimensions() !== expected.dim) {
    throw new BadIndexFile(`loaded ${native.size()} vectors, the file lists ${keys.length}`);
  }
  const index = new UsearchIndex(file, expected.model, expected.dim, native, keys);
  if (index.size() !== keys.length) throw new BadIndexFile("the file holds a key twice");
  const own = index.stamp();
  const contentDiff = stampDiff(own, expected, CONTENT_FIELDS);
  if (contentDiff) throw new BadIndexFile(`contents differ from the stamp: ${contentDiff}`);
  if (own.checksum !== sidecar.keys) throw new BadIndexFile("the stamp file was written for other keys");
  return index;
}

/** A saved index opened for searching only, with the stamp it was saved under. */
export interface SavedIndex extends VectorSearcher {
  readonly stamp: IndexStamp;
}

/**
 * Opens the index as last saved, checked against its own stamp file and structure only (no
 * database): what a search thread answers from. A missing or corrupt file is a VectorIndexError
 * saying why; rebuilding it is the writer's job, never a reader's. The index is read into memory
 * rather than mapped: a mapped file truncated in place by someone else would kill the process.
 */
export async function openSavedIndex(file: string): Promise<SavedIndex> {
  try {
    if (!(await exists(file))) throw new BadIndexFile("no index file");
    const sidecar = await readSidecar(file);
    const { model, dim } = sidecar.stamp;
    checkModelDim(model, dim);
    const { keys } = await inspectIndexFile(file, dim);
    const own = stampOf(model, dim, keys);
    const diff = stampDiff(own, sidecar.stamp, CONTENT_FIELDS);
    if (diff) throw new BadIndexFile(`contents differ from the stamp: ${diff}`);
    if (own.checksum !== sidecar.keys) throw new BadIndexFile("the stamp file was written for other keys");
    const size = keys.length;
    const native = newNative(dim, searchExpansion(size));
    native.load(file);
    if (native.size() !== size)
      throw new BadIndexFile(`loaded ${native.size()} vectors, the file lists ${size}`);
    return {
      model,
      dim,
      stamp: sidecar.stamp,
      size: () => size,
      search: (query, k, filter) => searchNative(native, size, dim, query, k, filter),
    };
  } catch (error) {
    const reason =
      error instanceof BadIndexFile || error instanceof VectorIndexError ? error.message : String(error);
    throw new VectorIndexError(`the saved vector index cannot be used: ${reason}`);
  }
}

/**
 * Opens the index cached in `file` when it matches `expected`; otherwise builds it from the stored
 * vectors `rebuild()` yields (never re-embedding), saves it and says why it was rebuilt.
 * The event loop gets a turn between rebuild batches, and `signal` stops a rebuild between them.
 */
export async function openVectorIndex(
  file: string,
  expected: IndexStamp,
  rebuild: () => Iterable<VectorEntry>,
  options: { signal?: AbortSignal } = {},
): Promise<OpenedVectorIndex> {
  checkModelDim(expected?.model, expected?.dim);
  options.signal?.throwIfAborted();
  let reason: string;
  try {
    return { index: await loadChecked(file, expected), rebuilt: false };
  } catch (error) {
    if (!(error instanceof BadIndexFile)) {
      reason = `cannot read the index file: ${(error as Error).message}`;
    } else reason = error.message;
  }
  const index = new UsearchIndex(file, expected.model, expected.dim, newNative(expected.dim));
  let batch: VectorEntry[] = [];
  for (const entry of rebuild()) {
    batch.push(entry);
    if (batch.length >= REBUILD_BATCH) {
      index.upsert(batch);
      batch = [];
      await yieldToLoop(undefined, { signal: options.signal });
    }
  }
  index.upsert(batch);
  options.signal?.throwIfAborted();
  await index.save();
  return { index, rebuilt: true, reason };
}
