import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { TokenInfo } from "../../domain/schemas/access.js";
import { isScope, SCOPES, type Scope } from "../../domain/scopes.js";
import type { TokenRecord } from "../../state/repos/tokens.js";
import type { RegistryStore } from "../../state/stores.js";
import { normalizeCidr } from "./addresses.js";

export interface NewToken {
  name: string;
  scopes: readonly string[];
  ipAllowlist?: readonly string[];
  expiresInDays?: number;
}

export type TokenVerdict =
  | { ok: true; token: TokenInfo }
  | { ok: false; reason: "unknown" | "revoked" | "expired" };

/** The fields of a new token as the API names them; the error of a bad one names it too. */
export type TokenField = "name" | "scopes" | "ip_allowlist" | "expires_in_days";

/** A refused field of a new token: the CLI prints the message, the API prefixes the field. */
export class TokenFieldError extends UserError {
  constructor(
    readonly field: TokenField,
    message: string,
  ) {
    super(message, EXIT.usage, 422);
    this.name = "TokenFieldError";
  }
}

/**
 * The shape of `POST /api/tokens`; the values themselves are checked by createToken, as for the
 * CLI, so both refuse the same things with the same messages.
 */
export const TOKEN_BODY = z.strictObject({
  name: z.string().max(1000),
  scopes: z.array(z.string().max(100)).max(100),
  ip_allowlist: z.array(z.string().max(100)).max(100).optional(),
  expires_in_days: z.number().optional(),
});

const SECRET_PREFIX = "svc_";
const MAX_NAME = 64;
const MAX_EXPIRY_DAYS = 3650;
// Longer than any secret svc issues or accepts for bootstrap; refused before hashing.
const MAX_PRESENTED = 512;
// last_used_at is informational: writing it once a minute is enough and keeps reads cheap.
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

function digest(secret: string): Buffer {
  return createHash("sha256").update(secret, "utf8").digest();
}

/** Constant-time comparison of a stored hex digest with a computed one. */
export function sameDigest(storedHex: string, computed: Buffer): boolean {
  const stored = Buffer.from(storedHex, "hex");
  return stored.length === computed.length && timingSafeEqual(stored, computed);
}

function statusOf(record: TokenRecord, now: Date): TokenInfo["status"] {
  if (record.revoked_at !== null) return "revoked";
  if (record.expires_at !== null && Date.parse(record.expires_at) <= now.getTime()) return "expired";
  return "active";
}

function toInfo(record: TokenRecord, now: Date): TokenInfo {
  return {
    id: record.id,
    name: record.name,
    scopes: record.scopes.filter(isScope),
    ip_allowlist: record.ip_allowlist,
    created_at: record.created_at,
    expires_at: record.expires_at,
    revoked_at: record.revoked_at,
    last_used_at: record.last_used_at,
    bootstrap: record.is_bootstrap,
    status: statusOf(record, now),
  };
}

function validName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > MAX_NAME || /\p{Cc}/u.test(trimmed)) {
    throw new TokenFieldError("name", `a token name is 1–${MAX_NAME} printable characters`);
  }
  return trimmed;
}

function validScopes(names: readonly string[]): Scope[] {
  const wanted = [...new Set(names.map((s) => s.trim()).filter(Boolean))];
  const unknown = wanted.find((s) => !isScope(s));
  if (unknown !== undefined) {
    throw new TokenFieldError(
      "scopes",
      `unknown scope "${unknown.slice(0, 40)}"; valid scopes: ${SCOPES.join(", ")}`,
    );
  }
  if (wanted.length === 0) {
    throw new TokenFieldError("scopes", `a token needs at least one scope (${SCOPES.join(", ")})`);
  }
  return wanted.filter(isScope);
}

