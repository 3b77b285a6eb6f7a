import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { mountedStorage } from "../../adapters/mount-table.js";
import { isErrno } from "../../state/errno.js";
import { openLibrary } from "../../state/stores.js";
import { lookAtRoot } from "./project-root.js";

/**
 * Only "no such entry" says a file or folder is gone. Any other failure (no permission on a
 * folder above it, a share that dropped) leaves it unknown, and unknown is not missing.
 */
async function isGone(root: string, relPath: string): Promise<boolean> {
  try {
    await lstat(join(root, relPath));
    return false;
  } catch (error) {
    return isErrno(error, "ENOENT", "ENOTDIR");
  }
}

/**
 * Flags items whose files vanished; rows (and the editorial work on them) are kept. Each path the
 * watcher reports is looked at again first, so one that is still there, or cannot be looked at,
 * is not flagged. Nothing is flagged while the root itself is gone: that is a drive away, and its
 * files are not missing.
 */
export async function markMissing(
  root: string,
  relPaths: readonly string[],
  dirs: readonly string[],
): Promise<number> {
  const files: string[] = [];
  for (const rel of relPaths) if (await isGone(root, rel)) files.push(rel);
  const folders: string[] = [];
  for (const rel of dirs) if (await isGone(root, rel)) folders.push(rel);
  if (files.length === 0 && folders.length === 0) return 0;
  if ((await lookAtRoot(root)).state !== "ok") return 0;
  const store = openLibrary(root, { mounts: mountedStorage });
  try {
    let count = 0;
    for (const rel of files) if (store.media.markMissing(rel)) count += 1;
    for (const dir of folders) count += store.media.markMissingUnder(dir);
    return count;
  } finally {
    store.close();
  }
}
