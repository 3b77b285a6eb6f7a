import { getRouterParam, type H3Event, HTTPError } from "h3";
import { type Caller, callerAddress, type RequestFacts } from "../library/access/guard.js";
import type { Config } from "../state/config.js";

/**
 * Whether the caller may see absolute paths (project roots, media files): the people at the
 * workstation (local trust) and admin tokens.
 */
export function seesAbsolutePaths(event: H3Event): boolean {
  const caller = event.context.caller as Caller | undefined;
  if (caller?.kind === "local") return true;
  return caller?.kind === "token" && caller.token.scopes.includes("admin");
}

/** A path segment decoded; 422 naming it when its percent-escapes are malformed. */
export function pathSegment(event: H3Event, name: string): string {
  const raw = getRouterParam(event, name) ?? "";
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HTTPError({ status: 422, message: `${name}: malformed percent-escape` });
  }
}

/** What the guard reads of a request. */
export function requestFacts(event: H3Event): RequestFacts {
  return { peer: event.req.ip ?? "", headers: event.req.headers, query: event.url.searchParams };
}

/** The caller's address as the guard judged it (forwarded headers only when trusted). */
export function requestAddress(event: H3Event, config: Config): string {
  return callerAddress(requestFacts(event), config);
}

/** The id of the token the request came with, or null for a caller trusted without one. */
export function callerTokenId(event: H3Event): string | null {
  const caller = event.context.caller as Caller | undefined;
  return caller?.kind === "token" ? caller.token.id : null;
}
