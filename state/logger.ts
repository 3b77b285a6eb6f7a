import pino, { type Logger } from "pino";
import { redactLogLine } from "../formats/secrets.js";
import type { Config } from "./config.js";
import { homePaths } from "./paths.js";
import { rollingLog } from "./rolling-log.js";

export type { Logger } from "pino";
export { rolledLogFiles } from "./rolling-log.js";

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
  const file = await rollingLog(paths.logFile, { maxBytes: 10 * 1024 * 1024, keep: 5 });
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
