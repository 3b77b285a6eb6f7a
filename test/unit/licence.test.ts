import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decide,
  type EntitlementState,
  FREE_PROJECT_LIMIT,
  type Operation,
} from "../../library/access/entitlements.js";
import {
  BUILT_IN_PUBLIC_KEY,
  canonicalJson,
  checkLicence,
  parsePublicKey,
  type VerificationKey,
} from "../../library/access/licence.js";

type Row = [
  armed: boolean,
  pro: boolean,
  grandfathered: boolean,
  used: number,
  op: Operation,
  expected: string,
];

// expected: "allow", or the refusal code.
const TABLE: Row[] = [
  [true, false, false, 0, "add_project", "allow"],
  [true, false, false, 2, "add_project", "allow"],
  [true, false, false, 3, "add_project", "project_limit"],
  [true, false, false, 7, "add_project", "project_limit"],
  [true, false, false, 3, "reregister_project", "allow"],
  [true, false, false, 9, "reregister_project", "allow"],
  [true, false, false, 1, "cross_project", "cross_project"],
  [true, false, false, 0, "cross_project", "cross_project"],
  [true, true, false, 3, "add_project", "allow"],
  [true, true, false, 50, "add_project", "allow"],
  [true, true, false, 3, "cross_project", "allow"],
  [true, false, true, 3, "add_project", "allow"],
  [true, false, true, 10, "cross_project", "allow"],
  [false, false, false, 3, "add_project", "allow"],
  [false, false, false, 5, "cross_project", "allow"],
  [false, true, true, 5, "cross_project", "allow"],
];

describe("decide", () => {
  it.each(TABLE)(
    "armed=%s pro=%s grandfathered=%s used=%i %s → %s",
    (armed, pro, grandfathered, used, op, expected) => {
      const state: EntitlementState = { armed, pro, grandfathered, projectsUsed: used };
      const decision = decide(state, op);
      expect(decision.allowed ? "allow" : decision.code).toBe(expected);
      expect(decision.reason.length).toBeGreaterThan(0);
    },
  );

  it("names the limit in the refusal", () => {
    const decision = decide(
      { armed: true, pro: false, grandfathered: false, projectsUsed: 3 },
      "add_project",
    );
    expect(decision.reason).toContain(String(FREE_PROJECT_LIMIT));
  });
});

interface TestKey {
  priv: KeyObject;
  raw: Buffer;
  id: string;
  verification: VerificationKey;
}

function makeKey(): TestKey {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const raw = Buffer.from(publicKey.export({ format: "jwk" }).x as string, "base64url");
  const id = createHash("sha256").update(raw).digest("hex").slice(0, 16);
  return { priv: privateKey, raw, id, verification: parsePublicKey(raw.toString("base64")) };
}

function signed(key: TestKey, fields: Record<string, unknown>): Record<string, unknown> {
  const body = { key_id: key.id, ...fields };
  const signature = sign(null, Buffer.from(canonicalJson(body)), key.priv).toString("base64");
  return { ...body, signature };
}

const LICENCE = {
  licence_id: "L-0001",
  holder: "Cutting Room Ltd",
  tier: "pro",
  issued: "2026-01-01",
  expires: "2027-12-31",
};
const NOW = new Date("2026-11-27T12:00:00Z");

describe("canonicalJson", () => {
  it("sorts keys at every level and writes no spaces", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: "x" }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":"x","z":0}]},"b":1}',
    );
  });
});

describe("checkLicence", () => {
  const key = makeKey();
  const other = makeKey();
  const keys = [key.verification];

  it("accepts a licence signed by a known key", () => {
    const result = checkLicence(signed(key, LICENCE), keys, NOW);
    expect(result).toEqual({
      state: "valid",
      licence: expect.objectContaining({ holder: "Cutting Room Ltd" }),
    });
  });

  it("accepts a licence without expiry, and the key as PEM", () => {
    const pem = parsePublicKey(
      (generateKeyPairSync("ed25519").publicKey.export({ type: "spki", format: "pem" }) as string).toString(),
    );
    expect(pem.id).toMatch(/^[0-9a-f]{16}$/);
    const result = checkLicence(signed(key, { ...LICENCE, expires: null }), keys, NOW);
    expect(result.state).toBe("valid");
  });

  it("derives key ids from the raw key bytes", () => {
    expect(key.verification.id).toBe(key.id);
    expect(parsePublicKey(BUILT_IN_PUBLIC_KEY).id).toMatch(/^[0-9a-f]{16}$/);
  });

  const problems: [string, () => unknown, string][] = [
    ["not an object", () => "licence", "unsigned"],
    ["an array", () => [LICENCE], "unsigned"],
    ["no signature", () => ({ ...LICENCE, key_id: key.id }), "unsigned"],
    ["an empty signature", () => ({ ...LICENCE, key_id: key.id, signature: " " }), "unsigned"],
    ["a non-string signature", () => ({ ...signed(key, LICENCE), signature: 12 }), "unsigned"],
    ["a key nobody knows", () => signed(other, LICENCE), "unknown key"],
    ["a non-string key_id", () => ({ ...signed(key, LICENCE), key_id: 7 }), "unknown key"],
    [
      "a signature from another key under this key's id",
      () => ({ ...signed(other, LICENCE), key_id: key.id }),
      "signature mismatch",
    ],
    [
      "a holder edited after signing",
      () => ({ ...signed(key, LICENCE), holder: "Someone Else" }),
      "signature mismatch",
    ],
    [
      "an expiry pushed out by hand",
      () => ({ ...signed(key, LICENCE), expires: null }),
      "signature mismatch",
    ],
    ["an extra field added", () => ({ ...signed(key, LICENCE), seats: 99 }), "signature mismatch"],
    ["a signed extra field", () => signed(key, { ...LICENCE, seats: 99 }), "signature mismatch"],
    ["signed non-string values", () => signed(key, { ...LICENCE, holder: 42 }), "signature mismatch"],
    ["a signed free tier", () => signed(key, { ...LICENCE, tier: "free" }), "signature mismatch"],
    ["a truncated signature", () => ({ ...signed(key, LICENCE), signature: "AAAA" }), "signature mismatch"],
    ["a past expiry", () => signed(key, { ...LICENCE, expires: "2026-11-26" }), "expired"],
  ];

  it.each(problems)("reports %s", (_name, make, problem) => {
    const result = checkLicence(make(), keys, NOW);
    expect(result.state).toBe("problem");
    if (result.state === "problem") expect(result.problem).toBe(problem);
  });

  it("counts an expiry day as valid until its end", () => {
    expect(checkLicence(signed(key, { ...LICENCE, expires: "2026-11-27" }), keys, NOW).state).toBe("valid");
  });

  it("refuses keys that are not Ed25519 public keys", () => {
    expect(() => parsePublicKey("not a key")).toThrow();
    expect(() => parsePublicKey(Buffer.alloc(16).toString("base64"))).toThrow();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey.export({
      type: "spki",
      format: "pem",
    });
    expect(() => parsePublicKey(rsa as string)).toThrow(/Ed25519/);
  });
});
