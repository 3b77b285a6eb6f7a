import { randomUUID } from "node:crypto";
import { access, open, readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { Index, MetricKind, ScalarKind } from "usearch";
import { produceAtomic, writeFileAtomic } from "./atomic.js";
import { isErrno } from "./errno.js";

export interface VectorEntry {
  key: number;
  vector: Float32Array;
}

/**
 * What SQLite says the index must contain. `checksum` is either `stampOf`'s order-free hash of the
 * key list (which the index keeps up to date itself) or any token the caller passes to `save`.
 */
export interface IndexStamp {
  model: string;
  dim: number;
  count: number;
  /** The largest key, 0 when empty (SQLite row ids start at 1). */
  maxKey: number;
  checksum: string;
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

export class VectorIndexError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VectorIndexError";
  }
}

/**
 * The graph, chosen with bench/vectors.mjs (clustered 1024-dim vectors, 2 cores). At 1M, recall is
 * limited by the graph, not the search beam: at ef_search 256, M 32 / ef_add 64 reached recall@10
 * 0.944 and M 24 / ef_add 96 0.973, while M 32 / ef_add 128 reaches 0.999. The price is build time:
 * ~900 vectors per CPU-second at 1M. f16 halves memory against f32 with no measurable recall loss.
 */
export const VECTOR_INDEX_TUNING = {
  metric: MetricKind.Cos,
  quantization: ScalarKind.F16,
  connectivity: 32,
  expansionAdd: 128,
} as const;

/**
 * The search beam by index size: the walk's cost grows with the beam, and a smaller graph needs a
 * narrower one for the same recall. Measured with bench/vectors.mjs --ef (recall@10 against brute
 * force, clustered 1024-d vectors): 100k reached 1.000 at every beam from 32; 400k 0.975 at 32,
 * 0.990 at 48–64, 0.995 at 96–160, 1.000 from 192; 1M 0.979 at 192 and 0.999 at 256.
 */
const SEARCH_EXPANSION: readonly (readonly [maxSize: number, ef: number])[] = [
  [200_000, 64],
  [500_000, 96],
];
const WIDEST_EXPANSION = 256;

export function searchExpansion(size: number): number {
  return SEARCH_EXPANSION.find(([max]) => size <= max)?.[1] ?? WIDEST_EXPANSION;
}

// Bumped when the sidecar's meaning changes, so an old sidecar reads as a mismatch.
const SIDECAR_FORMAT = 1;
const REBUILD_BATCH = 8192;
// Concurrent insertion occasionally leaves a node unreachable in the graph (measured: a few in a
// thousand 400-vector builds, none single-threaded); only big batches gain enough to be worth it.
const PARALLEL_MIN = 1024;
const FILTER_MIN_FETCH = 32;
const FILTER_GROWTH = 4;
const CONTENT_FIELDS = ["model", "dim", "count", "maxKey"] as const;

// USearch 2.x file layout (index_dense.hpp / index.hpp): u32 rows, u32 bytes per vector, the vector
// matrix, a 64-byte dense header, a 40-byte graph header, one i16 level per node, then the nodes.
const MATRIX_HEAD_BYTES = 8;
const DENSE_HEAD_BYTES = 64;
const GRAPH_HEAD_BYTES = 40;
const LEVEL_BYTES = 2;
const NODE_HEAD_BYTES = 10;
const SLOT_BYTES = 4;
const COUNT_BYTES = 4;
const MAGIC = "usearch";
const FORMAT_MAJOR = 2;
const METRIC_COS = "c".charCodeAt(0);
const SCALAR_CODE: Record<string, number> = { f32: 11, f16: 12 };
const SCALAR_BYTES: Record<string, number> = { f32: 4, f16: 2 };
const KEY_U64 = 14;
const SLOT_U32 = 15;
const MAX_LEVEL = 64;
const READ_CHUNK = 8 << 20;
const TWO_32 = 2 ** 32;

