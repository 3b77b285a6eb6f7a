import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenInfo } from "../../domain/schemas/access.js";
import { createToken } from "../../library/access/tokens.js";
import { startApi, type TestApi } from "../support/api.js";

let api: TestApi;
let admin: string;
let reviewer: string;
beforeAll(async () => {
  api = await startApi({ env: { SVC_TRUST_LOOPBACK: "0" } });
  admin = createToken(api.registry, { name: "admin bay", scopes: ["admin"] }).secret;
  reviewer = createToken(api.registry, { name: "review bay", scopes: ["videos_read"] }).secret;
});
afterAll(async () => {
  await api?.close();
});

const as = (secret: string, body?: unknown) => ({
  headers: { authorization: `Bearer ${secret}` },
  ...(body === undefined ? {} : { body }),
});

describe("token administration over the API", () => {
  it("creates a token whose secret works once shown, lists it without secrets, revokes it", async () => {
    const created = await api.request(
      "POST",
      "/api/tokens",
      as(admin, { name: "ingest bay", scopes: ["ingest_write", "videos_read"], expires_in_days: 30 }),
    );
    expect(created.status, created.text).toBe(201);
    const token = created.json<TokenInfo & { secret: string }>();
    expect(token.secret).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: "ingest bay",
      scopes: ["ingest_write", "videos_read"],
      status: "active",
      revoked_at: null,
      bootstrap: false,
    });
    expect(Date.parse(token.expires_at ?? "") - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const used = await api.request("GET", "/api/stats", as(token.secret));
    expect(used.status, used.text).toBe(200);
    // videos_read only: administration stays with admin tokens.
    expect((await api.request("GET", "/api/tokens", as(token.secret))).status).toBe(403);

    const listed = await api.request("GET", "/api/tokens", as(admin));
    expect(listed.status).toBe(200);
    const { tokens } = listed.json<{ tokens: TokenInfo[] }>();
    expect(tokens.map((t) => t.name)).toEqual(expect.arrayContaining(["admin bay", "ingest bay"]));
    expect(listed.text).not.toContain(token.secret);
    expect(listed.text).not.toMatch(/"secret"|"hash"/);
    for (const t of tokens) expect(Object.keys(t)).not.toContain("secret");

    const shown = await api.request("GET", `/api/tokens/${token.id}`, as(admin));
    expect(shown.status).toBe(200);
    expect(shown.json()).toMatchObject({ id: token.id, name: "ingest bay", status: "active" });
    expect(shown.text).not.toContain(token.secret);

    const revoked = await api.request("DELETE", `/api/tokens/${token.id}`, as(admin));
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json()).toMatchObject({
      token: { id: token.id, status: "revoked" },
      already_revoked: false,
    });

    const refused = await api.request("GET", "/api/stats", as(token.secret));
    expect(refused.status).toBe(401);
    expect(refused.json<{ detail: string }>().detail).toMatch(/revoked/);

    const again = await api.request("DELETE", `/api/tokens/${token.id}`, as(admin));
    expect(again.status).toBe(200);
    expect(again.json()).toMatchObject({ token: { id: token.id, status: "revoked" }, already_revoked: true });
  });

  it("keeps an allowlist, normalised as the CLI keeps it", async () => {
    const res = await api.request(
      "POST",
      "/api/tokens",
      as(admin, { name: "edit suite", scopes: ["media_read"], ip_allowlist: ["10.0.0.0/8", "192.168.1.20"] }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.json()).toMatchObject({ ip_allowlist: ["10.0.0.0/8", "192.168.1.20/32"] });
  });

  it("refuses bad fields with 422 naming the field and the CLI's message", async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: "x", scopes: ["superuser"] }, /^scopes: unknown scope "superuser"; valid scopes: videos_read/],
      [{ name: "x", scopes: [] }, /^scopes: a token needs at least one scope/],
      [
        { name: "x", scopes: ["admin"], ip_allowlist: ["10.0.0.0/40"] },
        /^ip_allowlist: "10\.0\.0\.0\/40" is not an IP address or CIDR range/,
      ],
      [
        { name: "x", scopes: ["admin"], expires_in_days: 0 },
        /^expires_in_days: expiry must be a whole number of days from 1 to 3650/,
      ],
      [{ name: "x", scopes: ["admin"], expires_in_days: 1.5 }, /^expires_in_days: /],
      [{ name: "  ", scopes: ["admin"] }, /^name: a token name is 1–64 printable characters/],
      [{ name: "x", scopes: "admin" }, /^scopes: /],
      [{ scopes: ["admin"] }, /^name: /],
      [{ name: "x", scopes: ["admin"], secret: "mine" }, /secret/],
    ];
    const before = api.registry.tokens.all().length;
    for (const [body, detail] of cases) {
      const res = await api.request("POST", "/api/tokens", as(admin, body));
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect(api.registry.tokens.all().length).toBe(before);
  });

  it("answers 404 for an unknown id, on show and on revoke", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await api.request(method, "/api/tokens/000000000000", as(admin));
      expect(res.status).toBe(404);
      expect(res.json<{ detail: string }>().detail).toMatch(/no token with id "000000000000"/);
    }
  });

  it("refuses every token route to a caller without admin (403) and without a token (401)", async () => {
    const id = createToken(api.registry, { name: "target", scopes: ["media_read"] }).token.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/tokens"],
      ["POST", "/api/tokens", { name: "sneaky", scopes: ["admin"] }],
      ["GET", `/api/tokens/${id}`],
      ["DELETE", `/api/tokens/${id}`],
    ];
    for (const [method, path, body] of calls) {
      expect((await api.request(method, path, as(reviewer, body))).status, `${method} ${path}`).toBe(403);
      const anonymous = await api.request(method, path, body === undefined ? {} : { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect(api.registry.tokens.byId(id)?.revoked_at).toBeNull();
    expect(api.registry.tokens.all().some((t) => t.name === "sneaky")).toBe(false);
  });
});
