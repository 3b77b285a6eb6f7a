import { getRouterParam } from "h3";
import { z } from "zod";
import { ACCESS } from "../../domain/scopes.js";
import { parseMediaId } from "../../library/media/ids.js";
import { EDITOR_PROXY_BODY } from "../../library/proxy/editor-jobs.js";
import { readJson } from "../body.js";
import { idParams } from "../openapi.js";
import { readQuery } from "../query.js";
import { EDITOR_PROXIES_DONE, EDITOR_PROXY_ITEM, EDITOR_PROXY_STATUS } from "../responses.js";
import type { RouteDef } from "./types.js";

const PROJECT_QUERY = z.object({ project: z.string().max(64).optional() });

export const proxyRoutes: readonly RouteDef[] = [
  {
    method: "POST",
    path: "/api/proxy/editor",
    scopes: ACCESS.ingest,
    handler: async (event, deps) => {
      const request = await readJson(event, EDITOR_PROXY_BODY);
      // The request waits for its encodes; a client that goes away cancels what is left of them.
      const job = await deps.editorProxies.run(request, { signal: event.req.signal });
      return { results: job.results };
    },
    doc: {
      summary: "Makes editor proxies of the chosen items; answers when the encodes are done",
      body: EDITOR_PROXY_BODY,
      response: EDITOR_PROXIES_DONE,
    },
  },
  {
    method: "GET",
    path: "/api/proxy/editor/status",
    scopes: ACCESS.read,
    handler: (_event, deps) => deps.editorProxies.status(),
    doc: { summary: "Editor proxy jobs of this process and their progress", response: EDITOR_PROXY_STATUS },
  },
  {
    method: "GET",
    path: "/api/proxy/editor/:media_id",
    scopes: ACCESS.read,
    handler: (event, deps) => {
      const { project } = readQuery(event, PROJECT_QUERY);
      return deps.editorProxies.item(project, parseMediaId(getRouterParam(event, "media_id"), "media_id"));
    },
    doc: {
      summary: "Whether an item has an editor proxy, and where (relative to the project root)",
      params: idParams("media_id"),
      query: PROJECT_QUERY,
      response: EDITOR_PROXY_ITEM,
    },
  },
];
