import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { IssuedGrant, TokenInfo } from "../../domain/schemas/access.js";
import type { LibraryStore } from "../../state/stores.js";
import { requireItem } from "../media/ids.js";
import { PROJECT_PARAM } from "./project-param.js";
import type { TokenVerdict } from "./tokens.js";

/**
 * How long a grant plays: a viewing session of a long take, seeks included (a `<video>` asks for
 * new byte ranges for as long as it is open).
 */
export const GRANT_TTL_S = 4 * 3600;

/** The body of `POST /api/stream/grant`. */
export const GRANT_BODY = z.strictObject({
  id: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  project: PROJECT_PARAM,
});

/** What a grant stands for: one item of one project, for one token, from one address, until then. */
export interface GrantTerms {
  tokenId: string;
  /** The project's registered name, or "" for the default project. */
  project: string;
  mediaId: number;
  address: string;
  /** Unix seconds. */
  expires: number;
}

export type GrantRefusal = "malformed" | "expired" | "other_item" | "other_address";

const PAYLOAD = z.strictObject({
  t: z.string(),
  p: z.string(),
  m: z.int(),
  a: z.string(),
  e: z.int(),
});

/**
 * Signs and checks stream grants: a `<video>` element cannot send an Authorization header, so a
 * browser holding a token asks for a grant and puts it in the stream URL. A grant is an HMAC over
 * its terms with a key that lives in this process only (a restart voids every grant), so svc keeps
 * no table of them; it names its token, which the guard checks again on every request.
 */
export class StreamGrants {
  private readonly key = randomBytes(32);

  sign(terms: GrantTerms): string {
    const payload = Buffer.from(
      JSON.stringify({
        t: terms.tokenId,
        p: terms.project,
        m: terms.mediaId,
        a: terms.address,
        e: terms.expires,
      }),
    ).toString("base64url");
    return `${payload}.${this.mac(payload)}`;
  }

  /**
   * The token id a grant was issued to, when the grant is genuine, unexpired and for this item
   * asked from this address.
   */
  check(
    grant: string,
    asked: { project: string; mediaId: number; address: string },
    nowS: number = Date.now() / 1000,
  ): { ok: true; tokenId: string } | { ok: false; reason: GrantRefusal } {
    const [payload, mac, extra] = grant.split(".");
    if (!payload || !mac || extra !== undefined || grant.length > 1024)
      return { ok: false, reason: "malformed" };
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, reason: "malformed" };
    let terms: z.infer<typeof PAYLOAD>;
    try {
      terms = PAYLOAD.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    } catch {
      return { ok: false, reason: "malformed" };
    }
    if (terms.e <= nowS) return { ok: false, reason: "expired" };
    if (terms.m !== asked.mediaId || terms.p !== asked.project) return { ok: false, reason: "other_item" };
    if (terms.a !== asked.address) return { ok: false, reason: "other_address" };
    return { ok: true, tokenId: terms.t };
  }

  private mac(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }
}

const REFUSALS: Record<GrantRefusal, string> = {
  malformed: "the stream grant is not valid (svc may have restarted since it was issued): ask for a new one",
  expired: "the stream grant has expired: ask for a new one",
  other_item: "the stream grant is for another item",
  other_address: "the stream grant was issued to another address",
};

const TOKEN_REFUSALS = {
  unknown: "the token this stream grant was issued to no longer exists",
  revoked: "the token this stream grant was issued to has been revoked",
  expired: "the token this stream grant was issued to has expired",
} as const;

/**
 * A grant presented with a stream request (its `id` and `project` query parameters name the item
 * asked for), checked and resolved to its token as that token stands now.
 */
export function verifyGrant(
  grants: StreamGrants,
  tokenById: (id: string) => TokenVerdict,
  grant: string,
  query: URLSearchParams,
  address: string,
): { ok: true; token: TokenInfo } | { ok: false; detail: string } {
  const id = query.get("id") ?? "";
  const mediaId = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : 0;
  const checked = grants.check(grant, { project: query.get("project") ?? "", mediaId, address });
  if (!checked.ok) return { ok: false, detail: REFUSALS[checked.reason] };
  const verdict = tokenById(checked.tokenId);
  return verdict.ok ? verdict : { ok: false, detail: TOKEN_REFUSALS[verdict.reason] };
}

/**
 * A stream URL for one existing item that a `<video>` element can play as the caller: with a grant
 * for a token holder, as is for a caller svc trusts without a token. 404 for an unknown item; a
 * seat, which has no `store` for a project another svc hosts, leaves that to the host's stream.
 */
export function issueStreamGrant(
  grants: StreamGrants,
  store: LibraryStore | null,
  item: { id: number; project?: string | undefined },
  caller: { tokenId: string | null; address: string },
  now: Date = new Date(),
): IssuedGrant {
  if (store) requireItem(store, item.id);
  const project = item.project ?? "";
  const url = `/api/stream?id=${item.id}${project ? `&project=${encodeURIComponent(project)}` : ""}`;
  if (caller.tokenId === null) return { url, expires_at: null };
  const expires = Math.floor(now.getTime() / 1000) + GRANT_TTL_S;
  const grant = grants.sign({
    tokenId: caller.tokenId,
    project,
    mediaId: item.id,
    address: caller.address,
    expires,
  });
  return { url: `${url}&grant=${grant}`, expires_at: new Date(expires * 1000).toISOString() };
}
