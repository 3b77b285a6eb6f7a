import type { Socket } from "node:net";
import { type H3Event, HTTPError } from "h3";
import type { z } from "zod";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * After a 413 the rest of the upload is read and dropped for this long at most, and for this many
 * bytes at most, so that the client gets to read the answer; a client still sending past either
 * has its connection cut.
 */
const LINGER_MS = 5_000;
const LINGER_BYTES = 64 * 1024 * 1024;

const unprocessable = (message: string) => new HTTPError({ status: 422, message });

/**
 * Answers the 413 as the last answer on the connection and closes it without a reset. A socket
 * closed while the client is still sending is reset by the kernel, and the reset can reach the
 * client before it has read the answer (ECONNRESET under keep-alive). So the server half-closes
 * once the answer is out, keeps reading and dropping what the client goes on sending, and closes
 * when the client does (or the budget above runs out), as web servers' lingering close does.
 */
function refuseOversized(
  event: H3Event,
  maxBytes: number,
  reader?: ReadableStreamDefaultReader<Uint8Array>,
): HTTPError {
  const rest = reader ?? event.req.body?.getReader();
  if (rest) void drain(rest);
  const socket = event.runtime?.node?.req.socket as Socket | undefined;
  // Node's HTTP server calls destroySoon once a `Connection: close` answer is written.
  if (socket && typeof socket.destroySoon === "function") {
    socket.destroySoon = () => {
      socket.end();
      const cut = setTimeout(() => socket.destroy(), LINGER_MS);
      cut.unref();
      socket.once("close", () => clearTimeout(cut));
      socket.once("end", () => socket.destroy());
    };
  }
  return new HTTPError({
    status: 413,
    message: `body larger than ${maxBytes} bytes`,
    headers: { connection: "close" },
  });
}

/** Reads and drops the rest of a refused body, within the lingering budget. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const started = performance.now();
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
      if (dropped > LINGER_BYTES || performance.now() - started > LINGER_MS) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to drain.
  }
}

/**
 * The raw body, refused with 413 as soon as it is known to pass `maxBytes`: at once for a declared
 * Content-Length over the limit, else while it streams in, counting bytes, so an oversized upload
 * is never held in memory beyond the limit.
 */
export async function readBytes(event: H3Event, maxBytes: number): Promise<Uint8Array> {
  const declared = event.req.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw refuseOversized(event, maxBytes);
  const body = event.req.body;
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) throw refuseOversized(event, maxBytes, reader);
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * A JSON body must say so: a form, text or a body without a type is what a page of another site
 * can send without asking first, so it is refused (415) before it is read as JSON. Parameters
 * such as `charset=utf-8` are fine; a charset other than UTF-8 is not (JSON is UTF-8).
 */
function assertJsonType(type: string | null): void {
  const [essence = "", ...params] = (type ?? "").split(";").map((part) => part.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith("charset="))
    ?.slice(8)
    .replace(/^"|"$/g, "");
  if (essence === "application/json" && (charset === undefined || /^utf-?8$/.test(charset))) return;
  const given = type === null ? "no Content-Type" : `Content-Type ${type.slice(0, 80)}`;
  throw new HTTPError({
    status: 415,
    message: `this endpoint takes a JSON body (Content-Type: application/json), not ${given}`,
  });
}

// In a `u` pattern a surrogate pair is one code point, so this matches lone surrogates only.
const LONE_SURROGATE = /\p{Cs}/u;

/** Where in a JSON value the first string (or key) that is not well-formed Unicode sits, or null. */
function loneSurrogateAt(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === "string") return LONE_SURROGATE.test(value) ? path.join(".") || "body" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = loneSurrogateAt(item, [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return path.join(".") || "body";
      const found = loneSurrogateAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Reads a JSON body no larger than `maxBytes` and validates it: 413 when too large, 415 when it is
 * not sent as JSON, 422 naming the field when it is not UTF-8, not JSON, holds a lone surrogate
 * (`"\ud800"`, which no text can store) or does not match `schema`. No body at all reads as `{}`.
 */
export async function readJson<S extends z.ZodType>(
  event: H3Event,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.infer<S>> {
  const bytes = await readBytes(event, maxBytes);
  let data: unknown = {};
  if (bytes.byteLength > 0) {
    assertJsonType(event.req.headers.get("content-type"));
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw unprocessable("body is not valid UTF-8");
    }
    try {
      data = text.trim() === "" ? {} : JSON.parse(text);
    } catch {
      throw unprocessable("body is not valid JSON");
    }
    const broken = loneSurrogateAt(data);
    if (broken) throw unprocessable(`${broken}: not valid Unicode text (a lone surrogate escape)`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.length ? issue.path.join(".") : "body";
    throw unprocessable(`${field}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}
