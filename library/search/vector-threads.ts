import type { Logger } from "pino";
import { DEFAULT_SEARCH_THREADS } from "../../state/config.js";
import type { ScalarSetting } from "../../state/vectors.js";
import type { WriterReply, WriterRequest } from "./index-writer-thread.js";
import type {
  CheckedIndex,
  NeighboursReply,
  NeighboursRequest,
  ProjectSearchReply,
  ProjectSearchRequest,
  RankReply,
  RankRequest,
  SearchReply,
  SearchRequest,
  WarmReply,
} from "./search-thread.js";
import { ThreadPool, ThreadStopped, threadScript } from "./thread-pool.js";

// Searches waiting beyond this are refused with 503 + Retry-After instead of queueing without bound.
const MAX_WAITING_SEARCHES = 128;
// A rebuild the searches asked for is not retried sooner than this after the last attempt.
const REBUILD_COOLDOWN_MS = 60_000;
// The writer thread ends this long after the last pass let its index go: an idle daemon need not
// keep its heap and modules (~16 MB), while back-to-back passes of a busy watch folder reuse it.
const WRITER_IDLE_MS = 5_000;

export interface VectorThreadOptions {
  searchThreads?: number;
  /** `SVC_VECTOR_SCALAR`: how indexes built from now on store their vectors. */
  scalar?: ScalarSetting;
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
  /** The index version last checked per project, passed to threads that have not opened it. */
  private readonly checked = new Map<string, CheckedIndex>();
  /** Per project: still loading at start, or what the threads hold once they have it. */
  private readonly warmth = new Map<string, { state: "warming" } | WarmReply>();
  readonly scalar: ScalarSetting;

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
      size: options.searchThreads ?? DEFAULT_SEARCH_THREADS,
      maxPending: options.maxWaitingSearches ?? MAX_WAITING_SEARCHES,
      retryOnCrash: true,
      log,
    });
    this.scalar = options.scalar ?? "auto";
  }

  /** A search request and its answer, learning the index versions the answering thread checked. */
  private async ask(request: SearchRequest, signal?: AbortSignal): Promise<SearchReply> {
    const reply = await this.search.request(
      { ...request, known: this.checked.get(request.root) },
      [],
      signal,
    );
    for (const checked of reply.checked ?? []) this.checked.set(checked.root, checked);
    return reply;
  }

  /** Why a project cannot answer semantically yet: its index is still loading at start. */
  warming(root: string): string | undefined {
    return this.warmth.get(root)?.state === "warming"
      ? "its vector index is still warming up after start"
      : undefined;
  }

  /** `warming` while any project's index is still loading at start, else `ready`. */
  overall(): "warming" | "ready" {
    for (const warmth of this.warmth.values()) if (warmth.state === "warming") return "warming";
    return "ready";
  }

  /** What the threads hold for a project, when it was warmed (undefined when never asked). */
  warmthOf(root: string): { state: "warming" } | WarmReply | undefined {
    return this.warmth.get(root);
  }

  /**
   * Loads (maps) the saved indexes of `roots` on the search threads, one project at a time, so
   * the first queries do not pay for it; queries meanwhile answer from text search. One thread
   * checks the file and builds the owner table; the others then only map it. Afterwards, indexes
   * whose scalar type does not follow the setting are rebuilt on the writer thread, one at a time.
   */
  async warm(roots: readonly string[], model: string, signal: AbortSignal): Promise<void> {
    for (const root of roots) if (!this.warmth.has(root)) this.warmth.set(root, { state: "warming" });
    for (const root of roots) {
      if (signal.aborted) return;
      await this.warmProject(root, model);
    }
    for (const root of roots) {
      if (signal.aborted) return;
      const warmth = this.warmth.get(root);
      if (warmth?.state !== "ready") continue;
      try {
        const answer = await this.writer.request({ op: "requantise", root, model, scalar: this.scalar });
        if (!answer.rebuilt) continue;
        this.log.info(
          { vectors: answer.size, reason: answer.rebuilt },
          "vector index rebuilt in the background",
        );
        await this.warmProject(root, model);
      } catch (error) {
        this.log.warn({ reason: (error as Error).message }, "vector index scalar change failed");
      }
    }
  }

  /**
   * After a save: a project the daemon warmed has its threads open the new file now, not on the
   * next query (a one-off command warms nothing and spends nothing here).
   */
  rewarm(root: string, model: string): void {
    if (this.warmth.has(root)) void this.warmProject(root, model);
  }

  /** Has every search thread open the project's index as saved now (after start, or a save). */
  async warmProject(root: string, model: string): Promise<void> {
    try {
      const { checked: _, ...first } = (await this.ask({ op: "warm", root, model })) as SearchReply &
        WarmReply;
      const request: SearchRequest = { op: "warm", root, model, known: this.checked.get(root) };
      await this.search.requestEach(request);
      this.warmth.set(root, first as WarmReply);
    } catch (error) {
      this.warmth.set(root, { state: "none", reason: (error as Error).message });
    }
  }

  /** A page of semantic results; an index that cannot be read is rebuilt in the background. */
  async rank(request: RankRequest): Promise<RankReply> {
    const warming = this.warming(request.root);
    if (warming) return { unavailable: warming, rebuild: false };
    const reply = (await this.ask(request)) as RankReply;
    if ("unavailable" in reply && reply.rebuild) this.rebuildLater(request.root, request.model);
    return reply;
  }

  /** The scenes nearest a vector, from the same threads and saved index as `rank`. */
  async neighbours(request: Omit<NeighboursRequest, "op">): Promise<NeighboursReply> {
    const warming = this.warming(request.root);
    if (warming) return { unavailable: warming, rebuild: false };
    const reply = (await this.ask({ op: "neighbours", ...request })) as NeighboursReply;
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
      const reply = (await this.ask(
        { op: "project", ...request, warming: this.warming(request.root) },
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
      .request({ op: "rebuild", root, model, scalar: this.scalar })
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
