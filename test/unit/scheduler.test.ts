import { describe, expect, it } from "vitest";
import { startSchedules } from "../../daemon/scheduler.js";
import { JobRunner } from "../../library/jobs/runner.js";
import { silentLogger } from "../../state/logger.js";
import { FakeClock } from "../support/fake-clock.js";

describe("schedules", () => {
  it("skip a tick while the previous run of the same job is still going", async () => {
    const clock = new FakeClock(Date.UTC(2030, 0, 1));
    const runner = new JobRunner(silentLogger(), clock);
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    startSchedules(runner, [
      {
        name: "slow",
        cron: "* * * * * *",
        run: async () => {
          runs += 1;
          await gate;
        },
      },
    ]);
    try {
      await clock.advance(1_000);
      expect(runs).toBe(1);
      // Three more ticks come and go while the first run is held.
      await clock.advance(3_000);
      expect(runs).toBe(1);
      release();
      await clock.advance(1_000);
      expect(runs).toBe(2);
    } finally {
      await runner.stop();
    }
  });

  it("stop ends the schedules", async () => {
    const clock = new FakeClock(Date.UTC(2030, 0, 1));
    const runner = new JobRunner(silentLogger(), clock);
    let runs = 0;
    startSchedules(runner, [{ name: "rescan", cron: "* * * * * *", run: async () => (runs += 1) }]);
    await clock.advance(2_000);
    expect(runs).toBe(2);
    await runner.stop();
    await clock.advance(5_000);
    expect(runs).toBe(2);
    expect(clock.pending).toBe(0);
  });
});