const fmix32 = (input: number) => {
  let h = input;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** Two independent 32-bit hashes of a key; summed mod 2^32 they make an order-free set hash. */
function keyHashes(key: number): [number, number] {
  const lo = key >>> 0;
  const hi = Math.floor(key / TWO_32);
  return [fmix32(fmix32(lo ^ 0x9e3779b9) ^ hi), fmix32(fmix32(lo ^ 0x7f4a7c15) ^ Math.imul(hi, 0x27d4eb2f))];
}

const hex32 = (n: number) => n.toString(16).padStart(8, "0");

class KeySum {
  a = 0;
  b = 0;
  add(key: number): void {
    const [x, y] = keyHashes(key);
    this.a = (this.a + x) >>> 0;
    this.b = (this.b + y) >>> 0;
  }
  sub(key: number): void {
    const [x, y] = keyHashes(key);
    this.a = (this.a - x) >>> 0;
    this.b = (this.b - y) >>> 0;
  }
  value(): string {
    return `${hex32(this.a)}${hex32(this.b)}`;
  }
}

function checkKey(key: unknown): number {
  if (typeof key !== "number" || !Number.isSafeInteger(key) || key < 0) {
    throw new VectorIndexError(`vector key must be a non-negative safe integer, got ${String(key)}`);
  }
  return key;
}

function checkModelDim(model: unknown, dim: unknown): void {
  if (typeof model !== "string" || model.length === 0) {
    throw new VectorIndexError("vector index model must be a non-empty string");
  }
  if (typeof dim !== "number" || !Number.isInteger(dim) || dim <= 0 || dim > 65_536) {
    throw new VectorIndexError(`vector index dimension must be an integer in 1..65536, got ${String(dim)}`);
  }
}

/** The stamp an index holding exactly these keys reports; what SQLite's side passes to `openVectorIndex`. */
export function stampOf(model: string, dim: number, entries: Iterable<number | { key: number }>): IndexStamp {
  checkModelDim(model, dim);
  const sum = new KeySum();
  let count = 0;
  let maxKey = 0;
  for (const entry of entries) {
    const key = checkKey(typeof entry === "number" ? entry : entry.key);
    sum.add(key);
    count += 1;
    if (key > maxKey) maxKey = key;
  }
  return { model, dim, count, maxKey, checksum: sum.value() };
}

/** Why two stamps differ, or null when they are equal. */
function stampDiff(
  found: IndexStamp,
  expected: IndexStamp,
  fields: readonly (keyof IndexStamp)[] = ["model", "dim", "count", "maxKey", "checksum"],
): string | null {
  const diffs = fields
    .filter((f) => found[f] !== expected[f])
    .map((f) => `${f} ${JSON.stringify(found[f])} ≠ expected ${JSON.stringify(expected[f])}`);
  return diffs.length ? diffs.join(", ") : null;
}

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
    const sidecar: Sidecar = {
      format: SIDECAR_FORMAT,
      ...VECTOR_INDEX_TUNING,
      stamp: pickStamp(recorded),
      keys: own.checksum,
    };
    await writeFileAtomic(`${this.file}.json`, `${JSON.stringify(sidecar)}\n`);
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

class BadIndexFile extends Error {}

interface FileContents {
  keys: number[];
}

/**
 * Checks every structural field USearch trusts when loading (sizes, kinds, levels, neighbour
 * counts and slots), because a corrupt file can crash the native loader or a later search instead
 * of failing cleanly. Returns the live keys stored in the file.
 */
async function inspectIndexFile(file: string, dim: number): Promise<FileContents> {
  const quantization = VECTOR_INDEX_TUNING.quantization;
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const readAt = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead !== length)
        throw new BadIndexFile(`truncated at byte ${position + bytesRead} of ${size}`);
      return buffer;
    };
    if (size < MATRIX_HEAD_BYTES + DENSE_HEAD_BYTES + GRAPH_HEAD_BYTES) {
      throw new BadIndexFile(`file is truncated (${size} bytes)`);
    }
    const matrixHead = await readAt(0, MATRIX_HEAD_BYTES);
    const rows = matrixHead.readUInt32LE(0);
    const rowBytes = matrixHead.readUInt32LE(4);
    const expectedRowBytes = dim * (SCALAR_BYTES[quantization] as number);
    if (rowBytes !== expectedRowBytes) {
      throw new BadIndexFile(`vectors are ${rowBytes} bytes wide, expected ${expectedRowBytes}`);
    }
    const denseAt = MATRIX_HEAD_BYTES + rows * rowBytes;
    const levelsAt = denseAt + DENSE_HEAD_BYTES + GRAPH_HEAD_BYTES;
    if (levelsAt + rows * LEVEL_BYTES > size) {
      throw new BadIndexFile(`file is truncated (${size} bytes for ${rows} vectors)`);
    }
    const dense = await readAt(denseAt, DENSE_HEAD_BYTES);
    if (dense.toString("latin1", 0, MAGIC.length) !== MAGIC) throw new BadIndexFile("not a USearch index");
    if (dense.readUInt16LE(7) !== FORMAT_MAJOR) {
      throw new BadIndexFile(`USearch format ${dense.readUInt16LE(7)}, expected ${FORMAT_MAJOR}`);
    }
    if (dense[13] !== METRIC_COS || dense[14] !== SCALAR_CODE[quantization]) {
      throw new BadIndexFile("built with another metric or quantization");
    }
    if (dense[15] !== KEY_U64 || dense[16] !== SLOT_U32)
      throw new BadIndexFile("unexpected key or slot type");
    const present = dense.readBigUInt64LE(17);
    const deleted = dense.readBigUInt64LE(25);
    if (present + deleted !== BigInt(rows)) throw new BadIndexFile("population counts do not add up");
    if (dense.readBigUInt64LE(33) !== BigInt(dim) || dense[41] !== 0) {
      throw new BadIndexFile("dimension or multi-key flag differs");
    }
    const graph = await readAt(denseAt + DENSE_HEAD_BYTES, GRAPH_HEAD_BYTES);
    const nodes = graph.readBigUInt64LE(0);
    const connectivity = graph.readBigUInt64LE(8);
    const base = graph.readBigUInt64LE(16);
    const maxLevel = graph.readBigUInt64LE(24);
    const entry = graph.readBigUInt64LE(32);
    if (nodes !== BigInt(rows)) throw new BadIndexFile("graph and vector counts differ");
    if (connectivity !== BigInt(VECTOR_INDEX_TUNING.connectivity) || base < connectivity || base > 4096n) {
      throw new BadIndexFile("built with another connectivity");
    }
    if (rows > 0 && (maxLevel >= BigInt(MAX_LEVEL) || entry >= BigInt(rows))) {
      throw new BadIndexFile("graph header out of range");
    }
    const levelBytes = Number(connectivity) * SLOT_BYTES + COUNT_BYTES;
    const baseBytes = Number(base) * SLOT_BYTES + COUNT_BYTES;
    const nodeBytes = (level: number) => NODE_HEAD_BYTES + baseBytes + level * levelBytes;
    const levels = await readAt(levelsAt, rows * LEVEL_BYTES);
    let expectedSize = levelsAt + rows * LEVEL_BYTES;
    for (let i = 0; i < rows; i++) {
      const level = levels.readInt16LE(i * LEVEL_BYTES);
      if (level < 0 || level > Number(maxLevel)) throw new BadIndexFile(`node ${i} has level ${level}`);
      expectedSize += nodeBytes(level);
    }
    if (expectedSize !== size) {
      throw new BadIndexFile(
        `file is ${size} bytes, its headers describe ${expectedSize} (truncated or corrupt)`,
      );
    }
    const keys: number[] = [];
    let node = 0;
    let position = levelsAt + rows * LEVEL_BYTES;
    while (node < rows) {
      const chunk = await readAt(position, Math.min(READ_CHUNK, size - position));
      let at = 0;
      while (node < rows) {
        const level = levels.readInt16LE(node * LEVEL_BYTES);
        const length = nodeBytes(level);
        if (at + length > chunk.length) break;
        const lo = chunk.readUInt32LE(at);
        const hi = chunk.readUInt32LE(at + 4);
        if (!(lo === 0xffffffff && hi === 0xffffffff)) {
          if (hi >= 2 ** 21) throw new BadIndexFile(`node ${node} has an out-of-range key`);
          keys.push(hi * TWO_32 + lo);
        }
        if (chunk.readInt16LE(at + 8) !== level) throw new BadIndexFile(`node ${node} level disagrees`);
        let list = at + NODE_HEAD_BYTES;
        for (let l = 0; l <= level; l++) {
          const capacity = l === 0 ? Number(base) : Number(connectivity);
          const count = chunk.readUInt32LE(list);
          if (count > capacity) throw new BadIndexFile(`node ${node} has ${count} neighbours at level ${l}`);
          for (let s = 0; s < count; s++) {
            if (chunk.readUInt32LE(list + COUNT_BYTES + s * SLOT_BYTES) >= rows) {
              throw new BadIndexFile(`node ${node} links outside the graph`);
            }
          }
          list += COUNT_BYTES + capacity * SLOT_BYTES;
        }
        at += length;
        node += 1;
      }
      if (at === 0) throw new BadIndexFile(`node ${node} does not fit a read`);
      position += at;
    }
    if (BigInt(keys.length) !== present) throw new BadIndexFile("live key count disagrees with the header");
    return { keys };
  } finally {
    await handle.close();
  }
}

