import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OFFLINE } from "./env.js";

/** A fresh project root and SVC_HOME under one temp folder, removed by `cleanup`. */
export async function tempWorkspace(prefix = "svc-test-") {
  const base = await mkdtemp(join(tmpdir(), prefix));
  const root = join(base, "footage");
  const home = join(base, "home");
  await mkdir(root, { recursive: true });
  return {
    base,
    root,
    home,
    /** PROJECT_ROOT and SVC_HOME, pinned offline (env.ts) unless `extra` says otherwise. */
    env: (extra: Record<string, string> = {}): Record<string, string> => ({
      PROJECT_ROOT: root,
      SVC_HOME: home,
      ...OFFLINE,
      ...extra,
    }),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}
