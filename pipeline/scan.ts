import { opendir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { IGNORED_DIRS, isIgnoredName, kindOf } from "../domain/media-types.js";
import { errnoOf, isErrno } from "../state/errno.js";
import { relativeInside } from "../state/paths.js";
import type { MediaKind } from "../state/repos/media.js";

export interface ScannedFile {
  relPath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
  kind: MediaKind;
}

export interface SkippedFile {
  relPath: string;
  reason: string;
}

export interface ScanResult {
  files: ScannedFile[];
  skipped: SkippedFile[];
  /**
   * Folders (relative, as reached from the root) that could not be read wholly: what lies under
   * them is unknown, so nothing there may be taken for missing.
   */
  unreadable: string[];
}

/** The root itself could not be walked (gone, unreadable): the whole pass stops. */
export class RootUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RootUnavailableError";
  }
}

const errno = (error: unknown) => errnoOf(error, "");

/** The entry is not there (any more): the only failure that says something is gone. */
const isGone = (error: unknown) => isErrno(error, "ENOENT", "ENOTDIR");

function unreadableFolder(root: string, dir: string, out: ScanResult, reason: string): void {
  const rel = relativeInside(root, dir) ?? dir;
  out.skipped.push({ relPath: `${rel}/`, reason });
  out.unreadable.push(rel);
}

/**
 * Walks `dir` (inside `root`) and sorts what it finds into media files and skipped ones. Symlinks
 * are followed, but each real directory is entered once, so a link to an ancestor cannot loop.
 */
export async function scanTree(root: string, dir: string = root): Promise<ScanResult> {
  const result: ScanResult = { files: [], skipped: [], unreadable: [] };
  const seen = new Set<string>();
  try {
    const top = await stat(dir);
    if (!top.isDirectory()) throw new RootUnavailableError(`${dir} is not a folder`);
  } catch (error) {
    if (error instanceof RootUnavailableError) throw error;
    throw new RootUnavailableError(`cannot read the folder to ingest (${errno(error) || "unknown error"})`);
  }
  await walk(root, dir, seen, result, true);
  result.files.sort((a, b) => a.relPath.localeCompare(b.relPath));
  return result;
}

async function walk(
  root: string,
  dir: string,
  seen: Set<string>,
  out: ScanResult,
  top: boolean,
): Promise<void> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch (error) {
    if (top) throw new RootUnavailableError(`cannot read the folder to ingest (${errno(error)})`);
    // Gone since its parent was listed: what was under it is missing. Anything else: unknown.
    if (!isGone(error)) unreadableFolder(root, dir, out, `folder not readable (${errno(error)})`);
    return;
  }
  if (seen.has(real)) return;
  seen.add(real);
  let handle: Awaited<ReturnType<typeof opendir>>;
  try {
    handle = await opendir(dir);
  } catch (error) {
    if (top) throw new RootUnavailableError(`cannot read the folder to ingest (${errno(error)})`);
    if (!isGone(error)) unreadableFolder(root, dir, out, `folder not readable (${errno(error)})`);
    return;
  }
  try {
    for await (const entry of handle) {
      if (isIgnoredName(entry.name) || (entry.isDirectory() && IGNORED_DIRS.has(entry.name))) continue;
      const abs = join(dir, entry.name);
      const relPath = relativeInside(root, abs);
      if (relPath === null) continue;
      if (entry.isDirectory()) {
        await walk(root, abs, seen, out, false);
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      await classify(root, abs, relPath, seen, out);
    }
  } catch (error) {
    // The folder failed while being read (vanished, a share that dropped): if it was the root,
    // the pass cannot go on; otherwise what was not listed is unknown, not missing.
    if (top) throw new RootUnavailableError(`the folder to ingest disappeared (${errno(error)})`);
    unreadableFolder(root, dir, out, `folder only partly readable (${errno(error)})`);
  }
}

async function classify(root: string, abs: string, relPath: string, seen: Set<string>, out: ScanResult) {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(abs);
  } catch (error) {
    const code = errno(error);
    const reason =
      code === "ELOOP"
        ? "symlink loop"
        : code === "ENOENT"
          ? "broken symlink or vanished file"
          : `unreadable (${code})`;
    out.skipped.push({ relPath, reason });
    // It may have been a (linked) folder: what lies under it is unknown, not missing.
    if (!isGone(error) && code !== "ELOOP") out.unreadable.push(relPath);
    return;
  }
  if (info.isDirectory()) {
    // A symlink to a folder: walk it under its link name unless its target was already walked.
    if (IGNORED_DIRS.has(relPath.split("/").pop() ?? "")) return;
    await walk(root, abs, seen, out, false);
    return;
  }
  if (!info.isFile()) {
    out.skipped.push({ relPath, reason: "not a regular file" });
    return;
  }
  const kind = kindOf(relPath);
  if (!kind) {
    out.skipped.push({ relPath, reason: "unsupported file type" });
    return;
  }
  out.files.push({ relPath, absPath: abs, size: info.size, mtimeMs: Math.trunc(info.mtimeMs), kind });
}

/** Looks at named files only (the watcher's queue) with the same rules as a full scan. */
export async function scanFiles(root: string, relPaths: readonly string[]): Promise<ScanResult> {
  const out: ScanResult = { files: [], skipped: [], unreadable: [] };
  const seen = new Set<string>();
  for (const relPath of [...new Set(relPaths)].sort()) {
    const parts = relPath.split("/");
    if (parts.some((p) => isIgnoredName(p) || IGNORED_DIRS.has(p) || p === "..")) continue;
    await classify(root, join(root, ...parts), relPath, seen, out);
  }
  return out;
}
