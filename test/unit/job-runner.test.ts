import { describe, expect, it } from "vitest";
import { UserError } from "../../domain/errors.js";
import { JobRunner } from "../../library/jobs/runner.js";
import { silentLogger } from "../../state/logger.js";
import { FakeClock, flush } from "../support/fake-clock.js";

/** A promise the test settles by hand. */
function gate() {
  let open: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Work that ends when its gate opens, or when its signal is aborted. */
const held =
  (g: ReturnType<typeof gate>) =>
  ({ signal }: { signal: AbortSignal }) =>
    new Promise<void>((resolve, reject) => {
      g.promise.then(() => resolve(), reject);
      signal.addEventListener("abort", () => resolve());
    });

const runner = (clock = new FakeClock()) => new JobRunner(silentLogger(), clock);

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof UserError ? { status: error.status, message: error.message } : error;
  }
  return null;
};

describe("job runner", () => {
  it("registers a kind once per name", () => {
    const jobs = runner();
    jobs.register("proxy");
    expect(() => jobs.register("proxy")).toThrow(/registered already/);
  });

  it("moves a run from running to done, or to failed when its work throws", async () => {
    const kind = runner().register<{ id: string }>("export", { keep: 5 });
    const ok = gate();
    const bad = gate();
    const first = kind.start({ id: "a" }, held(ok));
    const second = kind.start({ id: "b" }, held(bad));
    expect(kind.busy).toBe(true);
    expect(kind.status()).toEqual({ running: 2, jobs: [{ id: "b" }, { id: "a" }] });
    ok.open();
    await first;
    bad.fail(new Error("the disk went away"));
    await expect(second).rejects.toThrow("the disk went away");
    await flush();
    expect(kind.runs().map((r) => [r.record.id, r.state])).toEqual([
      ["b", "failed"],
      ["a", "done"],
    ]);
    expect(kind.busy).toBe(false);
    expect(kind.status().running).toBe(0);
  });

  it("answers with what the work returns and starts the work before start returns", async () => {
    const kind = runner().register<{ steps: string[] }>("proxy");
    const record = { steps: [] as string[] };
    const done = kind.start(record, async () => {
      record.steps.push("started");
      return 42;
    });
    expect(record.steps).toEqual(["started"]);
    expect(await done).toBe(42);
  });

  it("cancels a run when its caller's signal is aborted, and only that run", async () => {
    const kind = runner().register<string>("proxy", { keep: 5 });
    const caller = new AbortController();
    const other = gate();
    const cancelled = kind.start("cancelled", held(gate()), { signal: caller.signal });
    const kept = kind.start("kept", held(other));
    caller.abort();
    await cancelled;
    await flush();
    expect(kind.runs().map((r) => [r.record, r.state])).toEqual([
      ["kept", "running"],
      ["cancelled", "cancelled"],
    ]);
    other.open();
    await kept;
  });

  it("keeps only the last `keep` finished runs, and every running one", async () => {
    const kind = runner().register<number>("offload", { keep: 2 });
    const long = gate();
    const going = kind.start(0, held(long));
    for (const n of [1, 2, 3, 4]) await kind.start(n, async () => {});
    await flush();
    expect(kind.runs().map((r) => r.record)).toEqual([4, 3, 0]);
    long.open();
    await going;
    await flush();
    expect(kind.runs().map((r) => r.record)).toEqual([4, 3]);
  });

  it("refuses a second run of an `alone` kind with 409 while the first is going", async () => {
    const kind = runner().register<string>("retranscribe", { alone: "retranscribe-all is already running" });
    const first = gate();
    const going = kind.start("one", held(first));
    expect(refusal(() => kind.admit())).toEqual({
      status: 409,
      message: "retranscribe-all is already running",
    });
    first.open();
    await going;
    await flush();
    expect(refusal(() => kind.admit())).toBeNull();
  });

  it("stop aborts every kind's runs, waits for them, forgets its timers and refuses new work with 503", async () => {
    const clock = new FakeClock();
    const jobs = runner(clock);
    const a = jobs.register<string>("a", { keep: 1 });
    const b = jobs.register<string>("b", { keep: 1 });
    const seen: string[] = [];
    const going = [a.start("a", held(gate())), b.start("b", held(gate()))];
    jobs.after(1000, () => seen.push("timer"));
    expect(clock.pending).toBe(1);
    await jobs.stop();
    await Promise.all(going);
    expect(a.runs()[0]?.state).toBe("cancelled");
    expect(b.runs()[0]?.state).toBe("cancelled");
    expect(clock.pending).toBe(0);
    await clock.advance(2000);
    expect(seen).toEqual([]);
    expect(refusal(() => a.admit())).toEqual({ status: 503, message: "the service is shutting down" });
    jobs.after(0, () => seen.push("late timer"));
    await clock.advance(10);
    expect(seen).toEqual([]);
    // A run its owner prepared before the stop still starts, with its signal already aborted.
    let aborted = false;
    await a.start("late", async ({ signal }) => {
      aborted = signal.aborted;
    });
    expect(aborted).toBe(true);
  });

  it("stop waits at most `stopWithinMs` for a kind whose work ignores its abort", async () => {
    const clock = new FakeClock();
    const warnings: unknown[] = [];
    const log = Object.assign(silentLogger(), { warn: (...args: unknown[]) => warnings.push(args) });
    const jobs = new JobRunner(log, clock);
    const stubborn = jobs.register<string>("background", { stopWithinMs: 10_000 });
    const never = gate();
    void stubborn.start("deaf", () => never.promise);
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await clock.advance(9_999);
    expect(stopped).toBe(false);
    await clock.advance(1);
    await stopping;
    expect(warnings).toEqual([
      [{ waitedMs: 10_000 }, "a background job did not end in time; stopping without it"],
    ]);
    never.open();
  });

  it("runs a one-off timer when the clock reaches it", async () => {
    const clock = new FakeClock();
    const jobs = runner(clock);
    const seen: number[] = [];
    jobs.after(500, () => seen.push(clock.now()));
    await clock.advance(499);
    expect(seen).toEqual([]);
    await clock.advance(1);
    expect(seen).toEqual([500]);
    expect(clock.pending).toBe(0);
  });

  it("ticks a cron schedule on the clock and skips a time whose last tick is still going", async () => {
    const clock = new FakeClock(Date.UTC(2030, 0, 1, 0, 0, 0));
    const jobs = runner(clock);
    const ticks: number[] = [];
    let release = gate();
    jobs.schedule("slow", "* * * * * *", async () => {
      ticks.push(clock.now());
      await release.promise;
    });
    await clock.advance(1000);
    expect(ticks).toHaveLength(1);
    // Three more seconds come and go while the first tick is held.
    await clock.advance(3000);
    expect(ticks).toHaveLength(1);
    release.open();
    release = gate();
    await clock.advance(1000);
    expect(ticks.map((t) => t - Date.UTC(2030, 0, 1))).toEqual([1000, 5000]);
    release.open();
    await jobs.stop();
  });

  it("ticks an hourly cron pattern at its minute, and keeps going after a tick that fails", async () => {
    // Cron reads local time, as the daemon's schedules do.
    const clock = new FakeClock(new Date(2030, 0, 1, 10, 20).getTime());
    const errors: unknown[] = [];
    const log = Object.assign(silentLogger(), { error: (...args: unknown[]) => errors.push(args) });
    const jobs = new JobRunner(log, clock);
    const ticks: number[] = [];
    jobs.schedule("rescan", "17 * * * *", async () => {
      ticks.push(clock.now());
      throw new Error("the rescan failed");
    });
    await clock.advance(3 * 3_600_000);
    expect(ticks).toEqual([11, 12, 13].map((hour) => new Date(2030, 0, 1, hour, 17).getTime()));
    expect(errors).toHaveLength(3);
    await jobs.stop();
  });

  it("polls with `every`: once at once, then every period, never two at a time", async () => {
    const clock = new FakeClock();
    const jobs = runner(clock);
    const ticks: number[] = [];
    let release = gate();
    jobs.every("poll", 2000, async () => {
      ticks.push(clock.now());
      await release.promise;
    });
    await clock.advance(0);
    expect(ticks).toEqual([0]);
    await clock.advance(4000);
    expect(ticks).toEqual([0]);
    release.open();
    release = gate();
    await clock.advance(2000);
    expect(ticks).toEqual([0, 6000]);
    release.open();
    await jobs.stop();
    await clock.advance(10_000);
    expect(ticks).toEqual([0, 6000]);
  });
});
