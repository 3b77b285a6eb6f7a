import { H3 } from "h3";
import type { AppContext } from "../library/context.js";
import { errorResponse, toErrorResponse } from "./errors.js";
import { registerOperations } from "./routes/operations.js";

export interface ApiDeps {
  readonly ctx: AppContext;
}

/** The HTTP API. Routes are thin: each calls one library function. */
export function createApi(deps: ApiDeps): H3 {
  const app = new H3({
    onError: (error, event) => {
      if (error.unhandled)
        deps.ctx.log.error({ err: error.cause ?? error, path: event.url.pathname }, "request failed");
      return toErrorResponse(error);
    },
  });
  registerOperations(app, deps);
  app.all("/api/**", () => errorResponse(404, "no such endpoint"));
  return app;
}
