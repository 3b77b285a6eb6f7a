import { healthReport } from "../../library/health.js";
import { ACCESS } from "../../library/scopes.js";
import { jsonResponse } from "../errors.js";
import type { RouteDef } from "./types.js";

export const operationRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/health",
    scopes: null,
    handler: (_event, { ctx }) => {
      const report = healthReport(ctx);
      return jsonResponse(report.ready ? 200 : 503, report);
    },
  },
  {
    method: "GET",
    path: "/api/version",
    scopes: ACCESS.read,
    handler: (_event, { ctx }) => ({ version: ctx.version }),
  },
];
