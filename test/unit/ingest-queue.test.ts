import { describe, expect, it } from "vitest";
import { IngestQueue } from "../../daemon/ingest-queue.js";
import { UserError } from "../../domain/errors.js";
import type { AppContext } from "../../library/context.js";
import type { IngestReport, IngestRequest } from "../../library/jobs/ingest.js";
import { JobRunner } from "../../library/jobs/runner.js";
import { silentLogger } from "../../state/logger.js";
import { FakeClock } from "../support/fake-clock.js";
import { until } from "../support/until.js";

const ctx = {
  log: silentLogger(),
  registry: { projects: { byRoot: () => ({ name: "footage" }) } },
} as unknown as AppContext;

const report = (exitCode: number, waitingForModel = false): IngestReport => ({
  exitCode,
  aborted: false,
  waitingForModel,
  summary: {
    event: "summary",
    ingested: 0,
    unchanged: 0,
    skipped: 0,
    failed: 0,
    needs_proxy: 0,
    counts: { ingested: 0, unchanged: 0, skipped: 0, failed: 0, needs_proxy: 0 },
    total: 0,
    sequence_frames: 0,
    missing: 0,
    halted: false,
    reconciled: exitCode !== 7,
    problems: [],
    exit_code: exitCode,
    elapsed_ms: 0,
  },
});

/** A queue whose waits run on a fake clock the test advances. */
function queueOn(options: ConstructorParameters<typeof IngestQueue>[2]) {
  const clock = new FakeClock();
  const runner = new JobRunner(silentLogger(), clock);
  return { clock, runner, queue: new IngestQueue(ctx, runner, options) };
}

describe("daemon ingest queue", () => {
  it("batches file events into one pass per root", async () => {
    const calls: IngestRequest[] = [];
    const { clock, runner, queue } = queueOn({
      debounceMs: 20,
      runPass: async (_c, req) => {
        calls.push(req);
        return report(0);
      },
    });
    queue.addFile("/r", "a.mp4");
    queue.addFile("/r", "b.mp4");
    queue.addFile("/r", "a.mp4");
    await clock.advance(19);
    expect(calls).toHaveLength(0);
    await clock.advance(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.paths).toEqual(["a.mp4", "b.mp4"]);
    expect(calls[0]?.holder).toMatch(/^svc serve watcher \(pid \d+\)$/);
    await clock.advance(1000);
    expect(calls).toHaveLength(1);
    await runner.stop();
  });

  it("backs off and retries a failed pass (exit 7, a taken slot, a throw) and keeps going", async () => {
    const outcomes: (() => IngestReport)[] = [
      () => report(7),
      () => {
        throw new UserError("another job holds the ingest slot", 75);
      },
      () => report(0),
    ];
    const times: number[] = [];
    const { clock, runner, queue } = queueOn({
      debounceMs: 5,
      retryBaseMs: 30,
      runPass: async () => {
        times.push(clock.now());
        const next = outcomes.shift();
        if (!next) throw new Error("too many passes");
        return next();
      },
    });
    queue.addScan("/r");
    await clock.advance(1000);
    // The debounce, then the first retry after 30 ms and the second after twice that.
    expect(times).toEqual([5, 35, 95]);
    await runner.stop();
  });

  it("does not retry a pass whose only problem is a model the host lacks: a pass more cannot bring it", async () => {
    const times: number[] = [];
    const { clock, runner, queue } = queueOn({
      debounceMs: 5,
      retryBaseMs: 30,
      runPass: async () => {
        times.push(clock.now());
        return report(2, true);
      },
    });
    queue.addScan("/r");
    await clock.advance(10_000);
    expect(times).toEqual([5]);
    await runner.stop();
  });

  it("settles a root once its queued files have had their pass", async () => {
    const calls: IngestRequest[] = [];
    const { clock, runner, queue } = queueOn({
      debounceMs: 5,
      runPass: async (_c, req) => {
        calls.push(req);
        return report(0);
      },
    });
    let settled = false;
    queue.addFiles("/r", ["a.mp4", "b.mp4"]);
    void queue.settled("/r").then(() => {
      settled = true;
    });
    await clock.advance(4);
    expect(settled).toBe(false);
    await clock.advance(1);
    await until("the root settled", () => settled);
    expect(calls.map((c) => c.paths)).toEqual([["a.mp4", "b.mp4"]]);
    await expect(queue.settled("/other")).resolves.toBeUndefined();
    await runner.stop();
  });

  it("gives up after the attempt limit until new work arrives", async () => {
    let passes = 0;
    const { clock, runner, queue } = queueOn({
      debounceMs: 1,
      retryBaseMs: 5,
      maxAttempts: 3,
      runPass: async () => {
        passes += 1;
        return report(1);
      },
    });
    queue.addFile("/r", "bad.mov");
    await clock.advance(150);
    expect(passes).toBe(3);
    await clock.advance(3_600_000);
    expect(passes).toBe(3);
    expect(clock.pending).toBe(0);
    queue.addFile("/r", "new.mov");
    await clock.advance(1);
    expect(passes).toBe(4);
    await runner.stop();
  });

  it("the runner's stop aborts the running pass, waits for it and forgets queued work", async () => {
    let sawAbort = false;
    let passes = 0;
    const { clock, runner, queue } = queueOn({
      debounceMs: 1,
      runPass: (_c, req) =>
        new Promise((resolve) => {
          passes += 1;
          req.signal?.addEventListener("abort", () => {
            sawAbort = true;
            resolve({ ...report(0), aborted: true });
          });
        }),
    });
    queue.addScan("/r");
    await clock.advance(1);
    expect(passes).toBe(1);
    queue.addScan("/other");
    await runner.stop();
    expect(sawAbort).toBe(true);
    queue.addFile("/r", "late.mov");
    await clock.advance(1000);
    expect(passes).toBe(1);
    expect(clock.pending).toBe(0);
  });
});
