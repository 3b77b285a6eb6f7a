import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { ServedFile } from "../library/media/files.js";
import { errorResponse } from "./errors.js";

/**
 * Media files come from the footage folder, which anyone with write access to it controls: an SVG
 * with a script, opened from the API's origin, would act with the API's local trust. The sandbox
 * policy keeps scripts from running and nosniff keeps a file from being read as another type.
 */
const SAFE_FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy":
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
  "cache-control": "no-cache",
} as const;

/** The file, or its byte range as a 206; streamed from disk, never buffered whole. */
export function fileResponse(file: ServedFile): Response {
  const start = file.range?.start ?? 0;
  const end = file.range?.end ?? file.size - 1;
  const length = Math.max(0, end - start + 1);
  const headers = new Headers({
    ...SAFE_FILE_HEADERS,
    "content-type": file.contentType,
    "content-length": String(length),
    "accept-ranges": "bytes",
    etag: file.etag,
    "last-modified": file.lastModified.toUTCString(),
  });
  if (file.range) headers.set("content-range", `bytes ${start}-${end}/${file.size}`);
  const body =
    length === 0
      ? null
      : (Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body, { status: file.range ? 206 : 200, headers });
}

/** 416 with the size the client should have asked within. */
export function unsatisfiableResponse(size: number): Response {
  const response = errorResponse(416, `the requested range is outside the file (${size} bytes)`);
  response.headers.set("content-range", `bytes */${size}`);
  response.headers.set("accept-ranges", "bytes");
  return response;
}
