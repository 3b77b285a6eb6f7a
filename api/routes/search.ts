import { ACCESS } from "../../domain/scopes.js";
import { SEARCH_ALL_QUERY, searchAll } from "../../library/search/search-all.js";
import { jsonResponse } from "../errors.js";
import { readQuery } from "../query.js";
import { SEARCH_ALL } from "../responses.js";
import type { RouteDef } from "./types.js";

/**
 * Time spent on each project as a standard Server-Timing header (`p1;dur=12.3;desc="name"`), so a
 * client or the bench can see which drive is slow without a field the contract does not name.
 */
function serverTiming(timings: Map<string, number>): string {
  return [...timings]
    .map(([name, ms], i) => `p${i + 1};dur=${ms.toFixed(1)};desc="${encodeURIComponent(name)}"`)
    .join(", ");
}

export const searchRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/search/all",
    scopes: ACCESS.read,
    handler: async (event, { ctx, libraries }) => {
      const timings = new Map<string, number>();
      const result = await searchAll(ctx, libraries, readQuery(event, SEARCH_ALL_QUERY), { timings });
      const response = jsonResponse(200, result);
      if (timings.size > 0) response.headers.set("server-timing", serverTiming(timings));
      return response;
    },
    doc: {
      summary: "Searches every registered project (or those named) and merges the results by score",
      description:
        "A project that fails or does not answer in time is listed in `errors`; the Server-Timing header gives each project's time.",
      query: SEARCH_ALL_QUERY,
      response: SEARCH_ALL,
      entitlement: true,
    },
  },
];
