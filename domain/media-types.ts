import { extname } from "node:path";
import type { MediaKind } from "../state/repos/media.js";

const KINDS: Record<MediaKind, readonly string[]> = {
  video: [
    "mp4",
    "mov",
    "m4v",
    "mkv",
    "avi",
    "mxf",
    "mts",
    "m2ts",
    "ts",
    "webm",
    "wmv",
    "mpg",
    "mpeg",
    "3gp",
    "flv",
    "dv",
    // Camera RAW: listed from their headers, decoded through a camera-made proxy.
    "r3d",
    "braw",
    "ari",
    "crm",
  ],
  audio: ["wav", "mp3", "m4a", "aac", "flac", "ogg", "oga", "opus", "aif", "aiff", "wma", "bwf"],
  image: ["png", "jpg", "jpeg", "webp", "gif", "svg"],
};

const BY_EXTENSION = new Map<string, MediaKind>(
  Object.entries(KINDS).flatMap(([kind, exts]) => exts.map((ext) => [ext, kind as MediaKind] as const)),
);

/** The kind a file's extension promises, or null for a file svc does not ingest. */
export function kindOf(path: string): MediaKind | null {
  return BY_EXTENSION.get(extname(path).slice(1).toLowerCase()) ?? null;
}

// Browsers, rsync, Resolve and camera offload tools write these while a copy is in flight.
const PARTIAL = /\.(part|partial|crdownload|download|tmp|temp|filepart)$|^~\$|\.!sync$/i;

/** Names the watcher and the scanner never look at: hidden files, svc's folders, partial copies. */
export function isIgnoredName(name: string): boolean {
  return name.startsWith(".") || PARTIAL.test(name);
}

/**
 * The folder beside a clip where a proxy of it lives: Blackmagic cameras and Blackmagic Proxy
 * Generator write `Proxy/<clip>.mov` there, and NLEs and svc's own editor proxies (SPEC.md) use the
 * same place.
 */
export const PROXY_FOLDER = "Proxy";

/** Folders svc writes itself (derived data, editor proxies) are never ingested. */
export const IGNORED_DIRS = new Set([".svc", PROXY_FOLDER]);
