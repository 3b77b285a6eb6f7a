// `npm run build` step: writes docs/openapi.json from the route table just compiled to dist/.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { openApiDocument } from "../dist/api/openapi.js";
import { ROUTES } from "../dist/api/routes/index.js";
import { readVersion } from "../dist/library/system/version.js";

const target = join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "openapi.json");
mkdirSync(dirname(target), { recursive: true });
const temp = `${target}.${process.pid}.tmp`;
writeFileSync(temp, `${JSON.stringify(openApiDocument(ROUTES, readVersion()), null, 2)}\n`);
renameSync(temp, target);
