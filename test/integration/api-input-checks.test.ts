import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";

let api: TestApi;

// A server of its own for each test: several count the bins and corrections the server holds.
beforeEach(async () => {
  api = await startApi();
});

afterEach(async () => {
  await api?.close();
});

const bins = async () => (await api.request("GET", "/api/bins")).json<{ bins: { name: string }[] }>().bins;
const rules = async () => (await api.request("GET", "/api/corrections")).json<{ rules: unknown[] }>().rules;
const detail = (res: { json<T>(): T }) => res.json<{ detail: string }>().detail;

describe("a JSON body sent as something else", () => {
  it("is refused with 415 and changes nothing", async () => {
    for (const type of [
      "text/plain",
      "text/plain; charset=utf-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      "application/json; charset=iso-8859-1",
    ]) {
      const res = await api.request("POST", "/api/bins", {
        headers: { "content-type": type },
        body: JSON.stringify({ name: "refused" }),
      });
      expect(res.status, type).toBe(415);
      expect(detail(res), type).toMatch(/Content-Type: application\/json/);
    }
    expect(await bins()).toEqual([]);
  });

  it("is refused with 415 when it has no Content-Type at all", async () => {
    const res = await api.request("POST", "/api/bins", { body: Buffer.from('{"name":"untyped"}') });
    expect(res.status).toBe(415);
    expect(detail(res)).toMatch(/no Content-Type/);
    expect(await bins()).toEqual([]);
  });

  it("is read when the type is application/json, with or without parameters, in any case", async () => {
    const types = ["application/json", "application/json; charset=utf-8", 'Application/JSON;charset="UTF-8"'];
    for (const [i, type] of types.entries()) {
      const res = await api.request("POST", "/api/bins", {
        headers: { "content-type": type },
        body: JSON.stringify({ name: `typed ${i}` }),
      });
      expect(res.status, `${type}: ${res.text}`).toBe(201);
    }
    expect((await bins()).map((b) => b.name).sort()).toEqual(["typed 0", "typed 1", "typed 2"]);
  });

  it("leaves a request without a body alone, whatever its Content-Type", async () => {
    const root = api.root as string;
    mkdirSync(join(root, "svc-sample"), { recursive: true });
    mkdirSync(join(root, ".svc"), { recursive: true });
    writeFileSync(join(root, ".svc", "sample.json"), "{}\n");
    // As `curl -X POST …/api/sample/seed` sends it: no body, no Content-Type.
    const bare = await api.request("POST", "/api/sample/seed");
    expect(bare.status, bare.text).toBe(200);
    const typed = await api.request("POST", "/api/sample/seed", {
      headers: { "content-type": "text/plain" },
    });
    expect(typed.status, typed.text).toBe(200);
  });
});

describe("text that is not Unicode", () => {
  it("refuses a lone surrogate escape with 422 naming the field, and stores nothing", async () => {
    const before = await bins();
    const res = await api.request("POST", "/api/bins", { body: '{"name":"A \\ud800 bin"}' });
    expect(res.status).toBe(422);
    expect(detail(res)).toMatch(/^name: .*lone surrogate/);
    const nested = await api.request("PUT", "/api/corrections", {
      body: '{"rules":[{"from":"ok","to":"fine"},{"from":"x\\udfff","to":"y"}]}',
    });
    expect(nested.status).toBe(422);
    expect(detail(nested)).toMatch(/^rules\.1\.from: .*lone surrogate/);
    const inKey = await api.request("POST", "/api/bins", { body: '{"name":"k","\\ud83d":1}' });
    expect(inKey.status).toBe(422);
    expect(await bins()).toEqual(before);
    expect(await rules()).toEqual([]);
  });

  it("takes a surrogate pair, which is one character", async () => {
    const res = await api.request("POST", "/api/bins", { body: '{"name":"B-roll \\ud83c\\udfac"}' });
    expect(res.status, res.text).toBe(201);
    expect(res.json<{ name: string }>().name).toBe("B-roll 🎬");
  });

  it("refuses a body that is not UTF-8 with 422, and stores nothing", async () => {
    const before = await bins();
    for (const bytes of [
      Buffer.from([...Buffer.from('{"name":"caf'), 0xe9, ...Buffer.from('"}')]), // Latin-1 é
      Buffer.from([...Buffer.from('{"name":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]), // an encoded surrogate
      Buffer.from([...Buffer.from('{"name":"'), 0xc3, ...Buffer.from('"}')]), // a truncated sequence
    ]) {
      const res = await api.request("POST", "/api/bins", {
        headers: { "content-type": "application/json" },
        body: bytes,
      });
      expect(res.status, bytes.toString("hex")).toBe(422);
      expect(detail(res)).toBe("body is not valid UTF-8");
    }
    expect(await bins()).toEqual(before);
  });

  it("refuses a query value whose escapes are not UTF-8 with 422 naming the parameter", async () => {
    for (const value of ["%FF", "%ED%A0%80", "caf%E9", "%zz"]) {
      const res = await api.request("GET", `/api/media?limit=5&q=${value}`);
      expect(res.status, value).toBe(422);
      expect(detail(res), value).toMatch(/^q: not UTF-8/);
    }
    const named = await api.request("GET", "/api/media?q%FF=1");
    expect(named.status).toBe(422);
    const good = await api.request("GET", "/api/media?q=caf%C3%A9+%F0%9F%8E%AC");
    expect(good.status, good.text).toBe(200);
  });
});

describe("query parameters", () => {
  it("refuses one the route does not take with 422 naming it and what the route takes", async () => {
    const res = await api.request("GET", "/api/media?limit=5&colour=red");
    expect(res.status).toBe(422);
    expect(detail(res)).toMatch(/^colour: unknown query parameter for this endpoint; it takes limit, offset/);
    const none = await api.request("GET", "/api/version?v=2");
    expect(none.status).toBe(422);
    expect(detail(none)).toBe("v: unknown query parameter for this endpoint; it takes none");
    const publicRoute = await api.request("GET", "/api/health?verbose=1");
    expect(publicRoute.status).toBe(422);
  });

  it("serves the same requests without it", async () => {
    for (const path of ["/api/media?limit=5", "/api/version", "/api/health"]) {
      expect((await api.request("GET", path)).status, path).toBe(200);
    }
  });
});
