/**
 * The code of a failed system call (`ENOENT`, `EACCES`, `EIO`…), or `fallback` for any other
 * error. One helper, so every message names the code the same way.
 */
export function errnoOf(error: unknown, fallback = "unknown error"): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" && code !== "" ? code : fallback;
}

/** True when `error` is a failed system call with one of `codes`. */
export function isErrno(error: unknown, ...codes: string[]): boolean {
  const code = errnoOf(error, "");
  return code !== "" && codes.includes(code);
}
