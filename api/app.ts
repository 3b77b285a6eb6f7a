import { H3 } from "h3";
import { UserError } from "../library/errors.js";
import { errorResponse, toErrorResponse } from "./errors.js";
import { guard } from "./guard.js";
import { ROUTES } from "./routes/index.js";
import type { ApiDeps, RouteDef } from "./routes/types.js";

export type { ApiDeps } from "./routes/types.js";

/** The HTTP API: every route of the table behind the guard; routes call one library function each. */
export function createApi(deps: ApiDeps, routes: readonly RouteDef[] = ROUTES): H3 {
  const app = new H3({
    onError: (error, event) => {
      if (error.cause instanceof UserError) return errorResponse(error.cause.status, error.cause.message);
      if (error.unhandled)
        deps.ctx.log.error({ err: error.cause ?? error, path: event.url.pathname }, "request failed");
      return toErrorResponse(error);
    },
  });
  for (const route of routes) {
    app.on(route.method, route.path, (event) => {
      const caller = guard(event, route, deps.ctx.config);
      if (caller instanceof Response) return caller;
      event.context.caller = caller;
      return route.handler(event, deps);
    });
  }
  app.all("/api/**", () => errorResponse(404, "no such endpoint"));
  return app;
}
