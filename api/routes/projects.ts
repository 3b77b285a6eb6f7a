import {
  addProject,
  PROJECT_BODY,
  projectsReport,
  projectView,
  removeProject,
} from "../../library/projects.js";
import { ACCESS } from "../../library/scopes.js";
import { readJson } from "../body.js";
import { pathSegment, seesAbsolutePaths } from "../caller.js";
import { jsonResponse } from "../errors.js";
import type { RouteDef } from "./types.js";

// A name, a path and a few tags.
const MAX_PROJECT_BODY = 16 * 1024;

export const projectRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/projects",
    scopes: ACCESS.projectsRead,
    handler: (event, { ctx }) => projectsReport(ctx, seesAbsolutePaths(event)),
  },
  {
    method: "POST",
    path: "/api/projects",
    scopes: ACCESS.projectsWrite,
    handler: async (event, { ctx }) => {
      const body = await readJson(event, PROJECT_BODY, MAX_PROJECT_BODY);
      const existed = ctx.registry.projects.byName(body.name.trim()) !== undefined;
      const row = await addProject(ctx, body.name, body.path, body.tags);
      return jsonResponse(existed ? 200 : 201, await projectView(row, seesAbsolutePaths(event)));
    },
  },
  {
    method: "DELETE",
    path: "/api/projects/:name",
    scopes: ACCESS.projectsWrite,
    handler: (event, { ctx }) => {
      const name = pathSegment(event, "name");
      removeProject(ctx.registry, name);
      return { removed: name.trim() };
    },
  },
];
