import { realpath } from "node:fs/promises";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { relativeInside } from "../../state/paths.js";
import type { AppContext } from "../context.js";
import { checkPlace, type DenyContext, type DestinationVerdict } from "./deny-list.js";

/**
 * Where an offload started over the API may read a card from. A token holder names the source,
 * and the daemon reads it with its own rights, so it must be a place meant for footage; the CLI
 * reads with its user's rights and card watching picks its volumes itself, so neither is confined.
 */
export interface SourceRoots {
  /** Card mount roots: a source lies strictly below one (a mounted volume, or a folder on it). */
  readonly mountRoots: readonly string[];
  /** Registered project roots and SVC_OFFLOAD_SOURCES folders: the folder itself or below it. */
  readonly folders: readonly string[];
}

/**
 * The roots of this process. A project registered before project folders were checked against
 * the deny-list (at `/` or the home folder, say) opens nothing: it would open everything.
 */
export function apiSourceRoots(ctx: Pick<AppContext, "config" | "registry">): SourceRoots {
  const deny = { home: homedir(), svcHome: ctx.config.home };
  const projects = ctx.registry.projects
    .all()
    .map((project) => project.root)
    .filter((root) => checkPlace(root, deny, "project folder").ok);
  return { mountRoots: ctx.config.cardMountRoots, folders: [...projects, ...ctx.config.offloadSources] };
}

/** Each root as written and, when it exists, as its links resolve (a root may be a symlink). */
async function bothForms(roots: readonly string[]): Promise<string[]> {
  const forms = await Promise.all(
    roots.map(async (root) => [resolve(root), await realpath(root).catch(() => null)]),
  );
  return forms.flat().filter((form): form is string => form !== null);
}

async function allowed(path: string, roots: SourceRoots): Promise<boolean> {
  const [mounts, folders] = await Promise.all([bothForms(roots.mountRoots), bothForms(roots.folders)]);
  return (
    mounts.some((mount) => relativeInside(mount, path) !== null) ||
    folders.some((folder) => path === folder || relativeInside(folder, path) !== null)
  );
}

const OUTSIDE =
  "the source is not on a card under a mount root (SVC_CARD_MOUNT_ROOTS), in a registered project " +
  "or in a folder listed in SVC_OFFLOAD_SOURCES";

/**
 * Whether an API caller may offload from `path`: an absolute path (a relative one is malformed:
 * it would be resolved against the daemon's working folder), outside svc's own data and the
 * deny-list, and inside one of `roots`. Callers check the path as written, before asking the disk
 * whether it exists (a place outside is denied whether or not it is there), and again with its
 * links resolved, so a symlink out of an allowed folder is denied too.
 */
export async function checkApiSource(
  path: string,
  roots: SourceRoots,
  deny: DenyContext,
): Promise<DestinationVerdict> {
  const verdict = checkPlace(path, deny, "source");
  if (!verdict.ok) return verdict;
  return (await allowed(resolve(path), roots)) ? verdict : { ok: false, kind: "denied", reason: OUTSIDE };
}

/** A startup error naming the variable when an SVC_OFFLOAD_SOURCES folder is a protected place. */
export function checkSourceFolders(ctx: Pick<AppContext, "config">): void {
  for (const folder of ctx.config.offloadSources) {
    const verdict = checkPlace(folder, { home: homedir(), svcHome: ctx.config.home }, "source");
    if (!verdict.ok) throw new UserError(`SVC_OFFLOAD_SOURCES: ${verdict.reason}`, EXIT.usage);
  }
}
