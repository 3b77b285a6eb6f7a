import type { Stats } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { EXIT, UserError } from "../domain/errors.js";
import { IGNORED_DIRS, isIgnoredName, kindOf } from "../domain/media-types.js";
import { relativeInside } from "../state/paths.js";

/*
 * svc's one containment policy, used by every entry point that turns a name into a file:
 * - the scanner follows symlinks inside the root to files and folders elsewhere (a second disk
 *   linked into the project), so a file it reached that way may be streamed — while it is still
 *   the file that was ingested;
 * - a folder a user names (`svc ingest --dir`, `POST /api/ingest` `dir`) must lie inside the root
 *   as written (no `..` out of it, no absolute path elsewhere) and exist as a folder; it may be a
 *   symlink to a folder elsewhere, like any folder the scanner walks;
 * - a delete moves a file into the trash only when its real location is inside the root's.
 */

/** Whether `path`, links resolved, is `base` or inside it. False when either cannot be resolved. */
export async function realLocationInside(base: string, path: string): Promise<boolean> {
  let realBase: string;
  let real: string;
  try {
    [realBase, real] = await Promise.all([realpath(base), realpath(path)]);
  } catch {
    // A location that cannot be resolved (gone, unreadable, a loop) cannot be shown to be inside.
    return false;
  }
  return real === realBase || relativeInside(realBase, real) !== null;
}

const ignored = (rel: string) => rel.split("/").some((part) => isIgnoredName(part) || IGNORED_DIRS.has(part));

/** A folder of the project a user named: absolute, and relative to the root (null: all of it). */
export interface UserFolder {
  abs: string;
  rel: string | null;
}

const badDir = (message: string) => new UserError(message, EXIT.usage, 422);

/**
 * `dir` as given to `svc ingest --dir` or `POST /api/ingest`: relative to the root or absolute,
 * inside the root as written, an existing folder that svc ingests. The same refusal (CLI exit 2,
 * API 422) and text for both; the text never repeats the path, so no absolute path is echoed.
 */
export async function userFolder(root: string, dir: string | undefined): Promise<UserFolder> {
  const top = resolve(root);
  if (dir === undefined || dir.trim() === "") return { abs: top, rel: null };
  const abs = resolve(top, dir);
  if (abs === top) return { abs: top, rel: null };
  const rel = relativeInside(top, abs);
  if (rel === null) throw badDir("dir must be a folder inside the project root");
  if (ignored(rel)) throw badDir("dir names a folder svc never ingests (.svc, Proxy, hidden folders)");
  let info: Stats;
  try {
    info = await stat(abs);
  } catch {
    throw badDir("dir must name an existing folder of the project");
  }
  if (!info.isDirectory()) throw badDir("dir must name an existing folder of the project");
  return { abs, rel };
}

/** What a media row records of the file it was made from. */
export interface IngestedFile {
  rel_path: string;
  size: number;
  mtime_ms: number;
}

/** A media file to open: `path` is its real location, resolved when it was checked. */
export interface MediaFile {
  path: string;
  info: Stats;
}

/**
 * The file of a media row, reached as the scanner reaches it, or null: the stored path is the
 * one a scan produces (inside the root as written, not in a folder svc ignores, a supported
 * type) and names a regular file. Whose real location is outside the root, through a symlink,
 * is served only while it is the very file that was ingested (same size and modification time):
 * a link swapped for one to another file elsewhere (`/etc/passwd`) is not.
 */
export async function mediaFile(root: string, row: IngestedFile): Promise<MediaFile | null> {
  const entry = join(root, row.rel_path);
  if (relativeInside(root, entry) !== row.rel_path) return null;
  if (ignored(row.rel_path) || kindOf(row.rel_path) === null) return null;
  let info: Stats;
  let real: string;
  try {
    [info, real] = await Promise.all([stat(entry), realpath(entry)]);
  } catch {
    return null;
  }
  if (!info.isFile()) return null;
  if (!(await realLocationInside(root, real))) {
    const same = info.size === row.size && Math.trunc(info.mtimeMs) === row.mtime_ms;
    if (!same) return null;
  }
  return { path: real, info };
}

/**
 * A file svc derived (thumbnail, key frame), stored relative to `.svc`: it must stay inside the
 * derived folder it belongs to (`thumbs/`, `frames/`), links resolved, and be a regular file.
 */
export async function derivedFile(dataDir: string, rel: string): Promise<MediaFile | null> {
  const path = join(dataDir, rel);
  const inside = relativeInside(dataDir, path);
  const folder = inside?.split("/")[0];
  if (inside === null || folder === undefined || folder === inside) return null;
  let info: Stats;
  let real: string;
  try {
    [info, real] = await Promise.all([stat(path), realpath(path)]);
  } catch {
    return null;
  }
  if (!info.isFile() || !(await realLocationInside(join(dataDir, folder), real))) return null;
  return { path: real, info };
}
