import { lstat, open } from "node:fs/promises";
import { homedir } from "node:os";
import { entryMatches, type LogFilter, parseLogLine } from "../../domain/log-entry.js";
import { labelPaths, type PathLabel } from "../../domain/redact.js";
import type { LogTail } from "../../domain/schemas/system.js";
import { stripBidi } from "../../formats/bidi.js";
import { redactLogLine } from "../../formats/secrets.js";
import { isErrno } from "../../state/errno.js";
import { rolledLogFiles } from "../../state/logger.js";
import type { AppContext } from "../context.js";

export const LOG_TAIL_LIMITS = {
  lines: { min: 1, default: 200, max: 5000 },
  bytes: { min: 1024, default: 64 * 1024, max: 256 * 1024 },
  // A filtered tail looks this far back, so a rare error is found under the chatter around it.
  scanBytes: 1024 * 1024,
  text: { max: 200 },
} as const;

export interface LogTailRequest extends LogFilter {
  lines: number;
  bytes: number;
}

const filtered = (f: LogFilter) =>
  f.level !== undefined || Boolean(f.text) || f.project !== undefined || f.since !== undefined;

// Room for `{"lines":[],"truncated":false}`, so the whole JSON answer stays within `bytes`.
const ENVELOPE_BYTES = 32;

// Line breaks and tabs included: a returned line is one line. Bidirectional controls can make
// a terminal or browser show text in an order other than the bytes (Trojan Source).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const C0_C1 = /[\u0000-\u001f\u007f-\u009f]/g;

// pino writes control characters as JSON escapes; a client that parses the line would get them back.
const ESCAPED_CONTROL = /\\u(?:00[01][0-9a-f]|007f|008[0-9a-f]|009[0-9a-f]|061c|200[ef]|202[a-e]|206[6-9])/gi;

// Absolute POSIX paths of two or more segments, after a delimiter. API paths (`/api/…`) stay:
// they are what an admin reads the log for. `file://` URLs and drive-letter forms too.
const POSIX_PATH = /(?<=^|[\s"'=(,:[])\/(?!api\/)[^\s"'/\\)\]]+(?:\/[^\s"'/\\)\]]*)+/g;
const FILE_URL = /\bfile:\/\/[^\s"')\]]*/gi;
const DRIVE_PATH = /(?<![A-Za-z0-9_])[A-Za-z]:(?:\\\\|\\|\/)[^\s"'<>|)\]]*/g;

function stripControls(line: string): string {
  return stripBidi(line.replace(C0_C1, "")).replace(ESCAPED_CONTROL, "");
}

/**
 * Builds the filter every returned log line goes through: control characters out, secrets the
 * logger's own redaction may have missed (free text, URLs, headers) masked again, and absolute
 * paths replaced — known folders by their label, anything else by `[path]`.
 */
export function lineSanitiser(known: readonly PathLabel[]): (line: string) => string {
  const label = labelPaths(known);
  return (line) => {
    // Again, for lines written before the log file was redacted as it is written.
    return label(redactLogLine(stripControls(line)))
      .replace(FILE_URL, "file://[path]")
      .replace(DRIVE_PATH, "[path]")
      .replace(POSIX_PATH, "[path]");
  };
}

interface FileEnd {
  text: string;
  bytes: number;
  whole: boolean;
}

async function readEnd(file: string, maxBytes: number): Promise<FileEnd> {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, size - length + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return { text: buffer.subarray(0, read).toString("utf8"), bytes: read, whole: read === size };
  } finally {
    await handle.close();
  }
}

async function isPlainFile(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isFile();
  } catch {
    return false;
  }
}

/** The last raw lines of the log, newest file first, reading no more than `maxBytes` in all. */
async function rawTail(logFile: string, maxBytes: number): Promise<{ lines: string[]; older: boolean }> {
  const files = await rolledLogFiles(logFile);
  const lines: string[] = [];
  let budget = maxBytes;
  for (let i = files.length - 1; i >= 0; i -= 1) {
    const file = files[i] as string;
    if (budget <= 0) return { lines, older: true };
    // Only regular files: a link planted in the logs folder must not be read through.
    if (!(await isPlainFile(file))) continue;
    let chunk: FileEnd;
    try {
      chunk = await readEnd(file, budget);
    } catch (error) {
      // Rotated away between listing and reading.
      if (isErrno(error, "ENOENT")) continue;
      throw error;
    }
    budget -= chunk.bytes;
    const parts = chunk.text.split("\n");
    // The first piece of a partial read starts mid-line.
    if (!chunk.whole) parts.shift();
    lines.unshift(...parts.filter((part) => part.trim() !== ""));
    if (!chunk.whole) return { lines, older: true };
  }
  return { lines, older: false };
}

/**
 * The end of the service log, bounded by `lines` and by `bytes` (of the JSON answer, so the
 * response never exceeds it), every line sanitised. Only the tail of each file is read: `bytes`
 * of it, or `scanBytes` when filtered. Filters see the sanitised line, so the text filter cannot
 * find what the redaction masked; `since` stops the scan at the first older line.
 */
export async function tailLogs(ctx: AppContext, request: LogTailRequest): Promise<LogTail> {
  const { registry, config } = ctx;
  const sanitise = lineSanitiser([
    ...registry.projects.all().map((p) => ({ path: p.root, label: `<project:${p.name}>` })),
    { path: config.home, label: "<SVC_HOME>" },
    { path: homedir(), label: "~" },
  ]);
  const filter = filtered(request);
  const raw = await rawTail(registry.paths.logFile, filter ? LOG_TAIL_LIMITS.scanBytes : request.bytes);
  const picked: string[] = [];
  let size = ENVELOPE_BYTES;
  let truncated = raw.older;
  for (let i = raw.lines.length - 1; i >= 0; i -= 1) {
    if (picked.length === request.lines) {
      truncated = true;
      break;
    }
    const line = sanitise(raw.lines[i] as string);
    if (filter) {
      const entry = parseLogLine(line);
      if (
        request.since !== undefined &&
        entry.time !== null &&
        Date.parse(entry.time) < Date.parse(request.since)
      ) {
        truncated = false;
        break;
      }
      if (!entryMatches(entry, request)) continue;
    }
    const cost = Buffer.byteLength(JSON.stringify(line)) + 1;
    if (size + cost > request.bytes) {
      truncated = true;
      break;
    }
    picked.push(line);
    size += cost;
  }
  return { lines: picked.reverse(), truncated };
}
