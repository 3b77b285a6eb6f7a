import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { getRouterParam, HTTPError } from "h3";
import { z } from "zod";
import { SCOPES } from "../../domain/scopes.js";
import { openApiDocument } from "../openapi.js";
import { NO_FRAME_ANCESTORS, PAGE_HEADERS } from "../static.js";
import type { RouteDef } from "./types.js";

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const ASSETS: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui-standalone-preset.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

// Relative URLs: the page works behind a reverse proxy that mounts svc under a prefix.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>svc API reference</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/favicon-32x32.png">
</head>
<body>
<div id="reference"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/swagger-ui-standalone-preset.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

// A file of its own rather than an inline script, so the page runs under a policy with no 'unsafe-inline' script.
const INIT = `window.ui = SwaggerUIBundle({
  url: "openapi.json",
  dom_id: "#reference",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: "StandaloneLayout",
  // Swagger UI would otherwise send the document to an online validator for a badge.
  validatorUrl: null,
});
`;

const INIT_TYPE = "text/javascript; charset=utf-8";

// The bundle sets inline styles and loads the document from this origin; nothing from elsewhere.
// Framed by another site, "Try it out" would be a button that site could trick a user into pressing.
const REFERENCE_HEADERS = {
  ...PAGE_HEADERS,
  "content-security-policy": `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; ${NO_FRAME_ANCESTORS}`,
};

const swaggerUiDir = () => dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const text = (body: string, type: string) =>
  new Response(body, { headers: { ...REFERENCE_HEADERS, "content-type": type } });

const FILE_PARAM = z.object({
  file: z.enum(["init.js", ...Object.keys(ASSETS)]),
});

/**
 * The OpenAPI description of `table` plus these routes, and a browsable page of it. Behind the
 * guard like every route but health (SPEC.md, Authentication rule 1); any valid token may read
 * them, whatever its scope, since they describe what each token may call, never the data.
 */
export function referenceRoutes(table: readonly RouteDef[]): readonly RouteDef[] {
  const routes: RouteDef[] = [
    {
      method: "GET",
      path: "/api/openapi.json",
      scopes: SCOPES,
      handler: (_event, { ctx }) => openApiDocument([...table, ...routes], ctx.version),
      doc: {
        summary: "This API's OpenAPI 3.1 description, generated from the route table",
        response: z.looseObject({
          openapi: z.literal("3.1.0"),
          info: z.looseObject({}),
          paths: z.looseObject({}),
        }),
      },
    },
    {
      method: "GET",
      path: "/api/docs",
      scopes: SCOPES,
      // The page's links are relative to /api/docs; under /api/docs/ they would miss, so it moves there.
      handler: (event) =>
        event.url.pathname.endsWith("/")
          ? new Response(null, { status: 308, headers: { location: "../docs" } })
          : text(PAGE, "text/html; charset=utf-8"),
      doc: { summary: "A browsable reference of this API (Swagger UI)", response: { file: "text/html" } },
    },
    {
      method: "GET",
      path: "/api/docs/:file",
      scopes: SCOPES,
      handler: async (event) => {
        const file = getRouterParam(event, "file") ?? "";
        if (file === "init.js") return text(INIT, INIT_TYPE);
        const type = ASSETS[file];
        if (!type) throw new HTTPError({ status: 404, message: "no such file of the API reference" });
        const path = join(swaggerUiDir(), file);
        const { size } = await stat(path);
        const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
        return new Response(body, {
          headers: {
            ...REFERENCE_HEADERS,
            "content-type": type,
            "content-length": String(size),
            "cache-control": "public, max-age=3600",
          },
        });
      },
      doc: {
        summary: "The scripts, style sheet and icon of the reference page",
        params: FILE_PARAM,
        response: { file: [INIT_TYPE, ...Object.values(ASSETS)] },
      },
    },
  ];
  return routes;
}
