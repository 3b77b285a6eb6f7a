import { describe, expect, it } from "vitest";
import type { RouteDef } from "../../api/routes/types.js";
import type { TokenInfo } from "../../domain/schemas/access.js";
import {
  type GuardConfig,
  type GuardResult,
  guard,
  hostName,
  isCrossSite,
  isTrustedLocalHost,
  type TokenLookup,
} from "../../library/access/guard.js";
import { tokenInfo } from "../support/token-info.js";

const config: GuardConfig = { allowedHosts: ["studio.lan"], trustLoopback: true, trustProxyHeaders: false };
const read: Pick<RouteDef, "method" | "scopes"> = { method: "GET", scopes: ["videos_read", "media_read"] };
const write: Pick<RouteDef, "method" | "scopes"> = { method: "POST", scopes: ["ingest_write"] };
const health: Pick<RouteDef, "method" | "scopes"> = { method: "GET", scopes: null };

/** A lookup that knows one secret; every call is recorded. */
function lookupFor(secret: string, info: TokenInfo | "revoked" | "expired") {
  const seen: string[] = [];
  const lookup: TokenLookup = (presented) => {
    seen.push(presented);
    if (presented !== secret) return { ok: false, reason: "unknown" };
    return typeof info === "string" ? { ok: false, reason: info } : { ok: true, token: info };
  };
  return { lookup, seen };
}

const noTokens: TokenLookup = () => ({ ok: false, reason: "unknown" });

function request(headers: Record<string, string> = {}, peer = "127.0.0.1", query = "") {
  return {
    peer,
    headers: new Headers({ host: "127.0.0.1:8501", ...headers }),
    query: new URLSearchParams(query),
  };
}

