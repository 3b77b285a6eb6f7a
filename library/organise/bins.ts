import { statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type {
  BinDeleted,
  BinItemAdded,
  BinItemRemoved,
  BinItemView,
  BinList,
  BinView,
} from "../../domain/schemas/organise.js";
import type { BinItemRow, BinRow } from "../../state/repos/bins.js";
import type { MemberRule } from "../../state/repos/collections.js";
import type { LibraryStore } from "../../state/stores.js";
import { requireEntitlement } from "../access/entitlements.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { apiLinks, mediaItem } from "../media/view.js";

const binName = z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters");

export const BIN_BODY = z.strictObject({ name: binName });

export const projectField = z.string().trim().min(1, "must not be empty").max(64, "at most 64 characters");

export const BIN_ITEM_BODY = z.strictObject({
  project: projectField,
  media_id: z
    .number()
    .int("expected a whole number")
    .positive("expected a media id")
    .max(Number.MAX_SAFE_INTEGER),
});

function fileExists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function itemView(libraries: LibraryPool, row: BinItemRow): BinItemView {
  const base = { project: row.project, media_id: row.media_id, path: row.rel_path, added_at: row.added_at };
  if (!libraries.isRegistered(row.project)) return { ...base, status: "project_unregistered" };
  let store: ReturnType<LibraryPool["library"]>;
  try {
    store = libraries.library(row.project);
  } catch {
    return { ...base, status: "row_missing" };
  }
  const { rows, tags } = store.search.rowsByIds([row.media_id]);
  const media = rows[0];
  if (!media) return { ...base, status: "row_missing" };
  if (media.created_at !== row.media_created_at) return { ...base, status: "id_reused" };
  const item = mediaItem(media, tags.get(media.id) ?? [], apiLinks(row.project));
  const present = media.missing_since === null && fileExists(join(store.paths.root, media.rel_path));
  return { ...base, status: present ? "ok" : "file_missing", item };
}

export function requireBin(ctx: AppContext, id: number): BinRow {
  const bin = ctx.registry.bins.get(id);
  if (!bin) throw new UserError(`no bin with id ${id}`, EXIT.usage, 404);
  return bin;
}

export function binView(ctx: AppContext, libraries: LibraryPool, bin: BinRow): BinView {
  return { ...bin, items: ctx.registry.bins.items(bin.id).map((row) => itemView(libraries, row)) };
}

export function listBins(ctx: AppContext, libraries: LibraryPool): BinList {
  return { bins: ctx.registry.bins.all().map((bin) => binView(ctx, libraries, bin)) };
}

export function getBin(ctx: AppContext, libraries: LibraryPool, id: number): BinView {
  return binView(ctx, libraries, requireBin(ctx, id));
}

export function createBin(ctx: AppContext, name: string): BinView {
  return { ...ctx.registry.bins.create(name), items: [] };
}

export function renameBin(ctx: AppContext, libraries: LibraryPool, id: number, name: string): BinView {
  requireBin(ctx, id);
  ctx.registry.bins.rename(id, name);
  return getBin(ctx, libraries, id);
}

export function deleteBin(ctx: AppContext, id: number): BinDeleted {
  requireBin(ctx, id);
  ctx.registry.bins.remove(id);
  return { deleted: id };
}

/**
 * The library of a registered project whose items may go into bin `id`: a bin that already holds
 * items of other projects widens to a new one only where cross-project work is allowed.
 */
export async function binnableProject(
  ctx: AppContext,
  libraries: LibraryPool,
  id: number,
  project: string,
): Promise<LibraryStore> {
  if (!libraries.isRegistered(project))
    throw new UserError(`project: no project named "${project.slice(0, 80)}"`, EXIT.usage, 422);
  const held = ctx.registry.bins.projects(id);
  if (held.length > 0 && !held.includes(project)) await requireEntitlement(ctx, "cross_project");
  return libraries.library(project);
}

/**
 * Adds an item of a registered project. A bin that already holds items of other projects widens
 * to a new one only where cross-project work is allowed (checked before anything is written).
 */
export async function addBinItem(
  ctx: AppContext,
  libraries: LibraryPool,
  id: number,
  project: string,
  mediaId: number,
): Promise<BinItemAdded> {
  requireBin(ctx, id);
  const store = await binnableProject(ctx, libraries, id, project);
  const media = store.media.get(mediaId);
  if (!media) throw new UserError(`media_id: project "${project}" has no item ${mediaId}`, EXIT.usage, 404);
  const added = ctx.registry.bins.addItem({
    bin_id: id,
    project,
    media_id: mediaId,
    media_created_at: media.created_at,
    rel_path: media.rel_path,
  });
  const row = ctx.registry.bins.items(id).find((r) => r.project === project && r.media_id === mediaId);
  return { added, item: itemView(libraries, row as BinItemRow) };
}

export function removeBinItem(ctx: AppContext, id: number, project: string, mediaId: number): BinItemRemoved {
  requireBin(ctx, id);
  if (!ctx.registry.bins.removeItem(id, project, mediaId))
    throw new UserError(
      `bin ${id} holds no item ${mediaId} of project "${project.slice(0, 80)}"`,
      EXIT.usage,
      404,
    );
  return { removed: true };
}

/**
 * The rule the items of bin `id` in one project meet: those still the items that were added (an
 * id reused by another item is not one of them), missing files included, as the bin lists them.
 */
export function binRule(
  ctx: AppContext,
  libraries: LibraryPool,
  id: number,
  project: string | undefined,
): MemberRule {
  requireBin(ctx, id);
  const name = libraries.project(project).name;
  const added = new Map(
    ctx.registry.bins
      .items(id)
      .filter((row) => row.project === name)
      .map((row) => [row.media_id, row.media_created_at]),
  );
  const { rows } = libraries.library(project).search.rowsByIds([...added.keys()]);
  const ids = rows.filter((row) => row.created_at === added.get(row.id)).map((row) => row.id);
  return [[{ kind: "id_in", ids }]];
}

/** Deleted media leaves every bin. */
export function forgetDeletedMedia(ctx: AppContext, project: string, mediaIds: readonly number[]): void {
  if (mediaIds.length > 0) ctx.registry.bins.removeMedia(project, mediaIds);
}
