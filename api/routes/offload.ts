import { ACCESS } from "../../domain/scopes.js";
import { OFFLOAD_BODY } from "../../library/offload/start.js";
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
      description:
        "The source is an absolute path (a relative one is 422) on a card under a mount root " +
        "(SVC_CARD_MOUNT_ROOTS or the platform's), inside a registered project, or inside a folder " +
        "listed in SVC_OFFLOAD_SOURCES; anywhere else is 403. svc's own data (SVC_HOME, any .svc " +
        "folder) and the deny-listed system and settings places are 403 as source or destination " +
        "wherever they sit, checked as written and again with symlinks resolved. A missing or " +
        "empty source is 422; 409 while the card is being copied already. Copies keep each " +
        "file's permission bits.",
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
