import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEmbeddings } from "../../library/search/embed.js";
import { searchAll } from "../../library/search/search-all.js";
import { startApi, type TestApi } from "../support/api.js";
import { type SeedClip, seedClips } from "../support/chat.js";
import { type FuseShare, mountShare } from "../support/fuse-share.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

// A network share that stops answering, for real: a FUSE mount (bindfs) whose process is stopped.
// Every file system call under it then blocks in the kernel until the process is continued.
const hasBindfs = process.platform === "linux" && needTools("bindfs");
const LIMIT_MS = 1_500;

const clip = (name: string, description: string): SeedClip => ({
  name,
  shot: "2026-03-01",
  duration_s: 4,
  tags: ["logo"],
  scenes: [{ description }],
});

describe.skipIf(!hasBindfs)("cross-project search against a drive that stops answering", () => {
  let host: FakeModelHost;
  let api: TestApi;
  let share: FuseShare | undefined;
  let mount = "";
  const query = { q: "the client's logo" };

  const stop = (signal: "SIGSTOP" | "SIGCONT") => share?.pid !== undefined && process.kill(share.pid, signal);

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url } });
    api.registry.install.grandfather();
    const source = join(api.home, "..", "share");
    await mkdir(source);
    share = await mountShare(source, join(api.home, "..", "mnt"));
    mount = share.mountPoint;
    const signal = new AbortController().signal;
    const local = api.root as string;
    seedClips(local, [clip("local-logo.mov", "the client's logo on a van")]);
    seedClips(mount, [clip("share-logo.mov", "the client's logo on a cup")]);
    api.registry.projects.remove(api.registry.projects.byRoot(local)?.name as string);
    api.registry.projects.add("Local", local);
    api.registry.projects.add("Share", mount);
    for (const root of [local, mount])
      await buildEmbeddings(api.ctx, root, { rebuild: false, signal, holder: "hung drive test" });
  }, 60_000);

  afterAll(async () => {
    stop("SIGCONT");
    // Detached before the workspace under it is removed; bindfs ends once the search threads'
    // handles on it are closed with the API.
    const unmounted = share?.unmount();
    await api?.close();
    await unmounted;
    await host?.close();
  });

  it("lists the hung project as timed out within the limit, stops its search, and never piles work behind it", async () => {
    // Threads started and both libraries open, so the limit measures the drive, not a cold start.
    const warm = await searchAll(api.ctx, api.libraries, query, { timeoutMs: 60_000 });
    expect(warm.errors).toEqual([]);
    expect(warm.items.map((i) => i.project).sort()).toEqual(["Local", "Share"]);

    const threads = api.ctx.vectorThreads.search;
    stop("SIGSTOP");
    try {
      const started = performance.now();
      const hung = await searchAll(api.ctx, api.libraries, query, { timeoutMs: LIMIT_MS });
      const took = performance.now() - started;
      expect(took).toBeGreaterThanOrEqual(LIMIT_MS - 5);
      // The answer comes at the limit (slack for a loaded machine), not when the drive answers.
      expect(took).toBeLessThan(LIMIT_MS + 1_500);
      expect(hung.errors).toEqual([{ project: "Share", detail: "no answer within 1.5 s" }]);
      expect(hung.items.map((i) => i.project)).toEqual(["Local"]);
      // Its thread was stopped and replaced; it stays blocked in the kernel until the drive answers.
      expect(threads.stoppingCount()).toBe(1);

      for (const attempt of [2, 3]) {
        const t0 = performance.now();
        const again = await searchAll(api.ctx, api.libraries, query, { timeoutMs: LIMIT_MS });
        // Refused at once rather than sent to another thread to block it too.
        expect(performance.now() - t0, `search ${attempt}`).toBeLessThan(LIMIT_MS);
        expect(again.errors).toEqual([{ project: "Share", detail: expect.stringMatching(/still blocked/) }]);
        expect(again.items.map((i) => i.project)).toEqual(["Local"]);
        expect(threads.stoppingCount()).toBe(1);
      }
    } finally {
      stop("SIGCONT");
    }
    // The drive answers: the blocked call returns, the stopped thread ends, and the project is
    // searched again.
    await until("the stopped thread to end", () => threads.stoppingCount() === 0);
    const back = await searchAll(api.ctx, api.libraries, query, { timeoutMs: 60_000 });
    expect(back.errors).toEqual([]);
    expect(back.items.map((i) => i.project).sort()).toEqual(["Local", "Share"]);
  });
});
