import { type Stats, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import { projectPaths } from "../../state/paths.js";

/**
 * Where a project's folder stands: `ok`; `missing` when nothing is at its path (an unplugged
 * drive, a folder renamed away), which svc waits out and never fills with a new folder; or
 * `unreadable` when something is there that cannot be used (not a folder, no permission, an I/O
 * error).
 */
export type RootState = "ok" | "missing" | "unreadable";

export interface RootLook {
  state: RootState;
  /** The folder's identity (device and inode) when it is `ok`: a remount or a folder put in its place changes it. */
  identity: string | null;
}

const identityOf = (info: Stats) => `${info.dev}:${info.ino}`;

function judge(info: Stats | undefined, error: unknown): RootLook {
  if (info?.isDirectory()) return { state: "ok", identity: identityOf(info) };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const missing = info === undefined && (code === undefined || code === "ENOENT" || code === "ENOTDIR");
  return { state: missing ? "missing" : "unreadable", identity: null };
}

/** Looks at a project's root with one stat (off the event loop). */
export async function lookAtRoot(root: string): Promise<RootLook> {
  try {
    return judge(await stat(root), undefined);
  } catch (error) {
    return judge(undefined, error);
  }
}

/** `lookAtRoot` for code that must answer at once (a request about to read the library). */
export function lookAtRootSync(root: string): RootLook {
  try {
    return judge(statSync(root), undefined);
  } catch (error) {
    return judge(undefined, error);
  }
}

/**
 * The identity of the `.svc` folder of an open library, or null when it is gone: the check
 * before answering from a handle that was opened earlier. A folder renamed away or a drive
 * unplugged leaves the open handle reading the old files; the path no longer leads to them.
 */
export function libraryIdentity(root: string): string | null {
  try {
    const info = statSync(projectPaths(root).dataDir);
    return info.isDirectory() ? identityOf(info) : null;
  } catch {
    return null;
  }
}
