import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServeChild, startServe } from "../support/cli.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

const ROUTER = "router:1b";

// One story in order: the model is missing, reported so, and then pulled; the last case pulls it.
describe("SVC_INTENT_MODEL set but not installed", { shuffle: false }, () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  let serve: ServeChild;

  beforeAll(async () => {
    ws = await tempWorkspace();
    host = await startFakeModelHost();
    serve = await startServe(
      ws.env({ OLLAMA_HOST: host.url, SVC_INTENT_MODEL: ROUTER, SVC_PORT: "0", SVC_MCP_PORT: "0" }),
    );
  }, 60_000);

  afterAll(async () => {
    serve?.child.kill("SIGKILL");
    await host?.close();
    await ws?.cleanup();
  });

  it("is reported at startup with the pull command", async () => {
    const line = await until("the missing-model warning", () =>
      serve
        .stdout()
        .split("\n")
        .find((l) => l.includes("SVC_INTENT_MODEL is not installed")),
    );
    expect(line).toContain(`ollama pull ${ROUTER}`);
  });

  it("is reported by health as not pulled, and by the status with the pull command", async () => {
    type Models = { models: Record<string, { name: string; pulled: boolean; pull?: string } | null> };
    const health = (await (await fetch(new URL("/api/health", serve.url))).json()) as Models;
    // The unauthenticated health carries booleans and model names only.
    expect(health.models.intent).toEqual({ name: ROUTER, pulled: false });
    const status = (await (await fetch(new URL("/api/status", serve.url))).json()) as Models;
    expect(status.models.intent).toEqual({ name: ROUTER, pulled: false, pull: `ollama pull ${ROUTER}` });
    expect(status.models.chat).toEqual({ name: "qwen2.5:14b", pulled: true });
  });

  it("leaves routing to the chat model until it is pulled, then uses it", async () => {
    const ask = async () => {
      const from = host.requests.length;
      const res = await fetch(new URL("/api/chat", serve.url), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt: "what is a J cut?" }),
      });
      expect(res.status).toBe(200);
      const routed = host.requests
        .slice(from)
        .filter((r) => r.path === "/api/chat" && (r.body as { format?: unknown }).format)
        .map((r) => (r.body as { model: string }).model);
      return routed;
    };
    expect(await ask()).toEqual([ROUTER, "qwen2.5:14b"]);
    host.setModels(["bge-m3", "qwen2.5:14b", "qwen2.5vl:7b", ROUTER]);
    expect(await ask()).toEqual([ROUTER]);
  });
});
