import type { SearchItem, SearchPage } from "../../domain/schemas/search.js";
import type { MediaFilter } from "../../state/repos/media-search.js";
import { ITEM_VECTOR, type VectorOwners } from "../../state/repos/vectors.js";
import type { LibraryStore } from "../../state/stores.js";
import type { VectorSearcher } from "../../state/vectors.js";
import { cosine } from "../search/embed.js";
import { buildFilter, DEFAULT_LIMIT, type ListQuery } from "./query.js";
import { type Links, mediaItem } from "./view.js";

/** What a semantic search reads: one project's library, its saved index and who owns each vector. */
export interface RankingSource {
  store: LibraryStore;
  index: VectorSearcher;
  owners: VectorOwners;
  model: string;
}

// Items ranked on each side (vector, text): what the page needs (never fewer than this, so a
// one-item page fuses like the top of a full one). The walk's cost follows the larger of the beam
// and the neighbours asked for: a profile under load put 65 % of a query's CPU in the walk.
const MIN_DEPTH = 20;
// Vectors fetched per item wanted: an item's scenes can take several of the nearest places.
const VECTORS_PER_ITEM = 1.25;
// Below this cosine a neighbour is noise, not a match (unrelated texts sit near zero).
const MIN_SIMILARITY = 0.2;
// Reciprocal-rank fusion constant (Cormack et al.): damps the weight of the very first ranks.
const RRF_K = 60;
// A filter leaving at most this many items is scored exactly against every vector they own: the
// graph walk would have to visit most of the index to find enough of them.
const EXACT_MAX_ITEMS = 4000;
const FETCH_GROWTH = 4;

interface Hit {
  mediaId: number;
  score: number;
  scene: number | null;
  sceneScore: number;
}

/** The best vector per item, best first. */
function bestPerItem(scored: Iterable<{ mediaId: number; sceneIdx: number; score: number }>): Hit[] {
  const best = new Map<number, Hit>();
  for (const { mediaId, sceneIdx, score } of scored) {
    if (score < MIN_SIMILARITY) continue;
    const entry = best.get(mediaId) ?? { mediaId, score: 0, scene: null, sceneScore: 0 };
    entry.score = Math.max(entry.score, score);
    // An item scores by its best vector; the moment to jump to is its best-scoring scene.
    if (sceneIdx !== ITEM_VECTOR && score > entry.sceneScore) {
      entry.scene = sceneIdx;
      entry.sceneScore = score;
    }
    best.set(mediaId, entry);
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.mediaId - b.mediaId);
}

/** Every vector of the few items a narrow filter leaves, scored exactly (no graph walk). */
function exactHits(
  source: RankingSource,
  vector: Float32Array,
  ids: readonly number[],
  depth: number,
): Hit[] {
  const scored = [];
  for (const row of source.store.vectors.ofMedia(source.model, ids)) {
    scored.push({ mediaId: row.media_id, sceneIdx: row.scene_idx, score: cosine(vector, row.vector) });
  }
  return bestPerItem(scored).slice(0, depth);
}

/**
 * The graph walk: the nearest vectors, mapped to their items in memory. With a filter, the walk
 * widens until `depth` items pass it or the index is exhausted.
 */
function walkHits(
  source: RankingSource,
  vector: Float32Array,
  filter: MediaFilter | null,
  depth: number,
): Hit[] {
  const size = source.index.size();
  let fetch = Math.min(size, Math.ceil(depth * (filter ? FETCH_GROWTH : VECTORS_PER_ITEM)));
  for (;;) {
    const scored = [];
    for (const hit of source.index.search(vector, fetch)) {
      const owner = source.owners.of(hit.key);
      if (owner) scored.push({ mediaId: owner.mediaId, sceneIdx: owner.sceneIdx, score: hit.score });
    }
    let hits = bestPerItem(scored);
    if (filter) {
      const allowed = source.store.search.matching(
        filter,
        hits.map((h) => h.mediaId),
      );
      hits = hits.filter((h) => allowed.has(h.mediaId));
    }
    const last = scored.at(-1);
    const exhausted = fetch >= size || !last || last.score < MIN_SIMILARITY;
    if (hits.length >= depth || exhausted) return hits.slice(0, depth);
    fetch = Math.min(size, fetch * FETCH_GROWTH);
  }
}

const hasConditions = (f: MediaFilter) =>
  [
    f.kinds,
    f.shots,
    f.tags,
    f.cameras,
    f.languages,
    f.ratings,
    f.slateScenes ?? [],
    f.slateTakes ?? [],
    f.spans ?? [],
    f.members ?? [],
  ].some((list) => list.length > 0);

/**
 * One page of a semantic search: vector hits (scenes and items) and FTS5 text matches, merged by
 * reciprocal-rank fusion, every path narrowed by the same filter.
 */
export function rankPage(
  source: RankingSource,
  vector: Float32Array,
  query: ListQuery,
  links: Links,
): SearchPage {
  const filter = buildFilter(query);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const depth = Math.max(MIN_DEPTH, offset + limit);
  const conditions = { ...filter, terms: [] };
  let hits: Hit[];
  if (!hasConditions(filter)) hits = walkHits(source, vector, null, depth);
  else {
    const few = source.store.search.idsMatching(conditions, EXACT_MAX_ITEMS);
    hits = few ? exactHits(source, vector, few, depth) : walkHits(source, vector, conditions, depth);
  }
  const textRanked = source.store.search.ranked(filter, depth);
  const fused = new Map<number, number>();
  const fuse = (id: number, rank: number) => fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
  for (const [rank, h] of hits.entries()) fuse(h.mediaId, rank);
  for (const [rank, id] of textRanked.entries()) fuse(id, rank);
  const order = [...fused].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const page = order.slice(offset, offset + limit);
  const byId = new Map(hits.map((h) => [h.mediaId, h]));
  const { rows, tags } = source.store.search.rowsByIds(page.map(([id]) => id));
  const items = rows.map((row): SearchItem => {
    const item: SearchItem = { ...mediaItem(row, tags.get(row.id) ?? [], links) };
    item.score = Math.round((fused.get(row.id) ?? 0) * 1e6) / 1e6;
    const hit = byId.get(row.id);
    const scene = hit?.scene != null ? source.store.scenes.at(row.id, hit.scene) : undefined;
    if (hit && scene) {
      item.match = {
        scene_index: scene.idx,
        start_s: scene.start_s,
        end_s: scene.end_s,
        keyframe_url: links.keyframe(row.id, scene.idx, scene.keyframe_path),
        score: Math.round(hit.sceneScore * 1e4) / 1e4,
      };
    }
    return item;
  });
  return { items, total: order.length, limit, offset, next_cursor: null, search_mode: "semantic" };
}
