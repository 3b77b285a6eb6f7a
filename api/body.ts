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

/**
 * The raw body, refused with 413 as soon as it is known to pass `maxBytes`: at once for a declared
 * Content-Length over the limit, else while it streams in, counting bytes, so an oversized upload
 * is never held in memory beyond the limit.
 */
export async function readBytes(event: H3Event, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new HTTPError({ status: 413, message: `body larger than ${maxBytes} bytes` });
  const declared = event.req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw tooLarge();
  const body = event.req.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
