import { z } from "zod";
import { nullableNumber, nullableString, timestamp } from "./common.js";
import { MARKER, SUBCLIP } from "./marks.js";
import { SYNC_PAIR } from "./sync.js";

export const MEDIA_KINDS = ["video", "audio", "image"] as const;

export const TAG = z.object({ name: z.string(), source: z.enum(["auto", "manual"]) }).meta({ id: "Tag" });
export type Tag = z.infer<typeof TAG>;

/** The rotation a viewer applies to the coded picture, clockwise, in degrees. */
export const ROTATIONS = [0, 90, 180, 270] as const;
export { DESQUEEZE_VALUES } from "../desqueeze.js";
export const FIELD_ORDERS = ["progressive", "tff", "bff"] as const;
export const HDR_TRANSFERS = ["pq", "hlg"] as const;
export const ITEM_STATUSES = ["pending", "done", "failed", "needs_proxy"] as const;

/** A start timecode another source gave that disagrees with the one kept. */
export const TIMECODE_CONFLICT = z
  .object({ source: z.string(), timecode: z.string() })
  .meta({ id: "TimecodeConflict" });
export type TimecodeConflict = z.infer<typeof TIMECODE_CONFLICT>;

export const AUDIO_STREAM = z
  .object({
    codec: nullableString.describe("The stream's codec, e.g. pcm_s24le, pcm_f32le, aac"),
    channels: z.int().nullable(),
    layout: nullableString.describe("ffmpeg's channel layout name, e.g. stereo, 5.1"),
    bit_depth: z.int().nullable().describe("Bits per sample as stored (32 for float); null for lossy codecs"),
    sample_rate: z.int().nullable(),
    names: z.array(z.string()).describe("Track names (iXML), one per channel where known"),
  })
  .meta({ id: "AudioStream" });
export type AudioStream = z.infer<typeof AUDIO_STREAM>;
/** An item's audio streams as its `audio_streams_json` column keeps them. */
export const AUDIO_STREAMS = z.array(AUDIO_STREAM);

export const SLATE = z
  .object({
    scene: nullableString,
    take: nullableString,
    tape: nullableString,
    note: nullableString,
    circled: z.boolean(),
  })
  .meta({ id: "Slate" });
export type Slate = z.infer<typeof SLATE>;

export const SEQUENCE = z
  .object({
    first: z.int(),
    last: z.int(),
    count: z.int().describe("Frames present"),
    missing: z.array(z.int()).describe("Absent frame numbers between first and last, the first 100"),
    missing_count: z.int().describe("All absent frame numbers"),
  })
  .meta({ id: "ImageSequence" });
export type ImageSequence = z.infer<typeof SEQUENCE>;

export const SPAN = z
  .object({
    id: z.string(),
    index: z.int().describe("From 1"),
    count: z.int().describe("Parts the recording has, as far as the file names tell"),
    offset_s: z.number().describe("Where this part starts in the recording, in seconds"),
    duration_s: z.number().describe("The whole recording's length (parts present)"),
    start_timecode: nullableString.describe("The recording's first timecode (its first part's)"),
    missing: z.array(z.int()).describe("Indexes of parts the names tell of that are not there"),
  })
  .meta({ id: "Span" });
export type Span = z.infer<typeof SPAN>;

/** A media item as every transport shows it: relative paths only, no word timings, no raw metadata. */
/** A video's scrub sprite as stored (media.sprite_json): its file under `.svc` and its layout. */
export const SPRITE_LAYOUT = z.object({
  path: z.string(),
  frames: z.int().min(1),
  columns: z.int().min(1),
  rows: z.int().min(1),
  frame_width: z.int().min(1),
  frame_height: z.int().min(1),
  interval_s: z.number().positive(),
  /** The file's size, counted in the thumbs folder's bytes (GET /api/stats). */
  bytes: z.int().min(0),
});
export type SpriteLayout = z.infer<typeof SPRITE_LAYOUT>;

export const SPRITE = SPRITE_LAYOUT.omit({ path: true, bytes: true })
  .extend({
    url: z
      .string()
      .describe("GET /api/media/{id}/sprite: one JPEG, the frames tiled row by row from its top left"),
    interval_s: z
      .number()
      .positive()
      .describe("Frame i shows the clip at i × interval_s from its first frame"),
  })
  .meta({ id: "Sprite" });
export type Sprite = z.infer<typeof SPRITE>;