function validExpiry(days: number | undefined, now: Date): string | null {
  if (days === undefined) return null;
  if (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS) {
    throw new TokenFieldError(
      "expires_in_days",
      `expiry must be a whole number of days from 1 to ${MAX_EXPIRY_DAYS}`,
    );
  }
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

function validAllowlist(entries: readonly string[]): string[] {
  try {
    return [...new Set(entries.filter((e) => e.trim() !== "").map(normalizeCidr))];
  } catch (error) {
    if (error instanceof UserError) throw new TokenFieldError("ip_allowlist", error.message);
    throw error;
  }
}

const newId = () => randomBytes(6).toString("hex");

/**
 * Issues a token. The secret is returned once and only its SHA-256 is kept: a lost secret cannot
 * be recovered, only reissued.
 */
export function createToken(
  registry: RegistryStore,
  input: NewToken,
  now: Date = new Date(),
): { token: TokenInfo; secret: string } {
  const name = validName(input.name);
  const scopes = validScopes(input.scopes);
  const ipAllowlist = validAllowlist(input.ipAllowlist ?? []);
  const expiresAt = validExpiry(input.expiresInDays, now);
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  const record: TokenRecord = {
    id: newId(),
    name,
    hash: digest(secret).toString("hex"),
    scopes,
    ip_allowlist: ipAllowlist,
    created_at: now.toISOString(),
    expires_at: expiresAt,
    revoked_at: null,
    last_used_at: null,
    is_bootstrap: false,
  };
  if (!registry.tokens.insert(record)) throw new Error("token id or hash collision; try again");
  return { token: toInfo(record, now), secret };
}

export function listTokens(registry: RegistryStore, now: Date = new Date()): TokenInfo[] {
  return registry.tokens.all().map((record) => toInfo(record, now));
}

function existing(registry: RegistryStore, id: string) {
  const record = registry.tokens.byId(id.trim());
  if (!record) throw new UserError(`no token with id "${id.trim().slice(0, 40)}"`, EXIT.usage, 404);
  return record;
}

export function showToken(registry: RegistryStore, id: string, now: Date = new Date()): TokenInfo {
  return toInfo(existing(registry, id), now);
}

/** Revokes a token; revoking it again changes nothing and reports `alreadyRevoked`. */
export function revokeToken(
  registry: RegistryStore,
  id: string,
  now: Date = new Date(),
): { token: TokenInfo; alreadyRevoked: boolean } {
  const record = existing(registry, id);
  const changed = registry.tokens.revoke(record.id, now.toISOString());
  return { token: showToken(registry, record.id, now), alreadyRevoked: !changed };
}

/**
 * Checks a presented secret. The row is found by the SHA-256 of the secret, so response time
 * depends only on that hash, which tells an attacker nothing about any stored secret; the
 * digests are still compared in constant time.
 */
export function verifyToken(
  registry: RegistryStore,
  presented: string,
  now: Date = new Date(),
): TokenVerdict {
  if (presented === "" || presented.length > MAX_PRESENTED) return { ok: false, reason: "unknown" };
  const computed = digest(presented);
  const record = registry.tokens.byHash(computed.toString("hex"));
  if (!record || !sameDigest(record.hash, computed)) return { ok: false, reason: "unknown" };
  const status = statusOf(record, now);
  if (status !== "active") return { ok: false, reason: status };
  const lastUsed = record.last_used_at === null ? 0 : Date.parse(record.last_used_at);
  if (now.getTime() - lastUsed >= TOUCH_INTERVAL_MS) {
    record.last_used_at = now.toISOString();
    registry.tokens.touch(record.id, record.last_used_at);
  }
  return { ok: true, token: toInfo(record, now) };
}

/**
 * The standing of a token known by id (a stream grant names the token that asked for it): a
 * grant is worth no more than its token is now, revoked and expired included.
 */
export function tokenVerdictById(registry: RegistryStore, id: string, now: Date = new Date()): TokenVerdict {
  const record = registry.tokens.byId(id);
  if (!record) return { ok: false, reason: "unknown" };
  const status = statusOf(record, now);
  return status === "active" ? { ok: true, token: toInfo(record, now) } : { ok: false, reason: status };
}

/**
 * Seeds the admin token of SVC_ADMIN_BOOTSTRAP_TOKEN on first start. Once any bootstrap token has
 * existed (even revoked) this does nothing, so a variable left set can never resurrect it.
 * Returns the seeded token, or null when nothing was seeded.
 */
export function seedBootstrapToken(
  registry: RegistryStore,
  secret: string | undefined,
  now: Date = new Date(),
): TokenInfo | null {
  if (!secret || registry.tokens.hasBootstrap()) return null;
  const record: TokenRecord = {
    id: newId(),
    name: "bootstrap",
    hash: digest(secret).toString("hex"),
    scopes: ["admin"],
    ip_allowlist: [],
    created_at: now.toISOString(),
    expires_at: null,
    revoked_at: null,
    last_used_at: null,
    is_bootstrap: true,
  };
  return registry.tokens.insert(record) ? toInfo(record, now) : null;
}
