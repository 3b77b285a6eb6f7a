import { createHash, createPublicKey, type KeyObject, verify } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { isErrno } from "../../state/errno.js";

/**
 * The licensor's Ed25519 public key built into this release (raw 32 bytes, base64). Its private
 * half was never in this repository; `scripts/licence.mjs` makes a new pair for a rotation.
 */
export const BUILT_IN_PUBLIC_KEY = "e78a40MwQ9xZAeloIfA4oZ24U6I3GjmBlFa9Xz6uEhU=";

/** Licence ids the licensor has withdrawn (refunds, leaked files); a listed licence grants nothing. */
export const REVOKED_LICENCES: readonly string[] = [];

/** SPEC's four reasons, plus `expired` (a genuine licence past its date). */
export type LicenceProblem = "unsigned" | "signature mismatch" | "unknown key" | "revoked" | "expired";

export interface Licence {
  licence_id: string;
  holder: string;
  tier: "pro";
  issued: string;
  expires: string | null;
  key_id: string;
}

export type LicenceCheck =
  | { state: "none" }
  | { state: "valid"; licence: Licence }
  | { state: "problem"; problem: LicenceProblem; detail: string; licence?: Licence };

export interface VerificationKey {
  id: string;
  key: KeyObject;
}

// A licence is a few hundred bytes; anything far larger is not one and is not read whole.
const MAX_LICENCE_BYTES = 64 * 1024;
const FIELDS = ["licence_id", "holder", "tier", "issued", "expires", "key_id", "signature"] as const;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:\d{2})?)?$/;

/** The first 16 hex digits of SHA-256 over the raw 32-byte public key. */
export const keyId = (raw: Uint8Array) => createHash("sha256").update(raw).digest("hex").slice(0, 16);

/** A verification key from the raw 32 bytes. */
export function rawKey(raw: Uint8Array): VerificationKey {
  if (raw.length !== 32) throw new Error("an Ed25519 public key is 32 bytes");
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(raw).toString("base64url") },
    format: "jwk",
  });
  return { id: keyId(raw), key };
}

/**
 * A key given as PEM (SPKI) or as base64 of the raw 32 bytes, as SVC_LICENCE_PUBLIC_KEY carries
 * it; throws with a reason when it is neither.
 */
export function parsePublicKey(text: string): VerificationKey {
  const trimmed = text.trim();
  if (trimmed.startsWith("-----BEGIN")) {
    const key = createPublicKey({ key: trimmed, format: "pem" });
    if (key.asymmetricKeyType !== "ed25519") throw new Error("not an Ed25519 public key");
    const x = key.export({ format: "jwk" }).x;
    return rawKey(Buffer.from(x ?? "", "base64url"));
  }
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) throw new Error("neither PEM nor base64 of 32 bytes");
  return rawKey(Buffer.from(trimmed, "base64"));
}

/** Compact JSON with the keys of every object sorted: the bytes a licence signature covers. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What a licence's signature covers: every field but `signature`. */
export function signedBytes(fields: Record<string, unknown>): Buffer {
  const { signature: _omitted, ...rest } = fields;
  return Buffer.from(canonicalJson(rest), "utf8");
}

const problem = (p: LicenceProblem, detail: string, licence?: Licence): LicenceCheck => ({
  state: "problem",
  problem: p,
  detail,
  ...(licence ? { licence } : {}),
});

/** The signed fields as a licence, or why they are not one this release reads. */
function readFields(data: Record<string, unknown>): Licence | string {
  const extra = Object.keys(data).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (extra.length > 0) return `unexpected field ${JSON.stringify(extra[0]?.slice(0, 40))}`;
  for (const field of ["licence_id", "holder", "issued", "key_id"] as const)
    if (typeof data[field] !== "string" || data[field] === "") return `${field} is not a non-empty string`;
  if (data.tier !== "pro") return 'tier is not "pro"';
  if (data.expires !== null && typeof data.expires !== "string") return "expires is neither a date nor null";
  if (!ISO_DAY.test(data.issued as string)) return "issued is not an ISO date";
  if (typeof data.expires === "string" && !ISO_DAY.test(data.expires)) return "expires is not an ISO date";
  return {
    licence_id: data.licence_id as string,
    holder: data.holder as string,
    tier: "pro",
    issued: data.issued as string,
    expires: data.expires as string | null,
    key_id: data.key_id as string,
  };
}

/**
 * Verifies a parsed licence file offline. Order: no signature → unsigned; no known key with its
 * key_id → unknown key; the named key does not verify, or the signed fields are not a licence this
 * release reads → signature mismatch; listed as revoked → revoked; past `expires` → expired.
 */
export function checkLicence(
  data: unknown,
  keys: readonly VerificationKey[],
  now = new Date(),
): LicenceCheck {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return problem("unsigned", "the licence file is not a JSON object");
  const fields = data as Record<string, unknown>;
  const signature = fields.signature;
  if (typeof signature !== "string" || signature.trim() === "")
    return problem("unsigned", "the licence carries no signature");
  const key = keys.find((k) => k.id === fields.key_id);
  if (!key) return problem("unknown key", "no key known to this release has the licence's key_id");
  const sig = Buffer.from(signature, "base64");
  let verified = false;
  try {
    verified = sig.length === 64 && verify(null, signedBytes(fields), key.key, sig);
  } catch {
    verified = false;
  }
  if (!verified) return problem("signature mismatch", "the signature does not verify with the named key");
  const licence = readFields(fields);
  if (typeof licence === "string")
    return problem("signature mismatch", `the signed fields are not a licence: ${licence}`);
  if (REVOKED_LICENCES.includes(licence.licence_id))
    return problem("revoked", "this licence has been revoked", licence);
  if (licence.expires !== null) {
    const end = new Date(
      licence.expires.length === 10 ? `${licence.expires}T23:59:59.999Z` : licence.expires,
    );
    if (Number.isNaN(end.getTime()) || end.getTime() < now.getTime())
      return problem("expired", `the licence expired on ${licence.expires}`, licence);
  }
  return { state: "valid", licence };
}

/** The licence file at `file`, checked; `none` when there is no file. */
export async function readLicence(
  file: string,
  keys: readonly VerificationKey[],
  now = new Date(),
): Promise<LicenceCheck> {
  let text: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) return problem("unsigned", "the licence path is not a file");
    if (info.size > MAX_LICENCE_BYTES) return problem("unsigned", "the licence file is far too large");
    text = await readFile(file, "utf8");
  } catch (error) {
    if (isErrno(error, "ENOENT")) return { state: "none" };
    return problem("unsigned", "the licence file cannot be read");
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return problem("unsigned", "the licence file is not JSON");
  }
  return checkLicence(data, keys, now);
}
