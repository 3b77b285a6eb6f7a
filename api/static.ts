import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { errorResponse } from "./errors.js";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/** The policy directive that keeps a page of svc out of every other site's frames (clickjacking). */
export const NO_FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * What every page svc serves is sent with: no framing (X-Frame-Options for browsers older than
 * frame-ancestors), no sniffing of another type, no Referer carrying its URL elsewhere.
 */
export const PAGE_HEADERS = {
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;

// The app loads only its own files and the API of the same origin: an injected script has
// nowhere to load from and nowhere to send to. Images and video come from the API or blob: URLs.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  NO_FRAME_ANCESTORS,
].join("; ");

interface Asset {
  type: string;
  body: Uint8Array;
  gzip: Uint8Array | null;
  /** Vite names bundles by content hash, so they never change under their name. */
  immutable: boolean;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
  });
}

/**
 * The built web app (dist/web), read once into memory: a few small files, looked up by their
 * exact URL path, so no request path ever reaches the file system.
 */
export function loadWebApp(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let files: string[];
  try {
    files = walk(dir);
  } catch {
    return assets;
  }
  for (const file of files) {
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    const compressible = /^(text|application\/(json|manifest)|image\/svg)/.test(type) && body.length > 1024;
    const url = `/${relative(dir, file).split(sep).join("/")}`;
    assets.set(url, {
      type,
      body,
      gzip: compressible ? gzipSync(body, { level: 9 }) : null,
      immutable: url.startsWith("/assets/"),
    });
  }
  return assets;
}

/**
 * The app's own routes (web/src/main.tsx), which a reload or a shared link asks the server for.
 * Only these get index.html: a path such as /api/media/../../etc/passwd, which URL parsing
 * turns into /etc/passwd, must stay a 404 rather than look like a file that was served.
 */
const APP_ROUTES = /^\/(?:clip\/\d+|sync(?:\/\d+\/\d+)?|chat|export|ops|settings)?\/?$/;

/** A GET outside /api: the file of that path, or index.html for one of the app's routes. */
export function webAppResponse(
  assets: Map<string, Asset>,
  pathname: string,
  acceptEncoding: string | null,
  head: boolean,
): Response {
  const index = assets.get("/index.html");
  if (!index) return errorResponse(503, "the web app is not built: run npm run build");
  const asset = assets.get(pathname) ?? (APP_ROUTES.test(pathname) ? index : undefined);
  if (!asset) return errorResponse(404, "no such file");
  const headers: Record<string, string> = {
    "content-type": asset.type,
    "cache-control": asset.immutable ? "public, max-age=31536000, immutable" : "no-cache",
    "x-content-type-options": PAGE_HEADERS["x-content-type-options"],
    "referrer-policy": PAGE_HEADERS["referrer-policy"],
    vary: "accept-encoding",
  };
  if (asset === index) {
    headers["content-security-policy"] = CSP;
    headers["x-frame-options"] = PAGE_HEADERS["x-frame-options"];
  }
  const gzip = asset.gzip !== null && /\bgzip\b/.test(acceptEncoding ?? "");
  const body = gzip ? (asset.gzip as Uint8Array) : asset.body;
  if (gzip) headers["content-encoding"] = "gzip";
  headers["content-length"] = String(body.length);
  return new Response(head ? null : body, { status: 200, headers });
}
