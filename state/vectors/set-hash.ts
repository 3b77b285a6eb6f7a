import { VectorIndexError } from "./errors.js";

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

// What the keys held decide; the checksum may be a token of the caller's instead (see IndexStamp).
export const CONTENT_FIELDS = ["model", "dim", "count", "maxKey"] as const;
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

/** The order-free hash of a key set, kept up to date as keys come and go. */
export class KeySum {
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

export function checkKey(key: unknown): number {
  if (typeof key !== "number" || !Number.isSafeInteger(key) || key < 0) {
    throw new VectorIndexError(`vector key must be a non-negative safe integer, got ${String(key)}`);
  }
  return key;
}

export function checkModelDim(model: unknown, dim: unknown): void {
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
export function stampDiff(
  found: IndexStamp,
  expected: IndexStamp,
  fields: readonly (keyof IndexStamp)[] = ["model", "dim", "count", "maxKey", "checksum"],
): string | null {
  const diffs = fields
    .filter((f) => found[f] !== expected[f])
    .map((f) => `${f} ${JSON.stringify(found[f])} ≠ expected ${JSON.stringify(expected[f])}`);
  return diffs.length ? diffs.join(", ") : null;
}
