import { join } from "node:path";
import { execa } from "execa";
import { childEnv } from "./env.js";

export const CLI = join(import.meta.dirname, "..", "..", "dist", "cli", "main.js");

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `svc` binary as a user would, with only the environment given (plus PATH/HOME and
 * the offline pins of env.ts).
 */
export async function svc(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<CliResult> {
  const result = await execa(process.execPath, [CLI, ...args], {
    env: childEnv(env),
    extendEnv: false,
    reject: false,
    timeout: timeoutMs,
    stdin: "ignore",
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

export interface JsonEvent {
  event: string;
  [key: string]: unknown;
}

export function jsonLines(stdout: string): JsonEvent[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as JsonEvent);
}
