import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { isFile, jsonSchemaOf, openApiDocument, openApiPath, undocumentedRoutes } from "../../api/openapi.js";
import { VERSION } from "../../api/responses.js";
import { ROUTES } from "../../api/routes/index.js";
import type { FileBody, RouteDef } from "../../api/routes/types.js";
import { createToken } from "../../library/access/tokens.js";
import { TAG_BODY } from "../../library/media/edit.js";
import { readVersion } from "../../library/system/version.js";
import { type ApiResponse, startApi, type TestApi } from "../support/api.js";
import { answerChecker } from "../support/openapi.js";

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  summary: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  "x-svc-undocumented"?: boolean;
};

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const label = (route: Pick<RouteDef, "method" | "path">) => `${route.method} ${route.path}`;
const operationOf = (doc: Json, route: RouteDef) =>
  ((doc.paths as Record<string, Json>)[openApiPath(route.path)]?.[route.method.toLowerCase()] ??
    null) as Operation | null;

/** Every string anywhere in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...strings(inner)]);
  }
  return [];
}

let api: TestApi;
const version = readVersion();

// Any valid token reads the description, whatever its scope.
let anyToken: Record<string, string>;

beforeAll(async () => {
  // Loopback trust off: the description is read as from another machine.
  api = await startApi({ env: { SVC_TRUST_LOOPBACK: "0" } });
  const { secret } = createToken(api.registry, { name: "reader", scopes: ["chat_read"] });
  anyToken = { authorization: `Bearer ${secret}` };
});

afterAll(async () => {
  await api?.close();
});

describe("the OpenAPI description", () => {
  const doc = openApiDocument(ROUTES, version);

  it("has a doc entry for every route of the table", () => {
    expect(undocumentedRoutes(ROUTES).map(label)).toEqual([]);
    for (const route of ROUTES) {
      const op = operationOf(doc, route);
      expect(op?.["x-svc-undocumented"], label(route)).toBeUndefined();
      expect(op?.summary.trim().length, label(route)).toBeGreaterThan(0);
    }
  });

  it("has one operation per route and none that no route serves", () => {
    const operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(ROUTES.map((r) => `${r.method} ${openApiPath(r.path)}`).sort());
    const operationIds = ROUTES.map((route) => operationOf(doc, route)?.operationId);
    expect(new Set(operationIds).size).toBe(ROUTES.length);
  });

  it("marks a route without an entry, so the coverage check above catches it", () => {
    const bare: RouteDef = {
      method: "GET",
      path: "/api/bare/:id",
      scopes: ["videos_read"],
      handler: () => null,
    };
    expect(undocumentedRoutes([...ROUTES, bare]).map(label)).toEqual(["GET /api/bare/:id"]);
    const op = operationOf(openApiDocument([bare], version), bare);
    expect(op?.["x-svc-undocumented"]).toBe(true);
    expect(op?.parameters?.[0]).toMatchObject({ name: "id", in: "path", required: true });
  });

  it("is a valid OpenAPI 3.1 document for a real parser", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("is refused by the same parser when broken, so the check above means something", async () => {
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, Json>> };
    const health = broken.paths["/api/health"] as Record<string, Json>;
    (health.get as Json).responses = "none";
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
  });

  it("names each route's scopes as alternative security requirements, admin among them", () => {
    for (const route of ROUTES) {
      const op = operationOf(doc, route) as Operation;
      if (route.scopes === null) {
        expect(op.security, label(route)).toEqual([]);
        continue;
      }
      const named = op.security.flatMap((requirement) => requirement.bearer ?? []);
      expect(named.sort(), label(route)).toEqual([...new Set([...route.scopes, "admin"])].sort());
      expect(Object.keys(op.responses), label(route)).toEqual(expect.arrayContaining(["401", "403"]));
    }
  });

  it("documents the error shapes: {detail} and the structured entitlement refusal", () => {
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    expect(schemas.Error).toMatchObject({ required: ["detail"], properties: { detail: { type: "string" } } });
    expect(schemas.EntitlementRefusal).toMatchObject({
      properties: { detail: { required: ["code", "message"] } },
    });
    const version = operationOf(doc, ROUTES.find((r) => label(r) === "GET /api/version") as RouteDef);
    expect(version?.responses["401"]?.content?.["application/json"]?.schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
  });

  it("gives a route that can refuse for the free tier the structured 403 beside {detail}", () => {
    const gated: RouteDef = {
      method: "POST",
      path: "/api/gated",
      scopes: ["projects_write"],
      handler: () => null,
      doc: { summary: "A gated write", body: TAG_BODY, response: VERSION, entitlement: true },
    };
    const op = operationOf(openApiDocument([gated], version), gated);
    expect(op?.responses["403"]?.content?.["application/json"]?.schema).toEqual({
      oneOf: [{ $ref: "#/components/schemas/Error" }, { $ref: "#/components/schemas/EntitlementRefusal" }],
    });
    expect(Object.keys(op?.responses ?? {})).toEqual(["200", "401", "403", "413", "415", "422"]);
  });

  it("names shared answer shapes once, in components, and every reference resolves", () => {
    const list = operationOf(
      doc,
      ROUTES.find((r) => label(r) === "POST /api/media/color-profile") as RouteDef,
    );
    const page = list?.responses["200"]?.content?.["application/json"]?.schema as {
      properties: { items: { items: Json } };
    };
    expect(JSON.stringify(page.properties.items.items)).toContain('"$ref":"#/components/schemas/MediaItem"');
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      expect(schemas[ref.slice(22, -1)], ref).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain("#/$defs/");
  });

  it("takes request bodies and query parameters from the zod schemas that validate them", () => {
    const tags = operationOf(doc, ROUTES.find((r) => label(r) === "POST /api/media/:id/tags") as RouteDef);
    expect(tags?.requestBody?.content["application/json"]?.schema).toEqual(jsonSchemaOf(TAG_BODY, "input"));
    const tail = operationOf(doc, ROUTES.find((r) => label(r) === "GET /api/logs/tail") as RouteDef);
    expect(tail?.parameters?.map((p) => [p.name, p.in, p.required])).toEqual([
      ["lines", "query", false],
      ["bytes", "query", false],
      ["level", "query", false],
      ["text", "query", false],
      ["of_project", "query", false],
      ["since", "query", false],
    ]);
    const media = operationOf(doc, ROUTES.find((r) => label(r) === "GET /api/media/:id") as RouteDef);
    expect(media?.parameters?.[0]).toMatchObject({ name: "id", in: "path", schema: { type: "integer" } });
  });
});

describe("the answer checker (auth matrix, conformance test)", () => {
  const answer = (status: number, body: unknown, type = "application/json; charset=utf-8"): ApiResponse => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return {
      status,
      headers: { "content-type": type },
      text,
      body: Buffer.from(text),
      json: <T>() => JSON.parse(text) as T,
    };
  };
  const route: RouteDef = {
    method: "POST",
    path: "/api/checked",
    scopes: ["ingest_write"],
    handler: () => null,
    doc: { summary: "A checked route", response: VERSION, status: [202], errors: [503] },
  };
  const download: RouteDef = {
    method: "GET",
    path: "/api/fetched",
    scopes: ["videos_read"],
    handler: () => null,
    doc: { summary: "A file", response: { file: ["text/vtt; charset=utf-8", "application/zip"] } },
  };

  it("takes a documented success answer only in the documented shape", () => {
    const check = answerChecker();
    expect(check(route, answer(202, { version: "1.0.0" }))).toEqual([]);
    expect(check(route, answer(202, { version: "1.0.0", extra: 1 })).length).toBeGreaterThan(0);
    expect(check(route, answer(200, { version: "1.0.0" }))[0]).toContain("answered 200, documented 202");
  });

  it("takes a failure the route documents only as {detail}, and no undocumented one", () => {
    const check = answerChecker();
    expect(check(route, answer(503, { detail: "no speech recogniser is configured" }))).toEqual([]);
    expect(check(route, answer(503, { detail: "down", trace: "at x" })).length).toBeGreaterThan(0);
    expect(check(route, answer(503, { version: "1.0.0" })).length).toBeGreaterThan(0);
    expect(check(route, answer(409, { detail: "taken" }))[0]).toContain("answered 409, documented 202");
  });

  it("takes a file answer only as a media type the document lists for it", () => {
    const check = answerChecker();
    expect(check(download, answer(200, "WEBVTT\n", "text/vtt; charset=utf-8"))).toEqual([]);
    expect(check(download, answer(200, "PK", "application/zip"))).toEqual([]);
    expect(check(download, answer(200, "x", "application/octet-stream"))[0]).toContain(
      "answered 200 as application/octet-stream, documented text/vtt, application/zip",
    );
    expect(check(route, answer(202, "1.0.0", "text/plain"))[0]).toContain("documented application/json");
  });
});

describe("statuses and media types derived from a route", () => {
  const route = (doc: RouteDef["doc"], extra: Partial<RouteDef> = {}): RouteDef => ({
    method: "POST",
    path: "/api/derived",
    scopes: ["ingest_write"],
    handler: () => null,
    doc,
    ...extra,
  });
  const statuses = (def: RouteDef) =>
    Object.keys(operationOf(openApiDocument([def], version), def)?.responses ?? {});
  const withProject = z.object({ project: z.string().optional() });

  it("gives every operation 422, for a query parameter it does not take", () => {
    expect(statuses(route({ summary: "Bare", response: VERSION }))).toEqual(["200", "401", "403", "422"]);
    for (const r of ROUTES) expect(statuses(r), label(r)).toContain("422");
  });

  it("gives a route that takes a project (query or body) 404 and 503", () => {
    expect(statuses(route({ summary: "Q", query: withProject, response: VERSION }))).toEqual(
      expect.arrayContaining(["404", "503"]),
    );
    expect(statuses(route({ summary: "B", body: withProject.strict(), response: VERSION }))).toEqual(
      expect.arrayContaining(["404", "503"]),
    );
    expect(statuses(route({ summary: "N", body: TAG_BODY, response: VERSION }))).not.toContain("503");
    const fields = (schema: z.ZodType | FileBody | undefined) =>
      schema && !isFile(schema) ? Object.keys((jsonSchemaOf(schema, "input").properties ?? {}) as Json) : [];
    const taking = ROUTES.filter((r) =>
      [...fields(r.doc?.query), ...fields(r.doc?.body)].includes("project"),
    );
    expect(taking.length).toBeGreaterThan(30);
    for (const r of taking) expect(statuses(r), label(r)).toEqual(expect.arrayContaining(["404", "503"]));
  });

  it("gives a JSON body 413 and 415, and a file body 413 only", () => {
    expect(statuses(route({ summary: "J", body: TAG_BODY, response: VERSION }))).toEqual(
      expect.arrayContaining(["413", "415"]),
    );
    const upload = statuses(route({ summary: "F", body: { file: "text/plain" }, response: VERSION }));
    expect(upload).toContain("413");
    expect(upload).not.toContain("415");
  });

  it("declares the grant parameter where a stream grant stands in for the token", () => {
    const granted = route({ summary: "G", response: VERSION }, { method: "GET", grant: true });
    const op = operationOf(openApiDocument([granted], version), granted);
    expect(op?.parameters?.map((p) => [p.name, p.in])).toEqual([["grant", "query"]]);
    const stream = operationOf(doc, ROUTES.find((r) => label(r) === "GET /api/stream") as RouteDef);
    expect(stream?.parameters?.map((p) => p.name)).toContain("grant");
  });

  const doc = openApiDocument(ROUTES, version);
  const typesOf = (name: string, status = "200") =>
    Object.keys(
      operationOf(doc, ROUTES.find((r) => label(r) === name) as RouteDef)?.responses[status]?.content ?? {},
    );

  it("lists the media types a download really has, not application/octet-stream alone", () => {
    expect(typesOf("GET /api/stream")).toEqual(
      expect.arrayContaining(["video/mp4", "video/quicktime", "audio/wav", "image/jpeg", "image/png"]),
    );
    expect(typesOf("GET /api/stream", "206")).toEqual(typesOf("GET /api/stream"));
    expect(typesOf("GET /api/export/timeline/:fmt").sort()).toEqual([
      "application/json",
      "application/x-subrip",
      "application/xml",
      "application/zip",
      "text/csv",
      "text/plain",
      "text/tab-separated-values",
      "text/vtt",
    ]);
    expect(typesOf("POST /api/export/batch")).toEqual(["application/zip"]);
    expect(typesOf("GET /api/docs/:file").sort()).toEqual(["image/png", "text/css", "text/javascript"]);
    expect(typesOf("GET /api/media/:id/thumbnail")).toEqual(["image/jpeg"]);
  });

  it("declares the colour-profile import's multipart form beside its raw body", () => {
    const op = operationOf(
      doc,
      ROUTES.find((r) => label(r) === "POST /api/color-profiles/import") as RouteDef,
    );
    expect(op?.requestBody?.content["multipart/form-data"]?.schema).toEqual({
      type: "object",
      properties: { file: { type: "string", format: "binary" } },
      required: ["file"],
    });
    expect(Object.keys(op?.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(["application/octet-stream", "text/plain"]),
    );
  });
});

describe("GET /api/openapi.json", () => {
  it("serves the description to any token, and no absolute path is in it", async () => {
    expect((await api.request("GET", "/api/openapi.json")).status).toBe(401);
    const res = await api.request("GET", "/api/openapi.json", {
      headers: { ...anyToken, host: "svc.example" },
    });
    expect(res.status, res.text).toBe(200);
    const served = res.json<Json>();
    expect(served).toEqual(openApiDocument(ROUTES, api.ctx.version));
    const roots = [api.home, api.root as string, REPO, homedir(), tmpdir()];
    for (const text of strings(served)) {
      for (const root of roots) expect(text).not.toContain(root);
      expect(text, "a file-system path").not.toMatch(
        /^(\/(home|root|tmp|var|etc|usr|Users|srv|work)\/|[A-Za-z]:[\\/])/,
      );
    }
  });
});

describe("docs/openapi.json", () => {
  it("is the description npm run build generates from the route table", async () => {
    const written = JSON.parse(await readFile(join(REPO, "docs", "openapi.json"), "utf8"));
    expect(written, "docs/openapi.json is stale: run npm run build").toEqual(
      openApiDocument(ROUTES, version),
    );
  });
});

describe("GET /api/docs", () => {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

  it("serves a reference page whose scripts and styles all come from this server", async () => {
    const page = await api.request("GET", "/api/docs", { headers: { ...anyToken, host: "svc.example" } });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text, "a CDN or other site").not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets).toEqual(expect.arrayContaining(["docs/swagger-ui-bundle.js", "docs/swagger-ui.css"]));
    for (const asset of assets) {
      expect((await api.request("GET", `/api/${asset}`)).status, asset).toBe(401);
      const res = await api.request("GET", `/api/${asset}`, { headers: anyToken });
      expect(res.status, asset).toBe(200);
      const name = asset.replace(/^docs\//, "");
      if (name === "init.js") {
        expect(res.text).toContain('url: "openapi.json"');
        continue;
      }
      expect(res.body.equals(await readFile(join(dist, name))), asset).toBe(true);
    }
  });

  it("may not be framed by another site, nor any of its files", async () => {
    for (const path of [
      "/api/docs",
      "/api/docs/init.js",
      "/api/docs/swagger-ui-bundle.js",
      "/api/docs/swagger-ui.css",
    ]) {
      const res = await api.request("GET", path, { headers: anyToken });
      expect(res.status, path).toBe(200);
      expect(res.headers["x-frame-options"], path).toBe("DENY");
      expect(res.headers["content-security-policy"], path).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("moves /api/docs/ to /api/docs, where the page's relative links resolve", async () => {
    const res = await api.request("GET", "/api/docs/", { headers: anyToken });
    expect(res.status).toBe(308);
    expect(new URL(String(res.headers.location), "http://svc/api/docs/").pathname).toBe("/api/docs");
  });

  it("serves nothing else of node_modules", async () => {
    for (const path of [
      "/api/docs/package.json",
      "/api/docs/..%2F..%2Fpackage.json",
      "/api/docs/index.html",
    ]) {
      const res = await api.request("GET", path, { headers: anyToken });
      expect(res.status, path).toBe(404);
      expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String));
    }
  });
});