export const MEDIA_ITEM = z
  .object({
    id: z.int(),
    path: z.string().describe("Relative to the project root"),
    name: z.string(),
    type: z.enum(MEDIA_KINDS),
    size: z.int(),
    duration_s: nullableNumber,
    codec: nullableString,
    audio_codec: nullableString,
    fps: nullableNumber,
    width: z.int().nullable().describe("Coded width, as the probe reads it"),
    height: z.int().nullable().describe("Coded height, as the probe reads it"),
    display_width: z
      .int()
      .nullable()
      .describe("Width a viewer sees: pixel aspect, rotation, desqueeze applied"),
    display_height: z.int().nullable(),
    pixel_aspect: nullableString.describe("Pixel aspect ratio, e.g. 4:3; 1:1 for square pixels"),
    rotation: z.union(ROTATIONS.map((r) => z.literal(r))),
    desqueeze: z.number().describe("The anamorphic desqueeze an editor set; 1 for none"),
    desqueeze_suggested: nullableNumber.describe("The squeeze the camera recorded, never applied by itself"),
    hdr: z.enum(HDR_TRANSFERS).nullable(),
    fps_rational: nullableString.describe('The exact rate, e.g. "24000/1001"'),
    vfr: z.boolean().nullable().describe("Variable frame rate, from the stream's timestamps"),
    field_order: z.enum(FIELD_ORDERS).nullable(),
    start_timecode: nullableString,
    timecode_source: nullableString.describe("Where start_timecode was read"),
    timecode_conflicts: z.array(TIMECODE_CONFLICT),
    audio_streams: z.array(AUDIO_STREAM),
    slate: SLATE.nullable(),
    sequence: SEQUENCE.nullable().describe("An image sequence: path is its pattern with # per digit"),
    span: SPAN.nullable().describe("One recording split over several files"),
    camera_proxy: nullableString.describe("A camera-made proxy that stands in for an undecodable original"),
    audio_tracks: z.int(),
    creation_date: nullableString,
    shot_date: nullableString,
    rating: nullableString,
    rating_note: nullableString,
    in_point: nullableNumber,
    out_point: nullableNumber,
    camera_id: nullableString,
    angle: nullableString,
    language: nullableString,
    transcript: nullableString,
    tags: z.array(TAG),
    color_profile: nullableString,
    // The log profile the camera's metadata names, for an editor to confirm.
    color_profile_suggested: nullableString,
    status: z.enum(ITEM_STATUSES),
    status_reason: nullableString.describe("Why an item needs a proxy (no absolute paths)"),
    // The stage a failed item stopped at (its reason stays in the log: it may name absolute paths).
    failed_stage: nullableString,
    missing: z.boolean(),
    missing_since: nullableString,
    thumbnail_url: nullableString,
    waveform_url: nullableString.describe(
      "The item's waveform peaks (GET /api/media/{id}/waveform); null when it has no sound or they are not made yet",
    ),
    sprite: SPRITE.nullable().describe("A video's hover-scrub frames; null until made at ingest"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "MediaItem" });
export type MediaItem = z.infer<typeof MEDIA_ITEM>;

export const MEDIA_DETAIL = MEDIA_ITEM.extend({
  segments_json: nullableString.describe("The active transcript's segments as stored JSON text"),
  markers: z.array(MARKER).describe("The item's markers in time order"),
  subclips: z.array(SUBCLIP).describe("The item's subclips in time order"),
  sync: z.array(SYNC_PAIR).describe("Sound sync pairs this item is the camera or the sound of"),
});
export type MediaDetail = z.infer<typeof MEDIA_DETAIL>;

export const MEDIA_ITEMS = z.object({ items: z.array(MEDIA_ITEM) });

export const SEGMENT = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker_id: z.union([z.string(), z.number()]).optional(),
});
export type Segment = z.infer<typeof SEGMENT>;
export const SEGMENTS = z.array(SEGMENT);

const WORD = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
  score: nullableNumber.describe("The recogniser's confidence, null when it gave none"),
});
export type TranscriptWord = z.infer<typeof WORD>;

export const WORDS = z.object({
  words: z.array(WORD),
  truncated: z.boolean().describe("More words exist than the 5,000 one answer carries"),
});

/** An item's active transcript: segments unless left out, word timings when asked for. */
export const TRANSCRIPT_VIEW = z.object({
  media_id: z.int(),
  duration_s: nullableNumber,
  language: nullableString,
  segments: z.array(SEGMENT).optional(),
  has_words: z.boolean(),
  words: z.array(WORD).optional(),
  words_truncated: z.boolean().optional(),
});
export type TranscriptView = z.infer<typeof TRANSCRIPT_VIEW>;

