import { run } from "./process.js";

export interface Exiftool {
  readonly path: string;
  /** Tags of one file, grouped (`EXIF:DateTimeOriginal`), without file-system fields. */
  tags(file: string, signal?: AbortSignal): Promise<Record<string, unknown>>;
}

const EXIF_TIMEOUT_MS = 30_000;
// File-system facts (and absolute paths) are svc's own business, not the camera's.
const DROPPED_GROUPS = /^(SourceFile|File:|System:|ExifTool:)/;

export function createExiftool(path: string): Exiftool {
  return {
    path,
    async tags(file, signal) {
      const { stdout } = await run(path, ["-json", "-G", "-api", "largefilesupport=1", "--", file], {
        timeoutMs: EXIF_TIMEOUT_MS,
        signal,
      });
      const parsed = JSON.parse(stdout) as Record<string, unknown>[];
      const tags: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(parsed[0] ?? {})) {
        if (DROPPED_GROUPS.test(key)) continue;
        if (typeof value === "string" && value.startsWith("(Binary data")) continue;
        tags[key] = value;
      }
      return tags;
    },
  };
}
