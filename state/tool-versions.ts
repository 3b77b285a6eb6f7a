import { readFileSync, statSync } from "node:fs";
import { writeFileAtomic } from "./atomic.js";

/** What `resolveBinary` learnt of a program file the last time it ran it. */
export interface ToolVersionCache {
  /** The version a program file answered with, while that file is unchanged since. */
  get(path: string): string | undefined;
  /** Remembers a version; written to disk by `save`. */
  set(path: string, version: string): void;
  /** Writes what was learnt, if anything was (atomically; a failure only costs the next start-up). */
  save(): Promise<void>;
}

interface Entry {
  fingerprint: string;
  version: string;
}

/** Size, change times and inode: an upgraded, replaced or re-linked program is run again. */
function fingerprint(path: string): string | undefined {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

function readEntries(file: string): Record<string, Entry> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, Entry>) : {};
  } catch {
    return {};
  }
}

/**
 * A per-machine record (SVC_HOME/tool-versions.json) of the programs' answers to `-version`.
 * Asking ffmpeg, ffprobe and exiftool (Perl) again on every `svc ingest` cost a quarter of a
 * second before any work began; an unchanged file gives the same answer.
 */
export function toolVersionCache(file: string): ToolVersionCache {
  const entries = readEntries(file);
  let changed = false;
  return {
    get(path) {
      const entry = entries[path];
      if (!entry || typeof entry.version !== "string") return undefined;
      return entry.fingerprint === fingerprint(path) ? entry.version : undefined;
    },
    set(path, version) {
      const print = fingerprint(path);
      if (!print) return;
      entries[path] = { fingerprint: print, version };
      changed = true;
    },
    async save() {
      if (!changed) return;
      changed = false;
      await writeFileAtomic(file, `${JSON.stringify(entries, null, 2)}\n`).catch(() => undefined);
    },
  };
}
