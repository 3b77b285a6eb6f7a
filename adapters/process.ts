import { execa } from "execa";

/** A child process that failed, timed out or was cancelled, with the part of stderr worth showing. */
export class ProcessError extends Error {
  constructor(
    message: string,
    readonly tool: string,
    readonly reason: "failed" | "timeout" | "aborted" | "not_found",
  ) {
    super(message);
    this.name = "ProcessError";
  }
}

/** A program's name as errors report it: the last part of its path. */
export const toolName = (bin: string) => bin.split(/[\\/]/).pop() ?? bin;

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  encoding?: "utf8" | "buffer";
}

export interface RunResult<T extends string | Uint8Array> {
  stdout: T;
  stderr: string;
}

// ffmpeg prefixes lines with "[demuxer @ 0x55…]": noise to an editor, and different every run.
const tail = (text: string, lines = 3) =>
  text
    .split(/\r?\n/)
    .map((l) => l.replace(/\[[^\]]* @ 0x[0-9a-f]+\]\s*/gi, "").trim())
    .filter(Boolean)
    .slice(-lines)
    .join(" | ");

/**
 * Runs a program without a shell, with a hard timeout, and kills it when `signal` aborts.
 * Non-zero exits become ProcessError carrying the end of stderr, which is where ffmpeg says why.
 */
export async function run(
  bin: string,
  args: readonly string[],
  options: RunOptions & { encoding: "buffer" },
): Promise<RunResult<Uint8Array>>;
export async function run(
  bin: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult<string>>;
export async function run(
  bin: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult<string | Uint8Array>> {
  const tool = toolName(bin);
  const result = await execa(bin, args, {
    timeout: options.timeoutMs,
    cancelSignal: options.signal,
    forceKillAfterDelay: 2000,
    reject: false,
    stdin: "ignore",
    encoding: options.encoding === "buffer" ? "buffer" : "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stripFinalNewline: false,
  });
  const rawErr = result.stderr as string | Uint8Array | undefined;
  const stderr = typeof rawErr === "string" ? rawErr : Buffer.from(rawErr ?? []).toString("utf8");
  if (result.isCanceled || options.signal?.aborted) {
    throw new ProcessError(`${tool} was cancelled`, tool, "aborted");
  }
  if (result.timedOut) {
    throw new ProcessError(
      `${tool} timed out after ${Math.round(options.timeoutMs / 1000)} s`,
      tool,
      "timeout",
    );
  }
  if (result.failed) {
    if ((result as { code?: string }).code === "ENOENT") {
      throw new ProcessError(`${tool} is not installed or not executable`, tool, "not_found");
    }
    const why = tail(stderr) || result.shortMessage;
    throw new ProcessError(`${tool} exited with code ${result.exitCode ?? "?"}: ${why}`, tool, "failed");
  }
  return { stdout: result.stdout as string | Uint8Array, stderr };
}
