import { existsSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, resolve } from "node:path";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import { folderName } from "../../domain/folder-name.js";
import type { ProjectHealth, ProjectsReport, ProjectView } from "../../domain/schemas/organise.js";
import { projectPaths, relativeInside } from "../../state/paths.js";
import { peekLibrary } from "../../state/repos/library-record.js";
import type { ProjectRow } from "../../state/repos/projects.js";
import type { RegistryStore } from "../../state/stores.js";
import {
  decide,
  type EntitlementContext,
  entitlementState,
  requireEntitlement,
} from "../access/entitlements.js";
import type { AppContext } from "../context.js";
import { type OpenJournal, projectHosting } from "../hosting/hosting-view.js";
import { checkPlace } from "../offload/deny-list.js";
import { projectSearchHealth } from "../system/health.js";
import { lookAtRoot, type RootState } from "./project-root.js";

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,63}$/u;
const MAX_TAGS = 32;

export function validateProjectName(name: string): string {
  const trimmed = name.trim();
  if (!NAME.test(trimmed)) {
    throw new UserError(
      "name: a project name is 1–64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit",
      EXIT.usage,
      422,
    );
  }
  return trimmed;
}

/** `POST /api/projects`. */
export const PROJECT_BODY = z.strictObject({
  name: z.string().max(200),
  path: z
    .string()
    .min(1, "required")
    .max(4096)
    .refine((p) => !p.includes("\0"), "must not contain NUL")
    .describe("Absolute path of the project folder"),
  tags: z.array(z.string().trim().min(1).max(64)).max(MAX_TAGS).optional(),
});

async function checkFolder(root: string): Promise<void> {
  let reason = "the project path is not an existing folder";
  try {
    if ((await stat(root)).isDirectory()) return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") reason = "the project path is a symlink loop";
    else if (code === "EACCES") reason = "the project path cannot be read";
  }
  throw new UserError(`path: ${reason}`, EXIT.usage, 422);
}

/** A folder as registered and, when it resolves, with its links resolved: both are compared. */
async function rootForms(root: string): Promise<string[]> {
  const real = await realpath(root).catch(() => null);
  return real && real !== root ? [root, real] : [root];
}

type Overlap = "same" | "inside" | "around";

/** How folder `a` lies to folder `b`, in any of their forms: null when apart. */
function overlap(a: readonly string[], b: readonly string[]): Overlap | null {
  for (const x of a)
    for (const y of b) {
      if (x === y) return "same";
      if (relativeInside(y, x) !== null) return "inside";
      if (relativeInside(x, y) !== null) return "around";
    }
  return null;
}

/**
 * The deny-list of offload destinations (svc's own data, system and settings folders, `/` and
 * the home folder's root) applied to a project folder, as written and with links resolved.
 */
function checkProjectPlace(path: string, ctx: EntitlementContext): void {
  const verdict = checkPlace(path, { home: homedir(), svcHome: ctx.config.home }, "project folder");
  if (!verdict.ok)
    throw new UserError(`path: ${verdict.reason}`, EXIT.usage, verdict.kind === "denied" ? 403 : 422);
}

/** A registered project (other than `name`) at, inside or around the folder: projects must not nest. */
async function refuseNesting(ctx: EntitlementContext, name: string, forms: readonly string[]): Promise<void> {
  for (const other of ctx.registry.projects.all()) {
    if (other.name === name) continue;
    const found = overlap(forms, await rootForms(other.root));
    if (found === null) continue;
    const message = {
      same: `that folder is already registered as project "${other.name}"`,
      inside: `that folder is inside project "${other.name}"; projects cannot nest`,
      around: `that folder holds project "${other.name}"; projects cannot nest`,
    }[found];
    throw new UserError(`path: ${message}`, EXIT.usage, 409);
  }
}

/**
 * Registers a named project root. The same name and root again is a no-op; an existing name with
 * a new root is a relocation (a moved drive) that keeps the name, so bins and history follow it.
 * The folder is absolute (a relative path is 422: callers resolve it where the user stands),
 * outside the deny-list (403), and neither at, inside nor around another project's folder (409
 * naming it; projects registered before this rule that nest are kept, and listed with
 * `nested_with`). Only a new name counts against the free tier, and it is checked before
 * anything is written.
 */
export async function addProject(
  ctx: EntitlementContext,
  name: string,
  path: string,
  tags?: readonly string[],
): Promise<ProjectRow> {
  const { registry } = ctx;
  const clean = validateProjectName(name);
  checkProjectPlace(path, ctx);
  const root = resolve(path);
  await checkFolder(root);
  const forms = await rootForms(root);
  for (const form of forms) checkProjectPlace(form, ctx);
  const byName = registry.projects.byName(clean);
  if (byName?.root === root && tags === undefined) return byName;
  if (byName?.root !== root) await refuseNesting(ctx, clean, forms);
  if (byName) return registry.projects.relocate(clean, root, tags) as ProjectRow;
  await requireEntitlement(ctx, "add_project");
  return registry.projects.add(clean, root, tags ?? []);
}

