import { stat } from "node:fs/promises";
import { basename, resolve } from "node:path";
import type { ProjectRow } from "../state/repos/projects.js";
import type { RegistryStore } from "../state/stores.js";
import { EXIT, UserError } from "./errors.js";

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;

export function validateProjectName(name: string): string {
  const trimmed = name.trim();
  if (!NAME.test(trimmed)) {
    throw new UserError(
      "a project name is 1–64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit",
      EXIT.usage,
      422,
    );
  }
  return trimmed;
}

async function checkFolder(root: string): Promise<void> {
  try {
    if (!(await stat(root)).isDirectory()) throw new Error("not a folder");
  } catch {
    throw new UserError("the project path is not an existing folder", EXIT.usage, 422);
  }
}

/**
 * Registers a named project root. Registering the same name with the same root again is a no-op;
 * a name or root already used by another project is a conflict.
 */
export async function addProject(registry: RegistryStore, name: string, path: string): Promise<ProjectRow> {
  const clean = validateProjectName(name);
  const root = resolve(path);
  await checkFolder(root);
  const byName = registry.projects.byName(clean);
  if (byName) {
    if (byName.root === root) return byName;
    throw new UserError(`a project named "${clean}" already exists with another folder`, EXIT.usage, 409);
  }
  const byRoot = registry.projects.byRoot(root);
  if (byRoot)
    throw new UserError(`that folder is already registered as project "${byRoot.name}"`, EXIT.usage, 409);
  return registry.projects.add(clean, root);
}

export function listProjects(registry: RegistryStore): ProjectRow[] {
  return registry.projects.all();
}

/** Forgets a project; its folder and its `.svc` data stay on disk untouched. */
export function removeProject(registry: RegistryStore, name: string): void {
  if (!registry.projects.remove(name.trim())) {
    throw new UserError(`no project named "${name.trim()}"`, EXIT.usage, 404);
  }
}

/** PROJECT_ROOT is registered on first start under its folder name (made unique if taken). */
export async function ensureProjectRoot(registry: RegistryStore, root: string): Promise<ProjectRow> {
  const existing = registry.projects.byRoot(root);
  if (existing) return existing;
  await checkFolder(root);
  const base =
    basename(root)
      .replace(/[^\p{L}\p{N} ._-]/gu, "_")
      .replace(/^[^\p{L}\p{N}]+/u, "") || "project";
  let name = base.slice(0, 60);
  for (let i = 2; registry.projects.byName(name); i += 1) name = `${base.slice(0, 56)}-${i}`;
  return registry.projects.add(name, root);
}
