import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ThreadFailed, ThreadPool, ThreadsBusy } from "../../library/thread-pool.js";
import { silentLogger } from "../../state/logger.js";
import { until } from "../support/until.js";

const script = new URL("../support/threads/test-thread.mjs", import.meta.url);
const pools: ThreadPool<unknown, unknown>[] = [];

function pool(
  options: { size?: number; maxPending?: number; retryOnCrash?: boolean; retireAfterMs?: number } = {},
) {
  const made = new ThreadPool<unknown, unknown>({
    name: "test threads",
    script,
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
});
