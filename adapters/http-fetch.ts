import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

/** Statuses whose answer has no body: a `Response` refuses one. */
const NULL_BODY = new Set([204, 205, 304]);
// Below the 5 s a Node server keeps an idle connection: a socket is dropped by us before the
// host can close it under a request being written.
const IDLE_SOCKET_MS = 4_000;

export interface HttpFetch {
  fetch: typeof fetch;
  /** Closes the idle connections now (they never keep the process alive). */
  close(): void;
}

/**
 * `fetch` over node:http with kept-alive connections, for the model host's client. Node's own
 * fetch (undici) spent about a fifth of the daemon's main-thread time per semantic search on
 * one small embedding request: it writes a string body as an async iterable, chunk by chunk,
 * and parses headers in WebAssembly. Same contract where the client relies on it: a real
 * `Response` (streamed body), a network failure is `TypeError("fetch failed")` with the error as
 * its cause, an abort rejects (or fails the body) with the signal's reason.
 */
export function createHttpFetch(): HttpFetch {
  const transports = new Map<string, { request: typeof httpRequest; agent: HttpAgent }>([
    ["http:", { request: httpRequest, agent: new HttpAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) }],
    [
      "https:",
      { request: httpsRequest, agent: new HttpsAgent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) },
    ],
  ]);
  const send = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request)
      return Promise.reject(new TypeError("http-fetch takes a URL, not a Request"));
    const url = new URL(input);
    const transport = transports.get(url.protocol);
    if (transport === undefined)
      return Promise.reject(new TypeError(`fetch failed: unsupported protocol ${url.protocol}`));
    const signal = init.signal ?? null;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const body = bodyBytes(init.body);
    const headers: Record<string, string> = {};
    for (const [name, value] of new Headers(init.headers)) headers[name] = value;
    if (body) headers["content-length"] = String(body.byteLength);
    return new Promise((resolve, reject) => {
      let answer: IncomingMessage | null = null;
      const req = transport.request(url, { method: init.method ?? "GET", headers, agent: transport.agent });
      const onAbort = () => {
        answer?.destroy(signal?.reason);
        req.destroy(signal?.reason);
      };
      const settled = () => signal?.removeEventListener("abort", onAbort);
      signal?.addEventListener("abort", onAbort, { once: true });
      req.on("error", (error) => {
        settled();
        reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
      });
      req.on("response", (res) => {
        answer = res;
        res.on("close", settled);
        resolve(toResponse(res));
      });
      req.end(body);
    });
  };
  return {
    fetch: send as typeof fetch,
    close: () => {
      for (const { agent } of transports.values()) agent.destroy();
    },
  };
}

function bodyBytes(body: RequestInit["body"]): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError("http-fetch sends a string or bytes as the body");
}

/** A node:http answer as a web `Response`, its body streamed (none for statuses that have none). */
export function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // A client's answer always has a status; a `Response` refuses 0, so a missing one reads as a bad gateway.
  const status = res.statusCode ?? 502;
  const init = { status, statusText: res.statusMessage ?? "", headers };
  if (NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, init);
  }
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, init);
}
