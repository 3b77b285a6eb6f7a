import { getRouterParam, type H3Event, HTTPError } from "h3";
import { z } from "zod";
import { decodeUtf8, MAX_CUBE_BYTES } from "../../domain/color-profiles.js";
import { ACCESS } from "../../domain/scopes.js";
import { PROJECT_PARAM } from "../../library/access/project-param.js";
import { BATCH_PROFILE_BODY, PROFILE_BODY, setColorProfile } from "../../library/color/apply.js";
import { importProfile, listProfiles } from "../../library/color/profiles.js";
import { parseMediaId } from "../../library/media/ids.js";
import { apiLinks } from "../../library/media/view.js";
import { readBytes, readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import { COLOR_PROFILE_IMPORTED, COLOR_PROFILES, MEDIA_ITEM, MEDIA_ITEMS } from "../responses.js";
import { remakeProxies } from "../stale-proxies.js";
import type { ApiDeps, RouteDef } from "./types.js";

const PROJECT_QUERY = z.object({ project: PROJECT_PARAM });
const IMPORT_QUERY = z.object({ name: z.string().trim().min(1, "must not be empty").max(200).optional() });

const unprocessable = (message: string) => new HTTPError({ status: 422, message });

/**
 * The uploaded `.cube` and the name to store it under: the `file` field of a multipart form
 * (named by `?name=`, else the upload's file name), or the raw body named by `?name=`.
 */
async function upload(event: H3Event): Promise<{ name: string; text: string }> {
  const { name } = readQuery(event, IMPORT_QUERY);
  const type = event.req.headers.get("content-type") ?? "";
  const bytes = await readBytes(event, MAX_CUBE_BYTES);
  if (!/^multipart\/form-data/i.test(type)) {
    if (!name) throw unprocessable("name: required for a raw .cube body (?name=)");
    return { name, text: decodeUtf8(bytes) };
  }
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw unprocessable("body is not a valid multipart/form-data form");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw unprocessable("file: required (the .cube as a form field named file)");
  const fileName = file instanceof File ? file.name.replace(/\.cube$/i, "") : "";
  const chosen = name ?? fileName;
  if (!chosen) throw unprocessable("name: required (?name=, or a file name on the upload)");
  return { name: chosen, text: decodeUtf8(new Uint8Array(await file.arrayBuffer())) };
}

const libraryOf = (event: H3Event, deps: ApiDeps) => {
  const { project } = readQuery(event, PROJECT_QUERY);
  return { project, store: deps.libraries.library(project), links: apiLinks(project || undefined) };
};

export const colorRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/color-profiles",
    scopes: ACCESS.read,
    handler: async (_event, deps) => ({ profiles: await listProfiles(deps.ctx.config) }),
    doc: { summary: "Built-in, imported and LUT-folder colour profiles", response: COLOR_PROFILES },
  },
  {
    method: "POST",
    path: "/api/color-profiles/import",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const { name, text } = await upload(event);
      return jsonResponse(201, await importProfile(deps.ctx.config, name, text));
    },
    doc: {
      summary: "Imports a .cube LUT as a profile: the raw body named by `name`, or a form's `file` field",
      query: IMPORT_QUERY,
      description:
        "Any body other than multipart/form-data is read as the .cube text itself (UTF-8), whatever its Content-Type.",
      body: { file: ["application/octet-stream", "text/plain"], formFiles: ["file"] },
      response: COLOR_PROFILE_IMPORTED,
      status: [201],
      errors: [409],
    },
  },
  {
    method: "PATCH",
    path: "/api/media/:id/color-profile",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const id = parseMediaId(getRouterParam(event, "id"));
      const { profile } = await readJson(event, PROFILE_BODY);
      const { project, store, links } = libraryOf(event, deps);
      const change = await setColorProfile(deps.ctx, store, [id], profile, links);
      remakeProxies(deps, project, change.proxiesPending);
      return change.items[0];
    },
    doc: {
      summary: "Sets or clears an item's colour profile",
      params: idParams("id"),
      query: PROJECT_QUERY,
      body: PROFILE_BODY,
      response: MEDIA_ITEM,
    },
  },
  {
    method: "POST",
    path: "/api/media/color-profile",
    scopes: ACCESS.itemWrite,
    handler: async (event, deps) => {
      const { ids, profile } = await readJson(event, BATCH_PROFILE_BODY);
      const { project, store, links } = libraryOf(event, deps);
      const change = await setColorProfile(deps.ctx, store, ids, profile, links);
      remakeProxies(deps, project, change.proxiesPending);
      return { items: change.items };
    },
    doc: {
      summary: "Sets or clears the colour profile of several items",
      query: PROJECT_QUERY,
      body: BATCH_PROFILE_BODY,
      response: MEDIA_ITEMS,
    },
  },
];
