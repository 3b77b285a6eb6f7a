import { getRouterParam, type H3Event } from "h3";
import { z } from "zod";
import { SERVED_TYPES } from "../../domain/playback.js";
import { ACCESS } from "../../domain/scopes.js";
import { PROJECT_PARAM } from "../../library/access/project-param.js";
import { GRANT_BODY, GRANT_TTL_S, issueStreamGrant } from "../../library/access/stream-grants.js";
import { seatTarget } from "../../library/hosting/forward.js";
import {
  ACTIVATE_BODY,
  activateTranscript,
  getMedia,
  mediaScenes,
  mediaSegments,
  mediaTranscripts,
  shootDateFacets,
} from "../../library/media/browse.js";
import { BULK_RATING_BODY, bulkRating } from "../../library/media/bulk-rating.js";
import { BULK_TAGS_BODY, bulkTags } from "../../library/media/bulk-tags.js";
import { BULK_DELETE_BODY, bulkDeleteMedia, deleteMedia } from "../../library/media/delete.js";
import { DESQUEEZE_BODY, setDesqueeze } from "../../library/media/desqueeze.js";
import {
  addTag,
  CAMERA_BODY,
  RATING_BODY,
  removeTag,
  setCamera,
  setRating,
  setTrim,
  TAG_BODY,
  TRIM_BODY,
} from "../../library/media/edit.js";
import { keyframeFile, spritePicture, streamFile, thumbnailFile } from "../../library/media/files.js";
import { parseIndex, parseMediaId } from "../../library/media/ids.js";
import { MEMBERS_QUERY, memberRules } from "../../library/media/members.js";
import { LIST_QUERY, wholeNumber } from "../../library/media/query.js";
import { projectSearch, searchMediaJson } from "../../library/media/search.js";
import { mediaWords } from "../../library/media/transcript.js";
import { apiLinks, type Links } from "../../library/media/view.js";
import { mediaWaveform, WAVEFORM_QUERY } from "../../library/media/waveform.js";
import { forgetDeletedMedia } from "../../library/organise/bins.js";
import { tagCloud } from "../../library/organise/tags.js";
import type { LibraryStore } from "../../state/stores.js";
import { readJson } from "../body.js";
import { callerTokenId, pathSegment, requestAddress } from "../caller.js";
import { jsonResponse, jsonTextResponse } from "../errors.js";
import { fileResponse, unsatisfiableResponse } from "../file-response.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import {
  BULK_DELETED,
  BULK_RATED,
  BULK_TAGGED,
  DELETE_RESULT,
  MEDIA_DETAIL,
  MEDIA_ITEM,
  MEDIA_SEARCH_PAGE,
  SCENES,
  SEGMENTS,
  SHOOT_DATE_FACETS,
  STREAM_GRANT,
  TAG_ADDED,
  TAG_CLOUD,
  TAG_REMOVED,
  TRANSCRIPTS,
  WAVEFORM,
  WORDS,
} from "../responses.js";
import { remakeProxies } from "../stale-proxies.js";
import type { ApiDeps, RouteDef } from "./types.js";

const PROJECT = { project: PROJECT_PARAM };
const PROJECT_QUERY = z.object(PROJECT);
const MEDIA_QUERY = LIST_QUERY.extend({ ...PROJECT, ...MEMBERS_QUERY.shape });
const TAGS_QUERY = z.object({
  ...PROJECT,
  prefix: z.string().max(200, "at most 200 characters").optional(),
  limit: wholeNumber(1, 1_000_000_000).optional(),
});
// A per-item rating body carries each item's note (up to 2,000 characters) for up to 10,000 items.
const MAX_BULK_RATING_BODY = 8 * 1024 * 1024;
const STREAM_QUERY = z.object({ ...PROJECT, id: z.string().optional() });

interface Target {
  store: LibraryStore;
  links: Links;
}

/** The library a request addresses (`?project=`, else the default project). */
function inProject(deps: ApiDeps, project: string | undefined): Target {
  return { store: deps.libraries.library(project), links: apiLinks(project || undefined) };
}

/** For routes whose only query parameter is `project`. */
const target = (event: H3Event, deps: ApiDeps) => inProject(deps, readQuery(event, PROJECT_QUERY).project);

const idOf = (event: H3Event) => parseMediaId(getRouterParam(event, "id"));

