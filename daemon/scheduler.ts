import cron from "node-cron";

export interface ScheduledJob {
  stop(): void;
}

export interface ScheduleSpec {
  /** Cron expression, e.g. hourly rescan. */
  cron: string;
  name: string;
  /**
   * The work of one tick, as a promise that settles when the work is done: node-cron skips ticks
   * only while that promise is pending, so work started with `void` would overlap itself.
   */
  run: () => Promise<unknown>;
}

/** Periodic work (rescans, embed freshness, trash purge); a tick that finds its job still running is skipped. */
export function startSchedules(specs: readonly ScheduleSpec[]): ScheduledJob {
  const tasks = specs.map((spec) => cron.schedule(spec.cron, spec.run, { name: spec.name, noOverlap: true }));
  return {
    stop() {
      for (const task of tasks) void task.stop();
    },
  };
}
