import { MetricKind } from "usearch";

/**
 * The graph, chosen with bench/vectors.mjs (clustered 1024-dim vectors, 2 cores). At 1M, recall is
 * limited by the graph, not the search beam: at ef_search 256, M 32 / ef_add 64 reached recall@10
 * 0.944 and M 24 / ef_add 96 0.973, while M 32 / ef_add 128 reaches 0.999. The price is build time:
 * ~900 vectors per CPU-second at 1M. The scalar type is chosen per index (VectorScalar).
 */
export const VECTOR_INDEX_TUNING = {
  metric: MetricKind.Cos,
  connectivity: 32,
  expansionAdd: 128,
} as const;

/**
 * How an index stores its vectors: f16 halves memory against f32 with no measurable recall loss;
 * i8 halves it again where the project's own vectors keep recall@10 at I8_MIN_RECALL or better.
 */
export const VECTOR_SCALARS = ["f16", "i8"] as const;
export type VectorScalar = (typeof VECTOR_SCALARS)[number];
/** `SVC_VECTOR_SCALAR`: `auto` measures i8 on the project's vectors when an index is built. */
export type ScalarSetting = "auto" | VectorScalar;
export const I8_MIN_RECALL = 0.98;

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
export const WIDEST_EXPANSION = 256;

export function searchExpansion(size: number): number {
  return SEARCH_EXPANSION.find(([max]) => size <= max)?.[1] ?? WIDEST_EXPANSION;
}
