import { randomUUID } from "node:crypto";
import { access, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { Index, ScalarKind } from "usearch";
import { produceAtomic } from "./atomic.js";
import { BadIndexFile, VectorIndexError } from "./vectors/errors.js";
import { inspectIndexFile } from "./vectors/file-check.js";
import { QuerySample, recallAt10 } from "./vectors/recall.js";
import {
  CONTENT_FIELDS,
  checkKey,
  checkModelDim,
  type IndexStamp,
  KeySum,
  stampDiff,
  stampOf,
} from "./vectors/set-hash.js";
import { readSidecar, type ScalarChoice, writeSidecar } from "./vectors/sidecar.js";
import {
  I8_MIN_RECALL,
  type ScalarSetting,
  searchExpansion,
  VECTOR_INDEX_TUNING,
  type VectorScalar,
  WIDEST_EXPANSION,
} from "./vectors/tuning.js";

// The names callers of the index use; the set hash, the sidecar, the file check and the tuning
// each live in their own module under vectors/.
export { VectorIndexError } from "./vectors/errors.js";
export { type IndexStamp, stampOf } from "./vectors/set-hash.js";
export type { ScalarChoice } from "./vectors/sidecar.js";
export {
  I8_MIN_RECALL,
  type ScalarSetting,
  searchExpansion,
  VECTOR_INDEX_TUNING,
  VECTOR_SCALARS,
  type VectorScalar,
} from "./vectors/tuning.js";

export interface VectorEntry {
  key: number;
  vector: Float32Array;
}

/** What answers queries: the writer's index, or a read-only view of a saved one. */
export interface VectorSearcher {
  readonly dim: number;
  readonly model: string;
  readonly scalar: VectorScalar;
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

const NATIVE_SCALAR: Record<VectorScalar, ScalarKind> = { f16: ScalarKind.F16, i8: ScalarKind.I8 };

function newNative(dim: number, scalar: VectorScalar, expansionSearch = WIDEST_EXPANSION): Index {
  return new Index({
    dimensions: dim,
    metric: VECTOR_INDEX_TUNING.metric,
    quantization: NATIVE_SCALAR[scalar],
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
    private choice: ScalarChoice,
    keys: Iterable<number> = [],
  ) {
    this.keys = new Set(keys);
    for (const key of this.keys) {
      this.sum.add(key);
      if (key > (this.maxKey as number)) this.maxKey = key;
    }
  }

  get scalar(): VectorScalar {
    return this.choice.scalar;
  }

  /** Runs a measurement (the recall check of a build) on the native index. */
  measure<T>(measure: (native: Index) => T): T {
    return measure(this.native);
  }

  /** Records the scalar choice a build settled on; saved with the index. */
  withChoice(choice: ScalarChoice): this {
    this.choice = choice;
    return this;
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
    // A saved index is never changed in place, only replaced by rename: search threads map the
    // file they answer from, and a mapped file truncated or rewritten under them would kill the
    // process (SIGBUS) or corrupt answers. Every writer of the file goes through here.
    const temp = `${this.file}.tmp-${process.pid}-${randomUUID()}`;
    try {
      await produceAtomic(this.file, (out) => this.native.save(out), { temp });
    } catch (error) {
      throw new VectorIndexError(`cannot save vector index ${this.file}: ${(error as Error).message}`);
    }
    await writeSidecar(this.file, recorded, own.checksum, this.choice);
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
  const { keys } = await inspectIndexFile(file, expected.dim, sidecar.scalar);
  const native = newNative(expected.dim, sidecar.scalar);
  try {
    native.load(file);
  } catch (error) {
    throw new BadIndexFile(`USearch could not load it: ${(error as Error).message}`);
  }
  if (native.size() !== keys.length || native.dimensions() !== expected.dim) {
    throw new BadIndexFile(`loaded ${native.size()} vectors, the file lists ${keys.length}`);
  }
  const choice = { scalar: sidecar.scalar, recallI8: sidecar.recallI8 };
  const index = new UsearchIndex(file, expected.model, expected.dim, native, choice, keys);
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
  /** False once a newer save took its native index over (see SavedIndexOptions.previous). */
  answers(): boolean;
}

export interface SavedIndexOptions {
  /**
   * Map the file rather than read it into memory: every thread of the process then shares one
   * copy (the page cache's). Only for files no other host replaces: a saved index is replaced by
   * rename, never changed in place, so a mapping stays valid for as long as it is held.
   */
  map: boolean;
  /**
   * This very file version (see the caller's version key) passed the structural check in this
   * process already: it is not read again.
   */
  checked: boolean;
  /**
   * The index this one replaces: its native index is reused when it can be (same dimension and
   * search beam), which lets the old file go now. USearch's binding has no close, and a thread with
   * a small heap may not collect the old one for a long time, holding the replaced file's pages
   * and disk space. `previous` answers no more searches afterwards.
   */
  previous?: SavedIndex | undefined;
}

class SavedUsearchIndex implements SavedIndex {
  private current = true;

  constructor(
    readonly model: string,
    readonly dim: number,
    readonly scalar: VectorScalar,
    readonly stamp: IndexStamp,
    private readonly native: Index,
    private readonly expansion: number,
  ) {}

  size(): number {
    return this.stamp.count;
  }

  answers(): boolean {
    return this.current;
  }

  search(
    query: Float32Array,
    k: number,
    filter?: (key: number) => boolean,
  ): { key: number; score: number }[] {
    if (!this.current) throw new VectorIndexError("the saved vector index was replaced");
    return searchNative(this.native, this.stamp.count, this.dim, query, k, filter);
  }

  /** Hands the native index over to a newer save when it fits; this one answers no more either way. */
  handOver(dim: number, expansion: number): Index | null {
    const fits = this.current && dim === this.dim && expansion === this.expansion;
    this.current = false;
    return fits ? this.native : null;
  }
}

/**
 * Opens the index as last saved, checked against its own stamp file and (unless `checked`) its
 * structure, with no database: what a search thread answers from. A missing or corrupt file is a
 * VectorIndexError saying why; rebuilding it is the writer's job, never a reader's.
 */
export async function openSavedIndex(file: string, options: SavedIndexOptions): Promise<SavedIndex> {
  try {
    if (!(await exists(file))) throw new BadIndexFile("no index file");
    const sidecar = await readSidecar(file);
    const { model, dim, count } = sidecar.stamp;
    checkModelDim(model, dim);
    if (!options.checked) {
      const { keys } = await inspectIndexFile(file, dim, sidecar.scalar);
      const own = stampOf(model, dim, keys);
      const diff = stampDiff(own, sidecar.stamp, CONTENT_FIELDS);
      if (diff) throw new BadIndexFile(`contents differ from the stamp: ${diff}`);
      if (own.checksum !== sidecar.keys) throw new BadIndexFile("the stamp file was written for other keys");
    }
    const expansion = searchExpansion(count);
    const previous = options.previous instanceof SavedUsearchIndex ? options.previous : null;
    // The scalar type comes from the file's header whether viewed or loaded into a reused index.
    const native = previous?.handOver(dim, expansion) ?? newNative(dim, sidecar.scalar, expansion);
    // The file exists (checked above; saves replace it by rename, never remove it): a view that
    // cannot open its file closes descriptor 0 on its way out (USearch 2.25), whoever holds it.
    if (options.map) native.view(file);
    else native.load(file);
    if (native.size() !== count)
      throw new BadIndexFile(`loaded ${native.size()} vectors, the stamp says ${count}`);
    return new SavedUsearchIndex(model, dim, sidecar.scalar, sidecar.stamp, native, expansion);
  } catch (error) {
    const reason =
      error instanceof BadIndexFile || error instanceof VectorIndexError ? error.message : String(error);
    throw new VectorIndexError(`the saved vector index cannot be used: ${reason}`);
  }
}

/**
 * What the saved index's stamp file says it holds (vectors, scalar type, the i8 recall measured
 * for it), without reading the index; null without a usable one.
 */
export async function savedIndexInfo(file: string): Promise<(ScalarChoice & { count: number }) | null> {
  try {
    const { stamp, scalar, recallI8 } = await readSidecar(file);
    return { count: stamp.count, scalar, recallI8 };
  } catch {
    return null;
  }
}

/** Whether an index saved with `choice` should be rebuilt to follow `setting`. */
export function wantsRequantising(choice: ScalarChoice, setting: ScalarSetting): boolean {
  if (setting !== "auto") return choice.scalar !== setting;
  return choice.scalar === "f16" && choice.recallI8 === null;
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
  options: BuildOptions = {},
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
  const index = await buildIndex(file, expected, rebuild, options);
  await index.save();
  return { index, rebuilt: true, reason };
}

/**
 * The background change of scalar type: builds the index afresh from the stored vectors and saves
 * it by rename, whatever the file holds now (readers keep the file they hold until they move).
 * Null when nothing was swapped: under `auto`, an f16 index whose i8 trial misses the recall keeps
 * its file and only its stamp file records the recall measured, so the trial is not run again
 * (building the same f16 index anew would cost as much as the trial, about an hour at 1M vectors).
 */
export async function rebuildVectorIndex(
  file: string,
  expected: IndexStamp,
  rebuild: () => Iterable<VectorEntry>,
  options: BuildOptions = {},
): Promise<VectorIndex | null> {
  checkModelDim(expected?.model, expected?.dim);
  const saved = (options.scalar ?? "auto") === "auto" ? await readSidecar(file).catch(() => null) : null;
  if (saved?.scalar !== "f16" || stampDiff(saved.stamp, expected)) {
    const index = await buildIndex(file, expected, rebuild, options);
    await index.save();
    return index;
  }
  const before = await fileVersion(file);
  const { index: i8, recall } = await trialI8(file, expected, rebuild, options.signal);
  if (recall >= I8_MIN_RECALL) {
    await i8.withChoice({ scalar: "i8", recallI8: recall }).save();
    return i8;
  }
  // Another process may have saved the file during the trial: its stamp file is then its own.
  if ((await fileVersion(file)) === before)
    await writeSidecar(file, saved.stamp, saved.keys, { scalar: "f16", recallI8: recall });
  return null;
}

/** The file's identity and contents' version, to see that nothing replaced it meanwhile. */
async function fileVersion(file: string): Promise<string> {
  const info = await stat(file);
  return `${info.ino}:${info.size}:${info.mtimeMs}`;
}

/** An i8 index of the stored vectors and its recall@10 against exact search on some of them. */
async function trialI8(
  file: string,
  expected: IndexStamp,
  rebuild: () => Iterable<VectorEntry>,
  signal: AbortSignal | undefined,
): Promise<{ index: UsearchIndex; recall: number }> {
  // The stored vectors are read once to build and once more for the exact answers.
  const sample = new QuerySample(expected.count);
  const index = await fill(file, expected, rebuild, { scalar: "i8", recallI8: null }, signal, sample);
  const recall = index.measure((native) => recallAt10(native, sample.queries, rebuild(), expected.dim));
  return { index, recall };
}

export interface BuildOptions {
  signal?: AbortSignal | undefined;
  /** `auto` (the default) builds i8 and keeps it only when it measures I8_MIN_RECALL, else f16. */
  scalar?: ScalarSetting | undefined;
}

async function buildIndex(
  file: string,
  expected: IndexStamp,
  rebuild: () => Iterable<VectorEntry>,
  options: BuildOptions,
): Promise<UsearchIndex> {
  const setting = options.scalar ?? "auto";
  if (setting !== "auto")
    return fill(file, expected, rebuild, { scalar: setting, recallI8: null }, options.signal);
  const { index: i8, recall } = await trialI8(file, expected, rebuild, options.signal);
  if (recall >= I8_MIN_RECALL) return i8.withChoice({ scalar: "i8", recallI8: recall });
  // Not reset: resetting an index this process changed aborted the process (USearch 2.25); it
  // goes with the writer thread, which ends once idle.
  return fill(file, expected, rebuild, { scalar: "f16", recallI8: recall }, options.signal);
}

async function fill(
  file: string,
  expected: IndexStamp,
  rebuild: () => Iterable<VectorEntry>,
  choice: ScalarChoice,
  signal: AbortSignal | undefined,
  sample?: QuerySample,
): Promise<UsearchIndex> {
  // Searched as a reader of this size will search it, so a measured recall is the one served.
  const native = newNative(expected.dim, choice.scalar, searchExpansion(expected.count));
  const index = new UsearchIndex(file, expected.model, expected.dim, native, choice);
  let batch: VectorEntry[] = [];
  for (const entry of rebuild()) {
    batch.push(entry);
    sample?.offer(entry);
    if (batch.length >= REBUILD_BATCH) {
      index.upsert(batch);
      batch = [];
      await yieldToLoop(undefined, { signal });
    }
  }
  index.upsert(batch);
  signal?.throwIfAborted();
  return index;
}
