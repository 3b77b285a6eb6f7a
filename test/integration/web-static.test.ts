import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";

// Reads the web app that `npm run build` put in dist/web, as `svc serve` does.
describe("the web app's static route", () => {
  let api: TestApi;
  let html = "";
  let script = "";

  beforeAll(async () => {
    api = await startApi({ env: { SVC_TRUST_LOOPBACK: "0" } });
    const index = await api.request("GET", "/");
    html = index.text;
    script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
  });

  afterAll(async () => {
    await api?.close();
  });

  it("serves index.html without a token, with a CSP that allows only the app's own scripts", async () => {
    const index = await api.request("GET", "/");
    expect(index.status).toBe(200);
    expect(index.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers["content-security-policy"]).toMatch(/script-src 'self';.*connect-src 'self'/);
    expect(index.headers["x-frame-options"]).toBe("DENY");
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  });

  it("answers the app's routes (a reload of /clip/12) with index.html, but not a missing file or any other path", async () => {
    expect((await api.request("GET", "/clip/12?t=3")).text).toBe(html);
    expect((await api.request("GET", "/settings")).text).toBe(html);
    expect((await api.request("GET", "/sync")).text).toBe(html);
    expect((await api.request("GET", "/sync/12/13")).text).toBe(html);
    expect((await api.request("GET", "/")).text).toBe(html);
    for (const path of [
      "/assets/nothing.js",
      "/etc/passwd",
      "/clip/twelve",
      "/settings/../../etc",
      "/sync/12",
    ]) {
      const missing = await api.request("GET", path);
      expect(missing.status, path).toBe(404);
      expect(missing.json()).toEqual({ detail: "no such file" });
    }
  });

  it("serves the hashed bundle gzipped and cacheable for a year, HEAD without a body", async () => {
    const plain = await api.request("GET", script);
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const zipped = await api.request("GET", script, { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    const head = await api.request("HEAD", script);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves /api/* to the API: unknown paths are a JSON 404, guarded routes still want a token", async () => {
    const unknown = await api.request("GET", "/api/nope");
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ detail: "no such endpoint" });
    expect((await api.request("GET", "/api/media")).status).toBe(401);
    expect((await api.request("GET", "/api/health")).status).not.toBe(401);
  });

  it("answers only GET and HEAD outside /api", async () => {
    expect((await api.request("POST", "/", { body: "x" })).status).toBe(404);
  });
});
