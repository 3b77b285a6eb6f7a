import { statSync } from "node:fs";
import { mountedStorage } from "../../adapters/mount-table.js";
import type { SearchPage } from "../../domain/schemas/search.js";
import { ITEM_VECTOR, type VectorOwners } from "../../state/repos/vectors.js";
import { type LibraryStore, openLibrary, ProjectRootMissing } from "../../state/stores.js";
import { openSavedIndex, type SavedIndex } from "../../state/vectors.js";
import type { ListQuery } from "../media/query.js";
import { type RankingSource, rankPage } from "../media/ranking.js";
import { SemanticUnavailable, searchMediaJson } from "../media/search.js";
import { apiLinks, type LinkKind, linksOf } from "../media/view.js";
import { libraryIdentity, lookAtRootSync } from "../organise/project-root.js";
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

/**
 * One project's part of a cross-project search, done wholly on the thread (the root looked at,
 * the library read, text or semantic ranking), so a drive that stops answering holds this thread
 * and never the event loop; the caller stops the thread when it gives up.
 */
export interface ProjectSearchRequest {
  op: "project";
  root: string;
  /** The registered name the links carry. */
  project: string;
  model: string;
  /** The query's embedding, or null when it could not be had (then `embedFailure` says why). */
  vector: Float32Array | null;
  embedFailure?: { message: string; expected: boolean };
  query: ListQuery;
}

/** A log record made on a search thread, for the main thread's log. */
export interface Logged {
  level: "info" | "error";
  fields: unknown;
  msg: string | undefined;
}

/**
 * The page as JSON text, what the search logged and whether the index wants rebuilding (as a
 * rank reply says), or why the folder cannot answer.
 */
export type ProjectSearchReply =
  | { json: string; logged: Logged[]; rebuild: boolean }
  | { unreachable: string };

/** What a search thread answers: a ranked page (the default), a scene neighbourhood or a project's page. */
export type SearchRequest = (RankRequest & { op?: "rank" }) | NeighboursRequest | ProjectSearchRequest;
export type SearchReply = RankReply | NeighboursReply | ProjectSearchReply;

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
 * A handle is used only while its `.svc` folder is still the one it was opened in: one renamed away
 * or unplugged is closed, not read.
 */
class ProjectSearches {
  private readonly stores = new Map<string, { store: LibraryStore; identity: string | null }>();
  private readonly loaded = new Map<string, Loaded>();

  async project(request: ProjectSearchRequest): Promise<ProjectSearchReply> {
    if (lookAtRootSync(request.root).state !== "ok")
      return { unreachable: "its folder is not reachable (an unplugged drive or a renamed folder?)" };
    let store: LibraryStore;
    try {
      store = this.store(request.root);
    } catch (error) {
      if (error instanceof ProjectRootMissing) return { unreachable: error.message };
      throw error;
    }
    // Recorded rather than written: the thread has no log of its own (pino would add to its start-up).
    const logged: Logged[] = [];
    const log = {
      info: (fields: unknown, msg?: string) => void logged.push({ level: "info", fields, msg }),
      error: (fields: unknown, msg?: string) => void logged.push({ level: "error", fields, msg }),
    };
    const { vector, embedFailure } = request;
    let rebuild = false;
    const json = await searchMediaJson(
      {
        store,
        embedQuery: async () => {
          if (vector) return vector;
          const message = embedFailure?.message ?? "no query embedding";
          throw embedFailure?.expected === false ? new Error(message) : new SemanticUnavailable(message);
        },
        rank: async (v, query) => {
          const reply = await this.rank({
            root: request.root,
            model: request.model,
            vector: v,
            query,
            project: request.project,
          });
          rebuild = "unavailable" in reply && reply.rebuild;
          return reply;
        },
        log,
      },
      request.query,
      apiLinks(request.project),
    );
    return { json, logged, rebuild };
  }

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
    const held = this.stores.get(root);
    if (held) {
      if (held.identity !== null && libraryIdentity(root) === held.identity) return held.store;
      held.store.close();
      this.stores.delete(root);
      this.loaded.delete(root);
    }
    const store = openLibrary(root, { readOnly: true, mounts: mountedStorage });
    this.stores.set(root, { store, identity: libraryIdentity(root) });
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
    (request) =>
      request.op === "neighbours"
        ? searches.neighbours(request)
        : request.op === "project"
          ? searches.project(request)
          : searches.rank(request),
    { serial: true },
  );
}

main();
