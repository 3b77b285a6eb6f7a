import { Cron } from "croner";
import { EXIT, UserError } from "../../domain/errors.js";
import type { Logger } from "../../state/logger.js";
import { type Clock, type ClockTimer, systemClock } from "./clock.js";

/** Finished jobs a status route shows, newest first, for kinds that keep a history. */
export const KEPT_JOBS = 20;

// setTimeout's longest wait (about 24.8 days); a later time is reached in steps of it.
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** Where a run is, in the runner's words; a kind's record may say it in its own (`interrupted`, `seeded`). */
export type RunState = "running" | "done" | "failed" | "cancelled";

export interface KindOptions {
  /** Finished runs kept for the kind's status, newest first; older ones are forgotten. */
  keep?: number;
  /** One run at a time: `admit` refuses (409) with this message while one is going. */
  alone?: string;
  /** At stop, runs of this kind are waited for this long at most: work that ignores its abort must not hold the stop. */
  stopWithinMs?: number;
}

/** What a run's work is given. */
export interface RunControl {
  /** Aborted when the caller's signal is (the run is cancelled) or when the runner stops. */
  readonly signal: AbortSignal;
}

export interface Run<R> {
  /** What the kind reports of this run (its API answer), updated by the work as it goes. */
  readonly record: R;
  readonly state: RunState;
}

interface Entry<R> {
  readonly record: R;
  state: RunState;
  ended: Promise<void>;
}

/** One kind of background work: its runs, the last finished ones, and what it refuses. */
export class JobKind<R> {
  private readonly entries: Entry<R>[] = [];

  constructor(
    readonly name: string,
    private readonly shutdown: AbortSignal,
    private readonly options: KindOptions,
  ) {}

  /** Whether a run of this kind is going. */
  get busy(): boolean {
    return this.entries.some((e) => e.state === "running");
  }

  /**
   * Refuses new work: 503 once the runner stops, 409 while an `alone` kind's run is going. Owners
   * call it before they prepare a run (claim a slot, take a snapshot), so a refusal leaves nothing
   * to undo; `start` itself never refuses, and a run started as the runner stops sees its signal
   * aborted at once and winds down as any stopped run does.
   */
  admit(): void {
    if (this.shutdown.aborted) throw new UserError("the service is shutting down", EXIT.tempfail, 503);
    if (this.options.alone && this.busy) throw new UserError(this.options.alone, EXIT.tempfail, 409);
  }

  /**
   * Runs `work` at once, reporting `record`; resolves as the work does. The work's signal is
   * aborted by `options.signal` (a caller that gives up) and by the runner's stop.
   */
  start<T>(
    record: R,
    work: (run: RunControl) => Promise<T>,
    options: { signal?: AbortSignal } = {},
  ): Promise<T> {
    const signal = options.signal ? AbortSignal.any([options.signal, this.shutdown]) : this.shutdown;
    let result: Promise<T>;
    try {
      result = work({ signal });
    } catch (error) {
      result = Promise.reject(error);
    }
    const entry: Entry<R> = { record, state: "running", ended: Promise.resolve() };
    const end = (state: RunState) => () => {
      entry.state = signal.aborted ? "cancelled" : state;
      this.forgetOld();
    };
    entry.ended = result.then(end("done"), end("failed"));
    this.entries.unshift(entry);
    return result;
  }

  /** Runs going and the last finished ones, newest first. */
  runs(): Run<R>[] {
    return this.entries.map(({ record, state }) => ({ record, state }));
  }

  /** The status routes' answer: how many runs are going, and every record kept. */
  status(): { running: number; jobs: R[] } {
    return {
      running: this.entries.filter((e) => e.state === "running").length,
      jobs: this.runs().map((r) => r.record),
    };
  }

