import { isIP } from "node:net";
import type { TokenInfo } from "../../domain/schemas/access.js";
import { allows, type Scope } from "../../domain/scopes.js";
import type { Config } from "../../state/config.js";
import { ipAllowed, isLoopback } from "./addresses.js";
import type { TokenVerdict } from "./tokens.js";

/** What the guard reads of a route: a row of the API's route table, or the MCP endpoint. */
export interface GuardedRoute {
  readonly method: string;
  /** null only for the unauthenticated health check; otherwise any one of these (admin implies all). */
  readonly scopes: readonly Scope[] | null;
  /** The route also takes a stream grant in place of an Authorization header. */
  readonly grant?: true;
  /** The route answers with media bytes or a picture of the library. */
  readonly media?: true;
}

/** Methods that change state: they get the same-site check whatever the token. */
export const isWrite = (route: Pick<GuardedRoute, "method">) =>
  !["GET", "HEAD", "OPTIONS"].includes(route.method);

export type Caller = { kind: "public" } | { kind: "local" } | { kind: "token"; token: TokenInfo };

/** What the guard needs to know about a request; nothing else of it is read. */
export interface RequestFacts {
  /** The socket peer address; never taken from a header. */
  readonly peer: string;
  readonly headers: { get(name: string): string | null };
  readonly query: URLSearchParams;
}

export type GuardConfig = Pick<Config, "allowedHosts" | "trustLoopback" | "trustProxyHeaders">;

/** Resolves a presented bearer secret; the app passes the token store, tests a stub. */
export type TokenLookup = (secret: string) => TokenVerdict;

/** Resolves a stream grant, given the query it came with and the caller's address, to its token. */
export type GrantLookup = (
  grant: string,
  query: URLSearchParams,
  address: string,
) => { ok: true; token: TokenInfo } | { ok: false; detail: string };

export type GuardResult = { ok: true; caller: Caller } | { ok: false; status: 401 | 403; detail: string };

const FORWARDED_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** The query parameter carrying a stream grant, on routes that take one (`GuardedRoute.grant`). */
export const GRANT_PARAM = "grant";

const VERDICT_MESSAGES = {
  unknown: "unknown token",
  revoked: "token has been revoked",
  expired: "token has expired",
} as const;

const refuse = (status: 401 | 403, detail: string): GuardResult => ({ ok: false, status, detail });

/** The Host header's name without port or IPv6 brackets, lower-cased. */
export function hostName(host: string | null): string {
  if (!host) return "";
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    return end === -1 ? "" : trimmed.slice(1, end);
  }
  if (isIP(trimmed) === 6) return trimmed;
  return trimmed.replace(/:\d*$/, "");
}

function hostListed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (entry.startsWith("*.")) return host.endsWith(entry.slice(1));
    return hostName(entry) === host;
  });
}

/** Local trust needs a Host that no attacker's DNS name can produce (the DNS-rebinding defence). */
export function isTrustedLocalHost(host: string, config: GuardConfig): boolean {
  return (
    isIP(host) !== 0 ||
    host === "localhost" ||
    host.endsWith(".localhost") ||
    hostListed(host, config.allowedHosts)
  );
}

/**
 * A browser marks a request from another site with `Sec-Fetch-Site: cross-site` and with an
 * `Origin` naming that site; either one is enough to refuse a write. An opaque origin (`null`)
 * counts as cross-site.
 */
export function isCrossSite(headers: RequestFacts["headers"]): boolean {
  if (headers.get("sec-fetch-site")?.trim().toLowerCase() === "cross-site") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originUrl: URL;
  let hostUrl: URL;
  try {
    originUrl = new URL(origin);
    // Same scheme on both sides so a default port (":80", ":443") compares equal to none.
    hostUrl = new URL(`${originUrl.protocol}//${headers.get("host") ?? ""}`);
  } catch {
    return true;
  }
  return originUrl.host !== hostUrl.host;
}

function carriesForwardedHeaders(headers: RequestFacts["headers"]): boolean {
  return FORWARDED_HEADERS.some((name) => headers.get(name) !== null);
}

/** The `for=` node of the last element of a `Forwarded` header (RFC 7239), without port or brackets. */
function lastForwardedFor(value: string): string | undefined {
  const last = value.split(",").at(-1) ?? "";
  const pair = last
    .split(";")
    .map((p) => p.trim())
    .find((p) => p.toLowerCase().startsWith("for="));
  if (!pair) return undefined;
  const node = pair.slice(4).trim().replace(/^"|"$/g, "");
  if (node.startsWith("[")) return node.slice(1, node.indexOf("]"));
  return isIP(node) === 6 ? node : node.replace(/:\d+$/, "");
}

/**
 * The caller's address. Forwarded headers are read only when SVC_TRUST_PROXY_HEADERS is set, and
 * then the entry the nearest proxy appended (the last one) is used: earlier entries are whatever
 * the client chose to send.
 */
