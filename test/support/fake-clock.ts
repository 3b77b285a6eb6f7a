import type { Clock, ClockTimer } from "../../library/jobs/clock.js";

interface Timer {
  due: number;
  seq: number;
  fn: () => void;
}

/** Lets every pending promise run: fakes resolve in microtasks and I/O callbacks, never on timers. */
export const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A manual clock: timers run only when a test advances it. It is the job runner's clock and the
 * folder watcher's, so timers, schedules and settle times are tested without waiting.
 */
export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers = new Set<Timer>();

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  after(ms: number, fn: () => void): ClockTimer {
    const timer = { due: this.time + ms, seq: this.seq++, fn };
    this.timers.add(timer);
    return { close: () => this.timers.delete(timer) };
  }

  get pending(): number {
    return this.timers.size;
  }

  /** Runs the timers due within `ms`, in order, letting the promises each one starts settle. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    await flush();
    for (;;) {
      const next = [...this.timers]
        .filter((t) => t.due <= target)
        .sort((a, b) => a.due - b.due || a.seq - b.seq)[0];
      if (!next) break;
      this.timers.delete(next);
      this.time = next.due;
      next.fn();
      await flush();
    }
    this.time = target;
  }
}