  /** Waits for the runs going now; at most `stopWithinMs` when set, and says so if any is left behind. */
  async settle(clock: Clock, log: Logger): Promise<void> {
    const going = this.entries.filter((e) => e.state === "running").map((e) => e.ended);
    if (going.length === 0) return;
    const limit = this.options.stopWithinMs;
    if (limit === undefined) {
      await Promise.all(going);
      return;
    }
    let timer: ClockTimer | undefined;
    const ended = await Promise.race([
      Promise.all(going).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = clock.after(limit, () => resolve(false));
      }),
    ]);
    timer?.close();
    if (!ended) log.warn({ waitedMs: limit }, "a background job did not end in time; stopping without it");
  }

  private forgetOld(): void {
    const finished = this.entries.filter((e) => e.state !== "running");
    for (const old of finished.slice(this.options.keep ?? 0))
      this.entries.splice(this.entries.indexOf(old), 1);
  }
}

/**
 * The background work of one process: its job kinds, the timers and schedules that start work,
 * and the stop that ends all of it. Time is read from `clock`, so tests drive it by hand.
 */
export class JobRunner {
  private readonly shutdown = new AbortController();
  private readonly kinds = new Map<string, { settle(clock: Clock, log: Logger): Promise<void> }>();
  private readonly timers = new Set<ClockTimer>();

  constructor(
    private readonly log: Logger,
    readonly clock: Clock = systemClock,
  ) {}

  /** Aborted by `stop`: new work is refused and running work ends. */
  get signal(): AbortSignal {
    return this.shutdown.signal;
  }

  register<R>(name: string, options: KindOptions = {}): JobKind<R> {
    if (this.kinds.has(name)) throw new Error(`the job kind ${name} is registered already`);
    const kind = new JobKind<R>(name, this.shutdown.signal, options);
    this.kinds.set(name, kind);
    return kind;
  }

  /** Calls `fn` once `ms` have passed on the clock, unless the runner stops first. */
  after(ms: number, fn: () => void): ClockTimer {
    return this.at(this.clock.now() + ms, fn);
  }

  /**
   * Calls `tick` whenever the cron `pattern` (local time) comes round, until stop; a time that
   * finds the last tick's work still going is skipped, so work never overlaps itself.
   */
  schedule(name: string, pattern: string, tick: () => Promise<unknown>): void {
    const cron = new Cron(pattern);
    this.repeat(name, (from) => cron.nextRun(new Date(from))?.getTime() ?? null, tick);
  }

  /** Calls `tick` at once and then every `ms` until stop, skipping a time its last work is still going. */
  every(name: string, ms: number, tick: () => Promise<unknown>): void {
    let first = true;
    this.repeat(
      name,
      (from) => {
        const due = first ? from : from + ms;
        first = false;
        return due;
      },
      tick,
    );
  }

  /** Refuses new work, aborts what runs, forgets the timers and waits for the runs to end. */
  async stop(): Promise<void> {
    this.shutdown.abort();
    for (const timer of this.timers) timer.close();
    this.timers.clear();
    await Promise.all([...this.kinds.values()].map((kind) => kind.settle(this.clock, this.log)));
  }

  private repeat(name: string, next: (from: number) => number | null, tick: () => Promise<unknown>): void {
    let going = false;
    const arm = (from: number) => {
      const due = next(from);
      if (due === null) return;
      this.at(due, () => {
        arm(Math.max(due, this.clock.now()));
        if (going) return;
        going = true;
        new Promise((resolve) => resolve(tick()))
          .catch((error: unknown) => this.log.error({ job: name, err: error }, "scheduled work failed"))
          .finally(() => {
            going = false;
          });
      });
    };
    arm(this.clock.now());
  }

  private at(due: number, fn: () => void): ClockTimer {
    if (this.shutdown.signal.aborted) return { close: () => {} };
    let current: ClockTimer;
    const handle: ClockTimer = {
      close: () => {
        current.close();
        this.timers.delete(handle);
      },
    };
    const arm = () => {
      const wait = due - this.clock.now();
      if (wait > LONGEST_WAIT_MS) current = this.clock.after(LONGEST_WAIT_MS, arm);
      else
        current = this.clock.after(Math.max(0, wait), () => {
          this.timers.delete(handle);
          fn();
        });
    };
    this.timers.add(handle);
    arm();
    return handle;
  }
}
