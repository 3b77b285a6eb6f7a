import { existsSync } from "node:fs";

/**
 * True when every data file is there. Like needTools: locally a missing file skips the test with a
 * note on stderr (Homebrew, say, has no package for it); in CI it throws, so a broken runner image
 * cannot pass by skipping.
 */
export function needFiles(why: string, ...files: string[]): boolean {
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length === 0) return true;
  if (process.env.CI === "true") throw new Error(`required files missing (${why}): ${missing.join(", ")}`);
  process.stderr.write(`skipping: ${why} not installed (${missing.join(", ")})\n`);
  return false;
}
