import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The service version from package.json, found by walking up from this module (src or dist). */
export function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "svc" && pkg.version) return pkg.version;
    } catch {
      // Not at this level; keep climbing.
    }
    dir = dirname(dir);
  }
  // The install record (and with it the entitlement baseline) must never be a made-up version.
  throw new Error("svc's package.json cannot be found beside its code; reinstall svc");
}
