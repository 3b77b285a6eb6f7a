import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toResponse } from "./http-fetch.js";

// A host that is down on the LAN drops the SYN rather than refusing it: past this, the seat says
// so instead of holding its caller for the operating system's minutes-long connect timeout.
const CONNECT_TIMEOUT_MS = 3_000;
// A host that took the connection but sends nothing (stopped, or stuck on a dead share) for this
// long is taken as not answering; long exports still stream, which resets it.
const IDLE_TIMEOUT_MS = 60_000;

/** The host did not answer: refused, reset, unknown name or timed out. Carries the reason (`ECONNREFUSED`…). */
export class HostUnreachable extends Error {
  constructor(readonly reason: string) {
    super(`the host does not answer (${reason})`);
    this.name = "HostUnreachable";
  }
}

/** The host answered with a refusal before any tool ran (its status: 401 or 403 for the seat token). */
export class HostRefused extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
    this.name = "HostRefused";
  }
}

export interface HostRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Sent as it comes (streamed), or as bytes. */
  readonly body: ReadableStream<Uint8Array> | Uint8Array | null;
  /** The caller went away: the host's request is cut too. */
  readonly signal?: AbortSignal;
}

const reasonOf = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
};

/**
 * One request to a project's library host, both bodies streamed. Resolves with the host's answer
 * whatever its status; rejects with HostUnreachable when no answer comes (Node's keep-alive agent
 * reuses connections between requests).
 */
export function sendToHost(request: HostRequest): Promise<Response> {
  const url = new URL(request.url);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const { signal } = request;
  if (signal?.aborted) return Promise.reject(new HostUnreachable("the caller went away"));
  return new Promise((resolve, reject) => {
    const req = send(url, { method: request.method, headers: request.headers, timeout: IDLE_TIMEOUT_MS });
    const fail = (reason: string) => req.destroy(new HostUnreachable(reason));
    const onAbort = () => fail("the caller went away");
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("socket", (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => fail(`no connection within ${CONNECT_TIMEOUT_MS / 1000} s`),
        CONNECT_TIMEOUT_MS,
      );
      socket.once("connect", () => clearTimeout(timer));
      socket.once("close", () => clearTimeout(timer));
    });
    req.on("timeout", () => fail(`silent for ${IDLE_TIMEOUT_MS / 1000} s`));
    req.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(error instanceof HostUnreachable ? error : new HostUnreachable(reasonOf(error)));
    });
    req.on("response", (res) => {
      res.on("close", () => signal?.removeEventListener("abort", onAbort));
      resolve(toResponse(res));
    });
    const { body } = request;
    if (body === null) req.end();
    else if (body instanceof Uint8Array) req.end(body);
    else
      Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>)
        .on("error", (error) => req.destroy(error))
        .pipe(req);
  });
}

export interface HostToolCall {
  readonly mcpUrl: string;
  readonly token: string;
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly clientVersion: string;
}

/**
 * Calls one tool on the host's MCP endpoint (Streamable HTTP) with the seat token and returns
 * its result as the host gave it; rejects with HostUnreachable when the host does not answer.
 */
export async function callHostTool(call: HostToolCall): Promise<CallToolResult> {
  const client = new Client({ name: "svc-seat", version: call.clientVersion });
  const transport = new StreamableHTTPClientTransport(new URL(call.mcpUrl), {
    requestInit: { headers: { authorization: `Bearer ${call.token}` } },
  });
  try {
    await client.connect(transport, { timeout: IDLE_TIMEOUT_MS });
  } catch (error) {
    await client.close().catch(() => {});
    const status = (error as { code?: unknown }).code;
    if (typeof status === "number" && status >= 400 && status < 600)
      throw new HostRefused(status, (error as Error).message);
    throw new HostUnreachable(reasonOf((error as { cause?: unknown }).cause ?? error));
  }
  try {
    return (await client.callTool({ name: call.tool, arguments: call.args }, undefined, {
      timeout: IDLE_TIMEOUT_MS,
    })) as CallToolResult;
  } finally {
    await client.close().catch(() => {});
  }
}
