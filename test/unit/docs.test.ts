import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { Token, Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../api/routes/index.js";
import { ACCESS, SCOPES } from "../../domain/scopes.js";
import {
  allTokens,
  anchorsOf,
  codeSpan,
  type DocPage,
  docPages,
  plainText,
  REPO,
  tablesOf,
} from "../support/docs.js";

const pages = docPages();
const byFile = new Map(pages.map((page) => [page.file, page]));

/** `GET /api/media/{id}` and `GET /api/media/:id` both become `GET /api/media/{}`. */
function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]*\}|:[A-Za-z_]+/g, "{}")}`;
}

/** The scopes a route table's Scope cell names: `none`, `any`, `read` or the scopes in code. */
function scopesOfCell(tokens: Token[]): readonly string[] | null | undefined {
  const text = plainText(tokens).trim();
  if (text === "none") return null;
  if (text === "any") return SCOPES;
  if (text === "read") return ACCESS.read;
  const named = tokens.map(codeSpan).filter((code) => code !== undefined);
  return named.length > 0 ? named : undefined;
}

describe("the manual (README.md, docs/, bench/results/)", () => {
  it("has every relative link and #anchor pointing at a file and heading that exist", () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const token of allTokens(page.tokens)) {
        if (token.type !== "link" && token.type !== "image") continue;
        const { href } = token as Tokens.Link | Tokens.Image;
        if (/^[a-z][a-z+.-]*:/i.test(href)) continue; // http:, https:, mailto:
        const [target = "", anchor] = href.split("#");
        const file = target === "" ? page.file : relative(REPO, join(REPO, dirname(page.file), target));
        if (!existsSync(join(REPO, file))) {
          broken.push(`${page.file}: ${href} (no ${file})`);
          continue;
        }
        if (anchor === undefined) continue;
        const linked = byFile.get(file);
        if (!linked || statSync(join(REPO, file)).isDirectory()) {
          broken.push(`${page.file}: ${href} (an anchor into a file that is not a page of the manual)`);
        } else if (!anchorsOf(linked).has(anchor)) {
          broken.push(`${page.file}: ${href} (${file} has no heading #${anchor})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("documents every route of the route table, with the scopes it needs, and no route that does not exist", () => {
    const served = new Map(ROUTES.map((route) => [routeKey(route.method, route.path), route.scopes]));
    const documented = new Set<string>();
    const wrong: string[] = [];
    for (const page of pages) {
      for (const table of tablesOf(page)) {
        const scopeColumn = table.header.indexOf("Scope");
        if (table.header[0] !== "Method and path" || scopeColumn === -1) continue;
        for (const row of table.rows) {
          const needed = scopesOfCell(row[scopeColumn] ?? []);
          for (const token of row[0] ?? []) {
            const code = codeSpan(token) ?? "";
            const match = /^(GET|POST|PUT|PATCH|DELETE) (\/[^?[\s]*)/.exec(code);
            if (!match?.[1] || !match[2]) continue;
            const key = routeKey(match[1], match[2]);
            documented.add(key);
            if (!served.has(key)) wrong.push(`${page.file}: ${code} is not a route of the route table`);
            else if (needed === undefined) wrong.push(`${page.file}: ${code} names no scope`);
            else {
              const actual = served.get(key) ?? null;
              const same =
                needed === null || actual === null
                  ? needed === actual
                  : [...needed].sort().join() === [...actual].sort().join();
              if (!same) wrong.push(`${page.file}: ${code} needs ${actual?.join(" or ") ?? "no token"}`);
            }
          }
        }
      }
    }
    const missing = [...served.keys()].filter((key) => !documented.has(key));
    expect(wrong).toEqual([]);
    expect(missing, "routes no page's route table documents").toEqual([]);
  });

  it("names only files of the repository that exist", () => {
    // Build outputs the pages describe (`npm run build` writes the OpenAPI document).
    const outputs = new Set(["docs/openapi.json"]);
    const folders =
      /^(adapters|api|assets|bench|cli|conformance|daemon|docker|formats|launchd|library|mcp|pipeline|scripts|state|systemd|test|web)\//;
    const missing: string[] = [];
    for (const page of pages) {
      for (const token of allTokens(page.tokens)) {
        for (const path of codeSpan(token)?.match(/[\w./-]+\.[a-z]+\b/g) ?? []) {
          if (
            (folders.test(path) || path.startsWith("docs/")) &&
            !outputs.has(path) &&
            !existsSync(join(REPO, path))
          ) {
            missing.push(`${page.file}: ${path}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("gives, as the README's test command, the one CI runs", () => {
    const readme = byFile.get("README.md") as DocPage;
    const headingAt = readme.tokens.findIndex(
      (token) => token.type === "heading" && (token as Tokens.Heading).text === "Test",
    );
    const block = readme.tokens.slice(headingAt).find((token) => token.type === "code") as
      | Tokens.Code
      | undefined;
    expect(headingAt).toBeGreaterThan(-1);
    const command = block?.text.trim() ?? "";
    expect(command).toBe("bash scripts/test.sh");
    const ci = readFileSync(join(REPO, ".ci", "run"), "utf8").split("\n");
    expect(ci).toContain(command);
  });

  it("keeps the README a page a newcomer reads in two minutes", () => {
    const lines = readFileSync(join(REPO, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThan(200);
  });
});
