import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { LRUCache } from "lru-cache";
import type { Scope } from "../domain/scopes.js";
import { type Caller, guard, isCrossSite, type RequestFacts } from "../library/access/guard.js";
import { verifyToken } from "../library/access/tokens.js";
import { AnswerCache } from "./answer-cache.js";
import { directCall, directHeaders } from "./direct-call.js";
import { publicText } from "./present.js";
import { createMcpServer, type McpDeps } from "./server.js";

/** SPEC.md: the MCP surface needs videos_read (admin implies it). */
export const MCP_SCOPES: readonly Scope[] = ["videos_read"];

// A session nobody has used for this long is closed; a client that comes back starts a new one.
const IDLE_MS = 30 * 60_000;
// Open sessions at most; the least recently used one makes room for a new client.
const MAX_SESSIONS = 256;
// The largest JSON-RPC request accepted: tool arguments are a few small fields.
const MAX_BODY = 1024 * 1024;

type Endpoint = "streamable" | "sse" | "messages";

/** The transport paths: Streamable HTTP at /mcp; the older HTTP+SSE pair for clients that predate it. */
const ENDPOINTS: Readonly<Record<string, { endpoint: Endpoint; methods: readonly string[] }>> = {
  "/mcp": { endpoint: "streamable", methods: ["GET", "POST", "DELETE"] },
  "/sse": { endpoint: "sse", methods: ["GET"] },
  "/messages": { endpoint: "messages", methods: ["POST"] },
};

interface Session {
  readonly transport: Transport;
  readonly server: McpServer;
  /** Who opened it: a session is only usable by the same token (or the same local trust). */
  readonly owner: string;
  lastUsed: number;
}

const ownerOf = (caller: Caller) => (caller.kind === "token" ? `token:${caller.token.id}` : caller.kind);

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const rpcError = (res: ServerResponse, status: number, code: number, message: string) =>
  sendJson(res, status, { jsonrpc: "2.0", error: { code, message }, id: null });

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The MCP sessions of one listener, each with its own server instance; no state outside it. */
class Sessions {
  // add() ends the least recently used session itself before a new one would push it out; the
  // cache's own eviction, for adds racing past that, still closes what it drops.
  private readonly open = new LRUCache<string, Session>({
    max: MAX_SESSIONS,
    dispose: (session, _id, reason) => {
      if (reason === "evict") void session.server.close().catch(() => {});
    },
  });
  private readonly answers = new AnswerCache();

  constructor(private readonly deps: McpDeps) {}

  get(id: string, owner: string): Session | undefined {
    const session = this.open.peek(id);
    if (!session || session.owner !== owner) return undefined;
    // Only its owner's use makes a session recently used.
    this.open.get(id);
    session.lastUsed = Date.now();
    return session;
  }

  async add(id: string, session: Session): Promise<void> {
    if (this.open.size >= MAX_SESSIONS) {
      const oldest = this.open.rkeys().next().value;
      if (oldest !== undefined) await this.end(oldest);
    }
    this.open.set(id, session);
  }

  forget(id: string): void {
    this.open.delete(id);
  }

  async end(id: string): Promise<void> {
    const session = this.open.peek(id);
    if (!session) return;
    this.open.delete(id);
    await session.server.close().catch(() => {});
  }

  async sweep(now = Date.now()): Promise<void> {
    for (const [id, session] of [...this.open.entries()])
      if (now - session.lastUsed > IDLE_MS) await this.end(id);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((id) => this.end(id)));
  }

  newServer(): McpServer {
    return createMcpServer(this.deps, this.answers);
  }

  direct(body: unknown): Promise<Buffer[] | undefined> {
    return directCall(body, this.deps, this.answers);
  }
}

/** A POST's body as JSON, or undefined once the request has been answered with the reason. */
async function readJson(req: IncomingMessage, res: ServerResponse): Promise<{ body: unknown } | undefined> {
  try {
    return { body: JSON.parse(await readBody(req)) };
  } catch (error) {
    if (error instanceof TooLarge) rpcError(res, 413, -32600, "request body too large");
    else rpcError(res, 400, -32700, "Parse error: the body is not JSON");
    return undefined;
  }
}

/** Sends a direct answer (see direct-call.ts) as the SDK sends a JSON response. */
function sendDirect(res: ServerResponse, parts: readonly Buffer[], sessionId: string | undefined) {
  res.writeHead(200, {
    "content-type": "application/json",
    "content-length": String(parts.reduce((sum, part) => sum + part.length, 0)),
    ...(sessionId === undefined ? {} : { "mcp-session-id": sessionId }),
  });
  res.cork();
  for (const part of parts) res.write(part);
  res.end();
}

