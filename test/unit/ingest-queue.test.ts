import { describe, expect, it } from "vitest";
import { IngestQueue } from "../../daemon/ingest-queue.js";
import { UserError } from "../../domain/errors.js";
import type { AppContext } from "../../library/context.js";
import type { IngestReport, IngestRequest } from "../../library/jobs/ingest.js";
import { silentLogger } from "../../state/logger.js";

const ctx = {
  log: silentLogger(),
  registry: { projects: { byRoot: () => ({ name: "footage" }) } },
} as unknown as AppContext;

const report = (exitCode: number): IngestReport => ({
  exitCode,
  aborted: false,
  summary: {
    event: "summary",
    ingested: 0,
    unchanged: 0,
    skipped: 0,
    failed: 0,
    counts: { ingested: 0, unchanged: 0, skipped: 0, failed: 0 },
    total: 0,
    missing: 0,
    halted: false,
    reconciled: exitCode !== 7,
    problems: [],
    exit_code: exitCode,
    elapsed_ms: 0,
  },
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("daemon ingest queue", () => {
  it("batches file events into one pass per root", async () => {
    const calls: IngestRequest[] = [];
    const queue = new IngestQueue(ctx, {
      debounceMs: 20,
      runPass: async (_c, req) => {
        calls.push(req);
        return report(0);
      },
    });
    queue.addFile("/r", "a.mp4");
    queue.addFile("/r", "b.mp4");
    queue.addFile("/r", "a.mp4");
    await wait(60);
    await queue.idle();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.paths).toEqual(["a.mp4", "b.mp4"]);
    expect(calls[0]?.holder).toMatch(/^svc serve watcher \(pid \d+\)$/);
    await queue.stop();
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
    const queue = new IngestQueue(ctx, {
      debounceMs: 5,
      retryBaseMs: 30,
      runPass: async () => {
        times.push(Date.now());
        const next = outcomes.shift();
        if (!next) throw new Error("too many passes");
        return next();
      },
    });
    queue.addScan("/r");
    const deadline = Date.now() + 3000;
    while (times.length < 3 && Date.now() < deadline) await wait(10);
    expect(times).toHaveLength(3);
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(25);
    expect((times[2] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual(55);
    await queue.stop();
  });

  it("gives up after the attempt limit until new work arrives", async () => {
    let passes = 0;
    const queue = new IngestQueue(ctx, {
      debounceMs: 1,
      retryBaseMs: 5,
      maxAttempts: 3,
      runPass: async () => {
        passes += 1;
        return report(1);
      },
    });
    queue.addFile("/r", "bad.mov");
    await wait(150);
    expect(passes).toBe(3);
    await wait(150);
    expect(passes).toBe(3);
    queue.addFile("/r", "new.mov");
    await wait(30);
    expect(passes).toBeGreaterThanOrEqual(4);
    await queue.stop();
  });

  it("stop() aborts the running pass and waits for it", async () => {
    let sawAbort = false;
    const queue = new IngestQueue(ctx, {
      debounceMs: 1,
      runPass: (_c, req) =>
        new Promise((resolve) => {
          req.signal?.addEventListener("abort", () => {
            sawAbort = true;
            resolve({ ...report(0), aborted: true });
          });
        }),
    });
    queue.addScan("/r");
    await wait(30);
    await queue.stop();
    expect(sawAbort).toBe(true);
  });
});
