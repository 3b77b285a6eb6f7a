import { EXIT, UserError } from "../../domain/errors.js";
import type { LibraryStore } from "../../state/stores.js";
import type { LibraryPool } from "../library-pool.js";

/** One project a chat turn may read. */
export interface ScopedProject {
  name: string;
  root: string;
  store: LibraryStore;
}

/**
 * The projects a turn reads: those `names` lists (each must be registered), or the default
 * project when no scope is given. Nothing outside them reaches the model.
 */
export function resolveScope(libraries: LibraryPool, names: readonly string[] | undefined): ScopedProject[] {
  if (names === undefined) {
    const project = libraries.project();
    return [{ name: project.name, root: project.root, store: libraries.library(project.name) }];
  }
  const unique = [...new Set(names.map((n) => n.trim()))];
  const unknown = unique.filter((name) => !libraries.isRegistered(name));
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).map((n) => `"${n.slice(0, 64)}"`);
    throw new UserError(`project_scope: no registered project named ${shown.join(", ")}`, EXIT.usage, 422);
  }
  return unique.map((name) => {
    const project = libraries.project(name);
    return { name: project.name, root: project.root, store: libraries.library(name) };
  });
}
