import type { JobRunner } from "../library/jobs/runner.js";

export interface ScheduleSpec {
  /** Cron expression, e.g. hourly rescan. */
  cron: string;
  name: string;
  /**
   * The work of one tick, as a promise that settles when the work is done: ticks are skipped only
   * while that promise is pending, so work started with `void` would overlap itself.
   */
  run: () => Promise<unknown>;
}

/**
 * Periodic work (rescans, embed freshness, trash purge) on the runner's clock; a tick that finds
 * its job still running is skipped. The schedules end with the runner.
 */
export function startSchedules(runner: JobRunner, specs: readonly ScheduleSpec[]): void {
  for (const spec of specs) runner.schedule(spec.name, spec.cron, spec.run);
}
