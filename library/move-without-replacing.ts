import { constants } from "node:fs";
import { copyFile, link, lstat, rename, rm, unlink } from "node:fs/promises";
import { errnoOf, isErrno } from "../state/errno.js";

// Errors of link(2) that mean "no hard links here", not "refused".
const LINK_UNSUPPORTED = ["EXDEV", "EPERM", "ENOTSUP", "EOPNOTSUPP", "EMLINK", "ENOSYS"];

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

/**
 * Moves `source` to `target` unless something already stands there (then "taken", and nothing
 * moved). A hard link claims the name atomically; where links are impossible (another device,
 * exFAT, a symlink entry) the name is checked first and the entry renamed, or a file copied across
 * devices with an exclusive copy. A source that cannot be removed undoes the move and throws.
 */
export async function moveWithoutReplacing(
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
  try {
    await rename(source, target);
  } catch (error) {
    if (errnoOf(error) !== "EXDEV" || isLink) throw error;
    try {
      await copyFile(source, target, constants.COPYFILE_EXCL);
    } catch (copyError) {
      if (errnoOf(copyError) === "EEXIST") return "taken";
      await rm(target, { force: true });
      throw copyError;
    }
    try {
      await unlink(source);
    } catch (unlinkError) {
      await rm(target, { force: true });
      throw unlinkError;
    }
  }
  return "moved";
}
