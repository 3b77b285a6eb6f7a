import { pullHint } from "../../adapters/modelhost.js";
import type { ModelReadiness, PassModels, PassOptions } from "../../pipeline/index.js";
import type { AppContext } from "../context.js";

const ready: ModelReadiness = { ok: true, reason: "" };

/**
 * Which model stages a pass can run, asked of the model host once when the pass starts rather
 * than discovered as a 404 per frame. An unreachable host is not an error (svc works without
 * one); a reachable host that lacks a needed model is, with the `ollama pull` command to fix it.
 */
export async function passModels(
  ctx: AppContext,
  options: PassOptions,
  signal?: AbortSignal,
): Promise<PassModels & { missing: string[] }> {
  const { vision, embed } = ctx.config.models;
  const needed = [vision, ...(options.noEmbed ? [] : [embed])];
  const status = await ctx.adapters.modelHost.status(needed, signal);
  if (!status.reachable) {
    const off: ModelReadiness = {
      ok: false,
      reason: `the model host is not reachable (SVC_MODEL_HOSTS, else OLLAMA_HOST); vision and embeddings wait until it is`,
    };
    return { vision: off, embed: off, missing: [] };
  }
  const readiness = (model: string): ModelReadiness =>
    status.pulled[model] ? ready : { ok: false, reason: pullHint(model) };
  const result = { vision: readiness(vision), embed: options.noEmbed ? ready : readiness(embed) };
  const missing = needed.filter((model) => !status.pulled[model]).map(pullHint);
  return { ...result, missing };
}

/** For a pass with no files: no model is asked about, and none is used. */
export function idlePassModels(): PassModels & { missing: string[] } {
  const idle: ModelReadiness = { ok: false, reason: "the pass has no files" };
  return { vision: idle, embed: idle, missing: [] };
}
