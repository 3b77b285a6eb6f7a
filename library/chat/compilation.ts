import { scrubText } from "../../domain/redact.js";
import type { SearchItem } from "../../domain/schemas/search.js";
import { ITEM_VECTOR } from "../../state/repos/vectors.js";
import type { ListQuery } from "../media/query.js";
import { projectSearch, searchMedia } from "../media/search.js";
import { apiLinks } from "../media/view.js";
import { cosine } from "../search/embed.js";
import type { ChatFilters } from "./classify.js";
import {
  type ChatScene,
  citeScenes,
  describeFilters,
  groundingList,
  hasFilters,
  passesFilters,
  sceneLabel,
  scenesAt,
} from "./scenes.js";
import type { ScopedProject } from "./scope.js";
import { groundedMessages, type IntentHandler, type TurnContext } from "./turn-types.js";

/** Scenes a list-returning answer holds at most. */
export const MAX_SCENES = 20;
// Items asked of each project's search when filters the search cannot apply itself narrow afterwards.
const FILTERED_DEPTH = 100;
// A scene of a found item joins the answer when it scores at least this (cosine) and this share of
// the item's best scene: the item's other matching shots, not everything in the clip.
const MIN_SCENE_SIMILARITY = 0.2;
const CLOSE_TO_BEST = 0.75;
// The search's own limits on `q` (library/media/query.ts).
const MAX_WORDS = 32;
const MAX_CHARS = 500;

/**
 * Search words from a chat phrase: quotes and colons go, so nothing a user types is read as one
 * of the search's `prefix:` filters or breaks its phrase syntax.
 */
export function searchWords(text: string): string {
  return text
    .replace(/[":]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .join(" ")
    .slice(0, MAX_CHARS);
}

/** The filters the search applies itself; the rest (ranges, shot type, duration) are applied after. */
function searchFilters(filters: ChatFilters): Partial<ListQuery> {
  const query: Partial<ListQuery> = {};
  if (filters.type) query.type = filters.type;
  if (filters.camera) query.camera = filters.camera;
  if (filters.tag) query.tag = filters.tag;
  if (filters.rating) query.rating = filters.rating;
  const { date_from: from, date_to: to } = filters;
  if (from && from === to) query.shot_date = from;
  else if (
    from &&
    to &&
    from.slice(0, 4) === to.slice(0, 4) &&
    from.endsWith("-01-01") &&
    to.endsWith("-12-31")
  )
    query.shot_year = Number(from.slice(0, 4));
  return query;
}

const where = (turn: TurnContext) =>
  turn.scope.length > 1 ? ` in projects ${turn.scope.map((p) => p.name).join(", ")}` : "";

/** What a list answer says when the chat model cannot write one: the scenes, plainly. */
export function plainList(scenes: readonly ChatScene[], multiProject: boolean): string {
  const shown = scenes
    .slice(0, 5)
    .map((s) => `${sceneLabel(s.ref, multiProject)} ("${s.row.rel_path}" at ${s.row.start_s.toFixed(1)} s)`);
  const more = scenes.length > 5 ? `, and ${scenes.length - 5} more` : "";
  return scrubText(
    `Found ${scenes.length} scene${scenes.length === 1 ? "" : "s"}: ${shown.join("; ")}${more}.`,
  );
}

/** The model's answer about `scenes`, its citations checked against them. */
export async function answerAbout(
  turn: TurnContext,
  scenes: readonly ChatScene[],
  task: string,
): Promise<string> {
  const multi = turn.scope.length > 1;
  const list = groundingList(scenes, multi, turn.ctx.log);
  const text = await turn.model.write(groundedMessages(turn, task, list), plainList(scenes, multi));
  return scrubText(citeScenes(text, scenes, multi));
}

/**
 * Every scene of the found items that matches the search words nearly as well as the item's best
 * one, in the items' order: "all the drone shots" means both drone shots of a clip, not one.
 */
function matchingScenes(
  turn: TurnContext,
  project: ScopedProject,
  query: Float32Array,
  items: readonly SearchItem[],
): { mediaId: number; idx: number }[] {
  const model = turn.ctx.config.models.embed;
  const byItem = new Map<number, { idx: number; score: number }[]>();
  for (const row of project.store.vectors.ofMedia(
    model,
    items.map((i) => i.id),
  )) {
    if (row.scene_idx === ITEM_VECTOR) continue;
    const list = byItem.get(row.media_id) ?? [];
    list.push({ idx: row.scene_idx, score: cosine(query, row.vector) });
    byItem.set(row.media_id, list);
  }
  return items.flatMap((item) => {
    const scenes = (byItem.get(item.id) ?? []).sort((a, b) => b.score - a.score);
    const best = scenes[0]?.score ?? 0;
    const close = scenes.filter((s) => s.score >= MIN_SCENE_SIMILARITY && s.score >= best * CLOSE_TO_BEST);
    const chosen = close.length ? close.map((s) => s.idx) : [item.match?.scene_index ?? 0];
    return chosen.map((idx) => ({ mediaId: item.id, idx }));
  });
}

/** "Find every drone shot over water": the library's search, scene by scene, then a grounded answer. */
export const compilation: IntentHandler = async (turn, args) => {
  const text = searchWords(args.search_text || turn.prompt);
  const filtered = hasFilters(args.filters);
  const query: ListQuery = {
    ...searchFilters(args.filters),
    ...(text ? { q: text } : {}),
    limit: filtered ? FILTERED_DEPTH : MAX_SCENES,
  };
  // Embedded once for every project, timed as the model's; a failure is the search's to handle
  // (it answers with text matches), so it is not reported here.
  const vector = text ? turn.model.embed(text) : null;
  vector?.catch(() => undefined);
  const found: { scene: ChatScene; score: number }[] = [];
  for (const project of turn.scope) {
    const search = {
      ...projectSearch(turn.ctx, project.store, project.name),
      embedQuery: () => vector ?? Promise.reject(new Error("no search words")),
    };
    const page = await searchMedia(search, query, apiLinks(project.name));
    const hits =
      page.search_mode === "semantic" && vector
        ? matchingScenes(turn, project, await vector, page.items)
        : // Found by its words (or listed): the best scene, else the first, stands for the item.
          page.items.map((item) => ({ mediaId: item.id, idx: item.match?.scene_index ?? 0 }));
    const score = new Map(page.items.map((item) => [item.id, item.score ?? 0]));
    for (const scene of scenesAt(project, hits)) {
      if (!filtered || passesFilters(scene.row, args.filters))
        found.push({ scene, score: score.get(scene.row.media_id) ?? 0 });
    }
  }
  // Stable: within one project the search's own order stands.
  const scenes = found
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SCENES)
    .map((f) => f.scene);
  if (scenes.length === 0) {
    const about = text ? ` for "${scrubText(text)}"` : "";
    const narrowed = filtered ? ` (${describeFilters(args.filters)})` : "";
    return { text: `I found 0 scenes${about}${narrowed}${where(turn)}.`, scenes: [] };
  }
  return { text: await answerAbout(turn, scenes, "Answer from these scenes, best first."), scenes };
};
