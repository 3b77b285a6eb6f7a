import type { H3 } from "h3";
import { healthReport } from "../../library/health.js";
import type { ApiDeps } from "../app.js";
import { jsonResponse } from "../errors.js";

export function registerOperations(app: H3, deps: ApiDeps): void {
  app.get("/api/health", () => {
    const report = healthReport(deps.ctx);
    return jsonResponse(report.ready ? 200 : 503, report);
  });
  app.get("/api/version", () => ({ version: deps.ctx.version }));
}
