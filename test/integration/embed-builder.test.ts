import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { LibraryPool } from "../../library/library-pool.js";
import { ensureProjectRoot } from "../../library/organise/projects.js";
import { cosine, DRIFT_THRESHOLD, refreshEmbeddings } from "../../library/search/embed.js";
import { warmTotals } from "../../library/search/warm-totals.js";
import { loadConfig } from "../../state/config.js";
import { openLibrary } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { daemonContext } from "../support/context.js";
import { makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

interface Report {
  checked: boolean;
  counts: Record<string, number | null>;
  drift: { sampled: number; min_similarity: number | null; warning: string | null };
  failed: { id: number; reason: string }[];
}

describe("cosine", () => {
  it("is 1 for the same direction, 0 for orthogonal or mismatched vectors", () => {
    expect(cosine(Float32Array.of(1, 2, 3), Float32Array.of(2, 4, 6))).toBeCloseTo(1, 6);
    expect(cosine(Float32Array.of(1, 0), Float32Array.of(0, 1))).toBe(0);
    expect(cosine(Float32Array.of(1, 0), Float32Array.of(1, 0, 0))).toBe(0);
    expect(cosine(Float32Array.of(0, 0), Float32Array.of(1, 0))).toBe(0);
    expect(DRIFT_THRESHOLD).toBe(0.999);
  });
});

describe.skipIf(!hasTools)("svc embed: freshness categories and the drift check", () => {
  let fixtures: Awaited<ReturnType<typeof tempWorkspace>>;
  let still: string;
  let host: FakeModelHost;
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let env: Record<string, string>;

  const embed = async (...flags: string[]) => {
    const result = await svc(["embed", "--json", ...flags], env);
    expect(result.exitCode, result.stderr).toBe(0);
    return { report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
  };

  beforeAll(async () => {
    fixtures = await tempWorkspace("svc-embed-fixtures-");
    host = await startFakeModelHost({ dim: 64 });
    still = await makeStill(fixtures.base, "png");
  }, 120_000);

  afterAll(async () => {
    await host?.close();
    await fixtures?.cleanup();
  });

  /**
   * Each test gets a project of its own: three stills ingested without embeddings, so every item is
   * new to the builder, and with `embedded` a first `svc embed` run over them.
   */
  const project = (embedded: boolean) => {
    beforeEach(async () => {
      ws = await tempWorkspace("svc-embed-");
      env = ws.env({ OLLAMA_HOST: host.url, SVC_ASR: "none" });
      for (const name of ["a.png", "b.png", "c.png"]) await copyFile(still, join(ws.root, name));
      const ingest = await svc(["ingest", "--no-embed"], env);
      expect(ingest.exitCode, ingest.stderr).toBe(0);
      if (embedded) expect((await embed()).report.counts.new).toBe(3);
    }, 120_000);

    afterEach(async () => {
      await ws?.cleanup();
    });
  };

  describe("before any embedding", () => {
    project(false);

    it("counts new items, then nothing stale; zero is reported as checked, not as missing", async () => {
      const first = await embed();
      expect(first.report.checked).toBe(true);
      expect(first.report.counts).toEqual({ new: 3, stale: 0, unverified: 0, forced: 0, unchanged: 0 });
      const second = await embed();
      expect(second.report.counts).toEqual({ new: 0, stale: 0, unverified: 0, forced: 0, unchanged: 3 });
      expect(second.report.drift.warning).toBeNull();
      expect(second.report.drift.min_similarity).toBeGreaterThanOrEqual(DRIFT_THRESHOLD);
    });
  });

  describe("once every item is embedded", () => {
    project(true);

    it("re-embeds an item without a stored hash as unverified, and a changed one as stale", async () => {
      const lib = openLibrary(ws.root);
      try {
        const a = lib.media.byPath("a.png")?.id as number;
        const b = lib.media.byPath("b.png")?.id as number;
        lib.media.setEmbedHash(a, null);
        lib.tags.addManual(b, "harbour at night");
      } finally {
        lib.close();
      }
      const { report } = await embed();
      expect(report.counts).toEqual({ new: 0, stale: 1, unverified: 1, forced: 0, unchanged: 1 });
    });

    it("warns when recomputed vectors no longer match the stored ones (the model changed)", async () => {
      const lib = openLibrary(ws.root);
      try {
        // Stored vectors from "another model": same name, different numbers.
        for (const row of lib.media.all()) {
          const stored = lib.vectors.forMedia(row.id);
          for (const v of stored) {
            const vector = lib.vectors.vector(v.id) as Float32Array;
            const skewed = vector.map((x, i) => (i % 2 === 0 ? x : -x));
            lib.db
              .prepare("UPDATE vectors SET vector = ? WHERE id = ?")
              .run(Buffer.from(skewed.buffer), v.id);
          }
        }
      } finally {
        lib.close();
      }
      const { report, stderr } = await embed();
      expect(report.drift.sampled).toBeGreaterThan(0);
      expect(report.drift.min_similarity).toBeLessThan(DRIFT_THRESHOLD);
      expect(report.drift.warning).toMatch(/embedding drift/);
      expect(stderr).toMatch(/svc embed --rebuild/);
    });

    it("refuses clearly when the embedding model is not pulled", async () => {
      host.setModels(["qwen2.5vl:7b"]);
      try {
        const result = await svc(["embed"], env);
        expect(result.exitCode).toBe(2);
        expect(result.stderr).toMatch(/ollama pull bge-m3/);
        expect(result.stderr).not.toMatch(/\n\s+at /);
      } finally {
        host.setModels(["bge-m3", "qwen2.5vl:7b", "qwen2.5:14b"]);
      }
    });

    it("an embedding of the wrong dimension fails the item and keeps its vectors", async () => {
      const lib = openLibrary(ws.root);
      const before = lib.vectors.counts("bge-m3").count;
      const c = lib.media.byPath("c.png")?.id as number;
      lib.tags.addManual(c, "night exterior");
      lib.close();
      host.failNext("/api/embed", "wrong_dim", 1);
      const result = await svc(["embed", "--json"], env);
      expect(result.exitCode).toBe(1);
      const report = JSON.parse(result.stdout) as Report;
      expect(report.failed).toEqual([
        { id: c, reason: expect.stringMatching(/63 dimensions where the index holds 64/) },
      ]);
      const after = openLibrary(ws.root);
      try {
        expect(after.vectors.counts("bge-m3").count).toBe(before);
        expect(after.media.byPath("c.png")?.embed_hash).not.toBeNull();
      } finally {
        after.close();
      }
      // The next run, with a healthy host, catches up.
      expect((await embed()).report.counts.stale).toBe(1);
    });

    /** The context a daemon would hand the freshness run, over this workspace. */

    it("the daemon's freshness run catches stale items up, and skips a project whose slot is taken", async () => {
      const { ctx, registry } = await daemonContext(loadConfig(env));
      const stale = () => {
        const lib = openLibrary(ws.root);
        try {
          const id = lib.media.byPath("a.png")?.id as number;
          return lib.media.get(id)?.embed_hash;
        } finally {
          lib.close();
        }
      };
      try {
        const lib = openLibrary(ws.root);
        lib.tags.addManual(lib.media.byPath("a.png")?.id as number, "golden hour");
        lib.close();
        const before = stale();
        const lease = claimSlot(registry, ingestSlotName(ws.root), "a test pass");
        await refreshEmbeddings(ctx, [{ root: ws.root, name: "footage" }]);
        expect(stale()).toBe(before);
        lease.release();
        await refreshEmbeddings(ctx, [{ root: ws.root, name: "footage" }]);
        expect(stale()).not.toBe(before);
      } finally {
        ctx.adapters.close();
        registry.close();
      }
    });

    it("a freshness run that finds every item fresh never has the index writer load the index", async () => {
      const { ctx, registry } = await daemonContext(loadConfig(env));
      try {
        await refreshEmbeddings(ctx, [{ root: ws.root, name: "footage" }]);
        expect(ctx.vectorThreads.writer.threadCount()).toBe(0);
      } finally {
        await ctx.vectorThreads.close();
        ctx.adapters.close();
        registry.close();
      }
    });

    it("the daemon's start brings the running totals up to date, so no status request plans them", async () => {
      const lib = openLibrary(ws.root);
      try {
        lib.tags.addManual(lib.media.byPath("c.png")?.id as number, "golden hour");
        expect(lib.totals.embedCounts().some((row) => row.state === "")).toBe(true);
      } finally {
        lib.close();
      }
      const { ctx, registry } = await daemonContext(loadConfig(env));
      const libraries = new LibraryPool(ctx);
      try {
        await ensureProjectRoot(ctx, ws.root);
        await warmTotals(ctx, libraries, new AbortController().signal);
        const after = openLibrary(ws.root);
        try {
          expect(after.totals.embedCounts().some((row) => row.state === "")).toBe(false);
          expect(after.totals.embedCounts()).toContainEqual(
            expect.objectContaining({ state: "stale", n: 1 }),
          );
        } finally {
          after.close();
        }
      } finally {
        libraries.closeAll();
        ctx.adapters.close();
        registry.close();
      }
    });

    it("the daemon's shutdown ends a freshness run waiting on a stalled model host", async () => {
      const { ctx, registry } = await daemonContext(loadConfig(env));
      try {
        const lib = openLibrary(ws.root);
        lib.tags.addManual(lib.media.byPath("b.png")?.id as number, "blue hour");
        lib.close();
        host.failNext("/api/embed", "timeout");
        const stop = new AbortController();
        const before = host.requests.length;
        const run = refreshEmbeddings(ctx, [{ root: ws.root, name: "footage" }], stop.signal);
        while (!host.requests.slice(before).some((r) => r.path === "/api/embed"))
          await new Promise((resolve) => setTimeout(resolve, 10));
        const started = Date.now();
        stop.abort();
        await run;
        // The model host client's own 30 s limit is not what ended it.
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        ctx.adapters.close();
        registry.close();
      }
    });
  });
});
