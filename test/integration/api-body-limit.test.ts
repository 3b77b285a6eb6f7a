import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../api/body.js";
import { startApi, type TestApi } from "../support/api.js";

describe("request bodies past the limit", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers a chunked body 413 once it passes the limit, while the client is still sending", async () => {
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let open = true;
      const req = request(`${api.url}/api/media/1/tags`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("error", (error) => (open ? reject(error) : undefined));
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          open = false;
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sent });
        });
      });
      // The body never ends: only a server that checks the size as it reads can answer.
      req.write('{"name":"');
      const chunk = "x".repeat(64 * 1024);
      // One chunk per turn of the event loop, as the server shares this process. Loopback
      // sockets buffer several megabytes, so the client may have queued a few MiB by the time
      // the 413 arrives; what matters is that it arrives long before the body would end.
      const pump = () => {
        if (!open || sent > MAX_BODY_BYTES * 16) return;
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(pump);
        else req.once("drain", pump);
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatch(`body larger than ${MAX_BODY_BYTES} bytes`);
    expect(answer.sent).toBeLessThan(MAX_BODY_BYTES * 16);
  });

  /**
   * Sends `size` bytes over `agent` as fast as the socket takes them, declared or chunked, and
   * records everything the client sees: the answer, any error on the request or its socket, and,
   * for an answer that closes the connection, how the socket closed (a reset shows there).
   */
  function upload(agent: Agent, size: number, chunked: boolean) {
    type Seen = { status: number; connection: string | undefined; body: string };
    return new Promise<Seen & { errors: string[]; closedWithError: boolean | null }>((resolve) => {
      const errors: string[] = [];
      let answer: Seen | undefined;
      let closed: boolean | null = null;
      const settle = () => {
        if (answer && (answer.connection !== "close" || closed !== null)) {
          resolve({ ...answer, errors, closedWithError: closed });
        }
      };
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (!chunked) headers["content-length"] = String(size);
      const req = request(`${api.url}/api/media/1/tags`, { method: "POST", headers, agent });
      req.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
      req.on("socket", (socket) => {
        socket.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
        socket.once("close", (hadError: boolean) => {
          closed = hadError;
          settle();
        });
      });
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          answer = { status: res.statusCode ?? 0, connection: res.headers.connection, body };
          settle();
        });
      });
      const chunk = Buffer.alloc(64 * 1024, 0x78);
      let sent = 0;
      const pump = () => {
        while (sent < size) {
          const n = Math.min(chunk.length, size - sent);
          sent += n;
          if (!req.write(chunk.subarray(0, n))) {
            req.once("drain", pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
  }

  it.each([
    ["a declared length", false],
    ["a chunked body", true],
  ])(
    "answers %s past the limit with Connection: close and closes cleanly under keep-alive",
    async (_name, chunked) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const result = await upload(agent, MAX_BODY_BYTES * 8, chunked);
        expect(result.status).toBe(413);
        expect(result.connection).toBe("close");
        expect(result.body).toMatch(`body larger than ${MAX_BODY_BYTES} bytes`);
        expect(result.errors).toEqual([]);
        expect(result.closedWithError).toBe(false);
        // The agent opens a new connection for the next request, which is served as usual.
        const next = await upload(agent, 2, chunked);
        expect(next.status).toBe(422);
        expect(next.errors).toEqual([]);
      } finally {
        agent.destroy();
      }
    },
  );

  it("still reads a chunked body under the limit", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${api.url}/api/media/999/tags`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.write('{"name":');
      req.end('"hero"}');
    });
    expect(status).toBe(404);
  });
});
