import { statSync } from "node:fs";
import { dirname } from "node:path";
import { mountedStorage } from "../../adapters/mount-table.js";
import type { SearchPage } from "../../domain/schemas/search.js";
import { ITEM_VECTOR, type OwnerArrays, VectorOwners } from "../../state/repos/vectors.js";
import { storageOf } from "../../state/storage-mode.js";
import { type LibraryStore, openLibrary, ProjectRootMissing } from "../../state/stores.js";
import { openSavedIndex, type SavedIndex, type VectorScalar } from "../../state/vectors.js";
import type { ListQuery } from "../media/query.js";
import { type RankingSource, rankPage } from "../media/ranking.js";
import { SemanticUnavailable, searchMediaJson } from "../media/search.js";
import { apiLinks, type LinkKind, linksOf } from "../media/view.js";
import { libraryIdentity, lookAtRootSync } from "../organise/project-root.js";
import { answerRequests } from "./thread-pool.js";

/**
 * A version of a project's index file this process has checked already, with the owner table
 * built for it in shared memory: a thread given it maps the file without reading it through and
 * without building its own table.
 */
export interface CheckedIndex {
  root: string;
  version: string;
  owners: OwnerArrays;
}

/** What every request about a project's index may carry: the version the process checked last. */
interface Known {
  known?: CheckedIndex | undefined;
}

export interface RankRequest extends Known {
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
export interface NeighboursRequest extends Known {
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
export interface ProjectSearchRequest extends Known {
  op: "project";
  root: string;
  /** The registered name the links carry. */
  project: string;
  model: string;
  /** The query's embedding, or null when it could not be had (then `embedFailure` says why). */
  vector: Float32Array | null;
  embedFailure?: { message: string; expected: boolean };
  query: ListQuery;
  /** The project's index is still being loaded at start: answer from text search. */
  warming?: string | undefined;
}

/** Loads (maps) a project's saved index ahead of queries: the daemon's warm-up at start. */
export interface WarmRequest extends Known {
  op: "warm";
  root: string;
  model: string;
}

/** What a thread holds for the project after warming; `none` when there is no usable index. */
export type WarmReply =
  | { state: "ready"; vectors: number; scalar: VectorScalar }
  | { state: "none"; reason: string };

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
export type SearchRequest =
  | (RankRequest & { op?: "rank" })
  | NeighboursRequest
  | ProjectSearchRequest
  | WarmRequest;
/** Each answer also carries the index versions the thread checked for it, for the other threads. */
export type SearchReply = (RankReply | NeighboursReply | ProjectSearchReply | WarmReply) & {
  checked?: CheckedIndex[];
};

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

const LOAD_ATTEMPTS = 3;
// A save's index and stamp file land this far apart at most (the index's flush to disk between).
const SAVE_GAP_MS = 60_000;

/**
 * A save renames the index into place, then writes its stamp file: an index written lately and
 * newer than its stamp file is one whose stamp is still to come. Older, it is a file that does not
 * match its stamp (damaged, or a save that died between the two): rebuilt.
 */
function saveUnderway(file: string): boolean {
  const index = statSync(file, { throwIfNoEntry: false });
  const stamp = statSync(`${file}.json`, { throwIfNoEntry: false });
  if (!index || !stamp) return false;
  return index.mtimeMs > stamp.mtimeMs && Date.now() - index.mtimeMs < SAVE_GAP_MS;
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
  private readonly checked: CheckedIndex[] = [];

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
          if (request.warming) return { unavailable: request.warming, rebuild: false };
          const reply = await this.rank({
            root: request.root,
            model: request.model,
            vector: v,
            query,
            project: request.project,
            known: request.known,
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

  /** Index versions this thread checked since last asked, to pass to the other threads. */
  takeChecked(): CheckedIndex[] {
    return this.checked.splice(0);
  }

  async warm(request: WarmRequest): Promise<WarmReply> {
    const state = await this.current(this.store(request.root), request.root, request.known);
    return state.index
      ? { state: "ready", vectors: state.index.size(), scalar: state.index.scalar }
      : { state: "none", reason: state.failure ?? "no saved index" };
  }

  /** The project's saved index as last saved: opened again when its file changed. */
  private async current(store: LibraryStore, root: string, known: CheckedIndex | undefined): Promise<Loaded> {
    const file = store.paths.vectors;
    const held = this.loaded.get(root);
    for (let attempt = 1; ; attempt++) {
      const version = fileVersion(file);
      if (held && held.version === version) return held;
      const state = await this.load(store, root, file, version, {
        known: known?.version === version ? known : undefined,
        previous: held?.index ?? undefined,
      });
      // A save's renames landed while the files were read (the old stamp with the new index):
      // read them again as they are now.
      if (!state.index && attempt < LOAD_ATTEMPTS && fileVersion(file) !== version) continue;
      // Between a save's two renames the copy held still answers (a mapping outlives the rename);
      // its version is kept, so the next query looks again.
      if (!state.index && held?.index?.answers() && saveUnderway(file)) return held;
      this.loaded.set(root, state);
      return state;
    }
  }

  /** The project's saved index, loaded (again) when its file changed, or why it cannot answer. */
  private async source(
    request: {
      root: string;
      model: string;
      vector: Float32Array;
    } & Known,
  ): Promise<RankingSource | Unavailable> {
    const store = this.store(request.root);
    const state = await this.current(store, request.root, request.known);
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

  /**
   * Opens the saved index: mapped on local storage, so every thread shares the page cache's one
   * copy; read into this thread's memory on network storage, where another host may replace the
   * file under a mapping (SIGBUS). A version `known` as checked is neither read through again nor
   * given a table of its own. The `previous` index is replaced in place, letting its file go.
   */
  private async load(
    store: LibraryStore,
    root: string,
    file: string,
    version: string,
    { known, previous }: { known: CheckedIndex | undefined; previous: SavedIndex | undefined },
  ): Promise<Loaded> {
    try {
      const map = storageOf(dirname(file), mountedStorage).mode === "local";
      const index = await openSavedIndex(file, { map, checked: known !== undefined, previous });
      if (known) {
        const owners = new VectorOwners(known.owners.media, known.owners.scenes);
        return { version, index, owners, failure: null };
      }
      const owners = store.vectors.ownersTable(index.model, index.stamp.maxKey);
      this.checked.push({ root, version, owners: owners.arrays });
      return { version, index, owners, failure: null };
    } catch (error) {
      return { version, index: null, owners: null, failure: (error as Error).message };
    }
  }
}

function main(): void {
  const searches = new ProjectSearches();
  const handle = (request: SearchRequest): Promise<SearchReply> =>
    request.op === "neighbours"
      ? searches.neighbours(request)
      : request.op === "project"
        ? searches.project(request)
        : request.op === "warm"
          ? searches.warm(request)
          : searches.rank(request);
  answerRequests<SearchRequest, SearchReply>(
    async (request) => {
      const reply = await handle(request);
      const checked = searches.takeChecked();
      return checked.length > 0 ? { ...reply, checked } : reply;
    },
    { serial: true },
  );
}

main();