const TRANSCRIPT_ENTRY = z.object({
  language: nullableString,
  active: z.boolean(),
  text: z.string(),
  segments: z.int(),
  backend: nullableString,
  created_at: nullableString,
});
export type TranscriptEntry = z.infer<typeof TRANSCRIPT_ENTRY>;
export const TRANSCRIPTS = z.array(TRANSCRIPT_ENTRY);

export const SCENE = z.object({
  // The scene's row id: unique within its project, what chat's scene_ids name.
  id: z.int(),
  index: z.int(),
  start_s: z.number(),
  end_s: z.number(),
  duration_s: z.number(),
  keyframe_url: z.string(),
  description: nullableString,
  tags: z.array(z.string()),
  content_type: nullableString,
  focus_score: nullableNumber,
  exposure: nullableString,
  stability: nullableString,
  audio_quality: nullableString,
  atmosphere: nullableString,
  energy: nullableString,
  edit_position: nullableString,
  edit_reason: nullableString,
});
export type Scene = z.infer<typeof SCENE>;
export const SCENES = z.array(SCENE);

/** An item's scenes once the vision stage has described any of them (SPEC.md: else none, total 0). */
export const ANALYSED_SCENES = z.object({ scenes: SCENES, total: z.int() });
export type AnalysedScenes = z.infer<typeof ANALYSED_SCENES>;

export const SHOOT_DATE_FACETS = z.object({
  total: z.int(),
  unknown: z.int(),
  years: z.array(z.object({ year: z.int(), count: z.int() })),
  days: z.array(z.object({ date: z.string(), count: z.int() })),
});
export type ShootDateFacets = z.infer<typeof SHOOT_DATE_FACETS>;

export const TAG_CLOUD = z.object({
  // Each tag in the spelling most items use (ties: the first in code-point order), with the items
  // carrying it in any spelling, auto or manual.
  tags: z.array(z.object({ name: z.string(), count: z.int() })),
  // Tags matching the prefix, before `limit`.
  total: z.int(),
});
export type TagCloud = z.infer<typeof TAG_CLOUD>;

export const TAG_ADDED = z.object({ added: z.boolean(), tags: z.array(TAG) });
export type TagResult = z.infer<typeof TAG_ADDED>;

/** `name`: the spelling the item had when removed, else the one asked for. */
export const TAG_REMOVED = z.object({ id: z.int(), name: z.string(), removed: z.boolean() });
export type TagRemoved = z.infer<typeof TAG_REMOVED>;

/**
 * What a bulk tag change did, per spelling: the items that newly got the tag and those that lost
 * it (those that already had it, or never had it, are in neither list). Sending each entry back
 * with `add` and `remove` swapped undoes it exactly.
 */
export const BULK_TAGGED = z.object({
  changes: z.array(z.object({ name: z.string(), added: z.array(z.int()), removed: z.array(z.int()) })),
  added: z.int(),
  removed: z.int(),
});
export type BulkTagged = z.infer<typeof BULK_TAGGED>;

const RATING_FIELDS = { rating: nullableString, rating_note: nullableString };

/** Each item's rating and note after the change, and before it (what an undo sends back). */
export const BULK_RATED = z.object({
  items: z.array(z.object({ id: z.int(), ...RATING_FIELDS, previous: z.object(RATING_FIELDS) })),
  changed: z.int(),
});
export type BulkRated = z.infer<typeof BULK_RATED>;

/**
 * `trashed`: the file now lives under `.svc/trash/<its relative path>`; `outside_root`: its real
 * location is outside the project root, so only the row went; `already_gone`: there was no file.
 */
export const DELETE_RESULT = z.discriminatedUnion("status", [
  z.object({
    id: z.int(),
    status: z.literal("deleted"),
    file: z.enum(["trashed", "outside_root", "already_gone"]),
    trash_path: nullableString,
    // The trash entry to restore it from (POST /api/trash/bulk-restore); null when not trashed.
    trash_id: z.int().nullable(),
  }),
  z.object({ id: z.int(), status: z.literal("not_found") }),
  z.object({ id: z.int(), status: z.literal("failed"), detail: z.string() }),
]);
export type DeleteResult = z.infer<typeof DELETE_RESULT>;

export const BULK_DELETED = z.object({
  results: z.array(DELETE_RESULT),
  deleted: z.int(),
  not_found: z.int(),
  failed: z.int(),
});
export type BulkDeleteReport = z.infer<typeof BULK_DELETED>;
