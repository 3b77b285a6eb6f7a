import { accessSync, constants } from "node:fs";
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

/**
 * Every child svc starts must end when svc does, also when svc is SIGKILLed and cannot clean up
 * (exiftool -stay_open, for one, keeps retrying its closed argument file forever). So children are
 * started through a guard that ends up exec'ing the program itself: same PID, stdin, stdout, stderr
 * and exit code as a direct spawn, so kills, timeouts and streaming work unchanged.
 *
 * On Linux, util-linux's setpriv asks the kernel for SIGKILL when the parent dies (PR_SET_PDEATHSIG,
 * about 0.8 ms per spawn). The kernel ties that to the spawning thread: children must be started from
 * the main thread, which lives as long as the process, never from a worker thread.
 * The sh step then closes the gap between fork and prctl: a parent that died in it has left the
 * child re-parented, so `$PPID` no longer names it. Together about 1.5 ms per spawn.
 * Elsewhere (macOS, a Linux without setpriv) a POSIX sh forks a watchdog that polls the parent once a
 * second and SIGKILLs the program once it is gone, then execs the program: the same guarantee
 * within about a second, and the watchdog leaves as soon as the program has. Windows has neither
 * sh nor a parent-death signal: there children start directly, as before.
 */
const GUARD_NAME = "svc-guard";
const PARENT_CHECK = '[ "$PPID" = "$1" ] || exit 1; shift; exec "$@"';
const WATCHDOG = [
  'p="$1"; shift; [ "$PPID" = "$p" ] || exit 1',
  '( while kill -0 "$p" 2>/dev/null; do kill -0 $$ 2>/dev/null || exit 0; sleep 1; done; kill -KILL $$ 2>/dev/null ) </dev/null >/dev/null 2>&1 &',
  'exec "$@"',
].join("\n");
const SETPRIV = ["/usr/bin/setpriv", "/bin/setpriv"].find((file) => {
  if (process.platform !== "linux") return false;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});

export type GuardKind = "pdeathsig" | "watchdog" | "none";

export const guardKind = (): GuardKind =>
  process.platform === "win32" ? "none" : SETPRIV ? "pdeathsig" : "watchdog";

/** The command that runs `bin args` as a child that dies with this process. */
export function guarded(
  bin: string,
  args: readonly string[],
  kind: GuardKind = guardKind(),
): { file: string; args: string[] } {
  if (kind === "none") return { file: bin, args: [...args] };
  const parent = String(process.pid);
  if (kind === "pdeathsig" && SETPRIV)
    return {
      file: SETPRIV,
      args: ["--pdeathsig", "KILL", "--", "/bin/sh", "-c", PARENT_CHECK, GUARD_NAME, parent, bin, ...args],
    };
  return { file: "/bin/sh", args: ["-c", WATCHDOG, GUARD_NAME, parent, bin, ...args] };
}

/** True when a guarded child failed because its program could not be executed (the shell's 126/127). */
const notExecuted = (exitCode: number | undefined, stderr: string) =>
  (exitCode === 126 || exitCode === 127) && stderr.startsWith(`${GUARD_NAME}:`);

/** A program's name as errors report it: the last part of its path. */
export const toolName = (bin: string) => bin.split(/[\\/]/).pop() ?? bin;

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  encoding?: "utf8" | "buffer";
  /** Hears stdout as it arrives (ffmpeg's `-progress pipe:1` report), besides its collection. */
  onStdout?: ((chunk: string) => void) | undefined;
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
 * Runs a program (guarded, never through a shell of the caller's making), with a hard timeout, and
 * kills it when `signal` aborts.
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
  const command = guarded(bin, args);
  const child = execa(command.file, command.args, {
    timeout: options.timeoutMs,
    cancelSignal: options.signal,
    forceKillAfterDelay: 2000,
    reject: false,
    stdin: "ignore",
    encoding: options.encoding === "buffer" ? "buffer" : "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stripFinalNewline: false,
  });
  const listener = options.onStdout;
  if (listener) child.stdout?.on("data", (chunk: Buffer | string) => listener(chunk.toString()));
  const result = await child;
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
    if ((result as { code?: string }).code === "ENOENT" || notExecuted(result.exitCode, stderr)) {
      throw new ProcessError(`${tool} is not installed or not executable`, tool, "not_found");
    }
    const why = tail(stderr) || result.shortMessage;
    throw new ProcessError(`${tool} exited with code ${result.exitCode ?? "?"}: ${why}`, tool, "failed");
  }
  return { stdout: result.stdout as string | Uint8Array, stderr };
}
