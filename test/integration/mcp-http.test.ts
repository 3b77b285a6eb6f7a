import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken, revokeToken } from "../../library/access/tokens.js";
import { startApi, type TestApi } from "../support/api.js";
import { callTool, connectMcp, textOf } from "../support/mcp.js";

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

/**
 * One request to the MCP listener with exactly these headers (Host included). An SSE answer is
 * read until its first event, then the connection is dropped.
 */
function raw(
  mcpUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { port } = new URL(mcpUrl);
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    accept: "application/json, text/event-stream",
    ...options.headers,
  };
  if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    headers["content-length"] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: Number(port), method, path, headers, agent: false },
      (res) => {
        let text = "";
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
          if (String(res.headers["content-type"]).startsWith("text/event-stream") && text.includes("\n\n")) {
            done();
            req.destroy();
          }
        });
        res.on("end", done);
        res.on("error", () => done());
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const initialize = (api: TestApi, headers: Record<string, string> = {}) =>
  raw(api.mcpUrl as string, "POST", "/mcp", { headers, body: JSON.stringify(INITIALIZE) });

describe("MCP over HTTP: tokens (local trust off)", () => {
  let api: TestApi;
  const token = (
    scopes: string[],
    extra: { ipAllowlist?: string[]; expiresInDays?: number } = {},
    now?: Date,
  ) => createToken(api.registry, { name: `t-${scopes.join("-")}`, scopes: scopes as never, ...extra }, now);

  beforeAll(async () => {
    api = await startApi({ env: { SVC_TRUST_LOOPBACK: "0" }, mcp: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("refuses a request without a token with 401 and a Bearer challenge, on every transport path", async () => {
    for (const [method, path] of [
      ["POST", "/mcp"],
      ["GET", "/mcp"],
      ["GET", "/sse"],
      ["POST", "/messages?sessionId=x"],
    ] as const) {
      const res = await raw(api.mcpUrl as string, method, path, {
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(JSON.parse(res.text).detail).toMatch(/missing token/);
    }
  });

  it("serves a token with videos_read (or admin), over Streamable HTTP and legacy SSE", async () => {
    for (const scopes of [["videos_read"], ["admin"]]) {
      const { secret } = token(scopes);
      const res = await initialize(api, bearer(secret));
      expect(res.status, scopes.join()).toBe(200);
      expect(res.headers["mcp-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.text).toMatch(/"serverInfo":\{"name":"svc"/);
      const client = await connectMcp(api.mcpUrl as string, "sse", secret);
      const stats = await callTool(client, "library_stats");
      expect(stats.isError).toBeFalsy();
      await client.close();
    }
  });

  it("refuses a token without videos_read with 403 naming the scope", async () => {
    for (const scopes of [["chat_read"], ["media_read", "ingest_write"]]) {
      const res = await initialize(api, bearer(token(scopes).secret));
      expect(res.status).toBe(403);
      expect(JSON.parse(res.text).detail).toMatch(/videos_read/);
    }
  });

  it("refuses a revoked, an expired and an unknown token, and one from outside its allowlist", async () => {
    const revoked = token(["videos_read"]);
    revokeToken(api.registry, revoked.token.id);
    expect((await initialize(api, bearer(revoked.secret))).text).toMatch(/revoked/);
    const expired = token(["videos_read"], { expiresInDays: 1 }, new Date(Date.now() - 3 * 86_400_000));
    const late = await initialize(api, bearer(expired.secret));
    expect(late.status).toBe(401);
    expect(late.text).toMatch(/expired/);
    expect((await initialize(api, bearer("svc_not-a-real-token-at-all"))).status).toBe(401);
    const fenced = await initialize(
      api,
      bearer(token(["videos_read"], { ipAllowlist: ["10.0.0.0/8"] }).secret),
    );
    expect(fenced.status).toBe(403);
    expect(fenced.text).toMatch(/allowlist/);
  });

  it("refuses a token in the query string", async () => {
    const { secret } = token(["videos_read"]);
    const res = await raw(api.mcpUrl as string, "GET", `/sse?token=${secret}`);
    expect(res.status).toBe(401);
    expect(res.text).not.toContain(secret);
  });

  it("keeps a session to the token that opened it", async () => {
    const owner = token(["videos_read"]);
    const other = token(["videos_read"]);
    const opened = await initialize(api, bearer(owner.secret));
    const session = String(opened.headers["mcp-session-id"]);
    const list = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    const headers = { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" };
    const stolen = await raw(api.mcpUrl as string, "POST", "/mcp", {
      headers: { ...headers, ...bearer(other.secret) },
      body: list,
    });
    expect(stolen.status).toBe(404);
    const own = await raw(api.mcpUrl as string, "POST", "/mcp", {
      headers: { ...headers, ...bearer(owner.secret) },
      body: list,
    });
    expect(own.status).toBe(200);
    expect(own.text).toMatch(/search_media/);
  });
});

describe("MCP over HTTP: local trust and bad requests", () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startApi({ mcp: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("trusts a loopback caller naming a local Host, without a token", async () => {
    expect((await initialize(api)).status).toBe(200);
    expect((await initialize(api, { host: "localhost" })).status).toBe(200);
  });

  it("refuses a foreign Host (DNS rebinding) with 401 naming SVC_ALLOWED_HOSTS", async () => {
    for (const path of ["/mcp", "/sse"]) {
      const res = await raw(api.mcpUrl as string, path === "/mcp" ? "POST" : "GET", path, {
        headers: { host: "evil.example:8502" },
        body: path === "/mcp" ? JSON.stringify(INITIALIZE) : undefined,
      });
      expect(res.status, path).toBe(401);
      expect(res.text).toMatch(/SVC_ALLOWED_HOSTS/);
    }
  });

  it("refuses a request relayed with forwarded headers and a cross-site browser POST", async () => {
    expect((await initialize(api, { "x-forwarded-for": "203.0.113.9" })).status).toBe(401);
    expect((await initialize(api, { origin: "https://evil.example" })).status).toBe(403);
  });

  it("answers a second initialize on a session with an error and keeps the session", async () => {
    const opened = await initialize(api);
    const headers = {
      "mcp-session-id": String(opened.headers["mcp-session-id"]),
      "mcp-protocol-version": "2025-06-18",
    };
    const again = await raw(api.mcpUrl as string, "POST", "/mcp", {
      headers,
      body: JSON.stringify(INITIALIZE),
    });
    expect(again.status).toBe(400);
    expect(again.text).toMatch(/already initialized/i);
    const list = await raw(api.mcpUrl as string, "POST", "/mcp", {
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(list.status).toBe(200);
  });

  it.each([
    ["a body that is not JSON", "{not json", 400, /Parse error/],
    ["a body over 1 MiB", JSON.stringify({ ...INITIALIZE, pad: "x".repeat(1_100_000) }), 413, /too large/],
  ])("answers %s with a JSON-RPC error", async (_label, body, status, message) => {
    const res = await raw(api.mcpUrl as string, "POST", "/mcp", { body });
    expect(res.status).toBe(status);
    expect(JSON.parse(res.text).error.message).toMatch(message);
  });

  it("answers a request outside any session on its own, as plain JSON", async () => {
    const res = await raw(api.mcpUrl as string, "POST", "/mcp/", {
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "get_scenes", arguments: { media_id: 5 } },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
    expect(JSON.parse(res.text)).toMatchObject({ id: 7, result: { structuredContent: { scenes: null } } });
  });

  it("answers an unknown session id with 404 and an unknown path or method plainly", async () => {
    const lost = await raw(api.mcpUrl as string, "POST", "/mcp", {
      headers: { "mcp-session-id": "00000000-0000-0000-0000-000000000000" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(lost.status).toBe(404);
    expect((await raw(api.mcpUrl as string, "GET", "/api/media")).status).toBe(404);
    const put = await raw(api.mcpUrl as string, "PUT", "/mcp", { body: "{}" });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, POST, DELETE");
  });

  it("still serves a well-behaved client after all of that", async () => {
    const client = await connectMcp(api.mcpUrl as string, "streamable");
    const result = await callTool(client, "get_media", { media_id: 1 });
    expect(textOf(result)).toBe("null");
    await client.close();
  });
});
