import { z } from "zod";
import { nullableString } from "./common.js";
import { MEDIA_ITEM } from "./media.js";

const SEARCH_MODES = ["list", "semantic", "text"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const SCENE_MATCH = z
  .object({
    scene_index: z.int(),
    start_s: z.number(),
    end_s: z.number(),
    keyframe_url: z.string(),
    score: z.number(),
  })
  .describe("The scene that matched a semantic query best");
export type SceneMatch = z.infer<typeof SCENE_MATCH>;

export const SEARCH_ITEM = MEDIA_ITEM.extend({
  score: z.number().optional(),
  match: SCENE_MATCH.optional(),
});
export type SearchItem = z.infer<typeof SEARCH_ITEM>;

/** One page of the filtered, sorted library. */
export const MEDIA_PAGE = z.object({
  items: z.array(MEDIA_ITEM),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  next_cursor: nullableString.describe("Pass as `cursor` (same filters) for the next page; null on the last"),
});
export type MediaPage = z.infer<typeof MEDIA_PAGE>;

export const SEARCH_PAGE = MEDIA_PAGE.extend({
  items: z.array(SEARCH_ITEM),
  search_mode: z.enum(SEARCH_MODES),
  // Why a text query was answered by text matching alone.
  search_note: z.string().optional(),
});
export type SearchPage = z.infer<typeof SEARCH_PAGE>;

const SEARCH_ALL_ITEM = MEDIA_ITEM.extend({
  project: z.string(),
  score: z.number(),
  match: SCENE_MATCH.optional(),
});
export type SearchAllItem = z.infer<typeof SEARCH_ALL_ITEM>;

export const SEARCH_ALL = z.object({
  items: z.array(SEARCH_ALL_ITEM),
  errors: z
    .array(z.object({ project: z.string(), detail: z.string() }))
    .describe("Projects that failed or did not answer in time"),
  search_mode: z.enum(SEARCH_MODES),
});
export type SearchAllResult = z.infer<typeof SEARCH_ALL>;
