import type { HTTPError } from "h3";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** Every error leaves the API as `{"detail": …}`; internals never reach the client. */
export function errorResponse(status: number, detail: unknown): Response {
  return new Response(JSON.stringify({ detail }), { status, headers: JSON_HEADERS });
}

export function toErrorResponse(error: HTTPError): Response {
  const status = error.status ?? 500;
  if (status >= 500 && error.unhandled) return errorResponse(500, "internal error; see the service log");
  const response = errorResponse(status, error.message || error.statusText || "error");
  // e.g. `Connection: close` after a 413 (api/body.ts).
  error.headers?.forEach((value, name) => {
    response.headers.set(name, value);
  });
  return response;
}

/** A 200 whose body is JSON text already (serialised off the event loop). */
export function jsonTextResponse(text: string): Response {
  return new Response(text, { status: 200, headers: JSON_HEADERS });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}
