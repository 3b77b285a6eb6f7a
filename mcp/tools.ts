import { z } from "zod";
import { EXIT, UserError } from "../domain/errors.js";
import {
  ANALYSED_SCENES,
  MEDIA_DETAIL,
  MEDIA_ITEM,
  MEDIA_KINDS,
  SCENE,
  SEGMENT,
  TAG_CLOUD,
  TRANSCRIPT_VIEW,
} from "../domain/schemas/media.js";
import { MEDIA_PAGE, SCENE_MATCH, SEARCH_ITEM, SEARCH_PAGE } from "../domain/schemas/search.js";
import { STATS } from "../domain/schemas/system.js";
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
import { MCP_NAMES } from "./present.js";

export interface McpDeps {
  readonly ctx: AppContext;
  readonly libraries: LibraryPool;
}

const SEARCH_LIMIT = { default: 10, max: 50 } as const;

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
    type: z.enum(MEDIA_KINDS).optional(),
    tag: z.string().optional().describe("Items carrying this tag (auto or manual)."),
    camera: z.string().optional().describe("Camera label (camera_id)."),
    lang: z.string().optional().describe("Transcript language code, e.g. en."),
    rating: z.string().optional(),
    shot_year: z.number().int().optional().describe("Shoot year, e.g. 2026."),
    shot_date: z.string().optional().describe("Shoot day as YYYY-MM-DD, or unknown."),
  })
  .optional()
  .describe("Filters applied to every search path alike.");

// MCP answers derive from the library's answer schemas. Image references leave as paths relative
// to the project root under the names present.ts gives them, and of a media item only the fields
// assistants act on are declared (a camera original's geometry, time, sound, slate, sequence,
// span and proxy state among them); the rest of it passes as it is.
const mediaItem = MEDIA_ITEM.pick({
  id: true,
  path: true,
  name: true,
  type: true,
  duration_s: true,
  shot_date: true,
  rating: true,
  display_width: true,
  display_height: true,
  pixel_aspect: true,
  rotation: true,
  desqueeze: true,
  fps_rational: true,
  vfr: true,
  field_order: true,
  start_timecode: true,
  timecode_source: true,
  timecode_conflicts: true,
  audio_streams: true,
  slate: true,
  sequence: true,
  span: true,
  hdr: true,
  status: true,
  status_reason: true,
  camera_proxy: true,
})
  .extend({ [MCP_NAMES.thumbnail_url]: MEDIA_ITEM.shape.thumbnail_url })
  .loose();

const sceneMatch = SCENE_MATCH.omit({ keyframe_url: true })
  .extend({ [MCP_NAMES.keyframe_url]: SCENE_MATCH.shape.keyframe_url })
  .loose();

const scene = SCENE.omit({ keyframe_url: true })
  .extend({ [MCP_NAMES.keyframe_url]: SCENE.shape.keyframe_url })
  .loose();

const segment = SEGMENT.pick({ start: true, end: true, text: true }).loose();

const SEARCH_OUTPUT = SEARCH_PAGE.pick({ total: true, search_mode: true, search_note: true }).extend({
  items: z.array(mediaItem.extend({ score: SEARCH_ITEM.shape.score, match: sceneMatch.optional() })),
});

const RECENT_OUTPUT = MEDIA_PAGE.pick({ total: true }).extend({ items: z.array(mediaItem) });

const MEDIA_OUTPUT = z.object({
  media: mediaItem
    .extend({
      segments_json: MEDIA_DETAIL.shape.segments_json,
      markers: MEDIA_DETAIL.shape.markers,
      subclips: MEDIA_DETAIL.shape.subclips,
      sync: MEDIA_DETAIL.shape.sync,
    })
    .nullable(),
});

const SCENES_OUTPUT = ANALYSED_SCENES.extend({
  scenes: z.array(scene).nullable(),
  total: ANALYSED_SCENES.shape.total.optional(),
});

// An unknown item answers `{segments: null}` alone.
const TRANSCRIPT_OUTPUT = TRANSCRIPT_VIEW.extend({ segments: z.array(segment).nullable() }).partial();

const STATS_OUTPUT = STATS.extend({
  derived_bytes: STATS.shape.derived_bytes.pick({ total: true }).loose(),
  failures: STATS.shape.failures.pick({ files: true }).loose(),
});

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
    output: SEARCH_OUTPUT.shape,
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
      "shoot date, rating, in/out marks, camera and angle, tags, transcript text and segment timing (no word timing: use get_transcript), " +
      "and the editor's markers and subclips (name, note, color, kind, start_s, end_s in seconds of the file, author), in time order, " +
      "and its sound sync pairs (camera_media_id, sound_media_id, offset_samples at sound_rate, offset_frames, method, confidence, state, reason). " +
      "An unknown id returns {media: null}.",
    input: { media_id: mediaId, project },
    output: MEDIA_OUTPUT.shape,
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
    output: SCENES_OUTPUT.shape,
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
    output: TRANSCRIPT_OUTPUT.shape,
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
      type: z.enum(MEDIA_KINDS).optional(),
      project,
    },
    output: RECENT_OUTPUT.shape,
    run: (args: { limit?: number; type?: (typeof MEDIA_KINDS)[number]; project?: string }, { libraries }) => {
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
    output: STATS_OUTPUT.shape,
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
    output: TAG_CLOUD.shape,
    run: (args: { prefix?: string; limit?: number; project?: string }, { libraries }) => ({
      ...tagCloud(libraries.library(args.project), {
        prefix: args.prefix,
        limit: capped(args.limit, MAX_TAG_LIMIT, DEFAULT_TAG_LIMIT),
      }),
    }),
  },
];
