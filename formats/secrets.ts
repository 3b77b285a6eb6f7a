// Every rule here runs on JSON log lines as well as on plain text, so no value pattern takes a
// quote or a backslash: eating the quote that ends a JSON string, or the backslash that escapes
// one, would leave a line no client can parse.

// Query parameters and `name=value` text whose name says it holds a secret (token, access_token,
// client_secret, password, api_key, …). A stream grant (`grant=`) is as good as its token for one
// item, so it is masked too.
const SECRET_PARAM =
  /(\b[\w.-]*(?:token|secret|password|passwd|api_?key)=|[?&;]grant=)(?!\[redacted\])[^&#;\s"'\\,)]*/gi;
const BEARER = /(\bbearer[ \t]+)[^\s"',;\\]+/gi;
const SVC_SECRET = /\bsvc_[A-Za-z0-9_-]{16,}/g;

/**
 * Masks the secrets any text may carry: secret-named parameters (`token=`, `access_token=`,
 * `password=`, `api_key=`, …) and stream grants, bearer credentials and anything shaped like an
 * svc token secret.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PARAM, "$1[redacted]")
    .replace(BEARER, "$1[redacted]")
    .replace(SVC_SECRET, "svc_[redacted]");
}

// What only a log line holds: JSON fields named like credentials (whatever pino's key-based
// redaction did not know), header-style `Authorization:` text and Basic credentials.
const LOG_RULES: readonly (readonly [RegExp, string])[] = [
  [
    /"((?:proxy-)?authorization|(?:set-)?cookie|(?:access_|refresh_|id_)?token|secret|password|api_?key|x-api-key)"(\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    '"$1"$2"[redacted]"',
  ],
  [
    /\b((?:proxy-)?authorization\s*[:=]\s*)(?![A-Za-z]*\s*\[redacted\])((?:[A-Za-z]+\s+)?)[^\s",;}\\]+/gi,
    "$1$2[redacted]",
  ],
  [/\b(basic)\s+(?!\[redacted\])[A-Za-z0-9+/=]{8,}/gi, "$1 [redacted]"],
];

// Each rule needs one of these words; most log lines have none and are written as they are.
const MAY_HOLD = /token|secret|passw|api_?key|grant=|bearer|basic|authorization|cookie|svc_/i;

/**
 * A log line with every secret masked: what `redactSecrets` masks, plus credential fields and
 * headers. The log file is written through it and the log tail reads through it again, so both
 * show the same; it never changes a line that holds none, and running it twice changes nothing.
 */
export function redactLogLine(line: string): string {
  if (!MAY_HOLD.test(line)) return line;
  let out = redactSecrets(line);
  for (const [pattern, replacement] of LOG_RULES) out = out.replace(pattern, replacement);
  return out;
}
