import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelHostsReport } from "../../domain/schemas/system.js";
import { startApi, type TestApi } from "../support/api.js";
import { type AsrTestServer, startAsrServer } from "../support/asr-server.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";

describe("GET /api/models/hosts", () => {
  let api: TestApi;
  let hosts: FakeModelHost[] = [];
  let speech: AsrTestServer[] = [];

  beforeAll(async () => {
    hosts = await Promise.all([0, 1, 2].map(() => startFakeModelHost({ dim: 16 })));
    speech = await Promise.all([0, 1].map(() => startAsrServer()));
    const [, b, c] = hosts as [FakeModelHost, FakeModelHost, FakeModelHost];
    c.setRevision(1);
    await b.stop();
    api = await startApi({
      env: {
        SVC_MODEL_HOSTS: hosts.map((h) => h.url).join(","),
        SVC_ASR: "openai",
        SVC_ASR_URLS: speech.map((s) => s.url).join(","),
      },
    });
  });

  afterAll(async () => {
    await api?.close();
    await Promise.all([...hosts, ...speech].map((s) => s.close()));
  });

  it("lists every model host with its state and models, and every transcription server", async () => {
    const res = await api.request("GET", "/api/models/hosts");
    expect(res.status).toBe(200);
    const body = res.json<ModelHostsReport>();
    const [a, b, c] = hosts as [FakeModelHost, FakeModelHost, FakeModelHost];
    expect(body.model_hosts.map((h) => h.url)).toEqual([a.url, b.url, c.url]);
    const [onA, onB, onC] = body.model_hosts;
    expect(onA).toMatchObject({ reachable: true, last_error: null, out_until: null, in_flight: 0 });
    expect(onA?.serving).toEqual(
      ["bge-m3", "qwen2.5vl:7b", "qwen2.5:14b"].filter((m) => onA?.serving.includes(m)),
    );
    expect(onA?.serving).toContain("bge-m3");
    expect(onA?.models?.find((m) => m.name === "bge-m3:latest")?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(onB).toMatchObject({ reachable: false, models: null, serving: [], failures: 1 });
    expect(onB?.last_error).toMatch(/unreachable/);
    expect(Date.parse(onB?.out_until ?? "")).toBeGreaterThan(Date.now());
    // The third holds other builds of every model: listed, reachable, and given no work.
    expect(onC).toMatchObject({ reachable: true, serving: [] });
    expect(onC?.models?.find((m) => m.name === "bge-m3:latest")?.digest).not.toBe(
      onA?.models?.find((m) => m.name === "bge-m3:latest")?.digest,
    );
    expect(body.asr_servers.map((s) => s.url)).toEqual(speech.map((s) => s.url));
    expect(body.asr_servers[0]).toMatchObject({
      reachable: null,
      last_error: null,
      out_until: null,
      in_flight: 0,
    });
  });

  it("leaves the public health report as it was: booleans, model names and the search state", async () => {
    const health = (await api.request("GET", "/api/health")).json<Record<string, unknown>>();
    expect(Object.keys(health).sort()).toEqual(["checks", "failing", "models", "ready", "search"]);
    expect(["warming", "ready"]).toContain(health.search);
    expect(health.checks).toMatchObject({ model_host: true, speech_recognition: true });
    expect(JSON.stringify(health)).not.toContain("127.0.0.1");
  });
});
