import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The house's layers (ARCHITECTURE.md, "Rules of the house"; docs/design.md, "Layers"): imports
// point down this list, never up, never in a circle between folders.
const REPO = join(import.meta.dirname, "..", "..");
const RANK: Readonly<Record<string, number>> = {
  cli: 4,
  daemon: 4,
  api: 4,
  mcp: 4,
  web: 4,
  library: 3,
  pipeline: 2,
  domain: 1,
  state: 0,
  adapters: 0,
  formats: 0,
};
/** Folders of one rank that may import each other, as long as no circle forms. */
const PEERS = new Set(["state", "adapters", "formats"]);
/**
 * The transports that start another: `svc serve`/`svc open` run the daemon and `svc mcp` the MCP
 * stdio server; the daemon composes the API and the MCP HTTP server on its ports.
 */
const COMPOSES = new Set(["cli->daemon", "cli->mcp", "daemon->api", "daemon->mcp"]);
/** What code outside pipeline/ may import of it. */
const PIPELINE_ENTRY = "pipeline/index.ts";

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative module a file names: static, re-exported, dynamic and `import("…")` types. */
function specifiers(file: string): { spec: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(join(REPO, file), "utf8"), ts.ScriptTarget.Latest);
  const found: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly ?? false });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ spec: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter(({ spec }) => spec.startsWith("."));
}

/** The repository-relative source a specifier names (`./x.js` is `x.ts` or `x.tsx`), POSIX-style. */
const targetOf = (file: string, spec: string) =>
  relative(REPO, resolve(REPO, dirname(file), spec))
    .split(sep)
    .join("/")
    .replace(/\.js$/, ".ts");

/** The layer a path belongs to: its top folder (web/src is web), or none outside the layers. */
function layerOf(path: string): string | undefined {
  const top = path.split("/")[0] ?? "";
  return top in RANK ? top : undefined;
}

function importGraph(): Edge[] {
  const folders = Object.keys(RANK).map((folder) => (folder === "web" ? "web/src" : folder));
  return folders
    .flatMap(sourceFiles)
    .map((file) => file.split(sep).join("/"))
    .flatMap((from) =>
      specifiers(from).map(({ spec, typeOnly }) => ({ from, to: targetOf(from, spec), typeOnly })),
    );
}

/** Why an import breaks a rule, or null when it keeps them all. */
function breach({ from, to, typeOnly }: Edge): string | null {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === undefined || b === undefined || a === b) return null;
  if (a === "web")
    // The browser bundle may take plain constants from domain/ and types from anywhere.
    return typeOnly || b === "domain" ? null : "web/ imports server code (types only, or domain/)";
  const rankA = RANK[a] as number;
  const rankB = RANK[b] as number;
  if (rankB < rankA)
    return b === "pipeline" && to !== PIPELINE_ENTRY
      ? `only ${PIPELINE_ENTRY} is pipeline/'s public entry`
      : null;
  if (rankB === rankA && PEERS.has(a) && PEERS.has(b)) return null;
  if (COMPOSES.has(`${a}->${b}`)) return null;
  return rankB === rankA ? "a transport imports another transport" : `${a}/ imports ${b}/, a higher layer`;
}

/** Circles in the folder graph (each reported once, from its alphabetically first folder). */
function folderCycles(edges: readonly Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (a === undefined || b === undefined || a === b) continue;
    next.set(a, (next.get(a) ?? new Set()).add(b));
  }
  const cycles: string[][] = [];
  const walk = (start: string, path: string[]) => {
    for (const b of next.get(path.at(-1) as string) ?? []) {
      if (b === start) cycles.push([...path, b]);
      else if (!path.includes(b) && b > start) walk(start, [...path, b]);
    }
  };
  for (const start of [...next.keys()].sort()) walk(start, [start]);
  return cycles;
}

describe("the import graph of the source folders", () => {
  const edges = importGraph();

  it("finds the imports it checks", () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((edge) => edge.from.startsWith("web/src/") && edge.to === "domain/scopes.ts")).toBe(
      true,
    );
  });

  it("points down the layers: no upward import, no transport importing another, pipeline/ only through its entry", () => {
    const breaches = edges.flatMap((edge) => {
      const why = breach(edge);
      return why === null ? [] : [`${edge.from} → ${edge.to}: ${why}`];
    });
    expect(breaches).toEqual([]);
  });

  it("has no circle between folders", () => {
    expect(folderCycles(edges).map((cycle) => cycle.join(" → "))).toEqual([]);
  });
});
