import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { childEnv } from "./env.js";
import { until } from "./until.js";

export const CLI = join(import.meta.dirname, "..", "..", "dist", "cli", "main.js");

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built `svc` binary as a user would, with only the environment given (plus PATH/HOME and
 * the offline pins of env.ts); `input` is piped to its stdin.
 */
export async function svc(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  options: { input?: string } = {},
): Promise<CliResult> {
  const result = await execa(process.execPath, [CLI, ...args], {
    env: childEnv(env),
    extendEnv: false,
    reject: false,
    timeout: timeoutMs,
    ...(options.input === undefined ? { stdin: "ignore" as const } : { input: options.input }),
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

/** A `svc serve` child, its stdout so far, and the URL it listens on. */
export interface ServeChild {
  child: ResultPromise<{ env: Record<string, string | undefined>; extendEnv: false; reject: false }>;
  url: string;
  /** The MCP Streamable HTTP endpoint. */
  mcpUrl: string;
  stdout(): string;
}

/**
 * Starts the built `svc serve` with only `env` (plus PATH/HOME) and waits for its "svc listening"
 * log line. The caller kills it.
 */
export async function startServe(env: Record<string, string | undefined>): Promise<ServeChild> {
  const child = execa(process.execPath, [CLI, "serve"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    extendEnv: false,
    reject: false,
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const listening = await until("the listening line", () => {
    const line = out.split("\n").find((l) => l.includes('"svc listening"'));
    return line ? (JSON.parse(line) as { url: string; mcp_url: string }) : undefined;
  });
  return { child, url: listening.url, mcpUrl: listening.mcp_url, stdout: () => out };
}
