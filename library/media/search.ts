import type { Logger } from "pino";
import { type ModelHost, ModelHostError } from "../../adapters/modelhost.js";
import type { MediaFilter } from "../../state/repos/media-search.js";
import { ITEM_VECTOR } from "../../state/repos/vectors.js";
import type { LibraryStore } from "../../state/stores.js";
import type { VectorIndex } from "../../state/vectors.js";
import { EXIT, UserError } from "../errors.js";
import { listMedia, type MediaPage } from "./browse.js";
import { buildFilter, DEFAULT_LIMIT, type ListQuery } from "./query.js";
import { type Links, type MediaItem, mediaItem } from "./view.js";

export type SearchMode = "list" | "semantic" | "text";

export interface SceneMatch {
  scene_index: number;
  start_s: number;
  end_s: number;
  keyframe_url: string;
  score: number;
}

export type SearchItem = MediaItem & { match?: SceneMatch; score?: number };

export interface SearchPage extends Omit<MediaPage, "items"> {
  items: SearchItem[];
  search_mode: SearchMode;
  /** Why a text query was answered by text matching alone. */
  search_note?: string;
}

export interface SearchDeps {
  store: LibraryStore;
  modelHost: ModelHost;
  embedModel: string;
  index: () => Promise<VectorIndex | null>;
  log: Logger;
}

// Vector neighbours fetched per query; fused with as many text matches.
const NEIGHBOURS = 200;
// Below this cosine a neighbour is noise, not a match (unrelated texts sit near zero).
const MIN_SIMILARITY = 0.2;
// Reciprocal-rank fusion constant (Cormack et al.): damps the weight of the very first ranks.
const RRF_K = 60;
const QUERY_TIMEOUT_MS = 10_000;

interface Hit {
  mediaId: number;
  score: number;
  scene: { idx: number } | null;
}

/** The best vector hit per item, best first, among items that pass every filter. */
/** The vector side cannot answer for a reason an operator can act on (not a bug). */
class SemanticUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SemanticUnavailable";
  }
}

async function vectorHits(
  deps: SearchDeps,
  text: string,
  filter: MediaFilter,
): Promise<(Hit & { sceneScore: number })[]> {
  const index = await deps.index().catch((error: unknown) => {
    throw new SemanticUnavailable(`the vector index cannot be read: ${(error as Error).message}`);
  });
  if (!index) throw new SemanticUnavailable("nothing is embedded yet");
  const [vector] = await deps.modelHost.embed(deps.embedModel, [text], {
    signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
  });
  if (!vector || vector.length !== index.dim)
    throw new SemanticUnavailable(
      `the query embedding has ${vector?.length ?? 0} dimensions, the index ${index.dim}`,
    );
  const found = index.search(vector, NEIGHBOURS).filter((h) => h.score >= MIN_SIMILARITY);
  const rows = new Map(deps.store.vectors.owners(found.map((h) => h.key)).map((r) => [r.id, r]));
  // An item scores by its best vector; the moment to jump to is its best-scoring scene.
  const best = new Map<number, Hit & { sceneScore: number }>();
  for (const hit of found) {
    const row = rows.get(hit.key);
    if (!row || row.model !== deps.embedModel) continue;
    const entry = best.get(row.media_id) ?? { mediaId: row.media_id, score: 0, scene: null, sceneScore: 0 };
    entry.score = Math.max(entry.score, hit.score);
    if (row.scene_idx !== ITEM_VECTOR && hit.score > entry.sceneScore) {
      entry.scene = { idx: row.scene_idx };
      entry.sceneScore = hit.score;
    }
    best.set(row.media_id, entry);
  }
  const allowed = deps.store.search.matching({ ...filter, terms: [] }, [...best.keys()]);
  return [...best.values()].filter((h) => allowed.has(h.mediaId)).sort((a, b) => b.score - a.score);
}

/**
 * `GET /api/media` with `q`. Search words go to the vector index (scenes and items) and to the
 * FTS5 text index; the two rankings are merged by reciprocal-rank fusion. Prefix filters and the
 * other parameters narrow every path alike. Without search words, or when the model host or the
 * index cannot answer, this is the plain list / text search, and `search_mode` says which.
 */
export async function searchMedia(deps: SearchDeps, query: ListQuery, links: Links): Promise<SearchPage> {
  const filter = buildFilter(query);
  const text = filter.terms.map((t) => t.text).join(" ");
  if (text.trim() === "") return { ...listMedia(deps.store, query, links), search_mode: "list" };
  if (query.cursor !== undefined)
    throw new UserError("cursor: search results are ranked, page them with offset", EXIT.usage, 422);
  let hits: Awaited<ReturnType<typeof vectorHits>>;
  try {
    hits = await vectorHits(deps, text, filter);
  } catch (error) {
    // The model host or the index being away is expected; anything else is a bug, logged as one,
    // and the caller still gets the text matches rather than a 500.
    const expected = error instanceof SemanticUnavailable || error instanceof ModelHostError;
    const reason = (error as Error).message;
    if (expected) deps.log.info({ reason }, "semantic search unavailable; answering with text search");
    else deps.log.error({ err: error }, "semantic search failed; answering with text search");
    return {
      ...listMedia(deps.store, query, links),
      search_mode: "text",
      search_note: expected
        ? `semantic search unavailable (${reason.slice(0, 200)}); text matches only`
        : "semantic search failed (see the service log); text matches only",
    };
  }
  const textRanked = deps.store.search.ranked(filter, NEIGHBOURS);
  const fused = new Map<number, number>();
  const fuse = (id: number, rank: number) => fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
  for (const [rank, h] of hits.entries()) fuse(h.mediaId, rank);
  for (const [rank, id] of textRanked.entries()) fuse(id, rank);
  const order = [...fused].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const page = order.slice(offset, offset + limit);
  const byId = new Map(hits.map((h) => [h.mediaId, h]));
  const { rows, tags } = deps.store.search.rowsByIds(page.map(([id]) => id));
  const items = rows.map((row): SearchItem => {
    const item: SearchItem = { ...mediaItem(row, tags.get(row.id) ?? [], links) };
    item.score = Math.round((fused.get(row.id) ?? 0) * 1e6) / 1e6;
    const hit = byId.get(row.id);
    const scene = hit?.scene ? deps.store.scenes.at(row.id, hit.scene.idx) : undefined;
    if (hit && scene) {
      item.match = {
        scene_index: scene.idx,
        start_s: scene.start_s,
        end_s: scene.end_s,
        keyframe_url: links.keyframe(row.id, scene.idx),
        score: Math.round(hit.sceneScore * 1e4) / 1e4,
      };
    }
    return item;
  });
  return {
    items,
    total: order.length,
    limit,
    offset,
    next_cursor: null,
    search_mode: "semantic",
  };
}
