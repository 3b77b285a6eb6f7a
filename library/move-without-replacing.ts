import { constants } from "node:fs";
import { copyFile, rm, unlink } from "node:fs/promises";
import { renameWithoutReplacing } from "../state/atomic.js";
import { errnoOf } from "../state/errno.js";

/**
 * Moves `source` to `target` unless something already stands there (then "taken", and nothing
 * moved): `renameWithoutReplacing`, and across devices a file is copied with an exclusive copy.
 * A source that cannot be removed undoes the move and throws.
 */
export async function moveWithoutReplacing(
  source: string,
  target: string,
  isLink: boolean,
): Promise<"moved" | "taken"> {
  try {
    return await renameWithoutReplacing(source, target, isLink);
  } catch (error) {
    if (errnoOf(error) !== "EXDEV" || isLink) throw error;
  }
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
  return "moved";
}
