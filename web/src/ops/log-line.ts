/**
 * A service log entry as one line of text, as `journalctl` shows one: the reader's local time to
 * the second, the level, the message, then the other fields as `key=value` (logfmt's quoting).
 */
import { type LogEntry, type LogValue, levelName } from "../../../domain/log-entry.js";

const two = (n: number) => String(n).padStart(2, "0");

/** `2025-03-14 09:26:53` in the browser's time zone; the text as written when it is no time. */
export function localTime(iso: string | null): string {
  if (iso === null) return "-";
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso;
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())} ${two(t.getHours())}:${two(
    t.getMinutes(),
  )}:${two(t.getSeconds())}`;
}

// A bare value: no space, quote, `=`, backslash or control character, and not empty.
const BARE = /^[^\s"'=\\\p{Cc}]+$/u;

/** A field's value as logfmt writes it: bare when it can be, else double-quoted with escapes. */
export function fieldValue(value: LogValue): string {
  if (typeof value !== "string") return String(value);
  return BARE.test(value) ? value : JSON.stringify(value);
}

/** The fields as `key=value`, space-separated. */
export function fieldsText(fields: readonly [string, LogValue][]): string {
  return fields.map(([key, value]) => `${key}=${fieldValue(value)}`).join(" ");
}

/** The level as a five-letter label, so it reads without its colour too. */
export const levelLabel = (level: number | null) => levelName(level).toUpperCase().padEnd(5);

/** The whole entry as one line of plain text (what "copy as text" puts on the clipboard). */
export function entryLine(entry: LogEntry): string {
  const fields = fieldsText(entry.fields);
  const msg = entry.msg.replace(/\s*\n\s*/g, " ");
  return [localTime(entry.time), levelLabel(entry.level), msg, fields]
    .filter((part) => part !== "")
    .join(" ");
}
