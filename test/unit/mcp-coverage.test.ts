import { describe, expect, it } from "vitest";
import { ROUTES } from "../../api/routes/index.js";
import { ROUTE_COVERAGE } from "../../mcp/coverage.js";
import { TOOLS } from "../../mcp/tools.js";

const readRoutes = ROUTES.filter((r) => r.method === "GET").map((r) => `${r.method} ${r.path}`);

describe("MCP coverage ledger", () => {
  it("maps every read route of the API to a tool or a reason", () => {
    const unmapped = readRoutes.filter((key) => !(key in ROUTE_COVERAGE));
    expect(unmapped, "add these routes to mcp/coverage.ts").toEqual([]);
  });

  it("names only routes that exist", () => {
    const stale = Object.keys(ROUTE_COVERAGE).filter((key) => !readRoutes.includes(key));
    expect(stale, "remove these entries from mcp/coverage.ts").toEqual([]);
  });

  it("names only tools that exist, gives every omission a reason, and leaves no tool unaccounted for", () => {
    const tools = new Set(TOOLS.map((t) => t.name));
    const mapped = new Set<string>();
    for (const [route, entry] of Object.entries(ROUTE_COVERAGE)) {
      if ("tool" in entry) {
        expect(tools.has(entry.tool), `${route} → ${entry.tool}`).toBe(true);
        mapped.add(entry.tool);
      } else {
        expect(entry.omitted.length, route).toBeGreaterThan(20);
      }
    }
    // list_recent is the listing of GET /api/media sorted by ingest time.
    expect([...tools].filter((t) => !mapped.has(t))).toEqual(["list_recent"]);
  });
});
