import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, configDocumentation } from "../../state/config.js";
import { configTables, withConfigTables } from "../../state/config-reference.js";

const PAGE = join(import.meta.dirname, "..", "..", "docs", "configuration.md");

describe("docs/configuration.md", () => {
  it("carries the tables the configuration schema generates", async () => {
    const page = await readFile(PAGE, "utf8");
    const fresh = withConfigTables(page);
    expect(
      fresh === page,
      "docs/configuration.md differs from what state/config.ts generates: run `npm run docs` and commit the page",
    ).toBe(true);
  });

  it("documents every variable the daemon reads, each with a description and its allowed values", () => {
    const { daemon, client } = configDocumentation();
    expect(daemon.map((row) => row.name)).toEqual([...CONFIG_VARIABLES]);
    expect(client.map((row) => row.name)).toEqual(["SVC_URL", "SVC_TOKEN"]);
    for (const row of [...daemon, ...client]) {
      expect(row.description, row.name).not.toBe("");
      expect(row.allowed, row.name).not.toBe("");
    }
  });

  it("shows defaults that do not depend on the machine the page was generated on", () => {
    const tables = configTables();
    expect(tables).toContain("| `SVC_CPU_CONCURRENCY` | number of cores |");
    expect(tables).toContain("| `SVC_HOME` | `~/.svc` |");
    expect(tables).toContain("| `SVC_PORT` | 8501 | whole number, 0–65535 |");
  });

  it("refuses a page without the markers rather than appending the tables somewhere", () => {
    expect(() => withConfigTables("# Configuration\n")).toThrow(/lacks the lines/);
  });
});
