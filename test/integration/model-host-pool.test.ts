import { afterEach, describe, expect, it } from "vitest";
import { BACKOFF_FIRST_MS, BACKOFF_MAX_MS } from "../../adapters/host-pool.js";
import { createModelHostPool, type ModelHostPool } from "../../adapters/modelhost/pool.js";
import { FakeClock } from "../support/fake-clock.js";
import { modelHostFailure } from "../support/modelhost-failure.js";
import { type FakeModelHost, fakeEmbedding, startFakeModelHost } from "../support/modelhost-server.js";
import { until } from "../support/until.js";

const EMBED = "bge-m3";
const CHAT = "qwen2.5:14b";
const DIM = 16;

let servers: FakeModelHost[] = [];

afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function hosts(count: number, options: { latencyMs?: number } = {}): Promise<FakeModelHost[]> {
  const started = await Promise.all(
    Array.from({ length: count }, () => startFakeModelHost({ dim: DIM, ...options })),
  );
  servers.push(...started);
  return started;
}

const poolOf = (started: FakeModelHost[], clock?: FakeClock): ModelHostPool =>
  createModelHostPool({
    hosts: started.map((s) => s.url),
    ...(clock ? { now: () => clock.now() } : {}),
  });

const calls = (server: FakeModelHost, path: string) => server.requests.filter((r) => r.path === path).length;
const texts = (n: number) => Array.from({ length: n }, (_, i) => `clip ${i} of the harbour at dusk`);
const expected = (list: string[]) => list.map((t) => Float32Array.from(fakeEmbedding(t, DIM)));