async function streamable(req: IncomingMessage, res: ServerResponse, owner: string, sessions: Sessions) {
  const id = req.headers["mcp-session-id"];
  const direct = req.method === "POST" && directHeaders((name) => headerValue(req, name));
  if (typeof id === "string") {
    const session = sessions.get(id, owner);
    if (!session) return rpcError(res, 404, -32001, "Session not found: start a new one with initialize");
    const transport = session.transport as StreamableHTTPServerTransport;
    if (!direct) return transport.handleRequest(req, res);
    const read = await readJson(req, res);
    if (!read) return;
    const answer = await sessions.direct(read.body);
    if (answer) return sendDirect(res, answer, id);
    return transport.handleRequest(req, res, read.body);
  }
  if (req.method !== "POST")
    return rpcError(res, 400, -32000, "Bad Request: an mcp-session-id header is required");
  const read = await readJson(req, res);
  if (!read) return;
  const { body } = read;
  if (!isInitializeRequest(body)) {
    const answer = direct ? await sessions.direct(body) : undefined;
    if (answer) return sendDirect(res, answer, undefined);
    return oneShot(res, req, body, sessions);
  }
  const server = sessions.newServer();
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    enableJsonResponse: true,
    onsessioninitialized: (sessionId): Promise<void> =>
      sessions.add(sessionId, { transport, server, owner, lastUsed: Date.now() }),
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.forget(transport.sessionId);
  };
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

/**
 * A request outside any session (a script's single `tools/call`, say) is answered on its own by
 * a server that lives for this request only: svc's tools need no session state, so refusing it
 * would only make simple clients harder to write.
 */
async function oneShot(res: ServerResponse, req: IncomingMessage, body: unknown, sessions: Sessions) {
  const server = sessions.newServer();
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on("close", () => void server.close().catch(() => {}));
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}

async function legacyStream(res: ServerResponse, owner: string, sessions: Sessions) {
  const server = sessions.newServer();
  const transport = new SSEServerTransport("/messages", res);
  await sessions.add(transport.sessionId, { transport, server, owner, lastUsed: Date.now() });
  res.on("close", () => void sessions.end(transport.sessionId));
  await server.connect(transport);
}

async function legacyMessage(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  owner: string,
  sessions: Sessions,
) {
  const id = url.searchParams.get("sessionId") ?? "";
  const session = sessions.get(id, owner);
  if (!session) return rpcError(res, 404, -32001, "Session not found: open GET /sse first");
  await (session.transport as SSEServerTransport).handlePostMessage(req, res);
}

export interface McpListener {
  /** Where the Streamable HTTP endpoint listens. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * The MCP tools over HTTP on their own port: Streamable HTTP at `/mcp` and the legacy HTTP+SSE
 * transport at `/sse` + `/messages`, every request through the API's guard (token with
 * videos_read, its allowlist and expiry; local trust only for a loopback caller naming a local
 * Host, which is the DNS-rebinding defence).
 */
export async function startMcpHttp(deps: McpDeps, host: string, port: number): Promise<McpListener> {
  const { ctx } = deps;
  const sessions = new Sessions(deps);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://mcp.invalid");
    const path = ENDPOINTS[url.pathname.replace(/(.)\/+$/, "$1")];
    if (!path)
      return sendJson(res, 404, {
        detail: "no such endpoint: MCP is served at /mcp (and /sse for older clients)",
      });
    const method = req.method ?? "GET";
    if (!path.methods.includes(method))
      return sendJson(
        res,
        405,
        { detail: `${method} is not served at ${url.pathname}` },
        { allow: path.methods.join(", ") },
      );
    const facts: RequestFacts = {
      peer: req.socket.remoteAddress ?? "",
      headers: { get: (name) => headerValue(req, name) },
      query: url.searchParams,
    };
    // The MCP transports require Origin to be checked on every connection, a stream's GET included,
    // and a bad one answered 403: no page of another site has any business here, reads included.
    if (isCrossSite(facts.headers))
      return sendJson(res, 403, {
        detail: "cross-site request refused: the MCP endpoints accept only same-site requests",
      });
    const verdict = guard(facts, { method: method as "GET", scopes: MCP_SCOPES }, ctx.config, (secret) =>
      verifyToken(ctx.registry, secret),
    );
    if (!verdict.ok) {
      const challenge: Record<string, string> =
        verdict.status === 401 ? { "www-authenticate": 'Bearer realm="svc"' } : {};
      return sendJson(res, verdict.status, { detail: verdict.detail }, challenge);
    }
    const owner = ownerOf(verdict.caller);
    if (path.endpoint === "streamable") return streamable(req, res, owner, sessions);
    if (path.endpoint === "sse") return legacyStream(res, owner, sessions);
    return legacyMessage(req, res, url, owner, sessions);
  };

  const server: Server = createServer((req, res) => {
    const started = performance.now();
    res.on("finish", () => {
      ctx.log.info(
        {
          transport: "mcp",
          method: req.method,
          path: pathOf(req),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "request",
      );
    });
    handle(req, res).catch((error: unknown) => {
      ctx.log.error({ err: error, path: pathOf(req) }, "MCP request failed");
      if (!res.headersSent) rpcError(res, 500, -32603, "internal error (the service log has the details)");
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const sweep = setInterval(() => void sessions.sweep(), 60_000);
  sweep.unref();
  const bound = (server.address() as AddressInfo).port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${bound}/mcp`,
    port: bound,
    async close() {
      clearInterval(sweep);
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const pathOf = (req: IncomingMessage) => publicText((req.url ?? "").split("?")[0] ?? "");

function headerValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