export function callerAddress(request: RequestFacts, config: GuardConfig): string {
  if (!config.trustProxyHeaders) return request.peer;
  const { headers } = request;
  const xff = headers.get("x-forwarded-for");
  if (xff !== null) return xff.split(",").at(-1)?.trim() ?? "";
  const forwarded = headers.get("forwarded");
  if (forwarded !== null) return lastForwardedFor(forwarded) ?? "";
  return headers.get("x-real-ip")?.trim() ?? request.peer;
}

function bearerSecret(authorization: string): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization.trim());
  return match?.[1] ?? null;
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").slice(0, 100);
}

function checkToken(
  request: RequestFacts,
  route: Pick<GuardedRoute, "scopes">,
  config: GuardConfig,
  token: TokenInfo,
): GuardResult {
  if (token.ip_allowlist.length > 0) {
    if (!config.trustProxyHeaders && carriesForwardedHeaders(request.headers)) {
      return refuse(
        403,
        "this token has an IP allowlist and the request carries forwarded headers (X-Forwarded-For, Forwarded or X-Real-IP), which svc does not trust unless SVC_TRUST_PROXY_HEADERS=1",
      );
    }
    if (!ipAllowed(token.ip_allowlist, callerAddress(request, config))) {
      return refuse(403, "the caller's address is not in this token's IP allowlist");
    }
  }
  const needed = route.scopes ?? [];
  if (!allows(token.scopes, needed)) {
    return refuse(403, `token lacks the scope for this endpoint: needs ${needed.join(" or ")} (or admin)`);
  }
  return { ok: true, caller: { kind: "token", token } };
}

/**
 * Decides whether a request may reach a route. In order: cross-site writes are refused whatever
 * the credentials; a bearer token (or, on a route that takes one, a stream grant standing for one)
 * must be valid, allowed from the caller's address and carry the scope; without one, only a
 * loopback caller naming a local Host is trusted, and not for a cross-site read of media. A
 * `token` query parameter is refused outright, even where local trust would apply: URLs end up
 * in logs, history and Referer headers, so a client sending one must be fixed, not quietly served.
 */
export function guard(
  request: RequestFacts,
  route: Pick<GuardedRoute, "method" | "scopes" | "grant" | "media">,
  config: GuardConfig,
  lookup: TokenLookup,
  grants?: GrantLookup,
): GuardResult {
  if (route.scopes === null) return { ok: true, caller: { kind: "public" } };
  if (isWrite(route) && isCrossSite(request.headers)) {
    return refuse(
      403,
      "cross-site request refused: this endpoint changes data and accepts only same-site requests",
    );
  }

  if (request.query.has("token")) {
    return refuse(
      401,
      "a token in the query string is not accepted: send it as Authorization: Bearer <token>",
    );
  }

  const authorization = request.headers.get("authorization");
  const grant = request.query.get(GRANT_PARAM);
  // A grant stands in for the token that asked for it, which must still be good for the route.
  if (authorization === null && grant !== null && route.grant && grants) {
    const granted = grants(grant, request.query, callerAddress(request, config));
    if (!granted.ok) return refuse(401, granted.detail);
    return checkToken(request, route, config, granted.token);
  }
  if (authorization !== null) {
    const secret = bearerSecret(authorization);
    if (secret === null) return refuse(401, "malformed Authorization header: expected Bearer <token>");
    const verdict = lookup(secret);
    if (!verdict.ok) return refuse(401, VERDICT_MESSAGES[verdict.reason]);
    return checkToken(request, route, config, verdict.token);
  }

  if (config.trustLoopback && isLoopback(request.peer)) {
    // A proxy on this machine makes every remote client look local; relayed requests need a token.
    if (carriesForwardedHeaders(request.headers)) {
      return refuse(
        401,
        "the request was relayed by a proxy (forwarded headers present), so local trust does not apply: send Authorization: Bearer <token>",
      );
    }
    const host = hostName(request.headers.get("host"));
    if (isTrustedLocalHost(host, config)) {
      // Any page the browser has open can point an <img> or <video> at this machine, and local
      // trust would serve it. A token or a stream grant is not refused for this: it is a secret
      // that a page of another site does not have, so that page cannot make the browser send it.
      if (route.media && isCrossSite(request.headers)) {
        return refuse(
          403,
          "cross-site request refused: a page of another site may not load this machine's media; send Authorization: Bearer <token> or use a stream grant",
        );
      }
      return { ok: true, caller: { kind: "local" } };
    }
    return refuse(
      401,
      `Host "${printable(host)}" is not trusted for local access; add it to SVC_ALLOWED_HOSTS or use a token`,
    );
  }
  return refuse(401, "missing token: send Authorization: Bearer <token>");
}
