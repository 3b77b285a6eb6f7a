import { getRouterParam, type H3Event } from "h3";
import { ACCESS } from "../../domain/scopes.js";
import { parseMediaId } from "../../library/media/ids.js";
import { addBinItems, BIN_ITEMS_BODY, removeBinItems } from "../../library/organise/bin-bulk.js";
import {
  addBinItem,
  BIN_BODY,
  BIN_ITEM_BODY,
  createBin,
  deleteBin,
  listBins,
  removeBinItem,
  renameBin,
} from "../../library/organise/bins.js";
import { readJson } from "../body.js";
import { pathSegment } from "../caller.js";
import { jsonResponse } from "../errors.js";
import { idParams } from "../openapi.js";
import {
  BIN_DELETED,
  BIN_ITEM_ADDED,
  BIN_ITEM_REMOVED,
  BIN_ITEMS_ADDED,
  BIN_ITEMS_REMOVED,
  BIN_VIEW,
  BINS,
} from "../responses.js";
import type { RouteDef } from "./types.js";

const MAX_BIN_BODY = 16 * 1024;

const binId = (event: H3Event) => parseMediaId(getRouterParam(event, "id"));

export const binRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/bins",
    scopes: ACCESS.collectionsRead,
    handler: (_event, { ctx, libraries }) => listBins(ctx, libraries),
    doc: {
      summary: "Every bin with its items, each item's status checked against its project now",
      response: BINS,
    },
  },
  {
    method: "POST",
    path: "/api/bins",
    scopes: ACCESS.collectionsWrite,
    handler: async (event, { ctx }) =>
      jsonResponse(201, createBin(ctx, (await readJson(event, BIN_BODY, MAX_BIN_BODY)).name)),
    doc: { summary: "Creates an empty bin", body: BIN_BODY, response: BIN_VIEW, status: [201] },
  },
  {
    method: "PATCH",
    path: "/api/bins/:id",
    scopes: ACCESS.collectionsWrite,
    handler: async (event, { ctx, libraries }) => {
      const id = binId(event);
      const { name } = await readJson(event, BIN_BODY, MAX_BIN_BODY);
      return renameBin(ctx, libraries, id, name);
    },
    doc: { summary: "Renames a bin", params: idParams("id"), body: BIN_BODY, response: BIN_VIEW },
  },
  {
    method: "DELETE",
    path: "/api/bins/:id",
    scopes: ACCESS.collectionsWrite,
    handler: (event, { ctx }) => deleteBin(ctx, binId(event)),
    doc: {
      summary: "Deletes a bin; its items' media stay untouched",
      params: idParams("id"),
      response: BIN_DELETED,
    },
  },
  {
    method: "POST",
    path: "/api/bins/:id/items",
    scopes: ACCESS.collectionsWrite,
    seat: "local",
    handler: async (event, { ctx, libraries }) => {
      const id = binId(event);
      const { project, media_id } = await readJson(event, BIN_ITEM_BODY, MAX_BIN_BODY);
      const result = await addBinItem(ctx, libraries, id, project, media_id);
      return jsonResponse(result.added ? 201 : 200, result);
    },
    doc: {
      summary: "Adds an item of a registered project to a bin (201), or answers 200 when it is there already",
      description:
        "A bin that holds items of other projects widens to a new one only where the tier allows it.",
      params: idParams("id"),
      body: BIN_ITEM_BODY,
      response: BIN_ITEM_ADDED,
      status: [201, 200],
      entitlement: true,
    },
  },
  {
    method: "POST",
    path: "/api/bins/:id/bulk-items",
    scopes: ACCESS.collectionsWrite,
    seat: "local",
    handler: async (event, { ctx, libraries }) => {
      const id = binId(event);
      const { project, media_ids } = await readJson(event, BIN_ITEMS_BODY);
      return addBinItems(ctx, libraries, id, project, media_ids);
    },
    doc: {
      summary: "Adds many items of one project to a bin, all or nothing",
      description:
        "`added` lists the items the bin did not hold before (what an undo takes out again), `present` those it " +
        "held. An id that names no item of the project is 404 and adds nothing.",
      params: idParams("id"),
      body: BIN_ITEMS_BODY,
      response: BIN_ITEMS_ADDED,
      entitlement: true,
    },
  },
  {
    method: "POST",
    path: "/api/bins/:id/bulk-items/remove",
    scopes: ACCESS.collectionsWrite,
    seat: "local",
    handler: async (event, { ctx, libraries }) => {
      const id = binId(event);
      const { project, media_ids } = await readJson(event, BIN_ITEMS_BODY);
      return removeBinItems(ctx, libraries, id, project, media_ids);
    },
    doc: {
      summary: "Takes many items of one project out of a bin",
      description: "Ids the bin does not hold are answered as `absent`, not refused.",
      params: idParams("id"),
      body: BIN_ITEMS_BODY,
      response: BIN_ITEMS_REMOVED,
    },
  },
  {
    method: "DELETE",
    path: "/api/bins/:id/items/:project/:media_id",
    scopes: ACCESS.collectionsWrite,
    handler: (event, { ctx }) => {
      const id = binId(event);
      const project = pathSegment(event, "project");
      const mediaId = parseMediaId(getRouterParam(event, "media_id"));
      return removeBinItem(ctx, id, project, mediaId);
    },
    doc: {
      summary: "Takes an item out of a bin",
      params: idParams("id", "media_id"),
      response: BIN_ITEM_REMOVED,
    },
  },
];
