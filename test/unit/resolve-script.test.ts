import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HANDOFF } from "../../domain/schemas/handoff.js";

const REPO = join(import.meta.dirname, "..", "..");
const SCRIPT = join(REPO, "assets", "resolve", "svc_resolve.py");

function python(args: string[]) {
  // No __pycache__ beside the script or the tests: the worktree stays as git has it.
  const env = { ...process.env, PYTHONDONTWRITEBYTECODE: "1" };
  const done = spawnSync("python3", args, { cwd: REPO, env, encoding: "utf8", timeout: 120_000 });
  return { status: done.status, output: `${done.stdout ?? ""}${done.stderr ?? ""}${done.error ?? ""}` };
}

// svc_resolve.py runs on whatever Python Resolve uses (3.6 and later), so it is checked against
// 3.6's grammar; its own tests are Python's unittest, run here so `npm test` runs them.
describe("svc_resolve.py, the script Resolve runs (issue 32)", () => {
  it("parses as Python 3.6", () => {
    const check =
      "import ast, sys; ast.parse(open(sys.argv[1], encoding='utf-8').read(), feature_version=(3, 6))";
    const { status, output } = python(["-c", check, SCRIPT]);
    expect(status, output).toBe(0);
  });

  it("passes its Python tests against the fake Resolve", () => {
    const { status, output } = python([
      "-m",
      "unittest",
      "discover",
      "-s",
      "test/python",
      "-t",
      "test/python",
    ]);
    expect(status, output).toBe(0);
  });

  it("is tested with a hand-off fixture that is a HANDOFF as svc answers it", () => {
    const fixture = JSON.parse(
      readFileSync(join(REPO, "test", "fixtures", "handoff", "sample.json"), "utf8"),
    );
    const parsed = HANDOFF.safeParse(fixture);
    expect(parsed.error?.issues ?? []).toEqual([]);
    // zod drops keys it does not know: what survives parsing is the whole fixture, or it has drifted.
    expect(parsed.data).toEqual(fixture);
  });
});
