import { OFFLOAD_BODY } from "../../library/offload/start.js";
import { ACCESS } from "../../library/scopes.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import type { RouteDef } from "./types.js";

export const offloadRoutes: readonly RouteDef[] = [
  {
    method: "POST",
    path: "/api/offload",
    scopes: ACCESS.ingest,
    handler: async (event, deps) =>
      jsonResponse(202, { job: await deps.offloads.start(await readJson(event, OFFLOAD_BODY)) }),
  },
  {
    method: "GET",
    path: "/api/offload/status",
    scopes: ACCESS.ingest,
    handler: (_event, deps) => deps.offloads.status(),
  },
];
