import { z } from "zod";
import { GRANT_PARAM } from "../library/access/guard.js";
import type { FileBody, RouteDef, RouteDoc } from "./routes/types.js";

type Json = Record<string, unknown>;

const ERROR_TEXT: Readonly<Record<number, string>> = {
  400: "The request cannot be served as sent",
  401: "No valid token, or local trust does not apply (untrusted Host, relayed request)",
  403: "The token lacks the scope or its IP allowlist refuses the caller, or a cross-site write",
  404: "No such item, project or other thing the request names",
  409: "Conflicts with the current state (e.g. the ingest slot is taken)",
  413: "The body is larger than the route accepts; the connection is closed after this answer",
  415: "The body is not sent as JSON (Content-Type: application/json)",
  416: "The requested range is outside the file",
  422: "A parameter or body field is invalid or unknown; the detail names it",
  503: "Not available now: the project's folder is unreachable, no project is registered, or a service svc needs is down",
};

export const ERROR_SCHEMA = {
  type: "object",
  description: "Every error answer: `detail` says what went wrong, never with internals.",
  properties: { detail: { type: "string" } },
  required: ["detail"],
  additionalProperties: false,
};

const ENTITLEMENT_SCHEMA = {
  type: "object",
  description: "The free-tier refusal: the one error whose detail is structured.",
  properties: {
    detail: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" } },
      required: ["code", "message"],
      additionalProperties: false,
    },
  },
  required: ["detail"],
  additionalProperties: false,
};

/**
 * The query parameter or body field naming the project a request addresses: a route that has one
 * can answer 404 (no such project) and 503 (its folder is unreachable, or there is no project to
 * default to). Fields naming several projects (`projects`, `project_scope`) answer 422 for an
 * unknown name instead.
 */
const PROJECT_FIELD = "project";

/** Path parameters that are item ids (checked by parseMediaId, documented as what it accepts). */
export const idParams = (...names: string[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.int().min(1)])));

export const isFile = (body: z.ZodType | FileBody): body is FileBody => "file" in body && !("_zod" in body);

/** `text/plain; charset=utf-8` → `text/plain`: the media type an answer is documented under. */
export const mediaTypeOf = (contentType: string) => (contentType.split(";")[0] ?? "").trim().toLowerCase();

/** The media types of a file body, without parameters and each once. */
const fileTypes = (body: FileBody): string[] => [
  ...new Set((typeof body.file === "string" ? [body.file] : body.file).map(mediaTypeOf)),
];

/** JSON Schema 2020-12 (the dialect of OpenAPI 3.1) of a zod schema, as a request or an answer sees it. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" }) as Json;
  return rest;
}

const pathParams = (path: string) =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);

/** `/api/media/:id` as OpenAPI writes it: `/api/media/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}");

/** `GET /api/media/:id/keyframes/:index` → `getMediaByIdKeyframesByIndex`, unique as the table is. */
function operationId(route: RouteDef): string {
  const words = route.path
    .replace(/^\/api\//, "")
    .split(/[/\-.]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `by_${part.slice(1)}` : part))
    .flatMap((part) => part.split("_"));
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  return `${route.method.toLowerCase()}${camel}`;
}

const propertiesOf = (schema: z.ZodType | FileBody | undefined): string[] =>
  schema === undefined || isFile(schema)
    ? []
    : Object.keys((jsonSchemaOf(schema, "input").properties ?? {}) as Json);

/** Whether the route's query or body names a project. */
const takesProject = (doc: RouteDoc): boolean =>
  [...propertiesOf(doc.query), ...propertiesOf(doc.body)].includes(PROJECT_FIELD);

function parameters(route: RouteDef, doc: RouteDoc | undefined): Json[] {
  const declared = doc?.params ? jsonSchemaOf(doc.params, "input") : { properties: {} };
  const declaredProps = declared.properties as Record<string, Json>;
  const out: Json[] = pathParams(route.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: declaredProps[name] ?? { type: "string" },
  }));
  if (doc?.query) {
    const query = jsonSchemaOf(doc.query, "input");
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: "query",
        required: required.has(name),
        ...(typeof description === "string" ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (route.grant) {
    out.push({
      name: GRANT_PARAM,
      in: "query",
      required: false,
      description:
        "A stream grant (POST /api/stream/grant) in place of the Authorization header, for players that cannot send one",
      schema: { type: "string" },
    });
  }
  return out;
}

/** An empty body reads as `{}` (api/body.ts), so a body whose fields are all optional may be left out. */
function bodyRequired(body: z.ZodType | FileBody): boolean {
  if (isFile(body)) return true;
  const schema = jsonSchemaOf(body, "input");
  if (schema.type !== "object") return true;
  return Array.isArray(schema.required) && schema.required.length > 0;
}

/** Named schemas (zod's `.meta({ id })`) collected from every operation, for components.schemas. */
type Components = Record<string, Json>;

const retarget = (value: Json): Json =>
  JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;

/**
 * zod puts each schema that has an id in the converted schema's `$defs`; they move to the
 * document's components, so a generated client gets one named type for e.g. every MediaItem.
 */
function hoist(schema: Json, components: Components): Json {
  const { $defs, ...rest } = schema;
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
    const moved = retarget(def);
    const known = components[id];
    if (known && JSON.stringify(known) !== JSON.stringify(moved)) {
      throw new Error(`two different schemas are named ${id}: give one of them another id`);
    }
    components[id] = moved;
  }
  return retarget(rest);
}

