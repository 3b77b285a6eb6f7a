import { readdir } from "node:fs/promises";
import { extname, join } from "node:path";
import { isErrno } from "./errno.js";
import { homePaths } from "./paths.js";

/** Where LUTs live under SVC_HOME: generated built-ins, imported files, checked SVC_LUT_DIR copies. */
export function lutFolders(home: string): { builtin: string; imported: string; dir: string } {
  const root = homePaths(home).luts;
  return { builtin: join(root, "builtin"), imported: join(root, "imported"), dir: join(root, "dir") };
}

/** The `.cube` files directly in `dir`, in name order; none when there is no such folder. */
export async function cubeNames(dir: string | undefined): Promise<string[]> {
  if (dir === undefined) return [];
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && extname(entry.name).toLowerCase() === ".cube")
      .map((entry) => entry.name)
      .sort((a, b) => a.localeCompare(b, "en"));
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) return [];
    throw error;
  }
}
