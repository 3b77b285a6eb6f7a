import { ModelHostError } from "../../adapters/modelhost.js";
import { cosine } from "../search/embed.js";
import { answerAbout } from "./compilation.js";
import { type ChatScene, describeFilters, hasFilters, loadScenes, passesFilters } from "./scenes.js";
import type { IntentHandler, TurnContext } from "./turn-types.js";

/**
 * Scenes ordered by how close their stored vectors are to `phrase`. Null when the phrase cannot be
 * embedded now (the model host lacks the embedding model): the list keeps its order.
 */
async function rerank(turn: TurnContext, scenes: ChatScene[], phrase: string): Promise<ChatScene[] | null> {
  const model = turn.ctx.config.models.embed;
  let query: Float32Array;
  try {
    query = await turn.model.embed(phrase);
  } catch (error) {
    if (error instanceof ModelHostError && error.kind === "model_missing") return null;
    throw error;
  }
  const score = new Map<ChatScene, number>();
  for (const project of turn.scope) {
    const mine = scenes.filter((s) => s.ref.project === project.name);
    const wanted = new Map(mine.map((s) => [`${s.row.media_id}:${s.row.idx}`, s]));
    const ids = [...new Set(mine.map((s) => s.row.media_id))];
    for (const row of project.store.vectors.ofMedia(model, ids)) {
      const scene = wanted.get(`${row.media_id}:${row.scene_idx}`);
      if (scene) score.set(scene, cosine(query, row.vector));
    }
  }
  // A scene without a vector yet sorts last, in its old order.
  return [...scenes].sort((a, b) => (score.get(b) ?? -2) - (score.get(a) ?? -2));
}

/** "Only the ones from March": the previous turn's scenes, filtered and optionally re-ranked. */
export const refinement: IntentHandler = async (turn, args) => {
  if (turn.previous === null || turn.previous.length === 0) {
    const why =
      turn.previous === null
        ? "There is no earlier scene list in this conversation"
        : "The previous answer had no scenes";
    return {
      text: `${why} to refine. Ask for scenes first, for example "find drone shots over water".`,
      scenes: [],
    };
  }
  const before = loadScenes(turn.scope, turn.previous);
  let scenes = before.filter((s) => passesFilters(s.row, args.filters));
  const phrase = args.search_text.trim();
  let note = "";
  if (phrase && scenes.length > 1) {
    const ranked = await rerank(turn, scenes, phrase);
    if (ranked) scenes = ranked;
    else note = " (they keep their order: the embedding model is not installed)";
  }
  const how = [
    hasFilters(args.filters) ? describeFilters(args.filters) : "",
    phrase ? `ordered by "${phrase}"` : "",
  ]
    .filter(Boolean)
    .join(", ");
  if (scenes.length === 0) {
    return {
      text: `None of the ${before.length} scenes from the previous answer match${how ? ` (${how})` : ""}.`,
      scenes: [],
    };
  }
  const task = `These are the ${scenes.length} of ${before.length} previous scenes that remain${how ? ` (${how})` : ""}${note}. Answer from them.`;
  return { text: await answerAbout(turn, scenes, task), scenes };
};