const BINARY = { type: "string", format: "binary" };

function content(body: z.ZodType | FileBody, io: "input" | "output", components: Components): Json {
  if (!isFile(body)) return { "application/json": { schema: hoist(jsonSchemaOf(body, io), components) } };
  // A file that is JSON (an OpenTimelineIO timeline) is any JSON value to a validator, not a string.
  const schemaOf = (type: string) =>
    type === "application/json" ? { description: "The file's JSON" } : BINARY;
  const out: Json = Object.fromEntries(fileTypes(body).map((type) => [type, { schema: schemaOf(type) }]));
  if (body.formFiles) {
    out["multipart/form-data"] = {
      schema: {
        type: "object",
        properties: Object.fromEntries(body.formFiles.map((field) => [field, BINARY])),
        required: [...body.formFiles],
      },
    };
  }
  return out;
}

const errorResponse = (status: number, schema: Json = { $ref: "#/components/schemas/Error" }) => ({
  description: ERROR_TEXT[status] ?? "Refused",
  content: { "application/json": { schema } },
});

function responses(route: RouteDef, doc: RouteDoc | undefined, components: Components): Json {
  if (!doc) return { default: { description: "Not documented yet" } };
  const out: Json = {};
  for (const status of doc.status ?? [200]) {
    out[String(status)] = {
      description: status < 300 ? "Success" : (ERROR_TEXT[status] ?? "Answered"),
      content: content(doc.response, "output", components),
    };
  }
  for (const [status, description] of Object.entries(doc.empty ?? {})) out[status] = { description };
  const failures = new Set(doc.errors ?? []);
  if (route.scopes !== null) {
    failures.add(401);
    failures.add(403);
  }
  // Any route refuses a query parameter it does not take.
  failures.add(422);
  if (pathParams(route.path).length > 0) failures.add(404);
  if (takesProject(doc)) {
    failures.add(404);
    failures.add(503);
  }
  if (doc.body) failures.add(413);
  if (doc.body && !isFile(doc.body)) failures.add(415);
  for (const status of [...failures].sort((a, b) => a - b)) {
    if (out[String(status)]) continue;
    out[String(status)] =
      status === 403 && doc.entitlement
        ? errorResponse(403, {
            oneOf: [
              { $ref: "#/components/schemas/Error" },
              { $ref: "#/components/schemas/EntitlementRefusal" },
            ],
          })
        : errorResponse(status);
  }
  return out;
}

/**
 * Any one of the route's scopes will do and `admin` implies all of them, so each is an
 * alternative requirement. A public route says so with an empty list.
 */
function security(route: RouteDef): Json[] {
  if (route.scopes === null) return [];
  const scopes = route.scopes.includes("admin") ? route.scopes : [...route.scopes, "admin"];
  return scopes.map((scope) => ({ bearer: [scope] }));
}

function operation(route: RouteDef, components: Components): Json {
  const doc = route.doc;
  const op: Json = {
    operationId: operationId(route),
    tags: [route.path.split("/")[2] ?? "api"],
    summary: doc?.summary ?? `${route.method} ${route.path} (not documented yet)`,
  };
  if (doc?.description) op.description = doc.description;
  const params = parameters(route, doc);
  if (params.length > 0) op.parameters = params;
  if (doc?.body) {
    op.requestBody = { required: bodyRequired(doc.body), content: content(doc.body, "input", components) };
  }
  op.responses = responses(route, doc, components);
  op.security = security(route);
  op["x-svc-scopes"] = route.scopes ?? [];
  if (!doc) op["x-svc-undocumented"] = true;
  return op;
}

/** Routes of the table that have no documentation entry yet. */
export const undocumentedRoutes = (routes: readonly RouteDef[]) => routes.filter((route) => !route.doc);

const DESCRIPTION = [
  "The HTTP API of svc, generated from its route table.",
  "",
  "Send `Authorization: Bearer <token>` (tokens come from `svc token create`); each operation",
  "lists the scopes that let a token call it, any one of them will do, and `admin` implies all.",
  "Requests from the same machine need no token when their Host is an IP address, `localhost`,",
  "a `*.localhost` name or a name listed in `SVC_ALLOWED_HOSTS`. Writes refuse cross-site requests.",
  'Errors answer `{"detail": "..."}`; the free-tier refusal answers `{"detail": {"code", "message"}}`.',
  "A query parameter an operation does not list is refused (422), as is a query string or body",
  "that is not UTF-8; a JSON body must be sent as `application/json` (415 otherwise), and after a 413",
  "the server closes the connection.",
].join("\n");

/** The OpenAPI 3.1 description of every route in `routes`; no file-system path appears in it. */
export function openApiDocument(routes: readonly RouteDef[], version: string): Json {
  const paths: Record<string, Json> = {};
  const named: Components = {};
  for (const route of routes) {
    const key = openApiPath(route.path);
    paths[key] = { ...paths[key], [route.method.toLowerCase()]: operation(route, named) };
  }
  return {
    openapi: "3.1.0",
    info: { title: "svc", version, description: DESCRIPTION },
    servers: [
      { url: "/", description: "The svc that serves this document" },
      { url: "http://localhost:8501", description: "A svc on this machine, default port" },
    ],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An access token from `svc token create`" },
      },
      schemas: { ...named, Error: ERROR_SCHEMA, EntitlementRefusal: ENTITLEMENT_SCHEMA },
    },
  };
}
