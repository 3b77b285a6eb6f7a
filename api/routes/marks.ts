import { getRouterParam, type H3Event } from "h3";
import { z } from "zod";
import { ACCESS } from "../../domain/scopes.js";
import type { Caller } from "../../library/access/guard.js";
import { PROJECT_PARAM } from "../../library/access/project-param.js";
import {
  addMarker,
  addSubclip,
  deleteMarker,
  deleteSubclip,
  listMarkers,
  listSubclips,
  MARKER_BODY,
  MARKER_PATCH,
  markAuthor,
  patchMarker,
  patchSubclip,
  SUBCLIP_BODY,
  SUBCLIP_PATCH,
} from "../../library/editorial/marks.js";
import { parseMediaId } from "../../library/media/ids.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import { MARK_DELETED, MARKER, MARKERS, SUBCLIP, SUBCLIPS } from "../responses.js";
import type { ApiDeps, RouteDef } from "./types.js";

const PROJECT_QUERY = z.object({ project: PROJECT_PARAM });

/** The library a request addresses (`?project=`, else the default project). */
const storeOf = (event: H3Event, deps: ApiDeps) =>
  deps.libraries.library(readQuery(event, PROJECT_QUERY).project);

const idOf = (event: H3Event) => parseMediaId(getRouterParam(event, "id"));

const authorOf = (event: H3Event) => markAuthor(event.context.caller as Caller | undefined);

export const markRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/media/:id/markers",
    scopes: ACCESS.read,
    handler: (event, deps) => listMarkers(storeOf(event, deps), idOf(event)),
    doc: {
      summary: "The item's markers, in time order",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: MARKERS,
    },
  },
  {
    method: "POST",
    path: "/api/media/:id/markers",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const body = await readJson(event, MARKER_BODY);
      return jsonResponse(201, addMarker(storeOf(event, deps), id, body, authorOf(event)));
    },
    doc: {
      summary: "Adds a marker: a point, or a range with end_s",
      description:
        "Colour blue and kind marker unless given; an empty or missing name becomes Marker N. Times lie " +
        "from 0 to the item's duration; an item carries at most 10,000 markers.",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: MARKER_BODY,
      response: MARKER,
      status: [201],
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/subclips",
    scopes: ACCESS.read,
    handler: (event, deps) => listSubclips(storeOf(event, deps), idOf(event)),
    doc: {
      summary: "The item's subclips, in time order",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: SUBCLIPS,
    },
  },
  {
    method: "POST",
    path: "/api/media/:id/subclips",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const body = await readJson(event, SUBCLIP_BODY);
      return jsonResponse(201, addSubclip(storeOf(event, deps), id, body, authorOf(event)));
    },
    doc: {
      summary: "Adds a subclip: a named range of the item",
      description:
        "Colour blue unless given; an empty or missing name becomes Subclip N. end_s must be after " +
        "start_s and both within the item's duration; an item carries at most 10,000 subclips.",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: SUBCLIP_BODY,
      response: SUBCLIP,
      status: [201],
    },
  },
  {
    method: "PATCH",
    path: "/api/markers/:id",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const change = await readJson(event, MARKER_PATCH);
      return patchMarker(storeOf(event, deps), id, change);
    },
    doc: {
      summary: "Edits a marker; end_s null makes it a point again",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: MARKER_PATCH,
      response: MARKER,
    },
  },
  {
    method: "DELETE",
    path: "/api/markers/:id",
    scopes: ACCESS.itemWrite,
    handler: (event, deps) => deleteMarker(storeOf(event, deps), idOf(event)),
    doc: {
      summary: "Deletes a marker",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: MARK_DELETED,
    },
  },
  {
    method: "PATCH",
    path: "/api/subclips/:id",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const change = await readJson(event, SUBCLIP_PATCH);
      return patchSubclip(storeOf(event, deps), id, change);
    },
    doc: {
      summary: "Edits a subclip",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: SUBCLIP_PATCH,
      response: SUBCLIP,
    },
  },
  {
    method: "DELETE",
    path: "/api/subclips/:id",
    scopes: ACCESS.itemWrite,
    handler: (event, deps) => deleteSubclip(storeOf(event, deps), idOf(event)),
    doc: {
      summary: "Deletes a subclip",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: MARK_DELETED,
    },
  },
];
