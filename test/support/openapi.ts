import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { ERROR_SCHEMA, isFile, jsonSchemaOf } from "../../api/openapi.js";
import type { RouteDef } from "../../api/routes/types.js";
import type { ApiResponse } from "./api.js";

/**
 * Checks real answers against what their route documents: the status is a documented success
 * status, and the body is the documented media type or validates (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1) against the documented response schema. A failure status the route
 * lists in `errors` (an example that can only reach the handler's refusal, e.g. no speech
 * recogniser on the test machine) must answer the documented `{"detail": "..."}` and nothing
 * else. Returns the problems found.
 */
export function answerChecker(): (route: RouteDef, res: ApiResponse) => string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const compiled = new Map<RouteDef, ValidateFunction>();
  const errorAnswer = ajv.compile({ ...ERROR_SCHEMA, additionalProperties: false });
  return (route, res) => {
    const doc = route.doc;
    const name = `${route.method} ${route.path}`;
    if (!doc) return [`${name} has no doc entry`];
    const statuses = doc.status ?? [200];
    if (!statuses.includes(res.status) && doc.errors?.includes(res.status)) {
      if (!/^application\/json/i.test(String(res.headers["content-type"] ?? ""))) {
        return [`${name} answered its documented ${res.status} as ${res.headers["content-type"]}, not JSON`];
      }
      if (errorAnswer(res.json())) return [];
      return (errorAnswer.errors ?? []).map(
        (e) =>
          `${name} ${res.status}: ${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
      );
    }
    if (!statuses.includes(res.status)) {
      return [`${name} answered ${res.status}, documented ${statuses.join(", ")}: ${res.text.slice(0, 200)}`];
    }
    const type = String(res.headers["content-type"] ?? "");
    const response = doc.response;
    if (isFile(response)) {
      const documented = response.file;
      if (documented === "application/octet-stream") return [];
      return type.startsWith(documented) ? [] : [`${name} answered ${type}, documented ${documented}`];
    }
    if (!/^application\/json/i.test(type)) return [`${name} answered ${type}, documented JSON`];
    let validate = compiled.get(route);
    if (!validate) {
      validate = ajv.compile(jsonSchemaOf(response, "output"));
      compiled.set(route, validate);
    }
    if (validate(res.json())) return [];
    return (validate.errors ?? []).map(
      (e) => `${name}: ${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
    );
  };
}
