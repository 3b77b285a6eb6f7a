import { ACCESS } from "../../domain/scopes.js";
import { apiLinks } from "../../library/media/view.js";
import { COLLECTIONS_QUERY, collectionsReport } from "../../library/organise/collections.js";
import { readQuery } from "../query.js";
import { COLLECTIONS } from "../responses.js";
import type { RouteDef } from "./types.js";

export const collectionRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/collections",
    scopes: ACCESS.collectionsRead,
    handler: async (event, { libraries }) => {
      const { project, limit } = readQuery(event, COLLECTIONS_QUERY);
      const store = libraries.library(project);
      const defs = await libraries.collectionFiles.load(store.paths.dataDir);
      return {
        project: libraries.project(project).name,
        ...collectionsReport(store, defs, apiLinks(project || undefined), limit),
      };
    },
    doc: {
      summary: "The built-in collections and those of the project's collections.json, with their members",
      query: COLLECTIONS_QUERY,
      response: COLLECTIONS,
    },
  },
];
