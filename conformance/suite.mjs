import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runProgram } from "./proc.mjs";

const SUITE_MS = 5 * 60_000;

/**
 * Scenarios the suite passes for any server that lacks its fixture tools: they call the fixture
 * tools test_simple_text and test_error_handling, and svc's "tool not found" error result is all
 * the checks look at. Such a pass proves nothing about svc, so these are neither counted as
 * applying nor listed in the baseline (the suite calls a baseline entry that passes stale).
 */
export const FALSE_PASSES = new Set(["tools-call-simple-text", "tools-call-error"]);

/** The scenario names under `server:` in the suite's expected-failures file. */
export async function readBaseline(file) {
  const names = [];
  let inServer = false;
  for (const line of (await readFile(file, "utf8")).split("\n")) {
    if (/^\S/.test(line)) inServer = /^server:\s*(#.*)?$/.test(line);
    const entry = /^\s+-\s+([\w-]+)/.exec(line);
    if (inServer && entry?.[1]) names.push(entry[1]);
  }
  return names;
}

// The suite names each result folder server-<scenario>-<ISO time>.
const scenarioOf = (dir) => dir.replace(/^server-/, "").replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, "");

/**
 * Runs the suite against `url` with the baseline. Its own output, whose "Total: N passed,
 * N failed" line is the suite's and not this project's test count, goes to `logFile` alone.
 * Returns its exit code and each scenario's checks as its checks.json gives them.
 */
export async function runSuite({ node, bin, url, baseline, outDir, logFile, env, signal }) {
  const args = [bin, "server", "--url", url, "-o", outDir, "--expected-failures", baseline];
  const { code, stdout, stderr } = await runProgram(node, args, { env, timeoutMs: SUITE_MS, signal });
  await writeFile(logFile, `$ conformance ${args.slice(1).join(" ")}\n${stdout}${stderr}\nexit ${code}\n`);
  const scenarios = new Map();
  for (const dir of await readdir(outDir).catch(() => [])) {
    const checks = JSON.parse(await readFile(join(outDir, dir, "checks.json"), "utf8"));
    scenarios.set(scenarioOf(dir), checks);
  }
  return { code, scenarios };
}

const failed = (checks) => checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");

const why = (checks) =>
  failed(checks)
    .map((c) => `${c.id}: ${c.errorMessage ?? c.description}`)
    .join("; ");

/**
 * Sorts the scenarios run into those that apply to svc, the baseline's expected failures and
 * the false passes, and lists every problem: a scenario that applies but failed or checked
 * nothing, a baseline entry that passed or did not run, a suite that did not finish cleanly.
 */
export function judgeSuite({ code, scenarios }, baseline) {
  const expected = new Set(baseline);
  const problems = [];
  const applies = [];
  if (scenarios.size === 0) problems.push(`the suite ran no scenario (exit ${code})`);
  for (const [name, checks] of scenarios) {
    if (expected.has(name)) {
      if (failed(checks).length === 0) problems.push(`${name} passed but is in the baseline: remove it`);
    } else if (FALSE_PASSES.has(name)) {
      if (failed(checks).length > 0) problems.push(`${name} failed: ${why(checks)}`);
    } else if (failed(checks).length > 0) {
      problems.push(`${name} failed: ${why(checks)}`);
    } else if (!checks.some((c) => c.status === "SUCCESS")) {
      problems.push(`${name} checked nothing`);
    } else {
      applies.push(name);
    }
  }
  for (const name of baseline)
    if (!scenarios.has(name)) problems.push(`${name} is in the baseline but the suite did not run it`);
  if (code !== 0 && problems.length === 0) problems.push(`the suite exited ${code}`);
  return { applies, expected: baseline.filter((n) => scenarios.has(n)), problems };
}
