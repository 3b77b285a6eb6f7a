import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, linkSync, lstatSync, openSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { link, lstat, open, rename, rm, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { errnoOf, isErrno } from "./errno.js";
import { makeFolders } from "./folders.js";

// The one way svc writes a file it owns. A new content is made under a hidden temp name in the
// destination's own folder (a rename never crosses file systems), synced, put in place, and the
// folder synced, so after a crash or power cut the name holds the old content or the whole new
// one, never an empty or partial file, and a failure leaves no temp file behind.

// Opening or syncing a folder: "this platform cannot", not "it failed" (Windows: EISDIR/EPERM;
// some network and FUSE file systems: EINVAL/ENOTSUP/EBADF).
const FOLDER_SYNC_UNSUPPORTED = ["EISDIR", "EPERM", "EINVAL", "ENOTSUP", "EBADF"];
// link(2): "no hard links here" (another device, exFAT, SMB, some FUSE), not "refused".
export const LINK_UNSUPPORTED = ["EXDEV", "EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK", "ENOSYS"];

/** The temp name of an atomic write of `dest`: `.<file name>.<12 hex digits>.tmp` beside it. */
export const ATOMIC_TEMP = /^\..+\.[0-9a-f]{12}\.tmp$/;

/**
 * A fresh temp name beside `dest` (matching ATOMIC_TEMP). `suffix` follows it for a program that
 * chooses its output format by the file's extension.
 */
export function tempBeside(dest: string, suffix = ""): string {
  return join(dirname(dest), `.${basename(dest)}.${randomBytes(6).toString("hex")}.tmp${suffix}`);
}

function requireBeside(temp: string, dest: string): void {
  if (dirname(temp) !== dirname(dest)) throw new Error(`${temp} is not in the folder of ${dest}`);
}

/** Whether anything (a file, a folder, a dangling link) stands at `path`. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return false;
    throw error;
  }
}

function pathExistsSync(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return false;
    throw error;
  }
}

// Opened for writing: Windows flushes a file only through a handle that may write it.
async function syncFile(path: string): Promise<void> {
  const handle = await open(path, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function syncFileSync(path: string): void {
  const fd = openSync(path, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a folder's entries (a rename or link into it) to disk, where the platform can. */
export async function syncFolder(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch (error) {
    if (!isErrno(error, ...FOLDER_SYNC_UNSUPPORTED)) throw error;
  } finally {
    await handle?.close();
  }
}

function syncFolderSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch (error) {
    if (!isErrno(error, ...FOLDER_SYNC_UNSUPPORTED)) throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

type Content = Uint8Array | string | AsyncIterable<Uint8Array | string>;

/** Writes and syncs a temp file that must not exist yet (made with `mode`, less the umask). */
async function writeTemp(temp: string, data: Content, mode = 0o666): Promise<void> {
  const handle = await open(temp, "wx", mode);
  try {
    if (typeof data === "string" || data instanceof Uint8Array) await handle.writeFile(data);
    // writeFile goes on from the handle's position and, unlike write, never stops short.
    else for await (const chunk of data) await handle.writeFile(chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes `data` (bytes, text, or a stream of them) to `dest`, replacing what is there. Missing
 * folders are made, never a project root (`makeFolders`).
 */
export async function writeFileAtomic(dest: string, data: Content): Promise<void> {
  const dir = dirname(dest);
  await makeFolders(dir);
  const temp = tempBeside(dest);
  try {
    await writeTemp(temp, data);
    await rename(temp, dest);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dir);
}

export interface ProduceOptions {
  /** The temp name, when the writer's own temps must be told apart (by a PID in the name); beside `dest`. */
  temp?: string;
  /** Follows the generated temp name (see `tempBeside`). */
  suffix?: string;
}

/**
 * Makes `dest` from a file that `produce` writes at the temp path it is given (a child process,
 * SQLite, a native library), replacing what is there; `produce`'s result is returned. Missing
 * folders are made as by `writeFileAtomic`.
 */
export async function produceAtomic<T>(
  dest: string,
  produce: (temp: string) => Promise<T> | T,
  options: ProduceOptions = {},
): Promise<T> {
  const dir = dirname(dest);
  const temp = options.temp ?? tempBeside(dest, options.suffix);
  requireBeside(temp, dest);
  let result: T;
  try {
    await makeFolders(dir);
    result = await produce(temp);
    await syncFile(temp);
    await rename(temp, dest);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dir);
  return result;
}

/** `produceAtomic` for code that cannot wait (inside a database transaction); `dest`'s folder must exist. */
export function produceAtomicSync<T>(
  dest: string,
  produce: (temp: string) => T,
  options: ProduceOptions = {},
): T {
  const dir = dirname(dest);
  const temp = options.temp ?? tempBeside(dest, options.suffix);
  requireBeside(temp, dest);
  let result: T;
  try {
    result = produce(temp);
    syncFileSync(temp);
    renameSync(temp, dest);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolderSync(dir);
  return result;
}

/**
 * Moves `source` to `target` unless something already stands there ("taken", nothing moved). A
 * hard link claims the name atomically; where links are impossible the name is checked first and
 * the entry renamed (EXDEV is left to the caller). A source that cannot be removed undoes the
 * link and throws.
 */
export async function renameWithoutReplacing(
  source: string,
  target: string,
  isLink: boolean,
): Promise<"moved" | "taken"> {
  if (!isLink) {
    let linked = false;
    try {
      await link(source, target);
      linked = true;
      await unlink(source);
      return "moved";
    } catch (error) {
      // The source could not be unlinked (a read-only folder): undo the link, refuse the move.
      if (linked) {
        await unlink(target);
        throw error;
      }
      if (errnoOf(error) === "EEXIST") return "taken";
      if (!LINK_UNSUPPORTED.includes(errnoOf(error))) throw error;
    }
  }
  if (await pathExists(target)) return "taken";
  await rename(source, target);
  return "moved";
}

function renameWithoutReplacingSync(source: string, target: string): "moved" | "taken" {
  let linked = false;
  try {
    linkSync(source, target);
    linked = true;
    unlinkSync(source);
    return "moved";
  } catch (error) {
    if (linked) {
      unlinkSync(target);
      throw error;
    }
    if (errnoOf(error) === "EEXIST") return "taken";
    if (!LINK_UNSUPPORTED.includes(errnoOf(error))) throw error;
  }
  if (pathExistsSync(target)) return "taken";
  renameSync(source, target);
  return "moved";
}

export interface PlaceOptions {
  /** The writer synced the temp file itself (it held it open). */
  synced?: boolean;
  /**
   * False: the caller syncs the folder itself once it placed many files there, instead of once per
   * file (see `syncFolder`).
   */
  syncFolder?: boolean;
}

/**
 * The finish of a new file that must never replace one: the finished temp file beside `dest` is
 * synced, takes the name unless something holds it ("taken": the temp file stays, the caller
 * removes it or tries another name), and the folder is synced.
 */
export async function placeNew(
  temp: string,
  dest: string,
  options: PlaceOptions = {},
): Promise<"placed" | "taken"> {
  requireBeside(temp, dest);
  if (!options.synced) await syncFile(temp);
  if ((await renameWithoutReplacing(temp, dest, false)) === "taken") return "taken";
  if (options.syncFolder !== false) await syncFolder(dirname(dest));
  return "placed";
}

/** `placeNew` for code that cannot wait (inside a database transaction). */
export function placeNewSync(temp: string, dest: string, options: PlaceOptions = {}): "placed" | "taken" {
  requireBeside(temp, dest);
  if (!options.synced) syncFileSync(temp);
  if (renameWithoutReplacingSync(temp, dest) === "taken") return "taken";
  if (options.syncFolder !== false) syncFolderSync(dirname(dest));
  return "placed";
}

/**
 * Writes `data` to `dest` only if nothing is there yet (false then, and nothing written); `mode`
 * (less the umask) for a file others must not read.
 */
export async function writeFileNew(dest: string, data: Content, mode?: number): Promise<boolean> {
  await makeFolders(dirname(dest));
  const temp = tempBeside(dest);
  try {
    await writeTemp(temp, data, mode);
    return (await placeNew(temp, dest, { synced: true })) === "placed";
  } finally {
    await rm(temp, { force: true });
  }
}
