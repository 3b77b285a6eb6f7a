import { type Dir, type Dirent, opendirSync, type Stats, statSync } from "node:fs";
import { opendir, readdir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import {
  FRAME_ONLY_EXTENSIONS,
  type FrameSequence,
  frameNameOf,
  frameStemOf,
  groupFrames,
} from "../domain/frame-sequences.js";
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
  /**
   * An image sequence: `relPath` is its pattern, `size` the sum of its frames and `mtimeMs` the
   * newest frame's (domain/frame-sequences.ts).
   */
  sequence?: ScannedSequence;
}

/** One frame of a sequence as the scan saw it. */
export interface ScannedFrame {
  relPath: string;
  absPath: string;
  size: number;
  mtimeMs: number;
}

export type ScannedSequence = Omit<FrameSequence<ScannedFrame>, "pattern">;

export interface ScanOptions {
  /** Files that must not be grouped into a sequence (frames already ingested as stills). */
  keepApart?: (relPath: string) => boolean;
  /**
   * The tree is on this machine's own disks: folders are listed and files measured on this
   * thread, a few microseconds each, instead of a round trip through libuv's threads that cost
   * five times the CPU. A share keeps the thread pool, where one slow answer holds nothing up.
   */
  local?: boolean;
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
export async function scanTree(
  root: string,
  dir: string = root,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const result: Collected = { files: [], skipped: [], unreadable: [], frames: [] };
  const seen = new Set<string>();
  try {
    const top = await stat(dir);
    if (!top.isDirectory()) throw new RootUnavailableError(`${dir} is not a folder`);
  } catch (error) {
    if (error instanceof RootUnavailableError) throw error;
    throw new RootUnavailableError(`cannot read the folder to ingest (${errno(error) || "unknown error"})`);
  }
  await walk(root, dir, seen, result, true, options.local === true);
  return grouped(root, result, options);
}

// The order localeCompare gives, from one collator rather than one per comparison.
const byName = new Intl.Collator();

/** What a walk gathers: frame-named files wait to be grouped once every one of them is known. */
interface Collected extends ScanResult {
  frames: ScannedFrame[];
}

/**
 * Frame-named files become sequences; the others are files like any other, or skipped when their
 * type is read only as frames of a sequence (a lone DPX, EXR or TIFF).
 */
function grouped(root: string, collected: Collected, options: ScanOptions): ScanResult {
  const { frames, ...result } = collected;
  const { sequences, singles } = groupFrames(frames, options.keepApart);
  for (const { pattern, ...sequence } of sequences) {
    let size = 0;
    let mtimeMs = 0;
    for (const frame of sequence.frames) {
      size += frame.size;
      mtimeMs = Math.max(mtimeMs, frame.mtimeMs);
    }
    result.files.push({
      relPath: pattern,
      absPath: join(root, pattern),
      size,
      mtimeMs,
      kind: "video",
      sequence,
    });
  }
  for (const frame of singles) {
    const kind = kindOf(frame.relPath);
    if (kind) result.files.push({ ...frame, kind });
    else if (FRAME_ONLY_EXTENSIONS.has(frameNameOf(frame.relPath)?.ext.toLowerCase() ?? ""))
      result.skipped.push({
        relPath: frame.relPath,
        reason: "a lone frame: an image sequence needs at least 2 frames of one name",
      });
    else result.skipped.push({ relPath: frame.relPath, reason: "unsupported file type" });
  }
  result.files.sort((a, b) => byName.compare(a.relPath, b.relPath));
  return result;
}

async function walk(
  root: string,
  dir: string,
  seen: Set<string>,
  out: Collected,
  top: boolean,
  local: boolean,
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
  const entries = await listFolder(root, dir, out, top, local);
  if (entries === null) return;
  // The folder's files are measured together once it is listed: stats awaited one by one held a
  // pass over unchanged files to the latency of one stat. Entries are then taken in listing
  // order, as before, so a folder and a link to it are entered under the same name as ever.
  const files = entries.filter((e) => !e.folder);
  for (let i = 0; i < files.length; i += STATS_AT_ONCE) {
    const batch = files.slice(i, i + STATS_AT_ONCE);
    if (local) {
      for (const file of batch) file.measured = measureHere(file.abs);
      // The daemon answers requests between a folder's batches while a pass walks the tree.
      await new Promise(setImmediate);
    } else {
      const measured = await Promise.all(batch.map((f) => measure(f.abs)));
      for (const [j, file] of batch.entries()) file.measured = measured[j];
    }
  }
  for (const entry of entries) {
    if (entry.folder) await walk(root, entry.abs, seen, out, false, local);
    else await classify(root, entry.abs, entry.relPath, seen, out, entry.measured, local);
  }
}

interface Entry {
  abs: string;
  relPath: string;
  folder: boolean;
  measured?: Measured;
}

/** A folder's folders and files (links included), or null when it cannot be listed at all. */
async function listFolder(
  root: string,
  dir: string,
  out: Collected,
  top: boolean,
  local: boolean,
): Promise<Entry[] | null> {
  const entries: Entry[] = [];
  const take = (entry: Dirent) => {
    if (isIgnoredName(entry.name) || (entry.isDirectory() && IGNORED_DIRS.has(entry.name))) return;
    const abs = join(dir, entry.name);
    const relPath = relativeInside(root, abs);
    if (relPath === null) return;
    if (entry.isDirectory()) entries.push({ abs, relPath, folder: true });
    else if (entry.isFile() || entry.isSymbolicLink()) entries.push({ abs, relPath, folder: false });
  };
  // The folder failed while being read (vanished, a share that dropped): if it was the root, the
  // pass cannot go on; otherwise what was not listed is unknown, not missing.
  const partlyRead = (error: unknown) => {
    if (top) throw new RootUnavailableError(`the folder to ingest disappeared (${errno(error)})`);
    unreadableFolder(root, dir, out, `folder only partly readable (${errno(error)})`);
  };
  const cannotOpen = (error: unknown) => {
    if (top) throw new RootUnavailableError(`cannot read the folder to ingest (${errno(error)})`);
    if (!isGone(error)) unreadableFolder(root, dir, out, `folder not readable (${errno(error)})`);
    return null;
  };
  // Read as the directory gives them, on either path: the order decides the name under which a
  // folder reached twice (through a link) is entered.
  if (local) {
    let handle: Dir;
    try {
      handle = opendirSync(dir, { bufferSize: 256 });
    } catch (error) {
      return cannotOpen(error);
    }
    try {
      for (let entry = handle.readSync(); entry !== null; entry = handle.readSync()) take(entry);
    } catch (error) {
      partlyRead(error);
    } finally {
      handle.closeSync();
    }
    return entries;
  }
  let handle: Awaited<ReturnType<typeof opendir>>;
  try {
    handle = await opendir(dir);
  } catch (error) {
    return cannotOpen(error);
  }
  try {
    for await (const entry of handle) take(entry);
  } catch (error) {
    partlyRead(error);
  }
  return entries;
}

/**
 * Stats in flight at once per folder on a share (enough to keep libuv's threads busy), and taken
 * on this thread between two turns of the event loop on a local disk.
 */
const STATS_AT_ONCE = 64;

type Measured = { info: Stats } | { error: unknown };

const measure = (abs: string): Promise<Measured> =>
  stat(abs).then(
    (info) => ({ info }),
    (error: unknown) => ({ error }),
  );

function measureHere(abs: string): Measured {
  try {
    return { info: statSync(abs) };
  } catch (error) {
    return { error };
  }
}

async function classify(
  root: string,
  abs: string,
  relPath: string,
  seen: Set<string>,
  out: Collected,
  measured?: Measured,
  local = false,
) {
  const result = measured ?? (await measure(abs));
  if ("error" in result) {
    const { error } = result;
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
  const { info } = result;
  if (info.isDirectory()) {
    // A symlink to a folder: walk it under its link name unless its target was already walked.
    if (IGNORED_DIRS.has(relPath.split("/").pop() ?? "")) return;
    await walk(root, abs, seen, out, false, local);
    return;
  }
  if (!info.isFile()) {
    out.skipped.push({ relPath, reason: "not a regular file" });
    return;
  }
  const found = { relPath, absPath: abs, size: info.size, mtimeMs: Math.trunc(info.mtimeMs) };
  if (frameNameOf(relPath)) {
    out.frames.push(found);
    return;
  }
  const kind = kindOf(relPath);
  if (!kind) {
    out.skipped.push({ relPath, reason: "unsupported file type" });
    return;
  }
  out.files.push({ ...found, kind });
}

/**
 * The frames beside named frames that can belong to their sequences: a frame the watcher names
 * stands for its whole sequence, which is looked at as a full scan would.
 */
async function siblingFrames(root: string, relPaths: readonly string[]): Promise<string[]> {
  const stems = new Map<string, Set<string>>();
  for (const relPath of relPaths) {
    const frame = frameNameOf(relPath);
    if (!frame) continue;
    const wanted = stems.get(frame.dir) ?? new Set<string>();
    wanted.add(frameStemOf(frame));
    stems.set(frame.dir, wanted);
  }
  const found: string[] = [];
  for (const [dir, wanted] of stems) {
    // A folder gone or unreadable: the named frames themselves say so when they are looked at.
    const names = await readdir(join(root, dir)).catch(() => [] as string[]);
    for (const name of names) {
      const frame = frameNameOf(`${dir}${name}`);
      if (frame && !isIgnoredName(name) && wanted.has(frameStemOf(frame))) found.push(`${dir}${name}`);
    }
  }
  return found;
}

/** Looks at named files only (the watcher's queue) with the same rules as a full scan. */
export async function scanFiles(
  root: string,
  relPaths: readonly string[],
  options: ScanOptions = {},
): Promise<ScanResult> {
  const out: Collected = { files: [], skipped: [], unreadable: [], frames: [] };
  const seen = new Set<string>();
  const named = relPaths.filter((relPath) => {
    const parts = relPath.split("/");
    return !parts.some((p) => isIgnoredName(p) || IGNORED_DIRS.has(p) || p === "..");
  });
  for (const relPath of [...new Set([...named, ...(await siblingFrames(root, named))])].sort()) {
    await classify(root, join(root, ...relPath.split("/")), relPath, seen, out);
  }
  return grouped(root, out, options);
}
