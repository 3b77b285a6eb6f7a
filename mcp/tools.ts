import { z } from "zod";
import { EXIT, UserError } from "../domain/errors.js";
import type { AppContext } from "../library/context.js";
import type { LibraryPool } from "../library/library-pool.js";
import { analysedScenes, getMedia, RECENT_LIMIT, recentMedia } from "../library/media/browse.js";
import { ItemNotFound } from "../library/media/ids.js";
import { LIST_QUERY } from "../library/media/query.js";
import { projectSearch, searchMedia } from "../library/media/search.js";
import { MAX_WORDS, mediaTranscript } from "../library/media/transcript.js";
import { pathLinks } from "../library/media/view.js";
import { DEFAULT_TAG_LIMIT, MAX_TAG_LIMIT, tagCloud } from "../library/organise/tags.js";
import { libraryStats } from "../library/system/stats.js";

export interface McpDeps {
  readonly ctx: AppContext;
  readonly libraries: LibraryPool;
}

const SEARCH_LIMIT = { default: 10, max: 50 } as const;

const KINDS = ["video", "audio", "image"] as const;

const project = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe("A registered project name; omit it for the default project (PROJECT_ROOT's).");

const mediaId = z.number().int().describe("The media item's id, as search_media and list_recent give it.");

// A limit above the tool's maximum is capped, not refused: an assistant asking for "all" should
// get the most the tool gives, not an error it has to reason about.
const limitOf = (max: number, fallback: number) =>
  z
    .number()
    .min(1)
    .optional()
    .describe(`How many to return: ${fallback} by default, at most ${max} (a larger value is capped).`);
const capped = (limit: number | undefined, max: number, fallback: number) =>
  Math.min(Math.floor(limit ?? fallback), max);

const filters = z
  .strictObject({
    type: z.enum(KINDS).optional(),
    tag: z.string().optional().describe("Items carrying this tag (auto or manual)."),
    camera: z.string().optional().describe("Camera label (camera_id)."),
    lang: z.string().optional().describe("Transcript language code, e.g. en."),
    rating: z.string().optional(),
    shot_year: z.number().int().optional().describe("Shoot year, e.g. 2026."),
    shot_date: z.string().optional().describe("Shoot day as YYYY-MM-DD, or unknown."),
  })
  .optional()
  .describe("Filters applied to every search path alike.");

// The fields assistants act on are declared; the rest of the item passes as it is.
const mediaItem = z.looseObject({
  id: z.number(),
  path: z.string().describe("Relative to the project root."),
  name: z.string(),
  type: z.enum(KINDS),
  duration_s: z.number().nullable(),
  shot_date: z.string().nullable(),
  rating: z.string().nullable(),
  thumbnail_path: z.string().nullable(),
});

const sceneMatch = z.looseObject({
  scene_index: z.number(),
  start_s: z.number(),
  end_s: z.number(),
  keyframe_path: z.string(),
  score: z.number(),
});

const scene = z.looseObject({
  id: z.number(),
  index: z.number(),
  start_s: z.number(),
  end_s: z.number(),
  duration_s: z.number(),
  keyframe_path: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  content_type: z.string().nullable(),
  focus_score: z.number().nullable(),
  exposure: z.string().nullable(),
  stability: z.string().nullable(),
  audio_quality: z.string().nullable(),
  atmosphere: z.string().nullable(),
  energy: z.string().nullable(),
  edit_position: z.string().nullable(),
  edit_reason: z.string().nullable(),
});

const segment = z.looseObject({ start: z.number(), end: z.number(), text: z.string() });
const word = z.object({ word: z.string(), start: z.number(), end: z.number(), score: z.number().nullable() });

const asStrings = (values: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );

/** Runs `read`, turning "no such item" into null: over MCP an unknown id is an answer, not an error. */
function nullIfUnknown<T>(read: () => T): T | null {
  try {
    return read();
  } catch (error) {
    if (error instanceof ItemNotFound) return null;
    throw error;
  }
}

