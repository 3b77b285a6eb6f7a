import { readFile } from "node:fs/promises";
import { errnoOf } from "./errno.js";
import type { ProjectPaths } from "./paths.js";

/** The text of the project's correction dictionary; null when it has none. */
export async function readCorrectionsFile(paths: ProjectPaths): Promise<string | null> {
  try {
    return await readFile(paths.corrections, "utf8");
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return null;
    throw error;
  }
}
