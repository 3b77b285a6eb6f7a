import { chmod, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Vitest global setup: tests run svc as `nobody` (setpriv) to meet permissions, and `nobody` must
 * reach the built CLI and node_modules of this checkout. A checkout inside a private folder
 * (`mktemp -d` is 0700) is opened for traversal (o+x, never listing) for the whole run, then put
 * back. Once for the run, not per test file: files run side by side, and one putting the modes
 * back while another's `nobody` process still starts would fail it.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const restore: [string, number][] = [];
  let dir = join(import.meta.dirname, "..", "..");
  for (;;) {
    const mode = (await stat(dir)).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      restore.push([dir, mode]);
      await chmod(dir, mode | 0o001);
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return async () => {
    for (const [path, mode] of restore) await chmod(path, mode);
  };
}
