import { readdir } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import pino, { type Logger } from "pino";
import roll from "pino-roll";
import { redactLogLine } from "../formats/secrets.js";
import type { Config } from "./config.js";
import { isErrno } from "./errno.js";
import { homePaths } from "./paths.js";

export type { Logger } from "pino";

/** Paths pino masks wherever they appear in a log record. */
export const REDACT_PATHS = [
  "token",
  "secret",
  "authorization",
  "*.token",
  "*.secret",
  "*.authorization",
  "req.headers.authorization",
  "req.headers.cookie",
];

export interface LoggerOptions {
  /** Also write JSON lines to stdout (the daemon under systemd/launchd). */
  stdout: boolean;
  /** Also write JSON lines to stderr (`svc mcp`, whose stdout carries the protocol alone). */
  stderr?: boolean;
}

/**
 * JSON lines to a size-rotated file in SVC_HOME/logs (read back by the log-tail endpoint) and,
 * for the daemon, to stdout for journald/launchd.
 */
export interface ClosableLogger {
  log: Logger;
  /** Flushes and closes the log file; the process can then exit without losing lines. */
  close(): Promise<void>;
}

export async function createLogger(config: Config, options: LoggerOptions): Promise<ClosableLogger> {
  const paths = homePaths(config.home);
  const file = await roll({
    file: paths.logFile,
    size: "10m",
    limit: { count: 5 },
    mkdir: true,
    symlink: true,
  });
  const streams: pino.StreamEntry[] = [
    { stream: file, level: config.logLevel === "silent" ? "fatal" : config.logLevel },
  ];
  if (options.stdout) streams.push({ stream: pino.destination({ dest: 1, sync: true }) });
  if (options.stderr) streams.push({ stream: pino.destination({ dest: 2, sync: true }) });
  const log = pino(
    {
      level: config.logLevel,
      base: { pid: process.pid },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      // Key-based redaction cannot see a secret inside a value: a URL's query in an error message
      // or a stack, a header quoted in free text. Each line is masked whole, as the log tail masks it.
      hooks: { streamWrite: redactLogLine },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    pino.multistream(streams),
  );
  return {
    log,
    close: () =>
      new Promise<void>((resolve) => {
        file.once("close", () => resolve());
        file.once("error", () => resolve());
        file.end();
      }),
  };
}

/** A logger that drops everything, for code paths that run before configuration is known. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}

/**
 * The files pino-roll writes for `logFile`, oldest first: it never writes `svc.log` itself but
 * `svc.1.log`, `svc.2.log`, … (plus a `current.log` symlink that not every platform allows).
 */
export async function rolledLogFiles(logFile: string): Promise<string[]> {
  const ext = extname(logFile);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`^${literal(basename(logFile, ext))}\\.(\\d+)${literal(ext)}$`);
  let names: string[];
  try {
    names = await readdir(dirname(logFile));
  } catch (error) {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [{ name, n: Number(match[1]) }] : [];
    })
    .sort((a, b) => a.n - b.n)
    .map(({ name }) => join(dirname(logFile), name));
}
