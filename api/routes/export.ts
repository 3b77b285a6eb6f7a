import { Readable } from "node:stream";
import { getRouterParam, type H3Event } from "h3";
import { z } from "zod";
import { ACCESS } from "../../domain/scopes.js";
import { BATCH_BODY, exportBatch } from "../../library/export/batch.js";
import type { MediaRefs } from "../../library/export/build.js";
import {
  exportTimeline,
  TIMELINE_FORMATS,
  TIMELINE_QUERY,
  TIMELINE_TYPES,
  timelineFormat,
} from "../../library/export/timeline.js";
import { readJson } from "../body.js";
import { seesAbsolutePaths } from "../caller.js";
import { readQuery } from "../query.js";
import type { RouteDef } from "./types.js";

const TIMELINE_WITH_PROJECT = TIMELINE_QUERY.extend({ project: z.string().max(64).optional() });

/** A batch body is a list of ids: 10,000 of them fit in well under this. */
const MAX_BATCH_BODY = 256 * 1024;

/**
 * Absolute media paths go only to the people at the workstation (local trust) and admins, as
 * project roots do; other callers get paths relative to the project root.
 */
function refsFor(event: H3Event): MediaRefs {
  return seesAbsolutePaths(event) ? "absolute" : "relative";
}

export const exportRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/export/timeline/:fmt",
    scopes: ACCESS.read,
    handler: (event, deps) => {
      const format = timelineFormat(getRouterParam(event, "fmt"));
      const { project, ...query } = readQuery(event, TIMELINE_WITH_PROJECT);
      const file = exportTimeline(
        deps.libraries.library(project),
        format,
        query,
        refsFor(event),
        deps.ctx.log,
        deps.libraries.project(project).name,
      );
      const headers: Record<string, string> = {
        "content-type": file.contentType,
        "content-disposition": file.disposition,
      };
      if (file.skipped.length > 0) headers["x-svc-skipped"] = file.skipped.map((s) => s.id).join(",");
      if (file.warnings.length > 0)
        headers["x-svc-warnings"] = file.warnings.map((w) => `${w.id}: ${w.reason}`).join("; ");
      const body =
        file.body instanceof Readable ? (Readable.toWeb(file.body) as ReadableStream<Uint8Array>) : file.body;
      return new Response(body, { headers });
    },
    doc: {
      summary: "A timeline or subtitle file of the chosen items (EDL, FCPXML, FCP7 XML, OTIO, SRT, VTT…)",
      description:
        "`X-Svc-Skipped` lists the ids left out (no media time to place); `X-Svc-Warnings` lists placed items an NLE may not keep as written (`id: reason`, separated by `; `), such as variable frame rate.",
      params: z.object({ fmt: z.enum(TIMELINE_FORMATS) }),
      query: TIMELINE_WITH_PROJECT,
      response: { file: TIMELINE_TYPES },
    },
  },
  {
    method: "POST",
    path: "/api/export/batch",
    scopes: ACCESS.read,
    handler: async (event, deps) => {
      const request = await readJson(event, BATCH_BODY, MAX_BATCH_BODY);
      const store = deps.libraries.library(request.project);
      const batch = exportBatch(store, request, refsFor(event), deps.ctx.log);
      const body = Readable.toWeb(batch.stream) as ReadableStream<Uint8Array>;
      return new Response(body, {
        headers: { "content-type": "application/zip", "content-disposition": batch.disposition },
      });
    },
    doc: {
      summary: "A zip of per-clip files (subtitles, EDLs…) for the chosen items",
      body: BATCH_BODY,
      response: { file: "application/zip" },
    },
  },
];
