import { isIP } from "node:net";
import type { H3Event } from "h3";
import type { Config } from "../state/config.js";
import { errorResponse } from "./errors.js";
import type { RouteDef } from "./routes/types.js";

export interface Caller {
  kind: "public" | "local" | "token";
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The Host header's name without port or IPv6 brackets, lower-cased. */
export function hostName(host: string | null): string {
  if (!host) return "";
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) return trimmed.slice(1, trimmed.indexOf("]"));
  return trimmed.replace(/:\d+$/, "");
}

/** Local trust needs a Host that no attacker's DNS name can produce (the DNS-rebinding defence). */
export function isTrustedLocalHost(host: string, config: Config): boolean {
  return (
    isIP(host) !== 0 ||
    host === "localhost" ||
    host.endsWith(".localhost") ||
    config.allowedHosts.includes(host)
  );
}

/** Decides whether a request may reach a route; returns the caller or the refusal to send. */
export function guard(event: H3Event, route: RouteDef, config: Config): Caller | Response {
  if (route.scopes === null) return { kind: "public" };
  const peer = event.req.ip ?? "";
  if (config.trustLoopback && LOOPBACK.test(peer)) {
    const host = hostName(event.req.headers.get("host"));
    if (isTrustedLocalHost(host, config)) return { kind: "local" };
    return errorResponse(
      401,
      `Host "${host.slice(0, 100)}" is not trusted for local access; add it to SVC_ALLOWED_HOSTS or use a token`,
    );
  }
  return errorResponse(401, "missing token: send Authorization: Bearer <token>");
}
