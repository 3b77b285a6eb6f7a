import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { guarded, ProcessError, run } from "./process.js";

export interface Exiftool {
  readonly path: string;
  /** Tags of one file, grouped (`EXIF:DateTimeOriginal`), without file-system fields. */
  tags(file: string, signal?: AbortSignal): Promise<Record<string, unknown>>;
  /** The program's version (`-ver`), asked of the stay-open process, which then stays for the tags. */
  version(): Promise<string>;
  /** Ends the stay-open process, if one is running. */
  close(): void;
}

const EXIF_TIMEOUT_MS = 30_000;
const VERSION_TIMEOUT_MS = 15_000;
const READY = "{ready}\n";
// File-system facts (and absolute paths) are svc's own business, not the camera's.
const DROPPED_GROUPS = /^(SourceFile|File:|System:|ExifTool:)/;
const TAG_ARGS = ["-json", "-G", "-api", "largefilesupport=1"];

interface Waiter {
  resolve(text: string): void;
  reject(error: Error): void;
}

type StayOpenChild = ChildProcessByStdio<Writable, Readable, null>;

/** One exiftool process and the output it has sent that no request has taken yet. */
interface Running {
  child: StayOpenChild;
  output: string;
}

/**
 * One long-lived `exiftool -stay_open` process answering requests in turn. Starting Perl and
 * exiftool costs ~150 ms, which dominated ingest of large folders of stills when paid per file.
 * The process is unref'd so it never keeps svc alive, and is restarted after a timeout or crash.
 * Each process's listeners act only while it is the current one: a killed process's late output or
 * exit must never answer, or end, the request its successor is serving.
 */
class StayOpenSession {
  private current: Running | null = null;
  private waiter: Waiter | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  request(args: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
    const next = this.queue.then(() => this.exchange(args, timeoutMs, signal));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private start(): Running {
    const command = guarded(this.path, ["-stay_open", "True", "-@", "-"]);
    const child: StayOpenChild = spawn(command.file, command.args, { stdio: ["pipe", "pipe", "ignore"] });
    const running: Running = { child, output: "" };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (this.current !== running) return;
      running.output += chunk;
      const end = running.output.indexOf(READY);
      if (end === -1) return;
      const text = running.output.slice(0, end);
      running.output = running.output.slice(end + READY.length);
      const waiter = this.waiter;
      this.waiter = null;
      waiter?.resolve(text);
    });
    child.stdin.on("error", () =>
      this.stop(running, new ProcessError("exiftool stopped unexpectedly", "exiftool", "failed")),
    );
    const ended = () =>
      this.stop(running, new ProcessError("exiftool exited unexpectedly", "exiftool", "failed"));
    child.once("error", ended);
    child.once("close", ended);
    child.unref();
    (child.stdout as { unref?: () => void }).unref?.();
    (child.stdin as { unref?: () => void }).unref?.();
    this.current = running;
    return running;
  }

  close() {
    const running = this.current;
    this.current = null;
    if (!running) return;
    // Asking exiftool to quit lets it exit on its own; the kill covers a wedged process.
    running.child.stdin.end("-stay_open\nFalse\n");
    running.child.kill("SIGTERM");
    this.fail(new ProcessError("exiftool was closed", "exiftool", "aborted"));
  }

  /** Ends `running` and fails the request it was serving, unless a newer process has taken over. */
  private stop(running: Running, error: Error) {
    running.child.kill("SIGKILL");
    if (this.current !== running) return;
    this.current = null;
    this.fail(error);
  }

  private fail(error: Error) {
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(error);
  }

  private exchange(args: readonly string[], timeoutMs: number, signal?: AbortSignal): Promise<string> {
    if (signal?.aborted)
      return Promise.reject(new ProcessError("exiftool was cancelled", "exiftool", "aborted"));
    const running = this.current ?? this.start();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.stop(
            running,
            new ProcessError(`exiftool timed out after ${timeoutMs / 1000} s`, "exiftool", "timeout"),
          ),
        timeoutMs,
      );
      const onAbort = () =>
        this.stop(running, new ProcessError("exiftool was cancelled", "exiftool", "aborted"));
      signal?.addEventListener("abort", onAbort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      this.waiter = {
        resolve: (text) => {
          settle();
          resolve(text);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      running.child.stdin.write(`${args.join("\n")}\n-execute\n`);
    });
  }
}

function cleanTags(stdout: string): Record<string, unknown> {
  const parsed = JSON.parse(stdout) as Record<string, unknown>[];
  const tags: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed[0] ?? {})) {
    if (DROPPED_GROUPS.test(key)) continue;
    if (typeof value === "string" && value.startsWith("(Binary data")) continue;
    tags[key] = value;
  }
  return tags;
}

export function createExiftool(path: string): Exiftool {
  const session = new StayOpenSession(path);
  return {
    path,
    async tags(file, signal) {
      // The argument file is line-based: a name with a line break goes through a one-off process.
      if (/[\r\n]/.test(file)) {
        const { stdout } = await run(path, [...TAG_ARGS, "--", file], { timeoutMs: EXIF_TIMEOUT_MS, signal });
        return cleanTags(stdout);
      }
      const stdout = await session.request([...TAG_ARGS, file], EXIF_TIMEOUT_MS, signal);
      if (stdout.trim() === "")
        throw new ProcessError("exiftool could not read the file", "exiftool", "failed");
      return cleanTags(stdout);
    },
    async version() {
      return (await session.request(["-ver"], VERSION_TIMEOUT_MS)).trim();
    },
    close: () => session.close(),
  };
}
