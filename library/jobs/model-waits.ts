import { mountedStorage } from "../../adapters/mount-table.js";
import { openLibrary } from "../../state/stores.js";
import type { AppContext } from "../context.js";

/** The stages that wait for a model of the model host (a recogniser does not come and go). */
export const MODEL_STAGES = ["vision", "embed"] as const;
export type ModelStage = (typeof MODEL_STAGES)[number];

/** The model each model stage needs, as configured. */
export const modelOf = (ctx: AppContext, stage: ModelStage): string =>
  stage === "vision" ? ctx.config.models.vision : ctx.config.models.embed;

/**
 * The model stages that items of the project at `root` wait for: one look at the waiting items'
 * partial index per stage, whatever the library's size.
 */
export function waitingStages(root: string): ModelStage[] {
  const store = openLibrary(root, { mounts: mountedStorage });
  try {
    return MODEL_STAGES.filter((stage) => store.media.anyWaitingFor(stage));
  } finally {
    store.close();
  }
}

/**
 * Which of `models` the model host has now, in one status call; null while it cannot be reached
 * (nothing is learnt then, and nothing resumes).
 */
export async function pulledModels(
  ctx: AppContext,
  models: readonly string[],
  signal?: AbortSignal,
): Promise<Set<string> | null> {
  const status = await ctx.adapters.modelHost.status(models, signal);
  if (!status.reachable) return null;
  return new Set(models.filter((model) => status.pulled[model]));
}

/** The next page of items (after id `afterId`) waiting for `stage`: what a resume hands to a pass. */
export function waitingPage(
  root: string,
  stage: ModelStage,
  afterId: number,
  limit: number,
): { lastId: number; paths: string[] } {
  const store = openLibrary(root, { mounts: mountedStorage });
  try {
    const rows = store.media.waitingFor(stage, afterId, limit);
    return { lastId: rows.at(-1)?.id ?? afterId, paths: rows.map((r) => r.rel_path) };
  } finally {
    store.close();
  }
}
