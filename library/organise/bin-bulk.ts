import { z } from "zod";
import type { BinItemsAdded, BinItemsRemoved } from "../../domain/schemas/organise.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { mediaIdList, requireAll } from "../media/bulk-ids.js";
import { binnableProject, projectField, requireBin } from "./bins.js";

/** Items of one project (left out: the default project), as many as a selection holds. */
export const BIN_ITEMS_BODY = z.strictObject({ project: projectField.optional(), media_ids: mediaIdList() });

/**
 * `POST /api/bins/{id}/bulk-items`: adds items of one registered project in one transaction. An
 * id that names no item of the project (404) adds nothing; a bin that holds items of other
 * projects widens to this one only where the tier allows it.
 */
export async function addBinItems(
  ctx: AppContext,
  libraries: LibraryPool,
  id: number,
  projectName: string | undefined,
  mediaIds: readonly number[],
): Promise<BinItemsAdded> {
  requireBin(ctx, id);
  const project = projectName ?? libraries.project(undefined).name;
  const store = await binnableProject(ctx, libraries, id, project);
  const wanted = [...new Set(mediaIds)];
  const known = store.media.identities(wanted);
  requireAll(wanted, new Set(known.keys()), "media items", ` in project "${project.slice(0, 80)}"`);
  const added = ctx.registry.bins.addItems(
    id,
    project,
    wanted.map((mediaId) => {
      const { rel_path, created_at } = known.get(mediaId) as { rel_path: string; created_at: string };
      return { media_id: mediaId, rel_path, media_created_at: created_at };
    }),
  );
  const fresh = new Set(added);
  return { added, present: wanted.filter((mediaId) => !fresh.has(mediaId)) };
}

/**
 * `POST /api/bins/{id}/bulk-items/remove`: takes items of one project out in one transaction.
 * Ids the bin does not hold are answered as `absent`, not refused, so taking out twice is harmless;
 * an unknown project is 404.
 */
export function removeBinItems(
  ctx: AppContext,
  libraries: LibraryPool,
  id: number,
  projectName: string | undefined,
  mediaIds: readonly number[],
): BinItemsRemoved {
  requireBin(ctx, id);
  // A registered, reachable project, as for adding: a typo must not answer every id `absent`.
  const project = libraries.project(projectName).name;
  libraries.library(project);
  const wanted = [...new Set(mediaIds)];
  const removed = ctx.registry.bins.removeItems(id, project, wanted);
  const gone = new Set(removed);
  return { removed, absent: wanted.filter((mediaId) => !gone.has(mediaId)) };
}
