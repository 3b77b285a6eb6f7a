import ignore from "ignore";

/**
 * What ASC MHL ignores when a history records no patterns: files named .DS_Store and folders
 * named ascmhl (the reference tool's default list).
 */
export const DEFAULT_MHL_IGNORE = [".DS_Store", "ascmhl", "ascmhl/"] as const;

/** Whether a path (relative to a history's folder, forward slashes) is ignored by that history. */
export type IgnoreMatcher = (rel: string, isDirectory: boolean) => boolean;

/**
 * A history's ignore patterns as a matcher. ASC MHL patterns are lines of a .gitignore (the
 * standard's Appendix C: `*`, `**`, `!`, a trailing `/` for folders only, a leading or inner `/`
 * anchoring to the history's folder), so they go to node-ignore, which implements exactly that;
 * a path inside an ignored folder is ignored. The default list always applies: an ascmhl folder
 * is never data.
 */
export function ignoreMatcher(patterns: readonly string[]): IgnoreMatcher {
  const matcher = ignore().add([...DEFAULT_MHL_IGNORE, ...patterns]);
  // A path that is not relative to the folder ("../x") is outside every pattern's reach.
  return (rel, isDirectory) => ignore.isPathValid(rel) && matcher.ignores(isDirectory ? `${rel}/` : rel);
}
