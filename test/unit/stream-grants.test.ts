import { describe, expect, it } from "vitest";
import { GRANT_TTL_S, StreamGrants, verifyGrant } from "../../library/access/stream-grants.js";
import type { TokenVerdict } from "../../library/access/tokens.js";
import { tokenInfo } from "../support/token-info.js";

const NOW = 1_900_000_000;
const terms = { tokenId: "t1", project: "", mediaId: 7, address: "10.0.0.5", expires: NOW + GRANT_TTL_S };
const asked = { project: "", mediaId: 7, address: "10.0.0.5" };

const token = tokenInfo({ name: "laptop" });

describe("StreamGrants", () => {
  it("accepts its own grant for the item, project and address it names, until it expires", () => {
    const grants = new StreamGrants();
    const grant = grants.sign(terms);
    expect(grants.check(grant, asked, NOW)).toEqual({ ok: true, tokenId: "t1" });
    expect(grants.check(grant, asked, NOW + GRANT_TTL_S - 1).ok).toBe(true);
    expect(grants.check(grant, asked, NOW + GRANT_TTL_S)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses another item, project or address", () => {
    const grants = new StreamGrants();
    const grant = grants.sign(terms);
    expect(grants.check(grant, { ...asked, mediaId: 8 }, NOW)).toEqual({ ok: false, reason: "other_item" });
    expect(grants.check(grant, { ...asked, project: "b-cam" }, NOW)).toEqual({
      ok: false,
      reason: "other_item",
    });
    expect(grants.check(grant, { ...asked, address: "10.0.0.6" }, NOW)).toEqual({
      ok: false,
      reason: "other_address",
    });
  });

  it("refuses a grant whose terms or signature were changed, or that another process signed", () => {
    const grants = new StreamGrants();
    const grant = grants.sign(terms);
    const [payload, mac] = grant.split(".") as [string, string];
    const widened = Buffer.from(
      JSON.stringify({ t: "t1", p: "", m: 8, a: "10.0.0.5", e: NOW + GRANT_TTL_S }),
    ).toString("base64url");
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    for (const bad of [
      `${widened}.${mac}`,
      `${payload}.${flipped}`,
      `${payload}.${mac}.x`,
      payload,
      "",
      ".",
      "x".repeat(2000),
      new StreamGrants().sign(terms),
    ])
      expect(grants.check(bad, asked, NOW)).toEqual({ ok: false, reason: "malformed" });
  });

  it("resolves a grant to its token as it stands now, and says why not", () => {
    const grants = new StreamGrants();
    const query = new URLSearchParams("id=7");
    const grant = grants.sign({ ...terms, expires: Math.floor(Date.now() / 1000) + 60 });
    const standing = (verdict: TokenVerdict) => () => verdict;
    expect(verifyGrant(grants, standing({ ok: true, token }), grant, query, "10.0.0.5")).toEqual({
      ok: true,
      token,
    });
    expect(verifyGrant(grants, standing({ ok: false, reason: "revoked" }), grant, query, "10.0.0.5")).toEqual(
      {
        ok: false,
        detail: expect.stringMatching(/token .* has been revoked/),
      },
    );
    expect(
      verifyGrant(grants, standing({ ok: true, token }), grant, new URLSearchParams("id=07"), "10.0.0.5"),
    ).toEqual({ ok: false, detail: expect.stringMatching(/another item/) });
    expect(
      verifyGrant(
        grants,
        standing({ ok: true, token }),
        grant,
        new URLSearchParams("id=7&project=b"),
        "10.0.0.5",
      ),
    ).toEqual({ ok: false, detail: expect.stringMatching(/another item/) });
  });
});
