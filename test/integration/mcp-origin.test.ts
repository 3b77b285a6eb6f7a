import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One request to the MCP listener with exactly these headers. An event stream is closed as soon
 * as its headers arrive (it would never end); any other answer is read whole.
 */
function mcpRequest(
  mcpUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const { port } = new URL(mcpUrl);
  const sent =
    body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: sent, agent: false }, (res) => {
      const contentType = String(res.headers["content-type"] ?? "");
      if (contentType.startsWith("text/event-stream")) {
        res.destroy();
        resolve({ status: res.statusCode ?? 0, contentType, body: "" });
        return;
      }
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode ?? 0, contentType, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "origin-test", version: "1" },
  },
});

const JSON_RPC = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("the MCP listener and the Origin of a request", () => {
  let api: TestApi;
  let mcpUrl: string;
  let local: string;

  beforeAll(async () => {
    api = await startApi({ mcp: true });
    mcpUrl = api.mcpUrl as string;
    local = new URL(mcpUrl).host;
  });
  afterAll(() => api.close());

  // The MCP transports: Origin is validated on every connection and a bad one answered 403. A page
  // on another site must not even open a stream: each /sse opened is a session that pushes out
  // the least recently used one, a real client's.
  it.each<[string, string, Record<string, string>]>([
    ["GET", "/sse", {}],
    ["GET", "/mcp", { accept: "text/event-stream" }],
    ["POST", "/mcp", JSON_RPC],
    ["DELETE", "/mcp", { "mcp-session-id": "any" }],
    ["POST", "/messages?sessionId=any", { "content-type": "application/json" }],
  ])(
    "refuses %s %s from a page of another site with 403, though the caller is local",
    async (method, path, extra) => {
      const body = method === "POST" ? INITIALIZE : undefined;
      const foreigners: Record<string, string>[] = [
        { origin: "http://evil.example.com" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
      ];
      for (const foreign of foreigners) {
        const answer = await mcpRequest(mcpUrl, method, path, { host: local, ...extra, ...foreign }, body);
        expect(answer.status, JSON.stringify(foreign)).toBe(403);
        expect(JSON.parse(answer.body).detail).toContain("cross-site request refused");
      }
    },
  );

  it("opens the legacy SSE stream for a local caller without an Origin or with its own", async () => {
    const callers: Record<string, string>[] = [{ host: local }, { host: local, origin: `http://${local}` }];
    for (const headers of callers) {
      const answer = await mcpRequest(mcpUrl, "GET", "/sse", headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.contentType).toMatch(/^text\/event-stream/);
    }
  });

  it("starts a Streamable HTTP session for a same-origin caller", async () => {
    const answer = await mcpRequest(
      mcpUrl,
      "POST",
      "/mcp",
      { host: local, origin: `http://${local}`, ...JSON_RPC },
      INITIALIZE,
    );
    expect(answer.status).toBe(200);
  });

  it("answers a DNS-rebinding page (its own name as Host and Origin) 401: that Host earns no local trust", async () => {
    const rebound = { host: "evil.example.com", origin: "http://evil.example.com" };
    const answer = await mcpRequest(mcpUrl, "POST", "/mcp", { ...rebound, ...JSON_RPC }, INITIALIZE);
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).detail).toContain('Host "evil.example.com" is not trusted');
  });
});
