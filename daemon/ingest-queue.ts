import { labelPaths } from "../domain/redact.js";
import type { AppContext } from "../library/context.js";
import { HostedElsewhere } from "../library/hosting/project-hosts.js";
import { type IngestReport, type IngestRequest, runIngest } from "../library/jobs/ingest.js";
import type { JobKind, JobRunner } from "../library/jobs/runner.js";

interface Pending {
  full: boolean;
  paths: Set<string>;
  attempt: number;
}

export interface IngestQueueOptions {
  /**
   * Wait after a file is queued before its pass starts, so files that arrive together (a folder
   * moved in, a burst of renames) go in one pass. Short: files reach the queue only once settled.
   */
  debounceMs?: number;
  /** First retry delay; doubles per failed attempt up to `maxDelayMs`. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  maxAttempts?: number;
  runPass?: (ctx: AppContext, request: IngestRequest) => Promise<IngestReport>;
}

/**
 * The daemon's ingest work: changed files and full rescans per project root, run one pass at a
 * time in each root's single-flight slot. A failed pass (any non-zero exit, a taken slot, a root
 * that is gone) is logged, backed off and retried; the daemon keeps watching throughout. Waits
 * are read from the runner's clock, and the runner's stop abandons the current stage (its ffmpeg
 * is killed), forgets the waits and waits for the pass to wind down.
 */
export class IngestQueue {
  private readonly pending = new Map<string, Pending>();
  /** The root whose pass runs now. */
  private running: string | null = null;
  /** Callers of `settled`, woken when their root's work is over. */
  private readonly waiters: { root: string; resolve: () => void }[] = [];
  private readonly passes: JobKind<{ root: string }>;
  private readonly debounceMs: number;
  private readonly retryBaseMs: number;
  private readonly maxDelayMs: number;
  private readonly maxAttempts: number;
  private readonly runPass: NonNullable<IngestQueueOptions["runPass"]>;

  constructor(
    private readonly ctx: AppContext,
    private readonly runner: JobRunner,
    options: IngestQueueOptions = {},
  ) {
    this.passes = runner.register("watcher-ingest");
    this.debounceMs = options.debounceMs ?? 150;
    this.retryBaseMs = options.retryBaseMs ?? 5_000;
    this.maxDelayMs = options.maxDelayMs ?? 600_000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.runPass = options.runPass ?? runIngest;
    runner.signal.addEventListener("abort", () => this.wake(), { once: true });
  }

  addFile(root: string, relPath: string): void {
    this.entry(root).paths.add(relPath);
    this.schedule(this.debounceMs);
  }

  /** Queues named files of `root` (a page of items to resume) for one pass. */
  addFiles(root: string, relPaths: readonly string[]): void {
    const entry = this.entry(root);
    for (const relPath of relPaths) entry.paths.add(relPath);
    this.schedule(this.debounceMs);
  }

  /** Resolves once nothing is queued or running for `root` (or the runner stops). */
  settled(root: string): Promise<void> {
    if (!this.busyWith(root) || this.runner.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ root, resolve }));
  }

  private busyWith(root: string): boolean {
    const pending = this.pending.get(root);
    return this.running === root || (pending !== undefined && (pending.full || pending.paths.size > 0));
  }

  private wake(): void {
    const stopped = this.runner.signal.aborted;
    for (const waiter of [...this.waiters])
      if (stopped || !this.busyWith(waiter.root)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  }

  addScan(root: string): void {
    this.entry(root).full = true;
    this.schedule(this.debounceMs);
  }

  private entry(root: string): Pending {
    let entry = this.pending.get(root);
    if (!entry) {
      entry = { full: false, paths: new Set(), attempt: 0 };
      this.pending.set(root, entry);
    }
    return entry;
  }

  private schedule(delayMs: number): void {
    this.runner.after(delayMs, () => this.drain());
  }

  private drain(): void {
    if (this.passes.busy || this.runner.signal.aborted) return;
    const next = [...this.pending.entries()].find(([, p]) => p.full || p.paths.size > 0);
    if (!next) return;
    const [root, work] = next;
    this.pending.delete(root);
    this.running = root;
    void this.passes
      .start({ root }, ({ signal }) => this.runOne(root, work, signal))
      .finally(() => {
        this.running = null;
        this.wake();
        if (this.pending.size > 0) this.schedule(0);
      });
  }

  private async runOne(root: string, work: Pending, signal: AbortSignal): Promise<void> {
    const project = this.ctx.registry.projects.byRoot(root)?.name ?? "unregistered";
    const log = this.ctx.log.child({ project });
    let failure: string | null = null;
    try {
      const report = await this.runPass(this.ctx, {
        root,
        paths: work.full ? undefined : [...work.paths],
        options: { refresh: false, regenerateThumbnails: false, noEmbed: false },
        holder: `svc serve watcher (pid ${process.pid})`,
        signal,
      });
      if (report.aborted) return;
      const { summary } = report;
      log.info(
        {
          ingested: summary.ingested,
          unchanged: summary.unchanged,
          skipped: summary.skipped,
          failed: summary.failed,
          needs_proxy: summary.needs_proxy,
          missing: summary.missing,
          elapsed_ms: summary.elapsed_ms,
        },
        "ingest pass finished",
      );
      // A model the host lacks is not a failure a retry mends: the items wait for it (model-waits.ts).
      if (report.waitingForModel)
        log.warn(
          { problems: summary.problems },
          "items wait for a model the model host lacks; they resume when it is there",
        );
      else if (report.exitCode !== 0) failure = `pass exited ${report.exitCode}`;
    } catch (error) {
      if (error instanceof HostedElsewhere) {
        log.info({ reason: error.message }, "ingest pass left to the project's host");
        return;
      }
      failure = labelPaths([{ path: root, label: `<project:${project}>` }])(
        error instanceof Error ? error.message : String(error),
      );
    }
    if (failure === null || signal.aborted) return;
    const attempt = work.attempt + 1;
    if (attempt >= this.maxAttempts) {
      log.error(
        { reason: failure, attempts: attempt },
        "ingest keeps failing; waiting for a change or the next rescan",
      );
      return;
    }
    const delay = Math.min(this.maxDelayMs, this.retryBaseMs * 2 ** (attempt - 1));
    log.warn({ reason: failure, retry_in_ms: delay, attempt }, "ingest pass failed; backing off");
    this.runner.after(delay, () => {
      const entry = this.entry(root);
      entry.full ||= work.full;
      for (const p of work.paths) entry.paths.add(p);
      entry.attempt = Math.max(entry.attempt, attempt);
      this.drain();
    });
  }
}
