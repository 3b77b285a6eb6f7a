import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ThreadFailed, ThreadPool, ThreadsBusy } from "../../library/thread-pool.js";
import { silentLogger } from "../../state/logger.js";

const script = new URL("../support/threads/test-thread.mjs", import.meta.url);
const pools: ThreadPool<unknown, unknown>[] = [];

function pool(options: { size?: number; maxPending?: number; retryOnCrash?: boolean } = {}) {
  const made = new ThreadPool<unknown, unknown>({
    name: "test threads",
    script,
    size: options.size ?? 2,
    maxPending: options.maxPending ?? 100,
    retryOnCrash: options.retryOnCrash ?? true,
    log: silentLogger(),
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

  it("fails what is pending when it is closed", async () => {
    const threads = pool({ size: 1 });
    const pending = expect(threads.request({ sleepMs: 5_000 })).rejects.toBeInstanceOf(ThreadFailed);
    await threads.close();
    await pending;
    await expect(threads.request({ echo: "x" })).rejects.toBeInstanceOf(ThreadFailed);
  });
});
