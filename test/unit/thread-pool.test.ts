import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { ThreadFailed, ThreadPool, ThreadStopped, ThreadsBusy } from "../../library/search/thread-pool.js";
import { silentLogger } from "../../state/logger.js";
import { until } from "../support/until.js";

const script = new URL("../support/threads/test-thread.mjs", import.meta.url);
const serialScript = new URL("../support/threads/serial-thread.mjs", import.meta.url);
const pools: ThreadPool<unknown, unknown>[] = [];

function pool(
  options: {
    size?: number;
    maxPending?: number;
    retryOnCrash?: boolean;
    serial?: boolean;
    retireAfterMs?: number;
  } = {},
) {
  const made = new ThreadPool<unknown, unknown>({
    name: "test threads",
    script: options.serial ? serialScript : script,
    size: options.size ?? 2,
    maxPending: options.maxPending ?? 100,
    retryOnCrash: options.retryOnCrash ?? true,
    log: silentLogger(),
    ...(options.retireAfterMs === undefined
      ? {}
      : { retire: { afterMs: options.retireAfterMs, idle: (answer: unknown) => answer === "idle" } }),
  });
  pools.push(made);
  return made;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("ThreadPool", () => {
  it("answers requests on its threads", async () => {
    const threads = pool();
    expect(await Promise.all(["a", "b", "c"].map((echo) => threads.request({ echo })))).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("replaces a thread that dies and retries its request once on the new one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "svc-threads-"));
    try {
      const threads = pool({ size: 1 });
      expect(await threads.request({ crash: join(dir, "flag") })).toBe("survived");
      // The pool still works after the replacement.
      expect(await threads.request({ echo: "after" })).toBe("after");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("fails a request whose thread dies twice, instead of leaving it hanging", async () => {
    const threads = pool({ size: 1 });
    await expect(threads.request({ crashAlways: true })).rejects.toBeInstanceOf(ThreadFailed);
    expect(await threads.request({ echo: "next" })).toBe("next");
  });

  it("without retries, a dead thread fails its requests at once", async () => {
    const threads = pool({ size: 1, retryOnCrash: false });
    const slow = expect(threads.request({ sleepMs: 5_000 })).rejects.toBeInstanceOf(ThreadFailed);
    await expect(threads.request({ crashAlways: true })).rejects.toBeInstanceOf(ThreadFailed);
    await slow;
  });

  it("refuses requests beyond its bound with ThreadsBusy, and takes them again once it drains", async () => {
    const threads = pool({ size: 1, maxPending: 2 });
    const held = [threads.request({ sleepMs: 300 }), threads.request({ sleepMs: 300 })];
    await expect(threads.request({ echo: "third" })).rejects.toBeInstanceOf(ThreadsBusy);
    await Promise.all(held);
    expect(await threads.request({ echo: "later" })).toBe("later");
  });

  it("ends a thread left without work after an answer that says it holds nothing, and starts another on demand", async () => {
    const holding = pool({ size: 1, retireAfterMs: 100 });
    const idle = pool({ size: 1, retireAfterMs: 100 });
    expect(await holding.request({ echo: "busy" })).toBe("busy");
    expect(await idle.request({ echo: "idle" })).toBe("idle");
    await until("the idle thread to end", () => idle.threadCount() === 0);
    // The other pool's answer came first: had it started the same countdown, it would be over too.
    expect(holding.threadCount()).toBe(1);
    expect(await idle.request({ echo: "again" })).toBe("again");
    expect(idle.threadCount()).toBe(1);
  });

  it("keeps a thread that gets work while it waits to end", async () => {
    const threads = pool({ size: 1, retireAfterMs: 100 });
    expect(await threads.request({ echo: "idle" })).toBe("idle");
    expect(await threads.request({ sleepMs: 400, echo: "busy" })).toBe("busy");
    const sibling = pool({ size: 1, retireAfterMs: 100 });
    expect(await sibling.request({ echo: "idle" })).toBe("idle");
    await until("the sibling's idle thread to end", () => sibling.threadCount() === 0);
    expect(threads.threadCount()).toBe(1);
  });

  it("fails what is pending when it is closed", async () => {
    const threads = pool({ size: 1 });
    const pending = expect(threads.request({ sleepMs: 5_000 })).rejects.toBeInstanceOf(ThreadFailed);
    await threads.close();
    await pending;
    await expect(threads.request({ echo: "x" })).rejects.toBeInstanceOf(ThreadFailed);
  });

  it("stops a thread blocked in a system call on a request given up, and answers the rest from a fresh one", async () => {
    const dir = await mkdtemp(join(tmpdir(), "svc-threads-"));
    const fifo = join(dir, "hung-drive");
    await execa("mkfifo", [fifo]);
    try {
      const threads = pool({ size: 1, serial: true });
      const limit = new AbortController();
      const reading = new Int32Array(new SharedArrayBuffer(4));
      const hung = threads.request({ blockOn: fifo, reading }, [], limit.signal);
      const queued = threads.request({ echo: "queued behind it" });
      await until("the thread to be blocked in its read", () => Atomics.load(reading, 0) === 1);
      limit.abort(new Error("no answer within 1 s"));
      const stopped = await hung.then(
        () => null,
        (error: unknown) => error,
      );
      expect(stopped).toBeInstanceOf(ThreadStopped);
      expect((stopped as ThreadStopped).message).toBe("no answer within 1 s");
      // The request queued behind it and a new one are answered by a fresh thread while the old
      // one is still blocked: nothing waits behind the hung read.
      expect(await queued).toBe("queued behind it");
      expect(await threads.request({ handled: true })).toBe(2);
      expect(threads.stoppingCount()).toBe(1);
      let exited = false;
      void (stopped as ThreadStopped).exited.then(() => {
        exited = true;
      });
      expect(exited).toBe(false);
      // The drive answers: the read returns and the stopped thread ends.
      await appendFile(fifo, "x");
      await until("the stopped thread to exit", () => exited && threads.stoppingCount() === 0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("skips a request given up while it waits in its thread's queue, and keeps the thread", async () => {
    const dir = await mkdtemp(join(tmpdir(), "svc-threads-"));
    const fifo = join(dir, "slow-drive");
    await execa("mkfifo", [fifo]);
    try {
      const threads = pool({ size: 1, serial: true });
      const first = threads.request({ blockOn: fifo });
      const limit = new AbortController();
      const waiting = threads.request({ echo: "never handled" }, [], limit.signal);
      limit.abort(new Error("given up"));
      await expect(waiting).rejects.toThrow("given up");
      await appendFile(fifo, "x");
      expect(await first).toBe("unblocked");
      // The thread handled the first request and this one, never the one given up.
      expect(await threads.request({ handled: true })).toBe(2);
      expect(threads.stoppingCount()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a request whose signal has already aborted without sending it", async () => {
    const threads = pool({ size: 1, serial: true });
    await expect(
      threads.request({ echo: "x" }, [], AbortSignal.abort(new Error("too late"))),
    ).rejects.toThrow("too late");
    expect(await threads.request({ handled: true })).toBe(1);
  });
});