function refusal(result: GuardResult) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.caller)}`);
  return result;
}

describe("hostName", () => {
  it.each([
    ["127.0.0.1:8501", "127.0.0.1"],
    ["LOCALHOST:80", "localhost"],
    ["[::1]:8501", "::1"],
    ["[::1]", "::1"],
    ["::1", "::1"],
    ["studio.lan", "studio.lan"],
    ["studio.lan:", "studio.lan"],
    ["[::1", ""],
    ["", ""],
  ])("%s → %s", (header, name) => {
    expect(hostName(header)).toBe(name);
  });
});

describe("isTrustedLocalHost", () => {
  it.each([
    ["127.0.0.1", true],
    ["192.168.1.20", true],
    ["::1", true],
    ["localhost", true],
    ["svc.localhost", true],
    ["studio.lan", true],
    ["evil.example", false],
    ["localhost.evil.example", false],
    ["studio.lan.evil.example", false],
    ["", false],
  ])("%s → %s", (host, trusted) => {
    expect(isTrustedLocalHost(host, config)).toBe(trusted);
  });

  it("accepts a wildcard entry for subdomains only", () => {
    const wild = { ...config, allowedHosts: ["*.edit.lan"] };
    expect(isTrustedLocalHost("bay1.edit.lan", wild)).toBe(true);
    expect(isTrustedLocalHost("edit.lan", wild)).toBe(false);
    expect(isTrustedLocalHost("evil-edit.lan", wild)).toBe(false);
  });
});

describe("isCrossSite", () => {
  const h = (headers: Record<string, string>) => new Headers(headers);
  it.each([
    [{ host: "127.0.0.1:8501" }, false],
    [{ host: "127.0.0.1:8501", origin: "http://127.0.0.1:8501" }, false],
    [{ host: "studio.lan", origin: "http://studio.lan:80" }, false],
    [{ host: "studio.lan:443", origin: "https://studio.lan" }, false],
    [{ host: "127.0.0.1:8501", "sec-fetch-site": "same-origin" }, false],
    [{ host: "127.0.0.1:8501", "sec-fetch-site": "same-site" }, false],
    [{ host: "127.0.0.1:8501", "sec-fetch-site": "none" }, false],
    [{ host: "127.0.0.1:8501", "sec-fetch-site": "cross-site" }, true],
    [{ host: "127.0.0.1:8501", origin: "http://evil.example" }, true],
    [{ host: "127.0.0.1:8501", origin: "http://127.0.0.1:8502" }, true],
    [{ host: "127.0.0.1:8501", origin: "null" }, true],
    [{ host: "127.0.0.1:8501", origin: "not a url" }, true],
    [{ origin: "http://127.0.0.1:8501" }, true],
  ])("%o → %s", (headers, crossSite) => {
    expect(isCrossSite(h(headers))).toBe(crossSite);
  });
});

describe("guard", () => {
  it("lets anyone reach a public route", () => {
    expect(guard(request({ host: "evil.example" }, "203.0.113.5"), health, config, noTokens)).toEqual({
      ok: true,
      caller: { kind: "public" },
    });
  });

  it("refuses a cross-site write before looking at the token", () => {
    const { lookup, seen } = lookupFor("s3cret", tokenInfo({ scopes: ["admin"] }));
    const result = refusal(
      guard(
        request({ authorization: "Bearer s3cret", origin: "http://evil.example" }),
        write,
        config,
        lookup,
      ),
    );
    expect(result.status).toBe(403);
    expect(seen).toEqual([]);
    expect(guard(request({ origin: "http://evil.example" }), read, config, lookup).ok).toBe(true);
  });

  it("distinguishes unknown, revoked and expired tokens and never echoes the secret", () => {
    for (const [state, message] of [
      ["revoked", /revoked/],
      ["expired", /expired/],
    ] as const) {
      const { lookup } = lookupFor("s3cret-value", state);
      const result = refusal(guard(request({ authorization: "Bearer s3cret-value" }), read, config, lookup));
      expect(result.status).toBe(401);
      expect(result.detail).toMatch(message);
      expect(result.detail).not.toContain("s3cret");
    }
    const result = refusal(guard(request({ authorization: "bearer other-secret" }), read, config, noTokens));
    expect(result).toMatchObject({ status: 401, detail: "unknown token" });
  });

  it.each([["Bearer"], ["Bearer "], ["Basic abc"], ["Bearer a b"], ["Token abc"]])(
    "refuses the malformed Authorization header %j",
    (authorization) => {
      const result = refusal(guard(request({ authorization }), read, config, noTokens));
      expect(result).toMatchObject({ status: 401, detail: expect.stringMatching(/malformed/) });
    },
  );

  it("does not fall back to local trust when a presented token is bad", () => {
    expect(refusal(guard(request({ authorization: "Bearer nope" }), read, config, noTokens)).status).toBe(
      401,
    );
  });

  it("checks scopes, with admin implying all", () => {
    const { lookup } = lookupFor("s", tokenInfo({ scopes: ["chat_read"] }));
    const result = refusal(
      guard(request({ authorization: "Bearer s" }, "203.0.113.5"), read, config, lookup),
    );
    expect(result.status).toBe(403);
    expect(result.detail).toContain("videos_read or media_read");
    const admin = lookupFor("s", tokenInfo({ scopes: ["admin"] }));
    expect(
      guard(request({ authorization: "Bearer s" }, "203.0.113.5"), write, config, admin.lookup),
    ).toMatchObject({
      ok: true,
      caller: { kind: "token", token: { scopes: ["admin"] } },
    });
  });

  it("checks the allowlist against the socket peer, IPv4-mapped included", () => {
    const { lookup } = lookupFor("s", tokenInfo({ ip_allowlist: ["10.0.0.0/8"] }));
    const auth = { authorization: "Bearer s" };
    expect(guard(request(auth, "10.2.3.4"), read, config, lookup).ok).toBe(true);
    expect(guard(request(auth, "::ffff:10.2.3.4"), read, config, lookup).ok).toBe(true);
    expect(refusal(guard(request(auth, "192.168.0.1"), read, config, lookup)).status).toBe(403);
    expect(refusal(guard(request(auth, ""), read, config, lookup)).status).toBe(403);
  });

  it("refuses forwarded headers with an allowlisted token unless proxies are trusted", () => {
    const { lookup } = lookupFor("s", tokenInfo({ ip_allowlist: ["10.0.0.0/8"] }));
    const forged = { authorization: "Bearer s", "x-forwarded-for": "10.0.0.5" };
    const result = refusal(guard(request(forged, "10.0.0.7"), read, config, lookup));
    expect(result).toMatchObject({ status: 403, detail: expect.stringContaining("SVC_TRUST_PROXY_HEADERS") });
    const trusting = { ...config, trustProxyHeaders: true };
    expect(guard(request(forged, "192.168.9.9"), read, trusting, lookup).ok).toBe(true);
    const spoofedFirst = { authorization: "Bearer s", "x-forwarded-for": "10.0.0.5, 192.168.1.1" };
    expect(refusal(guard(request(spoofedFirst, "127.0.0.1"), read, trusting, lookup)).status).toBe(403);
  });

  it("trusts loopback only with a local Host, and names SVC_ALLOWED_HOSTS otherwise", () => {
    for (const peer of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect(guard(request({}, peer), write, config, noTokens)).toEqual({
        ok: true,
        caller: { kind: "local" },
      });
    }
    const result = refusal(guard(request({ host: "evil.example:8501" }), read, config, noTokens));
    expect(result).toMatchObject({ status: 401, detail: expect.stringContaining("SVC_ALLOWED_HOSTS") });
    expect(result.detail).toContain("evil.example");
  });

  it("gives no local trust to other peers, with trust off, or to relayed requests", () => {
    for (const peer of ["10.0.0.1", "::ffff:10.0.0.1", "128.0.0.1", "::2", ""]) {
      expect(refusal(guard(request({}, peer), read, config, noTokens)).detail).toMatch(/missing token/);
    }
    const off = { ...config, trustLoopback: false };
    expect(refusal(guard(request({}), read, off, noTokens)).detail).toMatch(/missing token/);
    for (const name of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect(refusal(guard(request({ [name]: "1.2.3.4" }), read, config, noTokens)).detail).toMatch(
        /relayed/,
      );
    }
  });

  it("never takes a credential from the query string", () => {
    const { lookup, seen } = lookupFor("s", tokenInfo({ scopes: ["admin"] }));
    const result = refusal(guard(request({}, "10.0.0.1", "token=s"), read, config, lookup));
    expect(result).toMatchObject({ status: 401, detail: expect.stringMatching(/query string/) });
    expect(seen).toEqual([]);
  });

  it("takes a stream grant in place of a bearer token only on a route that says so, checking its token again", () => {
    const stream: Pick<RouteDef, "method" | "scopes" | "grant"> = { ...read, grant: true };
    const seen: string[] = [];
    const grants = (grant: string, _query: URLSearchParams, address: string) => {
      seen.push(`${grant}@${address}`);
      return grant === "g-ok"
        ? { ok: true as const, token: tokenInfo({ ip_allowlist: ["10.0.0.0/8"] }) }
        : { ok: false as const, detail: "the stream grant has expired: ask for a new one" };
    };
    const lan = (query: string) => request({ host: "studio.lan:8501" }, "10.0.0.5", query);
    expect(guard(lan("id=1&grant=g-ok"), stream, config, noTokens, grants)).toMatchObject({
      ok: true,
      caller: { kind: "token", token: { id: "t1" } },
    });
    expect(seen).toEqual(["g-ok@10.0.0.5"]);
    expect(refusal(guard(lan("id=1&grant=g-old"), stream, config, noTokens, grants))).toMatchObject({
      status: 401,
      detail: expect.stringMatching(/grant has expired/),
    });
    // Not a route that takes grants: the parameter is no credential at all.
    expect(refusal(guard(lan("id=1&grant=g-ok"), read, config, noTokens, grants))).toMatchObject({
      status: 401,
      detail: expect.stringMatching(/missing token/),
    });
    // The grant's token is held to its scopes and allowlist like a bearer token.
    const writeGrant = { ...write, grant: true as const };
    expect(refusal(guard(lan("grant=g-ok"), writeGrant, config, noTokens, grants)).status).toBe(403);
    const outside = request({ host: "studio.lan:8501" }, "192.168.1.9", "id=1&grant=g-ok");
    expect(refusal(guard(outside, stream, config, noTokens, grants)).status).toBe(403);
    // A bearer header, when present, is what counts.
    const { lookup } = lookupFor("s", "revoked");
    expect(
      refusal(
        guard(
          request({ authorization: "Bearer s" }, "10.0.0.5", "grant=g-ok"),
          stream,
          config,
          lookup,
          grants,
        ),
      ),
    ).toMatchObject({ status: 401, detail: "token has been revoked" });
  });

  it("refuses a cross-site read of media under local trust, never a token's or a grant's", () => {
    const media: Pick<RouteDef, "method" | "scopes" | "grant" | "media"> = {
      ...read,
      grant: true,
      media: true,
    };
    const local = { kind: "local" };
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "Cross-Site " },
      { origin: "http://evil.example" },
      { origin: "http://127.0.0.2:8501" },
      { origin: "null" },
    ];
    for (const headers of crossSite) {
      expect(refusal(guard(request(headers), media, config, noTokens)), JSON.stringify(headers)).toEqual({
        ok: false,
        status: 403,
        detail: expect.stringMatching(/^cross-site request refused: .*media/),
      });
      // Any other read is the caller's to make; the rule is for the routes that say so.
      expect(guard(request(headers), read, config, noTokens)).toEqual({ ok: true, caller: local });
    }
    // The app's own page, a link opened by the user, the same site on another port (CORP's part),
    // and a client that is no browser at all.
    const allowed: Record<string, string>[] = [
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      { "sec-fetch-site": "same-site" },
      { origin: "http://127.0.0.1:8501", "sec-fetch-site": "same-origin" },
      {},
    ];
    for (const headers of allowed) {
      expect(guard(request(headers), media, config, noTokens), JSON.stringify(headers)).toEqual({
        ok: true,
        caller: local,
      });
    }
    const { lookup } = lookupFor("s", tokenInfo());
    const withToken = request({ authorization: "Bearer s", "sec-fetch-site": "cross-site" });
    expect(guard(withToken, media, config, lookup)).toMatchObject({ ok: true, caller: { kind: "token" } });
    const grants = () => ({ ok: true as const, token: tokenInfo() });
    const withGrant = request({ "sec-fetch-site": "cross-site" }, "127.0.0.1", "id=1&grant=g");
    expect(guard(withGrant, media, config, noTokens, grants)).toMatchObject({
      ok: true,
      caller: { kind: "token" },
    });
  });

  it("refuses a query-string token even where local trust or a valid bearer token would apply", () => {
    const { lookup } = lookupFor("s", tokenInfo({ scopes: ["admin"] }));
    const local = refusal(
      guard(request({ host: "127.0.0.1:8501" }, "127.0.0.1", "token=s"), read, config, lookup),
    );
    expect(local).toMatchObject({ status: 401, detail: expect.stringMatching(/query string/) });
    const bearer = refusal(
      guard(request({ authorization: "Bearer s" }, "10.0.0.1", "token=s"), read, config, lookup),
    );
    expect(bearer.status).toBe(401);
  });
});
