import { join } from "node:path";
import { execa } from "execa";
import { childEnv } from "./env.js";
import { until } from "./until.js";

export const CLI = join(import.meta.dirname, "..", "..", "dist", "cli", "main.js");

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface SvcOptions {
  /** Piped to its stdin; without it, stdin is empty. */
  input?: string;
  /** Its working folder; this process's by default. */
  cwd?: string;
  /** A program (with its arguments) that runs node for it, e.g. setpriv dropping to another account. */
  via?: string[];
}

/**
 * Runs the built `svc` binary as a user would, with only the environment given (plus PATH/HOME and
 * the offline pins of env.ts), and waits for it to end.
 */
export async function svc(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
  options: SvcOptions = {},
): Promise<CliResult> {
  const [file, ...prefix] = [...(options.via ?? []), process.execPath];
  const result = await execa(file as string, [...prefix, CLI, ...args], {
    env: childEnv(env),
    extendEnv: false,
    reject: false,
    timeout: timeoutMs,
    cwd: options.cwd,
    ...(options.input === undefined ? { stdin: "ignore" as const } : { input: options.input }),
  });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

export interface StartSvcOptions {
  /** Its working folder; this process's by default. */
  cwd?: string;
  /** Flags for node itself, before the script. */
  nodeArgs?: string[];
  /** "pipe" to write to its stdin as it runs; otherwise stdin is empty. */
  stdin?: "pipe" | "ignore";
  /** Killed after this long; never by default. */
  timeoutMs?: number;
}

/**
 * Starts the built `svc` binary as `svc()` runs it, without waiting: the caller reads its output as
 * it comes, signals it, and awaits the result (which never rejects).
 */
export function startSvc(
  args: string[],
  env: Record<string, string | undefined>,
  options: StartSvcOptions = {},
) {
  return execa(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    env: childEnv(env),
    extendEnv: false,
    reject: false,
    cwd: options.cwd,
    stdin: options.stdin ?? "ignore",
    timeout: options.timeoutMs,
  });
}

/** A running `svc` started by `startSvc`. */
export type SvcChild = ReturnType<typeof startSvc>;

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

/** What `svc serve` logs once both listeners are up. */
export interface ListeningLine {
  url: string;
  mcp_url: string;
  /** Every URL the API can be reached at. */
  api: string[];
  /** Every URL the MCP listener can be reached at. */
  mcp: string[];
}

/** A `svc serve` child, its stdout so far, and the URL it listens on. */
export interface ServeChild {
  child: SvcChild;
  url: string;
  /** The MCP Streamable HTTP endpoint. */
  mcpUrl: string;
  listening: ListeningLine;
  stdout(): string;
}

/**
 * Starts the built `svc serve` as `startSvc` does and waits for its "svc listening" log line; fails
 * at once if it exits first, and kills it if the line never comes. The caller stops it.
 */
export async function startServe(
  env: Record<string, string | undefined>,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<ServeChild> {
  const child = startSvc(["serve"], env);
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  try {
    const listening = await until(
      "the listening line",
      () => {
        const line = out.split("\n").find((l) => l.includes('"svc listening"'));
        if (line) return JSON.parse(line) as ListeningLine;
        if (child.exitCode !== null)
          throw new Error(`svc serve exited ${child.exitCode} first: ${out}${err}`);
        return undefined;
      },
      { timeoutMs },
    );
    return { child, url: listening.url, mcpUrl: listening.mcp_url, listening, stdout: () => out };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}
