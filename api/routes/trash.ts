import { getRouterParam } from "h3";
import { z } from "zod";
import { ACCESS } from "../../domain/scopes.js";
import { PROJECT_PARAM } from "../../library/access/project-param.js";
import { parseMediaId } from "../../library/media/ids.js";
import {
  BULK_RESTORE_BODY,
  listTrash,
  restoreFromTrash,
  restoreManyFromTrash,
} from "../../library/organise/trash.js";
import { readJson } from "../body.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import { BULK_RESTORED, RESTORED, TRASH } from "../responses.js";
import type { RouteDef } from "./types.js";

const PROJECT_QUERY = z.object({ project: PROJECT_PARAM });

/** The trash of a project (`?project=`, else the default one): what was deleted, and restoring it. */
export const trashRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/trash",
    scopes: ACCESS.delete,
    handler: (event, { ctx, libraries }) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      return { items: listTrash(libraries.library(project), ctx.config.trashDays) };
    },
    doc: {
      summary: "Deleted files held in the project's trash, newest first",
      query: PROJECT_QUERY,
      response: TRASH,
    },
  },
  {
    method: "POST",
    path: "/api/trash/bulk-restore",
    scopes: ACCESS.delete,
    handler: async (event, { ctx, libraries }) => {
      const { ids } = await readJson(event, BULK_RESTORE_BODY);
      const { project } = readQuery(event, PROJECT_QUERY);
      return restoreManyFromTrash(ctx, libraries.library(project), ids, "API trash restore");
    },
    doc: {
      summary: "Puts several trashed files back (the undo of a bulk delete), reported one by one",
      description:
        "Ids are trash entries (a bulk delete's `trash_id`s). The files put back are ingested in one pass and " +
        "get their editorial work again; a file that cannot go back is `failed` with the reason and leaves the " +
        "others going. An unknown entry is 404 and restores nothing.",
      query: PROJECT_QUERY,
      body: BULK_RESTORE_BODY,
      response: BULK_RESTORED,
    },
  },
  {
    method: "POST",
    path: "/api/trash/:id/restore",
    scopes: ACCESS.delete,
    handler: (event, { ctx, libraries }) => {
      const id = parseMediaId(getRouterParam(event, "id"));
      const { project } = readQuery(event, PROJECT_QUERY);
      return restoreFromTrash(ctx, libraries.library(project), id, "API trash restore");
    },
    doc: {
      summary: "Puts a trashed file back where it was (409 when something stands there now)",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: RESTORED,
      errors: [409],
    },
  },
];