describe("a pool of model hosts", () => {
  it("spreads embedding batches and chats across the hosts, and the vectors are those of one host", async () => {
    const [a, b] = await hosts(2, { latencyMs: 20 });
    const pool = poolOf([a, b] as FakeModelHost[]);
    const asked = texts(40);
    const vectors = await pool.embed(EMBED, asked, { batchSize: 5 });
    expect(vectors).toEqual(expected(asked));
    const [onA, onB] = [calls(a as FakeModelHost, "/api/embed"), calls(b as FakeModelHost, "/api/embed")];
    expect(onA + onB).toBe(8);
    expect(onA).toBeGreaterThanOrEqual(3);
    expect(onB).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 4; i++) await pool.chat({ model: CHAT, messages: [{ role: "user", content: "hi" }] });
    expect(calls(a as FakeModelHost, "/api/chat")).toBe(2);
    expect(calls(b as FakeModelHost, "/api/chat")).toBe(2);
    const status = await pool.status([EMBED, CHAT, "absent-model"]);
    expect(status).toEqual({
      reachable: true,
      pulled: { [EMBED]: true, [CHAT]: true, "absent-model": false },
    });
  });

  it("retries the work of a host stopped mid-way on another, and takes the stopped one out", async () => {
    const clock = new FakeClock(Date.now());
    const [a, b] = (await hosts(2, { latencyMs: 50 })) as [FakeModelHost, FakeModelHost];
    b.setLatency(500);
    const pool = poolOf([a, b], clock);
    const asked = texts(60);
    const work = pool.embed(EMBED, asked, { batchSize: 4 });
    await until("host b to receive an embedding request", () => calls(b, "/api/embed") > 0);
    await b.stop();
    expect(await work).toEqual(expected(asked));
    expect(b.abandoned).toContain("/api/embed");
    const [, stateB] = pool.report([EMBED]);
    expect(stateB).toMatchObject({ reachable: false, failures: 1, outUntil: clock.now() + BACKOFF_FIRST_MS });
    expect(stateB?.lastError).toMatch(/unreachable/);
    // While b is out, everything goes to a without asking b first.
    const before = b.requests.length;
    await b.start();
    await pool.embed(EMBED, texts(8), { batchSize: 2 });
    await pool.chat({ model: CHAT, messages: [{ role: "user", content: "still there?" }] });
    expect(b.requests.length).toBe(before);
  });

  it("uses a host again once its time out is over, and doubles the time out when it fails again", async () => {
    const clock = new FakeClock(Date.now());
    const [a, b] = (await hosts(2)) as [FakeModelHost, FakeModelHost];
    const pool = poolOf([a, b], clock);
    await pool.status([EMBED]);
    b.failNext("/api/chat", "500");
    await pool.chat({ model: CHAT, messages: [{ role: "user", content: "one" }] });
    await pool.chat({ model: CHAT, messages: [{ role: "user", content: "two" }] });
    expect(calls(b, "/api/chat")).toBe(1);
    expect(pool.report([CHAT])[1]?.outUntil).toBe(clock.now() + BACKOFF_FIRST_MS);
    expect(pool.report([CHAT])[1]?.lastError).toMatch(/500: llama runner process has terminated/);

    await clock.advance(BACKOFF_FIRST_MS - 1);
    await pool.chat({ model: CHAT, messages: [{ role: "user", content: "three" }] });
    expect(calls(b, "/api/chat")).toBe(1);
    await clock.advance(1);
    for (let i = 0; i < 2; i++)
      await pool.chat({ model: CHAT, messages: [{ role: "user", content: "back" }] });
    expect(calls(b, "/api/chat")).toBe(2);
    expect(pool.report([CHAT])[1]).toMatchObject({ reachable: true, failures: 0, outUntil: null });

    // Two failures in a row: out twice as long, and never longer than the maximum.
    await b.stop();
    for (let i = 0; i < 2; i++) await pool.chat({ model: CHAT, messages: [{ role: "user", content: "x" }] });
    expect(pool.report([CHAT])[1]?.outUntil).toBe(clock.now() + BACKOFF_FIRST_MS);
    await clock.advance(BACKOFF_FIRST_MS);
    for (let i = 0; i < 2; i++) await pool.chat({ model: CHAT, messages: [{ role: "user", content: "y" }] });
    expect(pool.report([CHAT])[1]).toMatchObject({
      failures: 2,
      outUntil: clock.now() + 2 * BACKOFF_FIRST_MS,
    });
    for (let failures = 3; failures <= 6; failures++) {
      await clock.advance(BACKOFF_MAX_MS);
      for (let i = 0; i < 2; i++)
        await pool.chat({ model: CHAT, messages: [{ role: "user", content: "z" }] });
    }
    expect(pool.report([CHAT])[1]).toMatchObject({ failures: 6, outUntil: clock.now() + BACKOFF_MAX_MS });
  });

  it("never sends a model's work to a host holding another build of it (another digest)", async () => {
    const [a, b, c] = (await hosts(3)) as [FakeModelHost, FakeModelHost, FakeModelHost];
    a.setRevision(1);
    const pool = poolOf([a, b, c]);
    const asked = texts(30);
    expect(await pool.embed(EMBED, asked, { batchSize: 3 })).toEqual(expected(asked));
    for (let i = 0; i < 3; i++) await pool.chat({ model: CHAT, messages: [{ role: "user", content: "hi" }] });
    expect(calls(a, "/api/embed") + calls(a, "/api/chat")).toBe(0);
    expect(calls(b, "/api/embed")).toBeGreaterThan(0);
    expect(calls(c, "/api/embed")).toBeGreaterThan(0);
    const [stateA, stateB] = pool.report([EMBED, CHAT]);
    expect(stateA?.serving).toEqual([]);
    expect(stateB?.serving).toEqual([EMBED, CHAT]);
    const digestOf = (models: { name: string; digest: string | null }[] | null | undefined) =>
      models?.find((m) => m.name === "bge-m3:latest")?.digest;
    expect(digestOf(stateA?.models)).not.toBe(digestOf(stateB?.models));
    expect(await pool.digest(EMBED)).toBe(digestOf(stateB?.models));

    // With the hosts of the build in use gone, the other build is still not used: an error instead.
    await b.stop();
    await c.stop();
    const error = await modelHostFailure(pool.embed(EMBED, asked, { batchSize: 3 }));
    expect(error.kind).toBe("unreachable");
    expect(error.message).toContain(`${a.url} holds another build of it: pull the same one everywhere`);
    expect(calls(a, "/api/embed")).toBe(0);
  });

  it("on a tie of builds, the first configured host's is the one used", async () => {
    const [a, b] = (await hosts(2)) as [FakeModelHost, FakeModelHost];
    b.setRevision(2);
    const pool = poolOf([a, b]);
    const asked = texts(12);
    expect(await pool.embed(EMBED, asked, { batchSize: 2 })).toEqual(expected(asked));
    expect(calls(b, "/api/embed")).toBe(0);
  });

  it("skips a host that lacks the model without taking it out, and names every host when none has it", async () => {
    const [a, b] = (await hosts(2)) as [FakeModelHost, FakeModelHost];
    a.setModels([CHAT]);
    const pool = poolOf([a, b]);
    expect(await pool.embed(EMBED, texts(6), { batchSize: 2 })).toHaveLength(6);
    expect(calls(a, "/api/embed")).toBe(0);
    // A listing out of date (the model removed since): the host's 404 sends the call on.
    await pool.chat({ model: CHAT, messages: [{ role: "user", content: "warm" }] });
    b.setModels([EMBED]);
    a.setModels([CHAT, EMBED]);
    b.failNext("/api/chat", "404");
    for (let i = 0; i < 2; i++) await pool.chat({ model: CHAT, messages: [{ role: "user", content: "go" }] });
    expect(pool.report([CHAT]).map((h) => h.outUntil)).toEqual([null, null]);

    const missing = await modelHostFailure(
      pool.chat({ model: "llama9", messages: [{ role: "user", content: "?" }] }),
    );
    expect(missing.kind).toBe("model_missing");
    expect(missing.message).toBe(
      `model "llama9" is not installed on any model host (${a.url}, ${b.url}): run \`ollama pull llama9\` on each`,
    );
  });

  it("fails as unreachable when every host is down, and reports unreachable without throwing", async () => {
    const [a, b] = (await hosts(2)) as [FakeModelHost, FakeModelHost];
    const pool = poolOf([a, b]);
    await a.stop();
    await b.stop();
    const error = await modelHostFailure(pool.embed(EMBED, texts(2)));
    expect(error.kind).toBe("unreachable");
    expect(error.message).toContain(a.url);
    expect(error.message).toContain(b.url);
    const status = await pool.status([EMBED]);
    expect(status.reachable).toBe(false);
    expect(status.pulled).toEqual({ [EMBED]: false });
  });

  it("a 4xx answer is the request's own fault: no retry elsewhere, no host taken out", async () => {
    const [a, b] = (await hosts(2)) as [FakeModelHost, FakeModelHost];
    const pool = poolOf([a, b]);
    await pool.status([CHAT]);
    const error = await modelHostFailure(
      pool.chat({
        model: CHAT,
        messages: [{ role: "user", content: "x", images: [Uint8Array.of(1, 2, 3)] }],
      }),
    );
    expect(error.kind).toBe("server");
    expect(error.status).toBe(400);
    expect(calls(a, "/api/chat") + calls(b, "/api/chat")).toBe(1);
    expect(pool.report([CHAT]).map((h) => h.outUntil)).toEqual([null, null]);
  });

  it("unloads a model on every host that holds it", async () => {
    const [a, b] = (await hosts(2)) as [FakeModelHost, FakeModelHost];
    b.setModels([CHAT]);
    const pool = poolOf([a, b]);
    await pool.status([EMBED]);
    await pool.unload(EMBED);
    expect(calls(a, "/api/generate")).toBe(1);
    expect(calls(b, "/api/generate")).toBe(0);
  });

  it("a lone host is never taken out: it is called as it was before pools", async () => {
    const [a] = (await hosts(1)) as [FakeModelHost];
    const clock = new FakeClock(Date.now());
    const pool = poolOf([a], clock);
    a.failNext("/api/embed", "500");
    const error = await modelHostFailure(pool.embed(EMBED, texts(2)));
    expect(error.message).toMatch(/^embedding with "bge-m3" failed: the model host answered 500/);
    expect(await pool.embed(EMBED, texts(2))).toHaveLength(2);
    expect(a.requests.map((r) => r.path)).toEqual(["/api/embed", "/api/embed"]);
    expect(pool.report([EMBED])[0]?.outUntil).toBeNull();
  });
});
