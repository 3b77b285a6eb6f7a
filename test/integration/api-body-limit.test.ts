import { request } from "node:http";
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
