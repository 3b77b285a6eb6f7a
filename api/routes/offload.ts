import { OFFLOAD_BODY } from "../../library/offload/start.js";
import { ACCESS } from "../../library/scopes.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { OFFLOAD_STARTED, OFFLOAD_STATUS } from "../responses.js";
import type { RouteDef } from "./types.js";

export const offloadRoutes: readonly RouteDef[] = [
  {
    method: "POST",
    path: "/api/offload",
    scopes: ACCESS.ingest,
    handler: async (event, deps) =>
      jsonResponse(202, { job: await deps.offloads.start(await readJson(event, OFFLOAD_BODY)) }),
    doc: {
      summary: "Starts a verified copy of a card to one or more destinations",
      description: "403 for a destination in the deny-list; 409 while the card is being copied already.",
      body: OFFLOAD_BODY,
      response: OFFLOAD_STARTED,
      status: [202],
      errors: [409],
    },
  },
  {
    method: "GET",
    path: "/api/offload/status",
    scopes: ACCESS.ingest,
    handler: (_event, deps) => deps.offloads.status(),
    doc: { summary: "Card offloads of this process and their progress", response: OFFLOAD_STATUS },
  },
];
