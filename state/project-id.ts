import { randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { placeNewSync, tempBeside } from "./atomic.js";
import { isErrno } from "./errno.js";
import type { ProjectPaths } from "./paths.js";

/**
 * `.svc/project.json`: the project's own id, made once by whichever svc first opens the project,
 * so workstations that mount the share at different paths (`/Volumes/NAS`, `/mnt/nas`,
 * `\\nas\share`) know it is the same project.
 */
const PROJECT_FILE = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/),
  created_at: z.string(),
});
export type ProjectFile = z.infer<typeof PROJECT_FILE>;

/** The project's id; null while none is written, or when the file is not one svc wrote (never replaced). */
export function readProjectId(paths: ProjectPaths): string | null {
  let text: string;
  try {
    text = readFileSync(paths.projectFile, "utf8");
  } catch {
    return null;
  }
  try {
    const parsed = PROJECT_FILE.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.id : null;
  } catch {
    return null;
  }
}

/**
 * The project's id, written first when the project has none. The file is placed without replacing
 * (a hard link claims the name), so two workstations opening a new project at once agree on one
 * id. A file that is there but unreadable keeps its place: the project then has no id (null), and
 * nothing of the user's is overwritten.
 */
export function ensureProjectId(paths: ProjectPaths): string | null {
  const found = readProjectId(paths);
  if (found) return found;
  const file: ProjectFile = { id: randomUUID(), created_at: new Date().toISOString() };
  const temp = tempBeside(paths.projectFile);
  try {
    writeFileSync(temp, `${JSON.stringify(file, null, 2)}\n`);
    placeNewSync(temp, paths.projectFile);
  } catch (error) {
    // A `.svc` that cannot be written (read-only media, a full disk) has no id yet; reads go on.
    if (!isErrno(error, "EACCES", "EPERM", "EROFS", "ENOSPC", "ENOENT", "EDQUOT")) throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  return readProjectId(paths);
}