export const mediaRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/media",
    scopes: ACCESS.read,
    handler: async (event, deps) => {
      const { project, collection, bin, ...query } = readQuery(event, MEDIA_QUERY);
      const { store, links } = inProject(deps, project);
      const members = await memberRules(deps.ctx, deps.libraries, project, { collection, bin });
      const search = projectSearch(deps.ctx, store, project);
      return jsonTextResponse(await searchMediaJson(search, { ...query, members }, links));
    },
    doc: {
      summary: "One page of the library: filtered, sorted, or searched with `q`",
      description:
        "`collection` and `bin` narrow the page to a smart collection's members or a bin's items, " +
        "with every other filter and `q`; an unknown collection or bin is 404. `span` lists the parts " +
        "of one spanned recording (`span.id`), first to last unless `sort` says otherwise; an unknown " +
        "span lists nothing.",
      query: MEDIA_QUERY,
      response: MEDIA_SEARCH_PAGE,
    },
  },
  {
    method: "GET",
    path: "/api/media/facets/shoot-date",
    scopes: ACCESS.read,
    handler: (event, deps) => shootDateFacets(target(event, deps).store),
    doc: {
      summary: "Items per shoot year and per shoot day",
      query: PROJECT_QUERY,
      response: SHOOT_DATE_FACETS,
    },
  },
  {
    method: "GET",
    path: "/api/tags",
    scopes: ACCESS.read,
    handler: (event, deps) => {
      const { project, ...query } = readQuery(event, TAGS_QUERY);
      return tagCloud(inProject(deps, project).store, query);
    },
    doc: { summary: "Tags with the number of items carrying each", query: TAGS_QUERY, response: TAG_CLOUD },
  },
  {
    method: "POST",
    path: "/api/media/bulk-delete",
    scopes: ACCESS.delete,
    handler: async (event, deps) => {
      const { ids } = await readJson(event, BULK_DELETE_BODY);
      const { project } = readQuery(event, PROJECT_QUERY);
      const report = await bulkDeleteMedia(inProject(deps, project).store, ids, deps.ctx.log);
      const deleted = report.results.filter((r) => r.status === "deleted").map((r) => r.id);
      forgetDeletedMedia(deps.ctx, deps.libraries.project(project).name, deleted);
      return report;
    },
    doc: {
      summary: "Deletes several items; files inside the project root go to its trash",
      query: PROJECT_QUERY,
      body: BULK_DELETE_BODY,
      response: BULK_DELETED,
    },
  },
  {
    method: "POST",
    path: "/api/media/bulk-tags",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const body = await readJson(event, BULK_TAGS_BODY);
      return bulkTags(target(event, deps).store, body);
    },
    doc: {
      summary: "Puts manual tags on many items and takes them off others, all or nothing",
      description:
        "Each change names a tag and the ids to `add` it to and `remove` it from (names match in any letter " +
        "case). The answer lists, per spelling, the items that newly got the tag and those that lost it: sent " +
        "back with `add` and `remove` swapped, it undoes the change exactly. An unknown id is 404 and changes nothing.",
      query: PROJECT_QUERY,
      body: BULK_TAGS_BODY,
      response: BULK_TAGGED,
    },
  },
  {
    method: "POST",
    path: "/api/media/bulk-rating",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const body = await readJson(event, BULK_RATING_BODY, MAX_BULK_RATING_BODY);
      return bulkRating(target(event, deps).store, body);
    },
    doc: {
      summary: "Sets or clears the rating and note of many items, all or nothing",
      description:
        "`{ids, rating, rating_note}` gives every item the same; `{items: [{id, rating, rating_note}]}` each " +
        "its own (an undo sends back the answer's `previous` values). A field left out is untouched, null " +
        "clears it. An unknown id is 404 and changes nothing.",
      query: PROJECT_QUERY,
      body: BULK_RATING_BODY,
      response: BULK_RATED,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id",
    scopes: ACCESS.read,
    handler: (event, deps) => {
      const id = idOf(event);
      const { store, links } = target(event, deps);
      return getMedia(store, id, links);
    },
    doc: { summary: "One item", params: idParams("id"), query: PROJECT_QUERY, response: MEDIA_DETAIL },
  },
  {
    method: "DELETE",
    path: "/api/media/:id",
    scopes: ACCESS.delete,
    handler: async (event, deps) => {
      const id = idOf(event);
      const { project } = readQuery(event, PROJECT_QUERY);
      const result = await deleteMedia(inProject(deps, project).store, id, deps.ctx.log);
      forgetDeletedMedia(deps.ctx, deps.libraries.project(project).name, [id]);
      return result;
    },
    doc: {
      summary: "Deletes an item; a file inside the project root goes to its trash",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: DELETE_RESULT,
    },
  },
  {
    method: "POST",
    path: "/api/media/:id/tags",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const { name } = await readJson(event, TAG_BODY);
      const result = addTag(target(event, deps).store, id, name);
      return jsonResponse(result.added ? 201 : 200, result);
    },
    doc: {
      summary: "Adds a manual tag (201), or finds the item already has it (200)",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: TAG_BODY,
      response: TAG_ADDED,
      status: [200, 201],
    },
  },
  {
    method: "DELETE",
    path: "/api/media/:id/tags/:name",
    scopes: ACCESS.itemWrite,
    handler: (event, deps) => {
      const id = idOf(event);
      const name = pathSegment(event, "name");
      return removeTag(target(event, deps).store, id, name);
    },
    doc: {
      summary: "Takes a manual tag off an item (`removed: false` when it had none)",
      description:
        "The name is one path segment, percent-encoded, matched in any letter case; `name` in the answer is " +
        "the spelling the item had. Automatic tags stay.",
      params: idParams("id").extend({ name: z.string() }),
      query: PROJECT_QUERY,
      response: TAG_REMOVED,
    },
  },
  {
    method: "PATCH",
    path: "/api/media/:id/inout",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const patch = await readJson(event, TRIM_BODY);
      const { store, links } = target(event, deps);
      return setTrim(store, id, patch, links);
    },
    doc: {
      summary: "Sets or clears the in and out points",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: TRIM_BODY,
      response: MEDIA_ITEM,
    },
  },
  {
    method: "PATCH",
    path: "/api/media/:id/camera",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const patch = await readJson(event, CAMERA_BODY);
      const { store, links } = target(event, deps);
      return setCamera(store, id, patch, links);
    },
    doc: {
      summary: "Sets or clears the camera and angle labels",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: CAMERA_BODY,
      response: MEDIA_ITEM,
    },
  },
  {
    method: "PATCH",
    path: "/api/media/:id/rating",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const patch = await readJson(event, RATING_BODY);
      const { store, links } = target(event, deps);
      return setRating(store, id, patch, links);
    },
    doc: {
      summary: "Sets or clears the rating and its note",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: RATING_BODY,
      response: MEDIA_ITEM,
    },
  },
  {
    method: "PATCH",
    path: "/api/media/:id/desqueeze",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const { desqueeze } = await readJson(event, DESQUEEZE_BODY);
      const { project } = readQuery(event, PROJECT_QUERY);
      const { store, links } = target(event, deps);
      const change = await setDesqueeze(deps.ctx, store, id, desqueeze, links);
      remakeProxies(deps, project, change.proxyPending ? 1 : 0);
      return change.item;
    },
    doc: {
      summary: "Sets an item's anamorphic desqueeze and renders its pictures again",
      description:
        "One of 1, 1.25, 1.3, 1.33, 1.5, 1.65, 1.8, 2 (1: none). The display size follows; the playback proxy is remade by an ingest pass.",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: DESQUEEZE_BODY,
      response: MEDIA_ITEM,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/segments",
    scopes: ACCESS.read,
    handler: (event, deps) => mediaSegments(target(event, deps).store, idOf(event), deps.ctx.log),
    doc: {
      summary: "The active transcript's segments",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: SEGMENTS,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/words",
    scopes: ACCESS.read,
    handler: (event, deps) => mediaWords(target(event, deps).store, idOf(event), deps.ctx.log),
    doc: {
      summary: "The active transcript's word timings, at most 5,000",
      description: "An empty list when the recogniser gave no word timings for the item.",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: WORDS,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/scenes",
    scopes: ACCESS.read,
    handler: (event, deps) => {
      const id = idOf(event);
      const { store, links } = target(event, deps);
      return mediaScenes(store, id, links);
    },
    doc: {
      summary: "One entry per scene, with its key frame and the vision fields",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: SCENES,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/transcripts",
    scopes: ACCESS.read,
    handler: (event, deps) => mediaTranscripts(target(event, deps).store, idOf(event)),
    doc: {
      summary: "The item's transcripts, the active one and archived languages",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: TRANSCRIPTS,
    },
  },
  {
    method: "POST",
    path: "/api/media/:id/transcript/activate",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = idOf(event);
      const { language } = await readJson(event, ACTIVATE_BODY);
      return activateTranscript(target(event, deps).store, id, language);
    },
    doc: {
      summary: "Makes an archived language the active transcript",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: ACTIVATE_BODY,
      response: TRANSCRIPTS,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/thumbnail",
    scopes: ACCESS.read,
    media: true,
    handler: async (event, deps) => fileResponse(await thumbnailFile(target(event, deps).store, idOf(event))),
    doc: {
      summary: "The item's thumbnail",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: { file: "image/jpeg" },
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/sprite",
    scopes: ACCESS.read,
    media: true,
    handler: async (event, deps) => fileResponse(await spritePicture(target(event, deps).store, idOf(event))),
    doc: {
      summary: "The video's scrub sprite",
      description:
        "One JPEG of frames evenly spaced over the clip, tiled row by row from the top left; its layout (frames, " +
        "columns, rows, frame size, seconds between frames) is the item's `sprite`. 404 for an item that is not a " +
        "video or whose sprite is not made yet.",
      params: idParams("id"),
      query: PROJECT_QUERY,
      response: { file: "image/jpeg" },
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/waveform",
    scopes: ACCESS.read,
    handler: async (event, deps) => {
      const { project, samples_per_pixel } = readQuery(event, WAVEFORM_QUERY);
      return mediaWaveform(inProject(deps, project).store, idOf(event), samples_per_pixel);
    },
    doc: {
      summary: "The item's waveform peaks (audiowaveform JSON, version 2)",
      description:
        "One channel (every channel of the first audio track: each pair is the lowest and highest sample of any " +
        "of them), 8-bit values, 100 pairs per second as stored. `samples_per_pixel` coarsens by a whole multiple " +
        "of the stored resolution (422 otherwise); 404 when the item has no sound or its peaks are not made yet.",
      params: idParams("id"),
      query: WAVEFORM_QUERY,
      response: WAVEFORM,
    },
  },
  {
    method: "GET",
    path: "/api/media/:id/keyframes/:index",
    scopes: ACCESS.read,
    media: true,
    handler: async (event, deps) => {
      const id = idOf(event);
      const index = parseIndex(getRouterParam(event, "index"));
      return fileResponse(await keyframeFile(target(event, deps).store, id, index));
    },
    doc: {
      summary: "A scene's key frame",
      params: idParams("id").extend({ index: z.int().min(0) }),
      query: PROJECT_QUERY,
      response: { file: "image/jpeg" },
    },
  },
  {
    method: "GET",
    path: "/api/stream",
    scopes: ACCESS.read,
    grant: true,
    media: true,
    handler: async (event, deps) => {
      const { project, id } = readQuery(event, STREAM_QUERY);
      const outcome = await streamFile(inProject(deps, project).store, parseMediaId(id), {
        range: event.req.headers.get("range"),
        ifRange: event.req.headers.get("if-range"),
      });
      return outcome.kind === "file" ? fileResponse(outcome.file) : unsatisfiableResponse(outcome.size);
    },
    doc: {
      summary: "The item's media (or its playback proxy) for a player; byte ranges give 206",
      description:
        "Takes a stream grant from POST /api/stream/grant in its `grant` query parameter in place of an " +
        "Authorization header, for players that cannot send one (a browser's <video>).",
      query: STREAM_QUERY,
      response: { file: SERVED_TYPES },
      status: [200, 206],
      errors: [409, 416],
    },
  },
  {
    method: "POST",
    path: "/api/stream/grant",
    scopes: ACCESS.read,
    seat: "local",
    handler: async (event, deps) => {
      const body = await readJson(event, GRANT_BODY);
      // On a seat the item is looked for by the host when the stream is asked for.
      const seat = seatTarget(deps.ctx, deps.libraries, body.project);
      const store = seat ? null : inProject(deps, body.project).store;
      return issueStreamGrant(deps.streamGrants, store, body, {
        tokenId: callerTokenId(event),
        address: requestAddress(event, deps.ctx.config),
      });
    },
    doc: {
      summary:
        "A URL of /api/stream for one item that a <video> element can play without an Authorization header",
      description:
        "For a token holder the URL carries a grant for that item, that token and the caller's address, " +
        `good for ${GRANT_TTL_S / 3600} hours and for no longer than the token (revoking it stops the grant); ` +
        "svc's restart voids every grant. A caller trusted without a token gets the plain URL.",
      body: GRANT_BODY,
      response: STREAM_GRANT,
      errors: [404],
    },
  },
];
