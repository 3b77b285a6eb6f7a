import { mkdirSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { sep } from "node:path";
import { isErrno } from "./errno.js";
import { DATA_DIR_NAME } from "./paths.js";

// A project folder on a drive that is not mounted has no parent either, and making the chain
// again would put an empty folder where the drive mounts (macOS then mounts it at
// "/Volumes/RAID 1"). What svc makes for a project it makes one level at a time below the root,
// and the missing root fails with ENOENT instead.

/** Makes `dir` unless it is there; its parent must exist. */
export async function makeFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir);
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  }
}

/** `makeFolder` for code that cannot wait (opening a database). */
export function makeFolderSync(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    if (!isErrno(error, "EEXIST")) throw error;
  }
}

/**
 * Makes `dir` and whatever is missing above it, except a project root: in a project's `.svc`
 * folder only `.svc` and what lies below it are made, so a write into the library of a project
 * whose drive went away fails instead of making its root again.
 */
export async function makeFolders(dir: string): Promise<void> {
  const parts = dir.split(sep);
  const data = parts.indexOf(DATA_DIR_NAME);
  if (data <= 0) {
    await mkdir(dir, { recursive: true });
    return;
  }
  for (let i = data; i < parts.length; i++) await makeFolder(parts.slice(0, i + 1).join(sep));
}
