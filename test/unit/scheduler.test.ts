import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { startSchedules } from "../../daemon/scheduler.js";
import { until } from "../support/until.js";

describe("schedules", () => {
  it("skip a tick while the previous run of the same job is still going", async () => {
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const schedules = startSchedules([
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
      await until("the first run", () => runs === 1, { timeoutMs: 5_000 });
      // Three more ticks come and go while the first run is held.
      await sleep(3_200);
      expect(runs).toBe(1);
      release();
      await until("a run after the first one ended", () => runs === 2, { timeoutMs: 5_000 });
    } finally {
      schedules.stop();
    }
  }, 20_000);
});
