import { z } from "zod";
import { LOG_LEVEL_NAMES } from "../../domain/log-entry.js";
import { ACCESS } from "../../domain/scopes.js";
import { entitlementsReport } from "../../library/access/entitlements.js";
import { embedStatus } from "../../library/search/embed.js";
import { clearCache } from "../../library/system/cache.js";
import { healthReport, statusReport } from "../../library/system/health.js";
import { LOG_TAIL_LIMITS, tailLogs } from "../../library/system/logs.js";
import { modelHostsReport } from "../../library/system/model-hosts.js";
import { libraryStats } from "../../library/system/stats.js";
import { readJson } from "../body.js";
import { jsonResponse } from "../errors.js";
import { readQuery } from "../query.js";
import {
  CACHE_CLEARED,
  EMBED_STATUS,
  ENTITLEMENTS,
  HEALTH,
  INGEST_STARTED,
  INGEST_STATUS,
  LOG_TAIL,
  MODEL_HOSTS,
  SEED_ANSWER,
  SEED_STATUS,
  STATS,
  STATUS,
  VERSION,
} from "../responses.js";
import type { RouteDef } from "./types.js";

// Operation bodies are a handful of small fields; anything bigger is refused early with 413.
const MAX_OPERATION_BODY = 16 * 1024;

const projectName = z.string().trim().min(1).max(64);

