import { ACCESS } from "../../domain/scopes.js";
import {
  addProject,
  PROJECT_BODY,
  projectsReport,
  projectView,
  removeProject,
} from "../../library/organise/projects.js";
import { readJson } from "../body.js";
import { pathSegment, seesAbsolutePaths } from "../caller.js";
import { jsonResponse } from "../errors.js";
import { PROJECT_ADDED, PROJECT_REMOVED, PROJECTS } from "../responses.js";
import type { RouteDef } from "./types.js";

// A name, a path and a few tags.
const MAX_PROJECT_BODY = 16 * 1024;

export const projectRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/projects",
    scopes: ACCESS.projectsRead,
    handler: (event, { ctx, libraries }) =>
      projectsReport(ctx, seesAbsolutePaths(event), (root) => libraries.journalMode(root)),
    doc: {
      summary:
        "Registered projects with their health, host and storage; absolute roots only for admins and local callers",
      response: PROJECTS,
    },
  },
  {
    method: "POST",
    path: "/api/projects",
    scopes: ACCESS.projectsWrite,
    handler: async (event, { ctx }) => {
      const body = await readJson(event, PROJECT_BODY, MAX_PROJECT_BODY);
      const existed = ctx.registry.projects.byName(body.name.trim()) !== undefined;
      const row = await addProject(ctx, body.name, body.path, body.tags);
      return jsonResponse(existed ? 200 : 201, await projectView(ctx, row.name, seesAbsolutePaths(event)));
    },
    doc: {
      summary: "Registers a project folder (201), or updates the root or tags of a known name (200)",
      description:
        "The path is an absolute folder (a relative one is 422). 403 for a folder of the deny-list " +
        "offload destinations use (/, the home folder's root, SVC_HOME, any .svc folder, system and " +
        "settings folders such as ~/.ssh), checked as written and with symlinks resolved. 409 " +
        "naming the other project when the folder is registered under another name or lies " +
        "inside or around another project's folder. A new name counts against the free tier.",
      body: PROJECT_BODY,
      response: PROJECT_ADDED,
      status: [201, 200],
      errors: [409],
      entitlement: true,
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
    doc: {
      summary: "Forgets a project; its folder and its .svc data stay on disk",
      response: PROJECT_REMOVED,
    },
  },
];