/** Ties the caller's stamp to the file: `keys` is the key hash of what was written beside it. */
interface Sidecar extends Record<string, unknown> {
  format: number;
  stamp: IndexStamp;
  keys: string;
}

const pickStamp = (s: IndexStamp): IndexStamp => ({
  model: s.model,
  dim: s.dim,
  count: s.count,
  maxKey: s.maxKey,
  checksum: s.checksum,
});

async function readSidecar(file: string): Promise<{ stamp: IndexStamp; keys: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(`${file}.json`, "utf8"));
  } catch (error) {
    throw new BadIndexFile(isErrno(error, "ENOENT") ? "no stamp file" : "stamp file is unreadable");
  }
  if (typeof parsed !== "object" || parsed === null) throw new BadIndexFile("stamp file is not an object");
  const s = parsed as Record<string, unknown>;
  const tuning = Object.entries(VECTOR_INDEX_TUNING).every(([name, value]) => s[name] === value);
  if (s.format !== SIDECAR_FORMAT || !tuning)
    throw new BadIndexFile("stamp file is from another index layout");
  const stamp = (typeof s.stamp === "object" && s.stamp !== null ? s.stamp : {}) as Record<string, unknown>;
  return {
    stamp: {
      model: String(stamp.model),
      dim: Number(stamp.dim),
      count: Number(stamp.count),
      maxKey: Number(stamp.maxKey),
      checksum: String(stamp.checksum),
    },
    keys: String(s.keys),
  };
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
