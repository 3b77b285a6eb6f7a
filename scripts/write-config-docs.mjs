// `npm run docs`: renders the configuration tables of docs/configuration.md from state/config.ts
// (compiled to dist/ first); test/unit/config-docs.test.ts fails while the committed page differs.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { withConfigTables } from "../dist/state/config-reference.js";

const target = join(dirname(fileURLToPath(import.meta.url)), "..", "docs", "configuration.md");
const before = readFileSync(target, "utf8");
const after = withConfigTables(before);
if (after === before) console.log("docs/configuration.md is up to date");
else {
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, after);
  renameSync(temp, target);
  console.log("docs/configuration.md rewritten from state/config.ts");
}
