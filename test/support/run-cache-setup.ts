import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

/** The variable that names this run's cache folder. */
export const RUN_CACHE_VAR = "SVC_TEST_RUN_CACHE";

/**
 * Vitest global setup: one folder for the whole run where `media.ts` keeps each fixture it
 * generated, keyed by the ffmpeg arguments that made it, and where the in-process API of `api.ts`
 * remembers the programs' versions (`state/tool-versions.ts`). The same clip is asked for hundreds
 * of times across the suite, and every ffmpeg start costs a quarter of a CPU-second before it does
 * anything (the distribution's build links some 200 libraries). Removed when the run ends, so an
 * upgraded ffmpeg is never answered from an older one's output.
 */
export default async function setup(_project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "svc-test-run-"));
  process.env[RUN_CACHE_VAR] = dir;
  return () => rm(dir, { recursive: true, force: true });
}
