import { dirname } from "node:path";
import { redactSecrets } from "../formats/secrets.js";

// The rules live below state/, whose logger writes every line through them.
export { redactSecrets } from "../formats/secrets.js";

/** A known absolute folder and the label shown instead of it. */
export interface PathLabel {
  path: string;
  label: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Where a folder's name ends: a separator, quote, bracket, colon or space, a full stop that ends
// the sentence, or the end. `/srv/footage2` is not inside `/srv/footage`.
const PATH_END = String.raw`(?=[/\\"'\s),\]:;]|\.(?:\s|$)|$)`;

/**
 * Replaces known folders in text bound for a person (logs, failure reasons, API answers) by their
 * labels: the longest first, so a file beats its project root, in plain and JSON-escaped spellings.
 */
export function labelPaths(known: readonly PathLabel[]): (text: string) => string {
  const rules = known
    // A filesystem root as a "known folder" would swallow every path.
    .filter(({ path }) => path.length > 1 && dirname(path) !== path)
    .sort((a, b) => b.path.length - a.path.length)
    .flatMap(({ path, label }) => {
      // JSON escapes the backslashes of Windows paths; match both spellings.
      const spellings = new Set([path, JSON.stringify(path).slice(1, -1)]);
      return [...spellings].map(
        (spelling) => [new RegExp(`${escapeRegExp(spelling)}${PATH_END}`, "g"), label] as const,
      );
    });
  return (text) => {
    let out = text;
    for (const [pattern, label] of rules) out = out.replace(pattern, label);
    return out;
  };
}

// Absolute paths in any spelling (POSIX, C:\ or C:/, UNC, file: URLs). A POSIX path needs two
// components and must not follow a word, a dot or a slash, so relative paths and URL paths stay.
const FILE_URL = /\bfile:\/\/[^\s"'`<>]*/gi;
const UNC_PATH = /\\\\[^\s\\"'`<>]+\\[^\s"'`<>]*/g;
const DRIVE_PATH = /\b[A-Za-z]:[\\/][^\s"'`<>]*/g;
const POSIX_PATH = /(?<![\w.:/~-])\/(?:[^\s/"'`<>()[\]]+\/)+[^\s"'`<>()[\],;]*/g;

/**
 * Replaces every absolute path in `text` by `[path]`, whatever machine it names: text that
 * leaves svc for a model or a remote client must not map the file system.
 */
export function scrubPaths(text: string): string {
  return text
    .replace(FILE_URL, "[path]")
    .replace(UNC_PATH, "[path]")
    .replace(DRIVE_PATH, "[path]")
    .replace(POSIX_PATH, "[path]");
}

// Every pattern of redactSecrets and scrubPaths needs one of these; most text (a word, a tag, a
// description) has none and is returned as it is, without running the patterns.
const MAY_HOLD = /[/\\]|token|secret|passw|api_?key|grant=|bearer|svc_/i;

/** Text bound for a model, a remote client or an assistant: no absolute path, no secret. */
export function scrubText(text: string): string {
  return MAY_HOLD.test(text) ? scrubPaths(redactSecrets(text)) : text;
}
