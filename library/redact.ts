// Query parameters whose name ends in "token" (token, access_token, …): clients paste secrets there.
const TOKEN_PARAM = /([?&;][^=&#;\s]*token=)[^&#;\s]*/gi;
const BEARER = /(\bbearer[ \t]+)[^\s"',;]+/gi;
const SVC_SECRET = /\bsvc_[A-Za-z0-9_-]{16,}/g;

/**
 * Masks secrets in text bound for a log or a log reader: `token=` query values, bearer
 * credentials and anything shaped like an svc token secret.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(TOKEN_PARAM, "$1[redacted]")
    .replace(BEARER, "$1[redacted]")
    .replace(SVC_SECRET, "svc_[redacted]");
}
