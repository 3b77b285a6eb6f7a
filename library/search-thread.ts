import { statSync } from "node:fs";
import { ITEM_VECTOR, type VectorOwners } from "../state/repos/vectors.js";
import { type LibraryStore, openLibrary } from "../state/stores.js";
import { openSavedIndex, type SavedIndex } from "../state/vectors.js";
import type { ListQuery } from "./media/query.js";
import { type RankingSource, rankPage, type SearchPage } from "./media/ranking.js";
import { type LinkKind, linksOf } from "./media/view.js";
import { answerRequests } from "./thread-pool.js";

export interface RankRequest {
  root: string;
  model: string;
  vector: Float32Array;
  query: ListQuery;
  /** The project name the links carry (absent for the default project). */
  project?: string | undefined;
  /** URLs for HTTP (the default), paths relative to the project root for MCP. */
  links?: LinkKind;
}

/** The nearest scenes to a vector (chat's "more like this"), item vectors left out. */
export interface NeighboursRequest {
  op: "neighbours";
  root: string;
  model: string;
  vector: Float32Array;
  /** Scenes wanted. */
  k: number;
}

export interface SceneHit {
  mediaId: number;
  sceneIdx: number;
  score: number;
}

export type NeighboursReply = { hits: SceneHit[] } | Unavailable;
type Unavailable = { unavailable: string; rebuild: boolean };

/** What a search thread answers: a ranked page (the default) or a scene neighbourhood. */
export type SearchRequest = (RankRequest & { op?: "rank" }) | NeighboursRequest;
export type SearchReply = RankReply | NeighboursReply;

// Vectors fetched per scene wanted, grown by this factor while item vectors crowd the answer.
const NEIGHBOUR_GROWTH = 4;

/**
 * A page as JSON text (serialised here, off the event loop), or why the vector side cannot answer
 * (the caller falls back to text and may rebuild).
 */
export type RankReply = { json: string } | Unavailable;

interface Loaded {
  /** Index file and stamp file change times and sizes the loaded copy was read from. */
  version: string;
  index: SavedIndex | null;
  owners: VectorOwners | null;
  failure: string | null;
}

/** The file state a loaded copy answers for: a save renames both files into place. */
function fileVersion(file: string): string {
  const parts = [file, `${file}.json`].map((f) => {
    const s = statSync(f, { throwIfNoEntry: false });
    return s ? `${s.ino}:${s.size}:${s.mtimeMs}` : "-";
  });
  return parts.join("/");
}

/**
 * One search thread's view of the projects it has answered for: a read-only library handle and
 * the index as last saved, reloaded (on this thread, never the event loop's) when a save replaces it.
 */
class ProjectSearches {
  private readonly stores = new Map<string, LibraryStore>();
  private readonly loaded = new Map<string, Loaded>();

  async rank(request: RankRequest): Promise<RankReply> {
    const source = await this.source(request);
    if ("unavailable" in source) return source;
    const page: SearchPage = rankPage(
      source,
      request.vector,
      request.query,
      linksOf(request.links ?? "api", request.project),
    );
    return { json: JSON.stringify(page) };
  }

  async neighbours(request: NeighboursRequest): Promise<NeighboursReply> {
    const source = await this.source(request);
    if ("unavailable" in source) return source;
    const size = source.index.size();
    let fetch = Math.min(size, request.k * 2);
    for (;;) {
      const hits: SceneHit[] = [];
      for (const hit of source.index.search(request.vector, fetch)) {
        const owner = source.owners.of(hit.key);
        if (owner && owner.sceneIdx !== ITEM_VECTOR) hits.push({ ...owner, score: hit.score });
      }
      if (hits.length >= request.k || fetch >= size) return { hits: hits.slice(0, request.k) };
      fetch = Math.min(size, fetch * NEIGHBOUR_GROWTH);
    }
  }

  /** The project's saved index, loaded (again) when its file changed, or why it cannot answer. */
  private async source(request: {
    root: string;
    model: string;
    vector: Float32Array;
  }): Promise<RankingSource | Unavailable> {
    const store = this.store(request.root);
    const file = store.paths.vectors;
    const version = fileVersion(file);
    let state = this.loaded.get(request.root);
    if (!state || state.version !== version) {
      state = await this.load(store, file, version);
      this.loaded.set(request.root, state);
    }
    if (!state.index || !state.owners) {
      const stored = store.vectors.counts(request.model).count;
      if (stored === 0) return { unavailable: "nothing is embedded yet", rebuild: false };
      return { unavailable: state.failure ?? "the vector index is not built yet", rebuild: true };
    }
    if (state.index.model !== request.model) {
      return {
        unavailable: `the vector index holds "${state.index.model}" vectors, not "${request.model}"`,
        rebuild: store.vectors.counts(request.model).count > 0,
      };
    }
    if (request.vector.length !== state.index.dim) {
      return {
        unavailable: `the query embedding has ${request.vector.length} dimensions, the index ${state.index.dim}`,
        rebuild: false,
      };
    }
    return { store, index: state.index, owners: state.owners, model: request.model };
  }

  private store(root: string): LibraryStore {
    let store = this.stores.get(root);
    if (!store) {
      store = openLibrary(root, { readOnly: true });
      this.stores.set(root, store);
    }
    return store;
  }

  private async load(store: LibraryStore, file: string, version: string): Promise<Loaded> {
    try {
      const index = await openSavedIndex(file);
      const owners = store.vectors.ownersTable(index.model, index.stamp.maxKey);
      return { version, index, owners, failure: null };
    } catch (error) {
      return { version, index: null, owners: null, failure: (error as Error).message };
    }
  }
}

function main(): void {
  const searches = new ProjectSearches();
  answerRequests<SearchRequest, SearchReply>(
    (request) => (request.op === "neighbours" ? searches.neighbours(request) : searches.rank(request)),
    { serial: true },
  );
}

main();
