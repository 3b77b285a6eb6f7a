import { type H3Event, HTTPError } from "h3";
import type { z } from "zod";

const MAX_SHOWN = 60;

/**
 * Validates the query string against `schema`: 422 naming the parameter when a value is junk or a
 * parameter is repeated. Parameters a route does not know are ignored, as clients add their own
 * (cache busters and the like). Values are never echoed back, only parameter names (shortened).
 */
export function readQuery<S extends z.ZodType>(event: H3Event, schema: S): z.infer<S> {
  const params = event.url.searchParams;
  const data: Record<string, string> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    if (values.length > 1) {
      throw new HTTPError({ status: 422, message: `${key.slice(0, MAX_SHOWN)}: given more than once` });
    }
    data[key] = values[0] ?? "";
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "query";
    const message = (issue?.message ?? "invalid").slice(0, 2 * MAX_SHOWN);
    throw new HTTPError({ status: 422, message: `${field.slice(0, MAX_SHOWN)}: ${message}` });
  }
  return parsed.data;
}
