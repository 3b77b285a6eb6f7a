import { getRouterParam } from "h3";
import { z } from "zod";
import { SYNC_METHODS } from "../../domain/schemas/sync.js";
import { ACCESS } from "../../domain/scopes.js";
import { PROJECT_PARAM } from "../../library/access/project-param.js";
import { parseMediaId } from "../../library/media/ids.js";
import { listSyncPairs, patchSyncPair, SYNC_PAIR_PATCH, SYNC_PAIRS_QUERY } from "../../library/sync/pairs.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import { SYNC_PAIR, SYNC_PAIRS, SYNC_STATUS } from "../responses.js";
import type { RouteDef } from "./types.js";

const PROJECT_QUERY = z.object({ project: PROJECT_PARAM });
const PAIRS_QUERY = SYNC_PAIRS_QUERY.extend({ project: PROJECT_PARAM });

const SYNC_BODY = z.strictObject({
  dir: z
    .string()
    .max(4096, "at most 4096 characters")
    .optional()
    .describe("Only the camera clips in this folder (relative to the project root)"),
  by: z.enum(SYNC_METHODS).optional().describe("timecode, waveform, or both (the default)"),
  project: z.string().trim().min(1).max(64, "at most 64 characters").optional(),
});

export const syncRoutes: readonly RouteDef[] = [
  {
    method: "POST",
    path: "/api/sync",
    scopes: ACCESS.ingest,
    handler: async (event, { sync }) => jsonResponse(202, await sync.start(await readJson(event, SYNC_BODY))),
    doc: {
      summary: "Starts syncing camera clips to the sound recorded apart (single-flight with ingest: 409)",
      description:
        "Every camera clip (or those in `dir`) against the project's recordings of its shoot day, by timecode, " +
        "waveform or both; progress in GET /api/sync/status, results in GET /api/sync/pairs. 409 while an " +
        "ingest or another sync holds the project's slot; 503 without ffmpeg.",
      body: SYNC_BODY,
      response: SYNC_STATUS,
      status: [202],
      errors: [404, 409, 503],
    },
  },
  {
    method: "GET",
    path: "/api/sync/status",
    scopes: ACCESS.read,
    handler: (_event, { sync }) => sync.status(),
    doc: { summary: "Progress of this service's last sync run", response: SYNC_STATUS },
  },
  {
    method: "GET",
    path: "/api/sync/pairs",
    scopes: ACCESS.read,
    handler: (event, { libraries }) => {
      const query = readQuery(event, PAIRS_QUERY);
      return listSyncPairs(libraries.library(query.project), query);
    },
    doc: {
      summary: "Synced camera/sound pairs, in id order, a page at a time",
      description: "Filter by `state` and by `media_id` (the camera or the sound of the pair).",
      query: PAIRS_QUERY,
      response: SYNC_PAIRS,
    },
  },
  {
    method: "PATCH",
    path: "/api/sync/pairs/:id",
    scopes: ACCESS.itemWrite,
    handler: async (event, { libraries }) => {
      const id = parseMediaId(getRouterParam(event, "id"));
      const patch = await readJson(event, SYNC_PAIR_PATCH);
      return patchSyncPair(libraries.library(readQuery(event, PROJECT_QUERY).project), id, patch);
    },
    doc: {
      summary: "Accepts or rejects a pair, or nudges its sound by camera frames",
      description:
        "`nudge_frames` moves the sound by that many camera frames (fractions allowed, at most 1000 either " +
        "way), rounded to the sound's samples; a later sync run keeps an accepted or rejected pair as it is.",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: SYNC_PAIR_PATCH,
      response: SYNC_PAIR,
    },
  },
];
