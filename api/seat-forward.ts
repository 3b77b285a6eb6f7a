import type { H3Event } from "h3";
import { z } from "zod";
import { forwardToHost, seatTarget } from "../library/hosting/forward.js";
import { MAX_BODY_BYTES } from "./body.js";
import { isFile } from "./openapi.js";
import type { ApiDeps, RouteDef } from "./routes/types.js";

/** Where a route names the one project it addresses, or null for a route a seat answers itself. */
export type ProjectField = "query" | "body" | null;

const PROJECT = "project";

export function projectFieldOf(route: RouteDef): ProjectField {
  if (route.seat === "local" || !route.doc) return null;
  if (route.doc.query && PROJECT in route.doc.query.shape) return "query";
  const { body } = route.doc;
  if (body && !isFile(body) && body instanceof z.ZodObject && PROJECT in body.shape) return "body";
  return null;
}

/**
 * The JSON body and the project it names, read from a copy of the request so the handler still
 * reads the original; undefined when it is too large or not a JSON object, which the handler
 * refuses itself.
 */
async function peekBody(event: H3Event): Promise<{ bytes: Uint8Array; project: unknown } | undefined> {
  const declared = Number(event.req.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return undefined;
  const bytes = new Uint8Array(await event.req.clone().arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) return undefined;
  if (bytes.byteLength === 0) return { bytes, project: undefined };
  try {
    const value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    return { bytes, project: (value as Record<string, unknown>)[PROJECT] };
  } catch {
    return undefined;
  }
}

/**
 * The host's answer to a request for a project this svc is a seat for; undefined when it is
 * answered here. Called once the guard has let the caller in. A project name the handler would
 * refuse (repeated, too long, not a string) is left to it.
 */
export async function answerFromHost(
  event: H3Event,
  deps: ApiDeps,
  field: ProjectField,
): Promise<Response | undefined> {
  if (field === null) return undefined;
  let name: unknown;
  let bytes: Uint8Array | undefined;
  if (field === "query") {
    const given = event.url.searchParams.getAll(PROJECT);
    if (given.length > 1) return undefined;
    name = given[0];
  } else {
    const peeked = await peekBody(event);
    if (!peeked) return undefined;
    ({ bytes, project: name } = peeked);
  }
  if (name !== undefined && (typeof name !== "string" || name.length > 64)) return undefined;
  const target = seatTarget(deps.ctx, deps.libraries, name || undefined);
  if (!target) return undefined;
  return forwardToHost(deps.ctx, target, {
    method: event.req.method,
    path: event.url.pathname,
    query: event.url.searchParams,
    headers: event.req.headers,
    body: bytes ?? event.req.body,
    projectIn: field,
    signal: event.req.signal,
  });
}
