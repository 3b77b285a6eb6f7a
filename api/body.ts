import { assertBodySize, type H3Event, HTTPError } from "h3";
import type { z } from "zod";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON body no larger than `maxBytes` and validates it: 413 when too large, 422 naming
 * the field when malformed or invalid.
 */
export async function readJson<S extends z.ZodType>(
  event: H3Event,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  const tooLarge = () => new HTTPError({ status: 413, message: `body larger than ${maxBytes} bytes` });
  // h3 refuses a declared length over the limit at once and counts a chunked body as it streams
  // in, so an oversized body is refused at the limit instead of being buffered whole first.
  let text: string;
  try {
    assertBodySize(event, maxBytes);
    text = await event.req.text();
  } catch (error) {
    if (HTTPError.isError(error) && error.status === 413) throw tooLarge();
    throw error;
  }
  let data: unknown;
  try {
    data = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new HTTPError({ status: 422, message: "body is not valid JSON" });
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "body";
    throw new HTTPError({ status: 422, message: `${field}: ${issue?.message ?? "invalid"}` });
  }
  return parsed.data;
}
