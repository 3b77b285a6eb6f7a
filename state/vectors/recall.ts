import { exactSearch, type Index, MetricKind } from "usearch";

export interface RecallEntry {
  key: number;
  vector: Float32Array;
}

const K = 10;
// Queries taken from the project's own vectors: 128 queries of 10 hits put the estimate within
// about ±0.01 of the truth at 0.98.
const QUERIES = 128;
// Stored vectors compared exactly at a time: bounds the memory of the exact pass (32 MB at 1024-d).
const EXACT_BATCH = 8192;

/** Every `count / QUERIES`-th entry offered (of `count`), kept as the measuring queries. */
export class QuerySample {
  readonly queries: RecallEntry[] = [];
  private readonly step: number;
  private seen = 0;

  constructor(count: number) {
    this.step = Math.max(1, Math.floor(count / QUERIES));
  }

  offer(entry: RecallEntry): void {
    if (this.seen % this.step === 0 && this.queries.length < QUERIES)
      this.queries.push({ key: entry.key, vector: entry.vector.slice() });
    this.seen += 1;
  }
}

/** The exact top K keys per query over `entries`, streamed a batch at a time. */
function exactTop(queries: readonly RecallEntry[], entries: Iterable<RecallEntry>, dim: number): number[][] {
  const flat = new Float32Array(queries.length * dim);
  for (const [i, q] of queries.entries()) flat.set(q.vector, i * dim);
  const best = queries.map(() => [] as { key: number; distance: number }[]);
  const keep = (keys: number[], matrix: Float32Array, rows: number) => {
    const found = exactSearch(matrix.subarray(0, rows * dim), flat, dim, Math.min(K, rows), MetricKind.Cos);
    const perQuery = Math.min(K, rows);
    for (let q = 0; q < queries.length; q++) {
      const list = best[q] as { key: number; distance: number }[];
      for (let j = 0; j < perQuery; j++) {
        const at = q * perQuery + j;
        list.push({ key: keys[Number(found.keys[at])] as number, distance: found.distances[at] as number });
      }
      list.sort((a, b) => a.distance - b.distance);
      list.length = Math.min(list.length, K);
    }
  };
  const matrix = new Float32Array(EXACT_BATCH * dim);
  let keys: number[] = [];
  for (const entry of entries) {
    matrix.set(entry.vector, keys.length * dim);
    keys.push(entry.key);
    if (keys.length === EXACT_BATCH) {
      keep(keys, matrix, keys.length);
      keys = [];
    }
  }
  if (keys.length > 0) keep(keys, matrix, keys.length);
  return best.map((list) => list.map((hit) => hit.key));
}

/**
 * Recall@10 of `index` against exact search over `entries` (the same vectors, as stored), for
 * `queries` taken from them: the share of the exact ten nearest the index also returns.
 */
export function recallAt10(
  index: Index,
  queries: readonly RecallEntry[],
  entries: Iterable<RecallEntry>,
  dim: number,
): number {
  if (queries.length === 0) return 1;
  const exact = exactTop(queries, entries, dim);
  let found = 0;
  let wanted = 0;
  for (const [i, query] of queries.entries()) {
    const truth = new Set(exact[i]);
    const got = index.search(query.vector, truth.size, 1);
    for (const key of got.keys) if (truth.has(Number(key))) found += 1;
    wanted += truth.size;
  }
  return wanted === 0 ? 1 : found / wanted;
}
