import { getRouterParam, type H3Event } from "h3";
import { z } from "zod";
import { ACCESS } from "../../domain/scopes.js";
import type { Caller } from "../../library/access/guard.js";
import { PROJECT_PARAM } from "../../library/access/project-param.js";
import { markAuthor } from "../../library/editorial/marks.js";
import {
  createHandoff,
  handoffById,
  handoffProject,
  LIST_LIMIT,
  listHandoffs,
  takeNextHandoff,
} from "../../library/handoff/handoffs.js";
import { HANDOFF_BODY } from "../../library/handoff/request.js";
import { parseMediaId } from "../../library/media/ids.js";
import { readJson } from "../body.js";
import { seesAbsolutePaths } from "../caller.js";
import { jsonResponse } from "../errors.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import { HANDOFF, HANDOFF_CREATED, HANDOFF_LIST } from "../responses.js";
import type { ApiDeps, RouteDef } from "./types.js";

const PROJECT_QUERY = z.object({ project: PROJECT_PARAM });
const LIST_QUERY = z.object({ project: PROJECT_PARAM, limit: LIST_LIMIT });

const projectOf = (event: H3Event, deps: ApiDeps) =>
  handoffProject(deps.libraries, readQuery(event, PROJECT_QUERY).project);

const callerOf = (event: H3Event) => markAuthor(event.context.caller as Caller | undefined);

const refsOf = (event: H3Event) => (seesAbsolutePaths(event) ? "absolute" : "relative");

const PATHS =
  "Item and proxy paths are absolute for a caller on this machine or holding admin, else relative to the project root.";

export const handoffRoutes: readonly RouteDef[] = [
  {
    method: "POST",
    path: "/api/handoff",
    scopes: ACCESS.read,
    handler: async (event, deps) => {
      const body = await readJson(event, HANDOFF_BODY);
      return jsonResponse(201, createHandoff(projectOf(event, deps), body, callerOf(event)));
    },
    doc: {
      summary: "Prepares a hand-off to DaVinci Resolve: items, subclips and a bin for svc_resolve.py",
      description:
        "Nothing is stored when an id is no item (404) or a subclip id is no subclip of a chosen item (422).",
      query: PROJECT_QUERY,
      body: HANDOFF_BODY,
      response: HANDOFF_CREATED,
      status: [201],
    },
  },
  {
    method: "GET",
    path: "/api/handoff/next",
    scopes: ACCESS.read,
    handler: async (event, deps) => {
      const taken = await takeNextHandoff(
        projectOf(event, deps),
        callerOf(event),
        refsOf(event),
        deps.ctx.log,
      );
      return taken ?? new Response(null, { status: 204 });
    },
    doc: {
      summary: "Takes the newest pending hand-off (it is done from then on) for the Resolve script",
      description: `Two callers asking at once never get the same one. ${PATHS}`,
      query: PROJECT_QUERY,
      response: HANDOFF,
      empty: { 204: "No hand-off is pending" },
    },
  },
  {
    method: "GET",
    path: "/api/handoff/:id",
    scopes: ACCESS.read,
    handler: (event, deps) =>
      handoffById(
        projectOf(event, deps),
        parseMediaId(getRouterParam(event, "id")),
        refsOf(event),
        deps.ctx.log,
      ),
    doc: {
      summary: "One hand-off, pending or done, without taking it (the script's --handoff ID)",
      description: PATHS,
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: HANDOFF,
    },
  },
  {
    method: "GET",
    path: "/api/handoffs",
    scopes: ACCESS.read,
    handler: (event, deps) => {
      const { project, limit } = readQuery(event, LIST_QUERY);
      return listHandoffs(handoffProject(deps.libraries, project), limit);
    },
    doc: {
      summary: "The newest hand-offs first, pending and done",
      query: LIST_QUERY,
      response: HANDOFF_LIST,
    },
  },
];