/** A whole number in a query string, within bounds; no signs, exponents or fractions. */
const boundedInt = ({ min, max, default: fallback }: { min: number; max: number; default: number }) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `expected a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(fallback);

const statsQuery = z.object({ project: projectName.optional() });

const tailQuery = z.object({
  lines: boundedInt(LOG_TAIL_LIMITS.lines),
  bytes: boundedInt(LOG_TAIL_LIMITS.bytes),
  level: z.enum(LOG_LEVEL_NAMES).optional().describe("This level and worse"),
  text: z
    .string()
    .max(LOG_TAIL_LIMITS.text.max)
    .optional()
    .describe("Case-insensitive, in the message and the fields' names and values"),
  // Not `project`: it addresses no project (none need be registered), it matches the lines' field,
  // so a removed or unreachable project's lines are found too.
  of_project: projectName.optional().describe("Lines whose `project` field is this name"),
  since: z.iso
    .datetime({ offset: true })
    .transform((t) => new Date(t).toISOString())
    .optional()
    .describe("Lines at or after this time, for following the log (ISO 8601)"),
});

const ingestBody = z.strictObject({
  project: projectName.optional(),
  refresh: z.boolean().optional(),
  dir: z
    .string()
    .max(1024)
    .refine((dir) => !dir.includes("\0"), "must not contain NUL")
    .optional(),
});

const cacheBody = z.strictObject({ project: projectName.optional() });
const seedBody = z.strictObject({ project: projectName.optional() });

export const operationRoutes: readonly RouteDef[] = [
  {
    method: "GET",
    path: "/api/health",
    scopes: null,
    handler: async (_event, { ctx }) => {
      const report = await healthReport(ctx);
      return jsonResponse(report.ready ? 200 : 503, report);
    },
    doc: {
      summary: "Readiness report; 503 with the failing checks when not ready",
      response: HEALTH,
      status: [200, 503],
    },
  },
  {
    method: "GET",
    path: "/api/status",
    scopes: ACCESS.read,
    handler: (_event, { ctx }) => statusReport(ctx),
    doc: {
      summary:
        "The health report for operators, with the speech recogniser and each missing model's pull command",
      description: "Answers 200 whether or not svc is ready; `ready` and `failing` say which.",
      response: STATUS,
    },
  },
  {
    method: "GET",
    path: "/api/models/hosts",
    scopes: ACCESS.admin,
    handler: (_event, { ctx }) => modelHostsReport(ctx),
    doc: {
      summary:
        "Every model host and transcription server: reachable, last error, taken out until, requests in flight, models and digests",
      response: MODEL_HOSTS,
    },
  },
  {
    method: "GET",
    path: "/api/version",
    scopes: ACCESS.read,
    handler: (_event, { ctx }) => ({ version: ctx.version }),
    doc: { summary: "The service version", response: VERSION },
  },
  {
    method: "GET",
    path: "/api/stats",
    scopes: ACCESS.read,
    handler: (event, { libraries }) => libraryStats(libraries, readQuery(event, statsQuery).project),
    doc: {
      summary: "Item counts, running time and derived-file sizes of a project",
      query: statsQuery,
      response: STATS,
    },
  },
  {
    method: "GET",
    path: "/api/embed/status",
    scopes: ACCESS.read,
    handler: (event, { ctx, libraries }) => {
      const { project } = readQuery(event, statsQuery);
      return embedStatus(ctx, libraries.library(project), libraries.indexReader(project));
    },
    doc: {
      summary: "Items awaiting re-embedding and vectors not yet indexed",
      query: statsQuery,
      response: EMBED_STATUS,
    },
  },
  {
    method: "GET",
    path: "/api/entitlements",
    scopes: ACCESS.admin,
    handler: (_event, { ctx }) => entitlementsReport(ctx),
    doc: {
      summary: "The tier report: tier, limits and their use, what the tier allows now, the licence",
      response: ENTITLEMENTS,
    },
  },
  {
    method: "GET",
    path: "/api/logs/tail",
    scopes: ACCESS.admin,
    handler: (event, { ctx }) => {
      const { of_project: project, ...query } = readQuery(event, tailQuery);
      return tailLogs(ctx, { ...query, project });
    },
    doc: {
      summary: "The last lines of the service log, bounded and redacted, optionally filtered",
      query: tailQuery,
      response: LOG_TAIL,
    },
  },
  {
    method: "POST",
    path: "/api/ingest",
    scopes: ACCESS.ingest,
    handler: async (event, { jobs }) =>
      jsonResponse(202, { job: await jobs.start(await readJson(event, ingestBody, MAX_OPERATION_BODY)) }),
    doc: {
      summary: "Starts an ingest pass (single-flight: 409 while the ingest slot is taken)",
      body: ingestBody,
      response: INGEST_STARTED,
      status: [202],
      errors: [409],
    },
  },
  {
    method: "GET",
    path: "/api/ingest/status",
    scopes: ACCESS.read,
    handler: (_event, { jobs }) => jobs.status(),
    doc: {
      summary:
        "Ingest passes started over the API: the running ones and the last finished, with their counts",
      response: INGEST_STATUS,
    },
  },
  {
    method: "POST",
    path: "/api/sample/seed",
    scopes: ACCESS.ingest,
    handler: async (event, { sample }) => {
      const { project } = await readJson(event, seedBody, MAX_OPERATION_BODY);
      const answer = await sample.seed(project);
      return jsonResponse(answer.status === "started" ? 202 : 200, answer);
    },
    doc: {
      summary:
        "Generates the bundled sample library into the project and ingests it (202), 200 when done before",
      body: seedBody,
      response: SEED_ANSWER,
      status: [202, 200],
      errors: [404, 409, 503],
    },
  },
  {
    method: "GET",
    path: "/api/sample/seed/status",
    scopes: ACCESS.read,
    handler: (event, { sample }) => sample.status(readQuery(event, statsQuery).project),
    doc: {
      summary: "Progress of the sample library's seeding in a project",
      query: statsQuery,
      response: SEED_STATUS,
      errors: [404],
    },
  },
  {
    method: "POST",
    path: "/api/cache/clear",
    scopes: ACCESS.admin,
    handler: async (event, { ctx, libraries }) =>
      clearCache(ctx, libraries, (await readJson(event, cacheBody, MAX_OPERATION_BODY)).project),
    doc: {
      summary: "Removes regenerable derived files (thumbnails, key frames, proxies) of a project",
      body: cacheBody,
      response: CACHE_CLEARED,
      errors: [409],
    },
  },
];