/** A registered project, and the other projects whose folders lie inside or around its own. */
export interface ListedProject extends ProjectRow {
  nested_with: string[];
}

/** Every registered project with the names of those it nests with (sorted by name, as stored). */
export async function listProjectsNesting(registry: RegistryStore): Promise<ListedProject[]> {
  const rows = registry.projects.all();
  const forms = await Promise.all(rows.map((row) => rootForms(row.root)));
  return rows.map((row, i) => ({
    ...row,
    nested_with: rows.flatMap((other, j) =>
      j !== i && overlap(forms[i] as string[], forms[j] as string[]) !== null ? [other.name] : [],
    ),
  }));
}

export function listProjects(registry: RegistryStore): ProjectRow[] {
  return registry.projects.all();
}

/** `svc project list`: every registered project and where its folder stands. */
export async function listProjectStates(
  registry: RegistryStore,
): Promise<(ListedProject & { state: RootState })[]> {
  return Promise.all(
    (await listProjectsNesting(registry)).map(async (row) => ({
      ...row,
      state: (await lookAtRoot(row.root)).state,
    })),
  );
}

/** Forgets a project; its folder and its `.svc` data stay on disk untouched. */
export function removeProject(registry: RegistryStore, name: string): void {
  if (!registry.projects.remove(name.trim())) {
    throw new UserError(`no project named "${name.trim()}"`, EXIT.usage, 404);
  }
}

/** The name PROJECT_ROOT's project gets on first start: its folder name, made safe. */
export function defaultProjectName(root: string): string {
  return (
    basename(root)
      .replace(/[^\p{L}\p{N} ._-]/gu, "_")
      .replace(/^[^\p{L}\p{N}]+/u, "")
      .slice(0, 60) || "project"
  );
}

/**
 * PROJECT_ROOT is registered on first start under its folder name (made unique if taken). When
 * the free tier's project limit refuses it, it stays unregistered (null) and is still served as
 * the default project: starting never fails on the limit.
 */
export async function ensureProjectRoot(ctx: EntitlementContext, root: string): Promise<ProjectRow | null> {
  const { registry } = ctx;
  const existing = registry.projects.byRoot(root);
  if (existing) return existing;
  await checkFolder(root);
  if (!decide(await entitlementState(ctx), "add_project").allowed) return null;
  const base = defaultProjectName(root);
  let name = base;
  for (let i = 2; registry.projects.byName(name); i += 1) name = `${base.slice(0, 56)}-${i}`;
  return registry.projects.add(name, root);
}

/**
 * Whether the project's folder and database are there. A seat does not peek into a database
 * another svc hosts: on a share, even a reader's lock can hold up the host's commits.
 */
async function projectHealth(ctx: AppContext, root: string, seat: boolean): Promise<ProjectHealth> {
  const { state } = await lookAtRoot(root);
  const reachable = state === "ok";
  const peek = reachable && !seat ? peekLibrary(projectPaths(root).libraryDb) : null;
  return {
    reachable,
    state,
    database_readable: peek !== null,
    items: peek?.items ?? null,
    missing_items: peek?.missing ?? null,
    search:
      reachable && !seat
        ? await projectSearchHealth(ctx, root)
        : { state: "none", vectors: null, scalar: null },
  };
}

async function viewOf(
  ctx: AppContext,
  row: ListedProject,
  admin: boolean,
  openJournal?: OpenJournal,
): Promise<ProjectView> {
  const hosting = projectHosting(ctx, row.root, openJournal);
  return {
    name: row.name,
    path: admin ? row.root : folderName(row.root),
    tags: row.tags,
    created_at: row.created_at,
    health: await projectHealth(ctx, row.root, hosting.role === "seat"),
    nested_with: row.nested_with,
    ...hosting,
  };
}

/** One registered project as `GET /api/projects` shows it. */
export async function projectView(ctx: AppContext, name: string, admin: boolean): Promise<ProjectView> {
  const row = (await listProjectsNesting(ctx.registry)).find((listed) => listed.name === name);
  if (!row) throw new UserError(`no project named "${name}"`, EXIT.usage, 404);
  return viewOf(ctx, row, admin);
}

/**
 * `GET /api/projects`: every registered project with its health and hosting; roots only for
 * admins. `openJournal` reads the journal mode of the databases this svc has open.
 */
export async function projectsReport(
  ctx: AppContext,
  admin: boolean,
  openJournal?: OpenJournal,
): Promise<ProjectsReport> {
  const rows = await listProjectsNesting(ctx.registry);
  const projects = await Promise.all(rows.map((row) => viewOf(ctx, row, admin, openJournal)));
  const root = ctx.config.projectRoot;
  if (root === undefined || !existsSync(root) || ctx.registry.projects.byRoot(root)) return { projects };
  return {
    projects,
    project_limit:
      "PROJECT_ROOT's project is served but not registered: the free tier's project limit is reached",
  };
}
