import { join } from "node:path";
import { H3, type H3Event, type HTTPError } from "h3";
import { UserError } from "../domain/errors.js";
import { redactSecrets } from "../domain/redact.js";
import { EntitlementError } from "../library/access/entitlements.js";
import { guard } from "../library/access/guard.js";
import { verifyGrant } from "../library/access/stream-grants.js";
import { tokenVerdictById, verifyToken } from "../library/access/tokens.js";
import { packageDir } from "../library/system/version.js";
import { requestFacts } from "./caller.js";
import { errorResponse, toErrorResponse } from "./errors.js";
import { checkQueryString, declaredParameters } from "./query.js";
import { ROUTES } from "./routes/index.js";
import type { ApiDeps, RouteDef } from "./routes/types.js";
import { answerFromHost, projectFieldOf } from "./seat-forward.js";
import { loadWebApp, webAppResponse } from "./static.js";

export type { ApiDeps } from "./routes/types.js";

/** A thrown error as its answer: a user's mistake with its status and message, anything else as 500. */
function failureResponse(error: HTTPError): Response {
  const { cause } = error;
  if (!(cause instanceof UserError)) return toErrorResponse(error);
  const detail =
    cause instanceof EntitlementError ? { code: cause.code, message: cause.message } : cause.message;
  const response = errorResponse(cause.status, detail);
  if (cause.retryAfterS !== undefined) response.headers.set("retry-after", String(cause.retryAfterS));
  return response;
}

/**
 * The HTTP API: every route of the table behind the guard; routes call one library function each.
 * A route for one project that another svc hosts is forwarded there (api/seat-forward.ts).
 */
export function createApi(deps: ApiDeps, routes: readonly RouteDef[] = ROUTES): H3 {
  const { ctx } = deps;
  const startedAt = new WeakMap<H3Event, number>();
  const app = new H3({
    // Failures reach the service log through onError; h3's own console output would duplicate them.
    silent: true,
    onRequest: (event) => {
      startedAt.set(event, performance.now());
    },
    onResponse: (response, event) => {
      const start = startedAt.get(event);
      // One line per request; the query is redacted and no header is logged.
      ctx.log.info(
        {
          method: event.req.method,
          path: redactSecrets(`${event.url.pathname}${event.url.search}`),
          status: response.status,
          ms: start === undefined ? null : Math.round((performance.now() - start) * 10) / 10,
        },
        "request",
      );
    },
    onError: (error, event) => {
      const response = failureResponse(error);
      if (error.unhandled)
        ctx.log.error({ err: error.cause ?? error, path: event.url.pathname }, "request failed");
      // h3 adds the headers a route staged for its errors to answers it builds, not to this one.
      for (const [name, value] of event.res.errHeaders) response.headers.set(name, value);
      return response;
    },
  });
  for (const route of routes) {
    const parameters = declaredParameters(route);
    const projectField = projectFieldOf(route);
    app.on(route.method, route.path, async (event) => {
      if (route.media) {
        // On every answer, refusals and errors included: a browser then hands none of them to a
        // page of another origin, whatever the credentials.
        event.res.headers.set("cross-origin-resource-policy", "same-origin");
        event.res.errHeaders.set("cross-origin-resource-policy", "same-origin");
      }
      const verdict = guard(
        requestFacts(event),
        route,
        ctx.config,
        (secret) => verifyToken(ctx.registry, secret),
        (grant, query, address) =>
          verifyGrant(deps.streamGrants, (id) => tokenVerdictById(ctx.registry, id), grant, query, address),
      );
      if (!verdict.ok) {
        const refusal = errorResponse(verdict.status, verdict.detail);
        if (verdict.status === 401) refusal.headers.set("www-authenticate", 'Bearer realm="svc"');
        return refusal;
      }
      event.context.caller = verdict.caller;
      checkQueryString(event.url.search, parameters);
      // A project another svc hosts is answered by that host, once this svc has let the caller in.
      const hosted = await answerFromHost(event, deps, projectField);
      return hosted ?? route.handler(event, deps);
    });
  }
  app.all("/api/**", () => errorResponse(404, "no such endpoint"));
  // The web app is static and public, like any page that asks for a token: it holds no data.
  const webApp = loadWebApp(join(packageDir(), "dist", "web"));
  for (const method of ["GET", "HEAD"] as const) {
    app.on(method, "/**", (event) =>
      webAppResponse(webApp, event.url.pathname, event.req.headers.get("accept-encoding"), method === "HEAD"),
    );
  }
  return app;
}
