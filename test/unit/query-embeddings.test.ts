import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createModelHost } from "../../adapters/modelhost.js";
import type { RouteDef } from "../../api/routes/types.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { searchMedia } from "../../library/media/search.js";
import { QueryEmbeddings } from "../../library/search/query-embeddings.js";
import { ThreadFailed, ThreadsBusy } from "../../library/search/thread-pool.js";
import { silentLogger } from "../../state/logger.js";
import type { LibraryStore } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";

describe("QueryEmbeddings", () => {
  let host: FakeModelHost;
  beforeAll(async () => {
    host = await startFakeModelHost({ dim: 16, models: ["bge-m3", "other-embed"] });
  });
  afterAll(async () => {
    await host.close();
  });
  const embedCalls = () => host.requests.filter((r) => r.path === "/api/embed");

  it("asks the model host once for a text searched again", async () => {
    const queries = new QueryEmbeddings(createModelHost({ host: host.url }));
    const before = embedCalls().length;
    const first = await queries.embed("bge-m3", "harbour at dawn");
    const again = await queries.embed("bge-m3", "harbour at dawn");
    expect(Array.from(again)).toEqual(Array.from(first));
    expect(embedCalls().length - before).toBe(1);
    // Another model never shares an entry.
    await queries.embed("other-embed", "harbour at dawn");
    expect(embedCalls().length - before).toBe(2);
  });

  it("sends texts that arrive together in one request", async () => {
    const queries = new QueryEmbeddings(createModelHost({ host: host.url }));
    const before = embedCalls().length;
    const texts = ["drone sunset", "interview wide", "b-roll street", "night market", "drone sunset"];
    const vectors = await Promise.all(texts.map((t) => queries.embed("bge-m3", t)));
    expect(vectors).toHaveLength(5);
    expect(Array.from(vectors[4] as Float32Array)).toEqual(Array.from(vectors[0] as Float32Array));
    const calls = embedCalls().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ input: expect.any(Array) });
    expect((calls[0]?.body as { input: string[] } | undefined)?.input).toHaveLength(4);
  });

  it("forgets its vectors when the host serves another build of the model", async () => {
    const queries = new QueryEmbeddings(createModelHost({ host: host.url }), { digestCheckMs: 0 });
    try {
      const before = await queries.embed("bge-m3", "lighthouse storm");
      expect(Array.from(await queries.embed("bge-m3", "lighthouse storm"))).toEqual(Array.from(before));
      host.setRevision(1);
      const after = await queries.embed("bge-m3", "lighthouse storm");
      expect(Array.from(after)).not.toEqual(Array.from(before));
    } finally {
      host.setRevision(0);
    }
  });
});

describe("searchMedia under load", () => {
  const deps = (error: Error) => ({
    store: {} as LibraryStore,
    embedQuery: async () => new Float32Array([1, 0]),
    rank: async () => {
      throw error;
    },
    log: silentLogger(),
  });
  const links = { thumbnail: () => "", keyframe: () => "", waveform: () => "", sprite: () => "" };

  it("a full search queue is a 503 asking the client to retry, not a partial answer", async () => {
    const refused = searchMedia(deps(new ThreadsBusy("semantic search")), { q: "sunset" }, links);
    await expect(refused).rejects.toBeInstanceOf(UserError);
    await expect(refused).rejects.toMatchObject({ status: 503, retryAfterS: 1, exitCode: EXIT.tempfail });
  });

  it("a search thread that died twice on the query is a 503 too", async () => {
    const failed = searchMedia(deps(new ThreadFailed("thread stopped")), { q: "sunset" }, links);
    await expect(failed).rejects.toMatchObject({ status: 503, retryAfterS: 1 });
  });
});

describe("a busy answer over HTTP", () => {
  let api: TestApi;
  const busyRoute: RouteDef = {
    method: "GET",
    path: "/api/busy-fixture",
    scopes: ["media_read"],
    handler: () => {
      throw new UserError("semantic search is busy; try again in a moment", EXIT.tempfail, 503, 1);
    },
  };
  beforeAll(async () => {
    api = await startApi({ routes: [busyRoute], projectRoot: null });
  });
  afterAll(async () => {
    await api.close();
  });

  it("carries Retry-After and the reason", async () => {
    const res = await api.request("GET", "/api/busy-fixture");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.json()).toEqual({ detail: "semantic search is busy; try again in a moment" });
  });
});
