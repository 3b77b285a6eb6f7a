import { ModelHostError } from "../../adapters/modelhost.js";
import { ITEM_VECTOR, type VectorInput } from "../../state/repos/vectors.js";
import { itemText, readWords, sceneText, textHash } from "../embed-text.js";
import { type Stage, type StageDeps, StageError } from "./types.js";

/** How an item's embeddings compared with its current text before this run. */
export type Freshness = "new" | "stale" | "unverified" | "forced" | "unchanged";

export interface EmbedOutcome {
  freshness: Freshness;
  vectors: number;
}

/**
 * The texts of an item (one for the item, one per scene) and where it stands: `new` never
 * embedded, `unverified` embedded without a stored hash, `stale` text or model changed since,
 * `forced` re-embedded on request, `unchanged` nothing to do.
 */
export function planEmbedding(deps: Pick<StageDeps, "store" | "config">, mediaId: number, force: boolean) {
  const { store } = deps;
  const model = deps.config.models.embed;
  const row = store.media.get(mediaId);
  if (!row) throw new StageError("the item vanished from the library during the pass");
  const scenes = store.scenes.forMedia(mediaId);
  const words = readWords(row.words_json);
  const texts: { scene_idx: number; text: string }[] = [
    { scene_idx: ITEM_VECTOR, text: itemText(row, store.tags.forMedia(mediaId), scenes) },
    ...scenes
      .map((scene) => ({ scene_idx: scene.idx, text: sceneText(scene, words) }))
      .filter((t) => t.text !== ""),
  ];
  const hash = textHash(texts[0]?.text ?? "");
  const stored = new Map(store.vectors.forMedia(mediaId).map((v) => [v.scene_idx, v]));
  const current = texts.every((t) => {
    const v = stored.get(t.scene_idx);
    return v !== undefined && v.model === model && v.text_hash === textHash(t.text);
  });
  let freshness: Freshness;
  if (stored.size === 0 && row.embed_hash === null) freshness = "new";
  else if (force) freshness = "forced";
  else if (row.embed_hash === null) freshness = "unverified";
  else if (row.embed_hash !== hash || !current || stored.size !== texts.length) freshness = "stale";
  else freshness = "unchanged";
  return { texts, hash, freshness, stored };
}

/**
 * Embeds an item's texts and stores the vectors (SQLite first, then the index). Nothing is
 * replaced until every vector of the item came back well-formed.
 */
export async function embedItem(
  deps: Pick<StageDeps, "store" | "config" | "adapters" | "vectors">,
  mediaId: number,
  options: { force: boolean; signal: AbortSignal; expectedDim?: number | null },
): Promise<EmbedOutcome> {
  const plan = planEmbedding(deps, mediaId, options.force);
  if (plan.freshness === "unchanged") return { freshness: "unchanged", vectors: 0 };
  const model = deps.config.models.embed;
  const vectors = await deps.adapters.modelHost.embed(
    model,
    plan.texts.map((t) => t.text),
    { signal: options.signal },
  );
  if (vectors.length !== plan.texts.length)
    throw new ModelHostError(
      "bad_response",
      `asked for ${plan.texts.length} embeddings, got ${vectors.length}`,
    );
  const dim = vectors[0]?.length ?? 0;
  if (options.expectedDim && dim !== options.expectedDim) {
    throw new ModelHostError(
      "bad_response",
      `the embedding model returned ${dim} dimensions where the index holds ${options.expectedDim}; run \`svc embed --rebuild\` if the model changed`,
    );
  }
  const inputs: VectorInput[] = plan.texts.map((t, i) => ({
    scene_idx: t.scene_idx,
    vector: vectors[i] as Float32Array,
    text_hash: textHash(t.text),
  }));
  const { ids, removed } = deps.store.vectors.replaceForMedia(mediaId, model, inputs);
  deps.store.media.setEmbedHash(mediaId, plan.hash);
  await deps.vectors.remove(removed);
  await deps.vectors.upsert(ids.map((key, i) => ({ key, vector: inputs[i]?.vector as Float32Array })));
  return { freshness: plan.freshness, vectors: ids.length };
}

/** One vector per item and per scene, so a search can land on the moment, not just the file. */
export const embedStage: Stage = {
  name: "embed",
  resource: "modelhost",
  async run(item, deps, signal) {
    if (deps.options.noEmbed) return { status: "skipped", detail: "--no-embed" };
    if (!deps.models.embed.ok) return { status: "not_configured", detail: deps.models.embed.reason };
    try {
      const expectedDim = deps.store.vectors.counts(deps.config.models.embed).dim;
      const outcome = await embedItem(deps, item.mediaId, {
        force: deps.options.refresh,
        signal,
        expectedDim,
      });
      return {
        status: "done",
        detail:
          outcome.freshness === "unchanged"
            ? "embeddings up to date"
            : `${outcome.vectors} vector${outcome.vectors === 1 ? "" : "s"} (${outcome.freshness})`,
      };
    } catch (error) {
      if (error instanceof ModelHostError && (error.kind === "unreachable" || error.kind === "model_missing"))
        return { status: "not_configured", detail: error.message };
      throw error;
    }
  },
};
