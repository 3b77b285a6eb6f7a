import { accessSync, constants, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI } from "../support/cli.js";
import { commandLineOf } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

const SOURCE = join(import.meta.dirname, "..", "..", "cli", "main.ts");
const firstLine = (path: string) => readFileSync(path, "utf8").split("\n", 1)[0];

// `svc` runs as a program (npx, a global install, the service units, the container): its first
// line picks the interpreter and the flags the daemon's memory figures depend on.
describe("the svc program", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-bin-");
  });
  afterAll(() => ws.cleanup());

  it("is executable and starts node with the source's flags", async () => {
    expect(firstLine(SOURCE)).toBe("#!/usr/bin/env -S node --max-semi-space-size=4");
    expect(firstLine(CLI)).toBe(firstLine(SOURCE));
    expect(() => accessSync(CLI, constants.X_OK)).not.toThrow();
    const version = await execa(CLI, ["--version"], { reject: false });
    expect(version.exitCode).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.runIf(process.platform === "linux")("serves with the young generation capped", async () => {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0" }),
    };
    const child = execa(CLI, ["serve"], { env, extendEnv: false, reject: false });
    try {
      let out = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      await until("the listening line", () => out.includes('"svc listening"'));
      const argv = commandLineOf(child.pid ?? 0);
      expect(argv[0]).toMatch(/node$/);
      expect(argv.slice(1, 3)).toEqual(["--max-semi-space-size=4", CLI]);
    } finally {
      child.kill("SIGTERM");
      await child;
    }
  });
});
