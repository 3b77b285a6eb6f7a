import cron from "node-cron";

export interface ScheduledJob {
  stop(): void;
}

export interface ScheduleSpec {
  /** Cron expression, e.g. hourly rescan. */
  cron: string;
  name: string;
  run: () => void;
}

/** Periodic work (rescans now; embed freshness and trash purge later). */
export function startSchedules(specs: readonly ScheduleSpec[]): ScheduledJob {
  const tasks = specs.map((spec) => cron.schedule(spec.cron, spec.run, { name: spec.name, noOverlap: true }));
  return {
    stop() {
      for (const task of tasks) void task.stop();
    },
  };
}
