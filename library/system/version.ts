import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** svc's package folder and its package.json, found by walking up from this module (src or dist). */
function findPackage(): { dir: string; version: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "svc" && pkg.version) return { dir, version: pkg.version };
    } catch {
      // Not at this level; keep climbing.
    }
    dir = dirname(dir);
  }
  // The install record (and with it the entitlement baseline) must never be a made-up version.
  throw new Error("svc's package.json cannot be found beside its code; reinstall svc");
}

/** The service version from package.json. */
export function readVersion(): string {
  return findPackage().version;
}

/** The folder svc is installed in: the web app's built files live under it, in dist/web. */
export function packageDir(): string {
  return findPackage().dir;
}
