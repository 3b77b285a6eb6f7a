import type { Logger } from "pino";
import { ModelHostError } from "../../adapters/modelhost.js";
import { EXIT, UserError } from "../../domain/errors.js";
import type { SearchPage } from "../../domain/schemas/search.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import type { RankReply } from "../search/search-thread.js";
import { ThreadFailed, ThreadsBusy } from "../search/thread-pool.js";
import { listMedia } from "./browse.js";
import { buildFilter, type ListQuery } from "./query.js";
import type { LinkKind, Links } from "./view.js";

export interface SearchDeps {
  store: LibraryStore;
  /** The query text's embedding (cached and batched by the caller). */
  embedQuery(text: string): Promise<Float32Array>;
  /** The semantic page for that embedding, ranked off the event loop (search-thread.ts). */
  rank(vector: Float32Array, query: ListQuery): Promise<RankReply>;
  /** Only these two: a search thread passes a recorder the main thread's log replays (search-all.ts). */
  log: Pick<Logger, "info" | "error">;
}

/**
 * Search over one project with the process's query-embedding cache and search threads; `project`
 * is the name links carry (absent for the default project), `links` their kind.
 */
export function projectSearch(
  ctx: AppContext,
  store: LibraryStore,
  project: string | undefined,
  links: LinkKind = "api",
): SearchDeps {
  const model = ctx.config.models.embed;
  return {
    store,
    embedQuery: (text) => ctx.queryEmbeddings.embed(model, text),
    rank: (vector, ranked) =>
      ctx.vectorThreads.rank({ root: store.paths.root, model, vector, query: ranked, project, links }),
    log: ctx.log,
  };
}

// Seconds a client is asked to wait when every search thread has a full queue.
const BUSY_RETRY_S = 1;

/** The vector side cannot answer for a reason an operator can act on (not a bug). */
export class SemanticUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SemanticUnavailable";
  }
}

/**
 * `GET /api/media` with `q`. Search words go to the vector index (scenes and items) and to the
 * FTS5 text index; the two rankings are merged by reciprocal-rank fusion. Prefix filters and the
 * other parameters narrow every path alike. Without search words, or when the model host or the
 * index cannot answer, this is the plain list / text search, and `search_mode` says which.
 */
export async function searchMedia(deps: SearchDeps, query: ListQuery, links: Links): Promise<SearchPage> {
  const answer = await search(deps, query, links);
  return "json" in answer ? (JSON.parse(answer.json) as SearchPage) : answer;
}

/** `searchMedia` as the JSON text of its page: a semantic page arrives serialised from its thread. */
export async function searchMediaJson(deps: SearchDeps, query: ListQuery, links: Links): Promise<string> {
  const answer = await search(deps, query, links);
  return "json" in answer ? answer.json : JSON.stringify(answer);
}

async function search(
  deps: SearchDeps,
  query: ListQuery,
  links: Links,
): Promise<SearchPage | { json: string }> {
  const filter = buildFilter(query);
  const text = filter.terms.map((t) => t.text).join(" ");
  if (text.trim() === "") return { ...listMedia(deps.store, query, links), search_mode: "list" };
  if (query.cursor !== undefined)
    throw new UserError("cursor: search results are ranked, page them with offset", EXIT.usage, 422);
  try {
    const reply = await deps.rank(await deps.embedQuery(text), query);
    if ("unavailable" in reply) throw new SemanticUnavailable(reply.unavailable);
    return reply;
  } catch (error) {
    // A full queue, or a thread that died on this query twice: say so, rather than answer partly.
    if (error instanceof ThreadsBusy || error instanceof ThreadFailed)
      throw new UserError(`semantic search: ${error.message}`, EXIT.tempfail, 503, BUSY_RETRY_S);
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
}
