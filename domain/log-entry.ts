/**
 * A service log line (one pino JSON record) read as an entry: time, level, message and the rest
 * of its fields. The log-tail route filters by these and the web app shows them, so both read a
 * line the same way.
 */

/** pino's level numbers, by the names the log-tail filter and the log view use. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
export const LOG_LEVEL_NAMES = Object.keys(LOG_LEVELS) as LogLevelName[];

/** A field value as shown: nested objects and arrays are flattened into dotted keys. */
export type LogValue = string | number | boolean | null;

export interface LogEntry {
  /** ISO 8601 as written; null when the line carries none. */
  time: string | null;
  /** pino's number; null for a line that is not a log record. */
  level: number | null;
  msg: string;
  /** The remaining fields in the order written, nested ones as `err.message`. */
  fields: [string, LogValue][];
}

// What every record carries and the entry already shows.
const HEAD_KEYS = new Set(["time", "level", "msg"]);

function flatten(key: string, value: unknown, into: [string, LogValue][]): void {
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) into.push([key, Array.isArray(value) ? "[]" : "{}"]);
    for (const [inner, v] of entries) flatten(`${key}.${inner}`, v, into);
    return;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || value === null)
    into.push([key, value]);
  else into.push([key, String(value)]);
}

/** Reads one line; a line that is not a JSON record becomes an entry of that text alone. */
export function parseLogLine(line: string): LogEntry {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    record = undefined;
  }
  if (record === null || typeof record !== "object" || Array.isArray(record))
    return { time: null, level: null, msg: line, fields: [] };
  const { time, level, msg } = record as Record<string, unknown>;
  const fields: [string, LogValue][] = [];
  for (const [key, value] of Object.entries(record)) if (!HEAD_KEYS.has(key)) flatten(key, value, fields);
  return {
    time: typeof time === "string" ? time : typeof time === "number" ? new Date(time).toISOString() : null,
    level: typeof level === "number" ? level : null,
    msg: typeof msg === "string" ? msg : "",
    fields,
  };
}

/** The level's name, or its number for a level pino does not name. */
export function levelName(level: number | null): string {
  if (level === null) return "-";
  return LOG_LEVEL_NAMES.find((name) => LOG_LEVELS[name] === level) ?? String(level);
}

export interface LogFilter {
  /** This level and worse. */
  level?: LogLevelName | undefined;
  /** Case-insensitive, in the message and the fields' names and values. */
  text?: string | undefined;
  /** The `project` field. */
  project?: string | undefined;
  /** At or after this time (ISO 8601). */
  since?: string | undefined;
}

/** Whether an entry passes every filter given; a line that is not a record passes a level filter of none. */
export function entryMatches(entry: LogEntry, filter: LogFilter): boolean {
  if (filter.level !== undefined && (entry.level === null || entry.level < LOG_LEVELS[filter.level]))
    return false;
  if (filter.project !== undefined && !entry.fields.some(([k, v]) => k === "project" && v === filter.project))
    return false;
  if (
    filter.since !== undefined &&
    (entry.time === null || Date.parse(entry.time) < Date.parse(filter.since))
  )
    return false;
  if (filter.text) {
    const needle = filter.text.toLowerCase();
    const hay = [entry.msg, ...entry.fields.map(([k, v]) => `${k}=${String(v)}`)].join(" ").toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}
