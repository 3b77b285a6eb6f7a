import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHttpFetch, type HttpFetch } from "../../adapters/http-fetch.js";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

describe("http-fetch: the model host client's fetch over node:http", () => {
  let server: Server;
  let base = "";
  let handler: Handler = (_req, _body, res) => res.end();
  let connections = 0;
  let client: HttpFetch;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => handler(req, Buffer.concat(chunks).toString("utf8"), res));
    });
    server.on("connection", () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = createHttpFetch();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    client.close();
    client = createHttpFetch();
  });

  it("posts the body with its headers and gives back status, headers and JSON", async () => {
    handler = (req, body, res) => {
      res.setHeader("content-type", "application/json");
      res.setHeader(
        "x-seen",
        `${req.method} ${req.url} ${req.headers["content-type"]} ${req.headers["content-length"]}`,
      );
      res.end(JSON.stringify({ echo: JSON.parse(body) }));
    };
    const payload = JSON.stringify({ model: "bge-m3", input: ["ünïcode words"] });
    const res = await client.fetch(`${base}/api/embed`, {
      method: "POST",
      body: payload,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get("x-seen")).toBe(`POST /api/embed application/json ${Buffer.byteLength(payload)}`);
    expect(await res.json()).toEqual({ echo: { model: "bge-m3", input: ["ünïcode words"] } });
  });

  it("passes a failure status through with its body", async () => {
    handler = (_req, _body, res) => {
      res.statusCode = 404;
      res.end('{"error":"model \\"x\\" not found"}');
    };
    const res = await client.fetch(`${base}/api/embed`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(res.ok).toBe(false);
    expect(await res.text()).toBe('{"error":"model \\"x\\" not found"}');
  });

  it("answers 204 with an empty body", async () => {
    handler = (_req, _body, res) => {
      res.statusCode = 204;
      res.end();
    };
    const res = await client.fetch(`${base}/api/delete`, { method: "DELETE", body: "{}" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
  });

  it("streams the body as it arrives", async () => {
    let finish: () => void = () => {};
    handler = (_req, _body, res) => {
      res.write('{"part":1}\n');
      finish = () => res.end('{"part":2}\n');
    };
    const res = await client.fetch(`${base}/api/chat`, { method: "POST", body: "{}" });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('{"part":1}\n');
    finish();
    let rest = "";
    for (let next = await reader.read(); !next.done; next = await reader.read())
      rest += new TextDecoder().decode(next.value);
    expect(rest).toBe('{"part":2}\n');
  });

  it("keeps one connection for requests in turn", async () => {
    handler = (_req, _body, res) => res.end("ok");
    const ask = async (i: number) =>
      expect(await (await client.fetch(`${base}/x`, { method: "POST", body: String(i) })).text()).toBe("ok");
    // The first request may open a connection or take one an earlier case left idle; the rest reuse it.
    await ask(0);
    const before = connections;
    for (let i = 1; i < 5; i++) await ask(i);
    expect(connections - before).toBe(0);
  });

  it("rejects with the signal's reason, before and during a request", async () => {
    const early = new AbortController();
    early.abort(new Error("cancelled early"));
    await expect(client.fetch(`${base}/x`, { signal: early.signal })).rejects.toThrow("cancelled early");

    handler = () => {}; // never answers
    const late = new AbortController();
    const pending = client.fetch(`${base}/x`, { method: "POST", body: "{}", signal: late.signal });
    late.abort(new Error("cancelled late"));
    await expect(pending).rejects.toThrow("cancelled late");
  });

  it("fails the body with the signal's reason when aborted while reading", async () => {
    handler = (_req, _body, res) => res.write("partial");
    const controller = new AbortController();
    const res = await client.fetch(`${base}/x`, { method: "POST", body: "{}", signal: controller.signal });
    controller.abort(new Error("stopped reading"));
    await expect(res.text()).rejects.toThrow("stopped reading");
  });

  it("reports a refused connection as fetch does, with the system error as cause", async () => {
    // A port that was just listened on and closed: nothing answers there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await client.fetch(`http://127.0.0.1:${port}/api/tags`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe("fetch failed");
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe("ECONNREFUSED");
  });
});
