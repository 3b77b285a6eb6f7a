import type { Adapters } from "../adapters/index.js";
import { ModelHostError } from "../adapters/modelhost.js";
import { embeddingPlan, type Freshness } from "../domain/embedding-plan.js";
import { textHash } from "../domain/embedding-text.js";
import type { Config } from "../state/config.js";
import type { VectorInput } from "../state/repos/vectors.js";
import type { LibraryStore } from "../state/stores.js";

/** Where a pass puts new vectors: the project's index, opened on first use and saved at the end. */
export interface VectorSink {
  /**
   * Called before the stored vectors change: the index is opened then, while it still matches
   * them, and only by a pass that embeds something.
   */
  ready(): Promise<void>;
  upsert(entries: readonly { key: number; vector: Float32Array }[]): Promise<void>;
  remove(keys: readonly number[]): Promise<void>;
}

/** For work that stores no vectors: nothing is opened, kept or saved. */
export const NO_VECTORS: VectorSink = {
  ready: async () => {},
  upsert: async () => {},
  remove: async () => {},
};

/** What embedding an item needs: the project's store, the model, and where new vectors go. */
export interface EmbedDeps {
  readonly store: LibraryStore;
  readonly config: Config;
  readonly adapters: Adapters;
  readonly vectors: VectorSink;
}

export interface EmbedOutcome {
  freshness: Freshness;
  vectors: number;
}

/** An item's embedding plan (domain/embedding-plan.ts) from what its project's store holds of it. */
export function planEmbedding(deps: Pick<EmbedDeps, "store" | "config">, mediaId: number, force: boolean) {
  const { store } = deps;
  const item = store.media.get(mediaId);
  if (!item) throw new Error("the item vanished from the library during the pass");
  return embeddingPlan({
    item,
    tags: store.tags.forMedia(mediaId),
    scenes: store.scenes.forMedia(mediaId),
    marks: [...store.marks.forMedia(mediaId, "marker"), ...store.marks.forMedia(mediaId, "subclip")],
    stored: store.vectors.forMedia(mediaId),
    model: deps.config.models.embed,
    force,
  });
}

type EmbedPlan = ReturnType<typeof planEmbedding>;

/** Embeds texts in one go and checks the answer before anything is stored. */
async function embedTexts(
  deps: EmbedDeps,
  texts: readonly string[],
  options: { signal: AbortSignal; expectedDim?: number | null },
): Promise<Float32Array[]> {
  const vectors = await deps.adapters.modelHost.embed(deps.config.models.embed, texts, {
    signal: options.signal,
  });
  if (vectors.length !== texts.length)
    throw new ModelHostError("bad_response", `asked for ${texts.length} embeddings, got ${vectors.length}`);
  const dim = vectors[0]?.length ?? 0;
  if (options.expectedDim && dim !== options.expectedDim) {
    throw new ModelHostError(
      "bad_response",
      `the embedding model returned ${dim} dimensions where the index holds ${options.expectedDim}; run \`svc embed --rebuild\` if the model changed`,
    );
  }
  return vectors;
}

/** Stores an item's new vectors: SQLite first (new ids), then the index. */
async function storeVectors(
  deps: EmbedDeps,
  mediaId: number,
  plan: EmbedPlan,
  vectors: readonly Float32Array[],
): Promise<EmbedOutcome> {
  const inputs: VectorInput[] = plan.texts.map((t, i) => ({
    scene_idx: t.scene_idx,
    vector: vectors[i] as Float32Array,
    text_hash: textHash(t.text),
  }));
  await deps.vectors.ready();
  const { ids, removed } = deps.store.vectors.replaceForMedia(mediaId, deps.config.models.embed, inputs);
  deps.store.media.setEmbedHash(mediaId, plan.hash);
  await deps.vectors.remove(removed);
  await deps.vectors.upsert(ids.map((key, i) => ({ key, vector: inputs[i]?.vector as Float32Array })));
  return { freshness: plan.freshness, vectors: ids.length };
}

/**
 * Embeds an item's texts and stores the vectors. Nothing is replaced until every vector of the
 * item came back well-formed.
 */
export async function embedItem(
  deps: EmbedDeps,
  mediaId: number,
  options: { force: boolean; signal: AbortSignal; expectedDim?: number | null },
): Promise<EmbedOutcome> {
  const plan = planEmbedding(deps, mediaId, options.force);
  if (plan.freshness === "unchanged") return { freshness: "unchanged", vectors: 0 };
  const vectors = await embedTexts(
    deps,
    plan.texts.map((t) => t.text),
    options,
  );
  return storeVectors(deps, mediaId, plan, vectors);
}

export type ItemResult = { id: number; outcome: EmbedOutcome } | { id: number; error: Error };

/**
 * Several items at once: the texts of every item that needs it go to the model host together, so
 * an index build of many small items is not one round trip per item. A failed request fails the
 * items it carried; the others are unaffected.
 */
export async function embedItems(
  deps: EmbedDeps,
  mediaIds: readonly number[],
  options: { force: boolean; signal: AbortSignal; expectedDim?: number | null },
): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  const pending: { id: number; plan: EmbedPlan }[] = [];
  for (const id of mediaIds) {
    try {
      const plan = planEmbedding(deps, id, options.force);
      if (plan.freshness === "unchanged")
        results.push({ id, outcome: { freshness: "unchanged", vectors: 0 } });
      else pending.push({ id, plan });
    } catch (error) {
      results.push({ id, error: error as Error });
    }
  }
  if (pending.length === 0) return results;
  let vectors: Float32Array[];
  try {
    vectors = await embedTexts(
      deps,
      pending.flatMap((p) => p.plan.texts.map((t) => t.text)),
      options,
    );
  } catch (error) {
    if (options.signal.aborted) throw error;
    return [...results, ...pending.map(({ id }) => ({ id, error: error as Error }))];
  }
  let at = 0;
  for (const { id, plan } of pending) {
    const mine = vectors.slice(at, at + plan.texts.length);
    at += plan.texts.length;
    results.push({ id, outcome: await storeVectors(deps, id, plan, mine) });
  }
  return results;
}
