import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";

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
  /**
   * Takes stdout as it arrives instead of collecting it, so output of any length (a recording's
   * PCM) holds no memory here; `stdout` then comes back empty. A throw stops the program and
   * fails the run with its message.
   */
  stdoutSink?: ((chunk: Buffer) => void) | undefined;
  /**
   * Takes stdout's bytes as they arrive instead of collecting them (the result's stdout is then
   * empty): a long decode streamed through a consumer stays in bounded memory and is not cut off
   * at MAX_OUTPUT_BYTES.
   */
  onStdoutBytes?: ((chunk: Buffer) => void) | undefined;
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

/** Output beyond this is a runaway program, not an answer: it is stopped and reported as failed. */
const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
/** A program asked to stop (SIGTERM) that has not after this long is killed. */
const FORCE_KILL_AFTER_MS = 2000;

type Stopped = "timeout" | "aborted" | "overflow" | "unreadable";

/**
 * Runs a program (guarded, never through a shell of the caller's making), with a hard timeout, and
 * stops it when `signal` aborts: SIGTERM first, SIGKILL two seconds later.
 * Non-zero exits become ProcessError carrying the end of stderr, which is where ffmpeg says why.
 * Plain `child_process` rather than a wrapper library: `svc ingest` starts in a quarter of a second,
 * and a wrapper's hundred modules were half of that.
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
  const cancelled = () => new ProcessError(`${tool} was cancelled`, tool, "aborted");
  if (options.signal?.aborted) throw cancelled();
  const command = guarded(bin, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, command.args, { stdio: ["ignore", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let bytes = 0;
    let stopped: Stopped | null = null;
    let spawnError: NodeJS.ErrnoException | null = null;
    let forceKill: NodeJS.Timeout | undefined;
    const stop = (why: Stopped) => {
      if (stopped) return;
      stopped = why;
      child.kill("SIGTERM");
      forceKill = setTimeout(() => child.kill("SIGKILL"), FORCE_KILL_AFTER_MS);
    };
    const timer = setTimeout(() => stop("timeout"), options.timeoutMs);
    const onAbort = () => stop("aborted");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_OUTPUT_BYTES) return stop("overflow");
      into.push(chunk);
    };
    const sink = options.stdoutSink;
    let sinkError: unknown = null;
    if (sink)
      child.stdout.on("data", (chunk: Buffer) => {
        if (stopped) return;
        try {
          sink(chunk);
        } catch (error) {
          sinkError = error;
          stop("unreadable");
        }
      });
    else child.stdout.on("data", options.onStdoutBytes ?? collect(stdout));
    child.stderr.on("data", collect(stderr));
    const listener = options.onStdout;
    if (listener) child.stdout.on("data", (chunk: Buffer) => listener(chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) => {
      spawnError ??= error;
    });
    child.on("close", (exitCode: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      clearTimeout(forceKill);
      options.signal?.removeEventListener("abort", onAbort);
      const errText = Buffer.concat(stderr).toString("utf8");
      if (stopped === "aborted" || options.signal?.aborted) return reject(cancelled());
      if (stopped === "timeout")
        return reject(
          new ProcessError(
            `${tool} timed out after ${Math.round(options.timeoutMs / 1000)} s`,
            tool,
            "timeout",
          ),
        );
      if (
        spawnError?.code === "ENOENT" ||
        spawnError?.code === "EACCES" ||
        notExecuted(exitCode ?? undefined, errText)
      )
        return reject(new ProcessError(`${tool} is not installed or not executable`, tool, "not_found"));
      if (stopped === "overflow")
        return reject(
          new ProcessError(
            `${tool} wrote more than ${MAX_OUTPUT_BYTES / 1024 / 1024} MB; it was stopped`,
            tool,
            "failed",
          ),
        );
      if (stopped === "unreadable")
        return reject(
          new ProcessError(
            `${tool}'s output could not be read: ${(sinkError as Error).message ?? sinkError}`,
            tool,
            "failed",
          ),
        );
      if (spawnError)
        return reject(new ProcessError(`${tool} could not start: ${spawnError.message}`, tool, "failed"));
      if (exitCode !== 0) {
        const why = tail(errText) || (signal ? `killed by ${signal}` : "no message");
        return reject(
          new ProcessError(`${tool} exited with code ${exitCode ?? signal ?? "?"}: ${why}`, tool, "failed"),
        );
      }
      const out = Buffer.concat(stdout);
      resolve({
        stdout:
          options.encoding === "buffer"
            ? new Uint8Array(out.buffer, out.byteOffset, out.length)
            : out.toString("utf8"),
        stderr: errText,
      });
    });
  });
}