export interface ToolDef {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly input: z.ZodRawShape;
  readonly output: z.ZodRawShape;
  /** The output key whose null means "no such item"; the text rendering is then `null`. */
  readonly nullKey?: string;
  /**
   * For tools whose answers are costly to make: a stamp of the data the answer is made from
   * (undefined when there is nothing to keep), so an unchanged answer is served from the cache.
   */
  // biome-ignore lint/suspicious/noExplicitAny: as for run
  stamp?(args: any, deps: McpDeps): string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: each tool's arguments are checked by its own input schema first
  run(args: any, deps: McpDeps): Promise<Record<string, unknown>> | Record<string, unknown>;
}

/** The read-only tools of the MCP surface; each calls the library function its HTTP route calls. */
export const TOOLS: readonly ToolDef[] = [
  {
    name: "search_media",
    title: "Search the media library",
    description:
      "Finds clips, audio and stills by meaning: what is seen (vision descriptions, tags) and what is said (transcripts). " +
      "Returns the best items first, each with the best-matching scene (start_s, end_s, keyframe_path) when one matched. " +
      "The query may carry filters as prefixes (tag:drone camera:A type:video shot:2026-03-14 rating:good lang:en) or use `filters`. " +
      "search_mode says how it was answered: semantic, or text (file-name and transcript matching, with search_note saying why) when the vector index or model host is unavailable.",
    input: {
      query: z
        .string()
        .min(1)
        .max(500)
        .describe("What to look for, in plain words, e.g. drone shot over the harbour at dusk."),
      limit: limitOf(SEARCH_LIMIT.max, SEARCH_LIMIT.default),
      filters,
      project,
    },
    output: {
      items: z.array(mediaItem.extend({ score: z.number().optional(), match: sceneMatch.optional() })),
      total: z.number(),
      search_mode: z.enum(["list", "semantic", "text"]),
      search_note: z.string().optional(),
    },
    async run(
      args: { query: string; limit?: number; filters?: Record<string, string | number>; project?: string },
      { ctx, libraries },
    ) {
      const parsed = LIST_QUERY.safeParse(
        asStrings({
          ...args.filters,
          q: args.query,
          limit: capped(args.limit, SEARCH_LIMIT.max, SEARCH_LIMIT.default),
        }),
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new UserError(`filters.${issue?.path.join(".")}: ${issue?.message}`, EXIT.usage, 422);
      }
      const store = libraries.library(args.project);
      const page = await searchMedia(
        projectSearch(ctx, store, args.project, "paths"),
        parsed.data,
        pathLinks,
      );
      const items = page.items.map(({ transcript: _omitted, ...item }) => item);
      return {
        items,
        total: page.total,
        search_mode: page.search_mode,
        ...(page.search_note === undefined ? {} : { search_note: page.search_note }),
      };
    },
  },
  {
    name: "get_media",
    title: "Get one media item",
    description:
      "The public record of one item: file name and path (relative to the project root), type, duration, codec, frame rate, size, " +
      "shoot date, rating, in/out marks, camera and angle, tags, transcript text and segment timing (no word timing: use get_transcript). " +
      "An unknown id returns {media: null}.",
    input: { media_id: mediaId, project },
    output: { media: mediaItem.extend({ segments_json: z.string().nullable() }).nullable() },
    nullKey: "media",
    run: (args: { media_id: number; project?: string }, { libraries }) => {
      const store = libraries.library(args.project);
      return { media: nullIfUnknown(() => getMedia(store, args.media_id, pathLinks)) };
    },
  },
  {
    name: "get_scenes",
    title: "Get an item's scenes",
    description:
      "One entry per scene of a clip, in order: id, start_s, end_s, duration_s, keyframe_path (relative to the project root), " +
      "the vision description and tags, and nine vision fields (content_type, focus_score, exposure, stability, audio_quality, " +
      "atmosphere, energy, edit_position, edit_reason). A clip not yet analysed by the vision model gives total 0; an unknown id gives {scenes: null}.",
    input: { media_id: mediaId, project },
    output: { scenes: z.array(scene).nullable(), total: z.number().optional() },
    nullKey: "scenes",
    run: (args: { media_id: number; project?: string }, { libraries }) => {
      const store = libraries.library(args.project);
      return nullIfUnknown(() => analysedScenes(store, args.media_id, pathLinks)) ?? { scenes: null };
    },
  },
  {
    name: "get_transcript",
    title: "Get an item's transcript",
    description:
      "The spoken words of a clip or audio file as timed segments ({start, end, text}, seconds of media time), its duration_s and " +
      `whether word timings exist (has_words). include_words adds every word with its start, end and score, at most ${MAX_WORDS} ` +
      "(words_truncated says when more were left out). An unknown id gives {segments: null}.",
    input: {
      media_id: mediaId,
      include_words: z.boolean().default(false).describe("Add word timings (for cutting on a word)."),
      include_segments: z.boolean().default(true).describe("Segments are included unless this is false."),
      project,
    },
    output: {
      media_id: z.number().optional(),
      duration_s: z.number().nullable().optional(),
      language: z.string().nullable().optional(),
      segments: z.array(segment).nullable().optional(),
      has_words: z.boolean().optional(),
      words: z.array(word).optional(),
      words_truncated: z.boolean().optional(),
    },
    nullKey: "segments",
    stamp: (args: { media_id: number; project?: string }, { libraries }) => {
      const store = libraries.library(args.project);
      const stamp = store.media.transcriptStamp(args.media_id);
      return stamp === undefined ? undefined : `${store.paths.root}\n${stamp}`;
    },
    run: (
      args: { media_id: number; include_words: boolean; include_segments: boolean; project?: string },
      { ctx, libraries },
    ) => {
      const store = libraries.library(args.project);
      const options = { includeWords: args.include_words, includeSegments: args.include_segments };
      const view = nullIfUnknown(() => mediaTranscript(store, args.media_id, options, ctx.log));
      return view ? { ...view } : { segments: null };
    },
  },
  {
    name: "list_recent",
    title: "List recently added items",
    description: "The items added to the library most recently, newest first, optionally of one type.",
    input: {
      limit: limitOf(RECENT_LIMIT.max, RECENT_LIMIT.default),
      type: z.enum(KINDS).optional(),
      project,
    },
    output: { items: z.array(mediaItem), total: z.number() },
    run: (args: { limit?: number; type?: (typeof KINDS)[number]; project?: string }, { libraries }) => {
      const store = libraries.library(args.project);
      const page = recentMedia(
        store,
        { limit: capped(args.limit, RECENT_LIMIT.max, RECENT_LIMIT.default), type: args.type },
        pathLinks,
      );
      return { items: page.items.map(({ transcript: _omitted, ...item }) => item), total: page.total };
    },
  },
  {
    name: "library_stats",
    title: "Library statistics",
    description:
      "How big the library is: items by type, missing files, total running time (duration_s, hours), disk used by derived files, and failures by stage.",
    input: { project },
    output: {
      project: z.string(),
      items: z.object({ total: z.number(), video: z.number(), audio: z.number(), image: z.number() }),
      missing: z.number(),
      duration_s: z.number(),
      hours: z.number(),
      derived_bytes: z.looseObject({ total: z.number() }),
      failures: z.looseObject({ files: z.number() }),
    },
    run: async (args: { project?: string }, { libraries }) => ({
      ...(await libraryStats(libraries, args.project)),
    }),
  },
  {
    name: "list_tags",
    title: "List tags",
    description:
      "Tags with the number of items carrying them, most used first; vision (auto) and manual tags together, spellings that differ " +
      "only in letter case or width counted as one tag and shown in their most used spelling. `prefix` narrows to tags starting with it.",
    input: {
      prefix: z.string().max(200).optional().describe("Only tags starting with this (case-insensitive)."),
      limit: limitOf(MAX_TAG_LIMIT, DEFAULT_TAG_LIMIT),
      project,
    },
    output: { tags: z.array(z.object({ name: z.string(), count: z.number() })), total: z.number() },
    run: (args: { prefix?: string; limit?: number; project?: string }, { libraries }) => ({
      ...tagCloud(libraries.library(args.project), {
        prefix: args.prefix,
        limit: capped(args.limit, MAX_TAG_LIMIT, DEFAULT_TAG_LIMIT),
      }),
    }),
  },
];
