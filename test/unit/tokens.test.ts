import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UserError } from "../../domain/errors.js";
import {
  createToken,
  listTokens,
  revokeToken,
  sameDigest,
  seedBootstrapToken,
  showToken,
  verifyToken,
} from "../../library/access/tokens.js";
import { openRegistry, type RegistryStore } from "../../state/stores.js";

let dir: string;
let registry: RegistryStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "svc-tokens-"));
  registry = openRegistry(dir);
});
afterEach(async () => {
  registry.close();
  await rm(dir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function userError(fn: () => unknown): UserError {
  try {
    fn();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error("expected a UserError");
}

describe("createToken", () => {
  it("returns a high-entropy secret once and stores only its SHA-256", () => {
    const { token, secret } = createToken(registry, { name: " ingest bay ", scopes: ["ingest_write"] });
    expect(secret).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: "ingest bay",
      scopes: ["ingest_write"],
      ip_allowlist: [],
      expires_at: null,
      revoked_at: null,
      bootstrap: false,
      status: "active",
    });
    expect(JSON.stringify(token)).not.toContain(secret);
    expect(Object.keys(token)).not.toContain("hash");
    const stored = registry.db.prepare("SELECT * FROM tokens").all();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(registry.tokens.byId(token.id)?.hash).toBe(sha256(secret));
  });

  it("issues different ids and secrets every time", () => {
    const a = createToken(registry, { name: "a", scopes: ["admin"] });
    const b = createToken(registry, { name: "a", scopes: ["admin"] });
    expect(a.secret).not.toBe(b.secret);
    expect(a.token.id).not.toBe(b.token.id);
  });

  it("refuses unknown scope names, naming the bad one", () => {
    const error = userError(() => createToken(registry, { name: "x", scopes: ["videos_read", "superuser"] }));
    expect(error.message).toContain('"superuser"');
    expect(error.exitCode).toBe(2);
    expect(error.status).toBe(422);
    expect(userError(() => createToken(registry, { name: "x", scopes: ["Admin"] })).message).toContain(
      "Admin",
    );
    expect(userError(() => createToken(registry, { name: "x", scopes: [] })).message).toMatch(/at least one/);
    expect(listTokens(registry)).toEqual([]);
  });

  it("deduplicates scopes and allowlist entries and canonicalises ranges", () => {
    const { token } = createToken(registry, {
      name: "x",
      scopes: ["media_read", "media_read", "chat_read"],
      ipAllowlist: ["10.1.2.3/8", "10.0.0.0/8", "192.168.1.7", "::ffff:172.16.0.0/108", "2001:DB8::1/32"],
    });
    expect(token.scopes).toEqual(["media_read", "chat_read"]);
    expect(token.ip_allowlist).toEqual(["10.0.0.0/8", "192.168.1.7/32", "172.16.0.0/12", "2001:db8::/32"]);
  });

  it.each([
    ["10.0.0.0/33"],
    ["10.0.0/8"],
    ["10.1"],
    ["0x0a.0.0.1"],
    ["300.1.1.1"],
    ["10.0.0.0/"],
    ["10.0.0.0/8/8"],
    ["10.0.0.0/-1"],
    ["fe80::1%eth0/64"],
    ["2001:db8::/129"],
    ["2001:db8:::1/64"],
    ["example.com"],
  ])("refuses the malformed allowlist entry %s", (entry) => {
    const error = userError(() =>
      createToken(registry, { name: "x", scopes: ["admin"], ipAllowlist: [entry] }),
    );
    expect(error.message).toContain(entry.slice(0, 20));
    expect(error.exitCode).toBe(2);
    expect(error.status).toBe(422);
    expect(listTokens(registry)).toEqual([]);
  });

  it("refuses an empty name and a bad expiry", () => {
    expect(userError(() => createToken(registry, { name: "  ", scopes: ["admin"] })).status).toBe(422);
    for (const days of [0, -1, 1.5, Number.NaN, 100_000]) {
      expect(
        userError(() => createToken(registry, { name: "x", scopes: ["admin"], expiresInDays: days })).status,
      ).toBe(422);
    }
  });
});

describe("list, show and revoke", () => {
  it("lists and shows tokens without secrets or hashes", () => {
    const { token, secret } = createToken(registry, { name: "review", scopes: ["videos_read"] });
    const listed = listTokens(registry);
    expect(listed).toEqual([token]);
    expect(showToken(registry, token.id)).toEqual(token);
    for (const shown of [JSON.stringify(listed), JSON.stringify(showToken(registry, token.id))]) {
      expect(shown).not.toContain(secret);
      expect(shown).not.toContain(sha256(secret));
    }
  });

  it("answers an unknown id with a 404 UserError", () => {
    for (const fn of [() => showToken(registry, "nope"), () => revokeToken(registry, "nope")]) {
      const error = userError(fn);
      expect(error.status).toBe(404);
      expect(error.exitCode).toBe(2);
    }
  });

  it("revokes once, keeps the first revocation time, and the token stops verifying", () => {
    const { token, secret } = createToken(registry, { name: "old", scopes: ["admin"] });
    const first = revokeToken(registry, token.id, new Date("2030-01-01T00:00:00Z"));
    expect(first).toMatchObject({ alreadyRevoked: false, token: { status: "revoked" } });
    const again = revokeToken(registry, token.id, new Date("2030-02-01T00:00:00Z"));
    expect(again.alreadyRevoked).toBe(true);
    expect(again.token.revoked_at).toBe("2030-01-01T00:00:00.000Z");
    expect(verifyToken(registry, secret)).toEqual({ ok: false, reason: "revoked" });
  });
});

describe("verifyToken", () => {
  it("accepts the secret and refuses anything else as unknown", () => {
    const { token, secret } = createToken(registry, { name: "x", scopes: ["chat_read"] });
    expect(verifyToken(registry, secret)).toMatchObject({ ok: true, token: { id: token.id } });
    for (const other of ["", `${secret}x`, secret.slice(0, -1), secret.toUpperCase(), "x".repeat(10_000)]) {
      expect(verifyToken(registry, other)).toEqual({ ok: false, reason: "unknown" });
    }
  });

  it("expires at expires_at, judged by the time it is given", () => {
    const created = new Date("2030-01-01T00:00:00Z");
    const { token, secret } = createToken(
      registry,
      { name: "x", scopes: ["admin"], expiresInDays: 2 },
      created,
    );
    expect(token.expires_at).toBe("2030-01-03T00:00:00.000Z");
    expect(verifyToken(registry, secret, new Date("2030-01-02T23:59:59Z")).ok).toBe(true);
    expect(verifyToken(registry, secret, new Date("2030-01-03T00:00:00Z"))).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(showToken(registry, token.id, new Date("2030-01-04T00:00:00Z")).status).toBe("expired");
  });

  it("records last use at most once a minute", () => {
    const { token, secret } = createToken(registry, { name: "x", scopes: ["admin"] });
    const t0 = new Date("2030-01-01T00:00:00Z");
    verifyToken(registry, secret, t0);
    verifyToken(registry, secret, new Date(t0.getTime() + 30_000));
    expect(registry.tokens.byId(token.id)?.last_used_at).toBe(t0.toISOString());
    const later = new Date(t0.getTime() + 61_000);
    expect(verifyToken(registry, secret, later)).toMatchObject({
      token: { last_used_at: later.toISOString() },
    });
  });

  it("fails closed on a damaged stored row", () => {
    const { token, secret } = createToken(registry, {
      name: "x",
      scopes: ["admin"],
      ipAllowlist: ["10.0.0.0/8"],
    });
    registry.db
      .prepare("UPDATE tokens SET scopes = 'not json', ip_allowlist = '{' WHERE id = ?")
      .run(token.id);
    expect(verifyToken(registry, secret)).toMatchObject({
      ok: true,
      token: { scopes: [], ip_allowlist: ["corrupt"] },
    });
  });
});

describe("sameDigest", () => {
  it("compares digests in constant time and never throws on a length mismatch", () => {
    const digest = createHash("sha256").update("a").digest();
    expect(sameDigest(digest.toString("hex"), digest)).toBe(true);
    const flipped = Buffer.from(digest);
    flipped[31] = (flipped[31] ?? 0) ^ 1;
    expect(sameDigest(flipped.toString("hex"), digest)).toBe(false);
    expect(sameDigest("abcd", digest)).toBe(false);
    expect(sameDigest("", digest)).toBe(false);
  });
});

describe("seedBootstrapToken", () => {
  const secret = "bootstrap-secret-for-tests-0123456789";

  it("seeds exactly one admin token, storing only its hash", () => {
    const seeded = seedBootstrapToken(registry, secret);
    expect(seeded).toMatchObject({ name: "bootstrap", scopes: ["admin"], bootstrap: true, status: "active" });
    expect(verifyToken(registry, secret)).toMatchObject({ ok: true, token: { bootstrap: true } });
    expect(JSON.stringify(registry.db.prepare("SELECT * FROM tokens").all())).not.toContain(secret);
  });

  it("is idempotent across restarts, even after revocation or with another secret", () => {
    const seeded = seedBootstrapToken(registry, secret);
    expect(seedBootstrapToken(registry, secret)).toBeNull();
    registry.close();
    registry = openRegistry(dir);
    expect(seedBootstrapToken(registry, secret)).toBeNull();
    revokeToken(registry, seeded?.id ?? "");
    expect(seedBootstrapToken(registry, secret)).toBeNull();
    expect(seedBootstrapToken(registry, "another-bootstrap-secret-0123456789")).toBeNull();
    expect(listTokens(registry)).toHaveLength(1);
    expect(verifyToken(registry, secret)).toEqual({ ok: false, reason: "revoked" });
  });

  it("does nothing without a secret", () => {
    expect(seedBootstrapToken(registry, undefined)).toBeNull();
    expect(seedBootstrapToken(registry, "")).toBeNull();
    expect(listTokens(registry)).toEqual([]);
  });

  it("lets the database refuse a second bootstrap row", () => {
    seedBootstrapToken(registry, secret);
    const inserted = registry.tokens.insert({
      id: "second",
      name: "bootstrap",
      hash: sha256("other"),
      scopes: ["admin"],
      ip_allowlist: [],
      created_at: new Date().toISOString(),
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
      is_bootstrap: true,
    });
    expect(inserted).toBe(false);
  });
});
