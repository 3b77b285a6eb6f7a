import { z } from "zod";
import { ModelHostError } from "../../adapters/modelhost.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import type { SearchAllItem, SearchAllResult, SearchMode, SearchPage } from "../../domain/schemas/search.js";
import { requireEntitlement } from "../access/entitlements.js";
import type { AppContext } from "../context.js";
import { hostElsewhere, hostedElsewhereNote } from "../hosting/forward.js";
import type { LibraryPool } from "../library-pool.js";
import { buildFilter, LIST_QUERY, type ListQuery, MAX_LIMIT, wholeNumber } from "../media/query.js";
import type { ProjectSearchRequest } from "./search-thread.js";

export const DEFAULT_ALL_LIMIT = 50;
export const DEFAULT_PER_PROJECT_LIMIT = 20;
/** Projects searched at once: each holds a search thread and a database read. */
export const SEARCH_ALL_PARALLELISM = 4;
/** A project (a slow network drive, a huge index) that has not answered by then is listed as an error. */
export const PER_PROJECT_TIMEOUT_MS = 5_000;

const MAX_PROJECTS_PARAM = 2_000;

// A span id names parts in one project's library, so it is no filter across projects.
export const SEARCH_ALL_QUERY = LIST_QUERY.omit({
  cursor: true,
  offset: true,
  sort: true,
  span: true,
}).extend({
  limit: z.preprocess((v) => (v === "" ? undefined : v), wholeNumber(1, MAX_LIMIT).optional()),
  per_project_limit: z.preprocess((v) => (v === "" ? undefined : v), wholeNumber(1, MAX_LIMIT).optional()),
  projects: z.string().max(MAX_PROJECTS_PARAM, `at most ${MAX_PROJECTS_PARAM} characters`).optional(),
});
export type SearchAllQuery = z.infer<typeof SEARCH_ALL_QUERY>;

export interface SearchAllOptions {
  timeoutMs?: number;
  parallelism?: number;
  /** Milliseconds each project took, for the bench. */
  timings?: Map<string, number>;
}

// The reciprocal-rank constant semantic pages fuse with (ranking.ts): a text-only page scored by
// rank the same way merges fairly with semantic pages of other projects.
const RRF_K = 60;
const textScore = (rank: number) => Math.round((1 / (RRF_K + rank + 1)) * 1e6) / 1e6;

class ProjectTimeout extends Error {}

/**
 * `work` given `ms`: when they are up, its signal aborts (so what it started is given up, its
 * search thread stopped) and the answer is a ProjectTimeout, whether or not the work has noticed.
 */
function withTimeout<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new ProjectTimeout(`no answer within ${ms / 1000} s`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

/** The query's embedding for every project, or why there is none (each project then answers by text). */
async function embedding(
  vector: Promise<Float32Array> | null,
): Promise<Pick<ProjectSearchRequest, "vector" | "embedFailure">> {
  if (!vector) return { vector: null };
  try {
    return { vector: await vector };
  } catch (error) {
    return {
      vector: null,
      embedFailure: { message: (error as Error).message, expected: error instanceof ModelHostError },
    };
  }
}

/** The registered projects a query names (all of them by default); unknown names are a 422. */
function chosenProjects(libraries: LibraryPool, ctx: AppContext, list: string | undefined): string[] {
  const all = ctx.registry.projects.all().map((p) => p.name);
  if (list === undefined || list.trim() === "") return all;
  const names = [
    ...new Set(
      list
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.find((n) => !libraries.isRegistered(n));
  if (unknown !== undefined)
    throw new UserError(`projects: no project named "${unknown.slice(0, 80)}"`, EXIT.usage, 422);
  return names;
}

/**
 * `GET /api/search/all`: the query embedded once, then each project's own search (the same one
 * `GET /api/media?q=` runs, text fallback included) with bounded parallelism and a time limit
 * each; results merged by score, each naming its project. A project that fails or times out is
 * listed in `errors` instead of failing the request. Each project's search runs wholly on a search
 * thread, its folder looked at first (one renamed away or unplugged is an error, never answered
 * from a handle opened earlier), so a drive that stops answering holds that thread and not the
 * event loop; at the time limit the thread is stopped and replaced. Refused before any fan-out
 * when the tier does not allow cross-project work.
 */
export async function searchAll(
  ctx: AppContext,
  libraries: LibraryPool,
  query: SearchAllQuery,
  options: SearchAllOptions = {},
): Promise<SearchAllResult> {
  await requireEntitlement(ctx, "cross_project");
  const projects = chosenProjects(libraries, ctx, query.projects);
  const { limit = DEFAULT_ALL_LIMIT, per_project_limit, projects: _names, ...filters } = query;
  const perProject = per_project_limit ?? Math.min(limit, DEFAULT_PER_PROJECT_LIMIT);
  const perQuery: ListQuery = { ...filters, limit: perProject, offset: 0 };
  const text = buildFilter(perQuery)
    .terms.map((t) => t.text)
    .join(" ");
  const model = ctx.config.models.embed;
  // One embedding for every project; a failure here sends each project to its text fallback.
  const vector = embedding(text.trim() === "" ? null : ctx.queryEmbeddings.embed(model, text));
  const timeoutMs = options.timeoutMs ?? PER_PROJECT_TIMEOUT_MS;
  const items: SearchAllItem[] = [];
  const errors: SearchAllResult["errors"] = [];
  const modes = new Set<SearchMode>();
  let next = 0;
  const worker = async () => {
    while (next < projects.length) {
      const project = projects[next++] as string;
      const started = performance.now();
      try {
        const page = await withTimeout(async (signal) => {
          const { root } = libraries.project(project);
          const host = hostElsewhere(ctx, root);
          // A seat never opens a project's database: the host answers for it, one project at a time.
          if (host) throw new Error(hostedElsewhereNote(project, host));
          const reply = await ctx.vectorThreads.searchProject(
            { root, project, model, query: perQuery, ...(await vector) },
            signal,
          );
          if ("unreachable" in reply) {
            // The pool's own handle is closed too: the folder it was opened in is gone.
            libraries.release(root);
            throw new Error(`project "${project}": ${reply.unreachable}`);
          }
          for (const { level, fields, msg } of reply.logged)
            ctx.log[level]({ project, ...(fields as object) }, msg);
          return JSON.parse(reply.json) as SearchPage;
        }, timeoutMs);
        modes.add(page.search_mode);
        for (const [rank, item] of page.items.entries())
          items.push({ project, ...item, score: item.score ?? textScore(rank) });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        errors.push({ project, detail: scrubText(detail).slice(0, 300) });
      } finally {
        options.timings?.set(project, performance.now() - started);
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(options.parallelism ?? SEARCH_ALL_PARALLELISM, projects.length) }, worker),
  );
  items.sort(
    (a, b) => (b.score ?? 0) - (a.score ?? 0) || (a.project < b.project ? -1 : a.project > b.project ? 1 : 0),
  );
  errors.sort((a, b) => (a.project < b.project ? -1 : 1));
  const search_mode: SearchMode = modes.has("semantic")
    ? "semantic"
    : modes.has("text")
      ? "text"
      : text.trim()
        ? "text"
        : "list";
  return { items: items.slice(0, limit), errors, search_mode };
}
