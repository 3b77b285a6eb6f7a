import { ACCESS } from "../../library/scopes.js";
import { SEARCH_ALL_QUERY, searchAll } from "../../library/search-all.js";
import { readQuery } from "../query.js";
import type { RouteDef } from "./types.js";

export const searchRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/search/all",
    scopes: ACCESS.read,
    handler: (event, { ctx, libraries }) => searchAll(ctx, libraries, readQuery(event, SEARCH_ALL_QUERY)),
  },
];
