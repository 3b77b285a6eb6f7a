import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { mediaTypeOf, openApiDocument, openApiPath } from "../../api/openapi.js";
import type { RouteDef } from "../../api/routes/types.js";
import type { ApiResponse } from "./api.js";

type Json = Record<string, unknown>;
type Responses = Record<string, { content?: Record<string, { schema: Json }> }>;

/** The answer a client can tell apart: its status, its Content-Type and its body. */
export type Answer = Pick<ApiResponse, "status" | "headers" | "text" | "json">;

/**
 * Checks real answers against the OpenAPI document the route table generates, as a validating
 * proxy would: the status is one the operation documents, the Content-Type (without parameters)
 * is one the document lists for that status, and a JSON body validates (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1) against the schema given for it. `document` is the whole description
 * (e.g. the served one); without it each route is checked against a description of that route
 * alone, which says the same of it. Returns the problems found.
 */
export function answerChecker(document?: Json): (route: RouteDef, res: Answer) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const own = new Map<RouteDef, Json>();
  const validators = new Map<RouteDef, Map<string, ValidateFunction>>();
  const documentOf = (route: RouteDef): Json => {
    if (document) return document;
    let alone = own.get(route);
    if (!alone) {
      alone = openApiDocument([route], "checked");
      own.set(route, alone);
    }
    return alone;
  };
  return (route, res) => {
    const name = `${route.method} ${route.path}`;
    const doc = documentOf(route);
    const paths = doc.paths as Record<string, Record<string, { responses: Responses }>>;
    const operation = paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    if (!operation) return [`${name} is not in the document`];
    const documented = operation.responses[String(res.status)];
    if (!documented) {
      const statuses = Object.keys(operation.responses).join(", ");
      return [`${name} answered ${res.status}, documented ${statuses}: ${res.text.slice(0, 200)}`];
    }
    if (!documented.content)
      return res.text === "" ? [] : [`${name} answered ${res.status} with a body, documented none`];
    const type = mediaTypeOf(String(res.headers["content-type"] ?? ""));
    const listed = documented.content;
    const entry = listed[type];
    if (!entry) {
      const types = Object.keys(listed).join(", ") || "no body";
      return [`${name} answered ${res.status} as ${type || "no Content-Type"}, documented ${types}`];
    }
    if (type !== "application/json") return [];
    const compiled = validators.get(route) ?? new Map<string, ValidateFunction>();
    validators.set(route, compiled);
    let validate = compiled.get(String(res.status));
    if (!validate) {
      // References point into the document's components (#/components/schemas/…).
      validate = ajv.compile({ ...entry.schema, components: doc.components });
      compiled.set(String(res.status), validate);
    }
    let body: unknown;
    try {
      body = res.json();
    } catch {
      return [`${name} answered ${res.status} as JSON, but the body is not JSON: ${res.text.slice(0, 200)}`];
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${name} ${res.status}: ${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
    );
  };
}
