import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { isErrno } from "./errno.js";
import { makeFolders } from "./folders.js";

const FOLDER_SYNC_UNSUPPORTED = ["EISDIR", "EPERM", "EINVAL", "ENOTSUP", "EBADF"];

/** Errors of opening or syncing a folder that mean "this platform cannot", not "it failed". */
export const folderSyncUnsupported = (error: unknown) => isErrno(error, ...FOLDER_SYNC_UNSUPPORTED);

/**
 * Flushes a folder's entries (a rename into it) to disk. Some platforms cannot open or sync a
 * folder (Windows: EISDIR/EPERM; some network file systems: EINVAL); there the rename is as
 * durable as the system makes it and nothing more can be done.
 */
async function syncFolder(dir: string): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch (error) {
    if (!folderSyncUnsupported(error)) throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes through a hidden temp file in the same folder and renames it into place. The temp file
 * is synced before the rename and the folder after it, so after a crash or power cut `dest` holds
 * either the old content or the whole new one, never an empty or partial file. Missing folders
 * are made, never a project root (`makeFolders`).
 */
export async function writeFileAtomic(
  dest: string,
  data: Uint8Array | string | AsyncIterable<Uint8Array | string>,
): Promise<void> {
  const dir = dirname(dest);
  await makeFolders(dir);
  const tmp = join(dir, `.${basename(dest)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(tmp, "wx");
    try {
      if (typeof data === "string" || data instanceof Uint8Array) await handle.writeFile(data);
      else
        for await (const chunk of data)
          await handle.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, dest);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await syncFolder(dir);
}
