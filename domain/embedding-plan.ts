import type { MarkRow } from "../state/repos/marks.js";
import type { MediaRow } from "../state/repos/media.js";
import type { SceneRow } from "../state/repos/scenes.js";
import type { TagRow } from "../state/repos/tags.js";
import { ITEM_VECTOR, type VectorRow } from "../state/repos/vectors.js";
import { itemText, readWords, sceneText, textHash } from "./embedding-text.js";

/** How an item's embeddings compared with its current text before this run. */
export type Freshness = "new" | "stale" | "unverified" | "forced" | "unchanged";

/** What an item's plan is made from, as read from its project's store. */
export interface EmbeddingFacts {
  readonly item: Pick<MediaRow, "name" | "transcript" | "words_json" | "embed_hash">;
  readonly tags: readonly TagRow[];
  readonly scenes: readonly SceneRow[];
  /** The item's markers and subclips, in time order. */
  readonly marks: readonly Pick<MarkRow, "name" | "note">[];
  readonly stored: readonly VectorRow[];
  /** The embedding model the vectors must come from. */
  readonly model: string;
  readonly force: boolean;
}

/**
 * The texts of an item (one for the item, one per scene) and where it stands: `new` never
 * embedded, `unverified` embedded without a stored hash, `stale` text or model changed since,
 * `forced` re-embedded on request, `unchanged` nothing to do.
 */
export function embeddingPlan(facts: EmbeddingFacts) {
  const { item, model } = facts;
  const words = readWords(item.words_json);
  const texts: { scene_idx: number; text: string }[] = [
    { scene_idx: ITEM_VECTOR, text: itemText(item, facts.tags, facts.scenes, facts.marks) },
    ...facts.scenes
      .map((scene) => ({ scene_idx: scene.idx, text: sceneText(scene, words) }))
      .filter((t) => t.text !== ""),
  ];
  const hash = textHash(texts[0]?.text ?? "");
  const stored = new Map(facts.stored.map((v) => [v.scene_idx, v]));
  const current = texts.every((t) => {
    const v = stored.get(t.scene_idx);
    return v !== undefined && v.model === model && v.text_hash === textHash(t.text);
  });
  let freshness: Freshness;
  if (stored.size === 0 && item.embed_hash === null) freshness = "new";
  else if (facts.force) freshness = "forced";
  else if (item.embed_hash === null) freshness = "unverified";
  else if (item.embed_hash !== hash || !current || stored.size !== texts.length) freshness = "stale";
  else freshness = "unchanged";
  return { texts, hash, freshness, stored };
}
