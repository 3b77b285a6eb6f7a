import { type H3Event, HTTPError } from "h3";
import type { z } from "zod";
import { GRANT_PARAM } from "../library/access/guard.js";
import type { RouteDef } from "./routes/types.js";

const MAX_SHOWN = 60;

const unprocessable = (message: string) => new HTTPError({ status: 422, message });

/**
 * The query parameters a route takes: those of its documented query schema, and `grant` where a
 * stream grant may stand in for the token (the guard reads it). Any other is refused.
 */
export function declaredParameters(route: Pick<RouteDef, "doc" | "grant">): ReadonlySet<string> {
  const names = Object.keys(route.doc?.query?.shape ?? {});
  return new Set(route.grant ? [...names, GRANT_PARAM] : names);
}

/** A name or value as the query string spells it, decoded; throws on a bad escape or non-UTF-8. */
const strictDecode = (raw: string) => decodeURIComponent(raw.replaceAll("+", " "));

/**
 * Refuses (422, naming the parameter) a query string that holds percent-escapes that are not
 * UTF-8 (`%FF`, or `%ED%A0%80`, an encoded lone surrogate), which URLSearchParams would quietly
 * turn into U+FFFD, and a parameter the route does not take, so a misspelt filter is an error
 * instead of being ignored. Values are never echoed back, only parameter names (shortened).
 */
export function checkQueryString(search: string, declared: ReadonlySet<string>): void {
  const parts = search.replace(/^\?/, "").split("&").filter(Boolean);
  for (const part of parts) {
    const [rawName = "", ...rawValue] = part.split("=");
    const shownName = new URLSearchParams(part).keys().next().value ?? "";
    let name: string;
    try {
      name = strictDecode(rawName);
      strictDecode(rawValue.join("="));
    } catch {
      throw unprocessable(`${shownName.slice(0, MAX_SHOWN)}: not UTF-8 text (a malformed percent-escape)`);
    }
    if (!declared.has(name)) {
      const known = declared.size > 0 ? `; it takes ${[...declared].join(", ")}` : "; it takes none";
      throw unprocessable(`${name.slice(0, MAX_SHOWN)}: unknown query parameter for this endpoint${known}`);
    }
  }
}

/**
 * Validates the query string against `schema`: 422 naming the parameter when a value is junk or a
 * parameter is repeated. Unknown parameters and escapes that are not UTF-8 were refused before the
 * handler ran (checkQueryString). Values are never echoed back, only parameter names (shortened).
 */
export function readQuery<S extends z.ZodType>(event: H3Event, schema: S): z.infer<S> {
  const params = event.url.searchParams;
  const data: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) {
      throw unprocessable(`${key.slice(0, MAX_SHOWN)}: given more than once`);
    }
    data[key] = values[0] ?? "";
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "query";
    const message = (issue?.message ?? "invalid").slice(0, 2 * MAX_SHOWN);
    throw unprocessable(`${field.slice(0, MAX_SHOWN)}: ${message}`);
  }
  return parsed.data;
}
