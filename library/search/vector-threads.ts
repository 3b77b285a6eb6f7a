import { availableParallelism } from "node:os";
import type { Logger } from "pino";
import type { WriterReply, WriterRequest } from "./index-writer-thread.js";
import type {
  NeighboursReply,
  NeighboursRequest,
  ProjectSearchReply,
  ProjectSearchRequest,
  RankReply,
  RankRequest,
  SearchReply,
  SearchRequest,
} from "./search-thread.js";
import { ThreadPool, ThreadStopped, threadScript } from "./thread-pool.js";

// Each search thread holds its own copy of a project's index (~2.3 KB per 1024-d vector): two
// threads use both cores of a small machine without doubling memory again on a big one.
const SEARCH_THREADS = Math.min(2, availableParallelism());
// Searches waiting beyond this are refused with 503 + Retry-After instead of queueing without bound.
const MAX_WAITING_SEARCHES = 128;
// A rebuild the searches asked for is not retried sooner than this after the last attempt.
const REBUILD_COOLDOWN_MS = 60_000;
// The writer thread ends this long after the last pass let its index go: an idle daemon need not
// keep its heap and modules (~16 MB), while back-to-back passes of a busy watch folder reuse it.
const WRITER_IDLE_MS = 5_000;

export interface VectorThreadOptions {
  searchThreads?: number;
  maxWaitingSearches?: number;
  writerIdleMs?: number;
}

/**
 * The threads that keep vector work off the event loop: search threads answering semantic queries
 * from the index as last saved, and one writer thread that loads, changes, rebuilds and saves it.
 */
export class VectorThreads {
  readonly writer: ThreadPool<WriterRequest, WriterReply>;
  readonly search: ThreadPool<SearchRequest, SearchReply>;
  private readonly rebuilds = new Map<string, { at: number; running: boolean }>();
  /** Roots whose search was given up with its thread still blocked (a hung drive), until it exits. */
  private readonly stuck = new Set<string>();

  constructor(
    private readonly log: Logger,
    options: VectorThreadOptions = {},
  ) {
    this.writer = new ThreadPool({
      name: "vector index writer",
      script: threadScript(import.meta.url, "index-writer-thread"),
      size: 1,
      maxPending: Number.MAX_SAFE_INTEGER,
      retryOnCrash: false,
      log,
      retire: { afterMs: options.writerIdleMs ?? WRITER_IDLE_MS, idle: (answer) => answer.holding === 0 },
    });
    this.search = new ThreadPool({
      name: "semantic search",
      script: threadScript(import.meta.url, "search-thread"),
      size: options.searchThreads ?? SEARCH_THREADS,
      maxPending: options.maxWaitingSearches ?? MAX_WAITING_SEARCHES,
      retryOnCrash: true,
      log,
    });
  }

  /** A page of semantic results; an index that cannot be read is rebuilt in the background. */
  async rank(request: RankRequest): Promise<RankReply> {
    const reply = (await this.search.request(request)) as RankReply;
    if ("unavailable" in reply && reply.rebuild) this.rebuildLater(request.root, request.model);
    return reply;
  }

  /** The scenes nearest a vector, from the same threads and saved index as `rank`. */
  async neighbours(request: Omit<NeighboursRequest, "op">): Promise<NeighboursReply> {
    const reply = (await this.search.request({ op: "neighbours", ...request })) as NeighboursReply;
    if ("unavailable" in reply && reply.rebuild) this.rebuildLater(request.root, request.model);
    return reply;
  }

  /**
   * One project's whole search on a search thread (cross-project search). When `signal` aborts
   * (the caller's time limit), the search is given up and, if its thread was working on it, that
   * thread is stopped and replaced. Until a stopped thread has exited (one blocked on a drive that
   * does not answer exits only when the drive does), the project is refused at once rather than
   * sent more work that would block more threads.
   */
  async searchProject(
    request: Omit<ProjectSearchRequest, "op">,
    signal: AbortSignal,
  ): Promise<ProjectSearchReply> {
    if (this.stuck.has(request.root))
      throw new Error(
        "a search of its folder that did not answer in time is still blocked (a drive that stopped answering?); not searched again until it ends",
      );
    try {
      const reply = (await this.search.request(
        { op: "project", ...request },
        [],
        signal,
      )) as ProjectSearchReply;
      if ("rebuild" in reply && reply.rebuild) this.rebuildLater(request.root, request.model);
      return reply;
    } catch (error) {
      if (!(error instanceof ThreadStopped)) throw error;
      this.stuck.add(request.root);
      void error.exited.then(() => this.stuck.delete(request.root));
      throw error.reason;
    }
  }

  /** Starts a rebuild of a project's saved index unless one ran (or runs) for it recently. */
  rebuildLater(root: string, model: string): void {
    const last = this.rebuilds.get(root);
    if (last && (last.running || Date.now() - last.at < REBUILD_COOLDOWN_MS)) return;
    const entry = { at: Date.now(), running: true };
    this.rebuilds.set(root, entry);
    this.writer
      .request({ op: "rebuild", root, model })
      .then(
        (answer) => {
          if (answer.rebuilt)
            this.log.info(
              { vectors: answer.size, reason: answer.rebuilt },
              "vector index rebuilt in the background",
            );
        },
        (error: unknown) =>
          this.log.warn({ reason: (error as Error).message }, "vector index rebuild failed"),
      )
      .finally(() => {
        entry.running = false;
        entry.at = Date.now();
      });
  }

  async close(): Promise<void> {
    await Promise.all([this.search.close(), this.writer.close()]);
  }
}
