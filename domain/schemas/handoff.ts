import { z } from "zod";
import { timestamp } from "./common.js";
import { MARKER_COLORS, MARKER_KINDS } from "./marks.js";

/**
 * A hand-off to an editing application (issue 32): what an editor chose in svc, laid out for a
 * script inside the NLE (svc_resolve.py) to import. Every frame count is at the item's `rate`
 * from the file's first frame (0), an in inclusive and an out exclusive, as svc's timeline files
 * count them; the script turns them into its application's conventions.
 */

export const HANDOFF_STATUSES = ["pending", "done"] as const;

const RATE = z
  .object({ num: z.int(), den: z.int() })
  .describe("Frames per second as a fraction, e.g. 24000/1001");

export const HANDOFF_MARKER = z
  .object({
    id: z.int(),
    name: z.string(),
    note: z.string(),
    color: z.enum(MARKER_COLORS).describe("Resolve's marker colours, lower case"),
    kind: z.enum(MARKER_KINDS),
    frame: z.int().describe("Where the marker stands, frames from the file's first frame"),
    duration_frames: z.int().describe("At least 1: a point marker lasts one frame"),
  })
  .meta({ id: "HandoffMarker" });
export type HandoffMarker = z.infer<typeof HANDOFF_MARKER>;

export const HANDOFF_SUBCLIP = z
  .object({
    id: z.int(),
    name: z.string(),
    note: z.string(),
    color: z.enum(MARKER_COLORS),
    in_frame: z.int(),
    out_frame: z.int().describe("Exclusive; after in_frame"),
  })
  .meta({ id: "HandoffSubclip" });
export type HandoffSubclip = z.infer<typeof HANDOFF_SUBCLIP>;

export const HANDOFF_SEQUENCE = z
  .object({
    pattern: z.string().describe("The frames' path with a printf field, e.g. A001/shot.%06d.dpx"),
    first: z.int(),
    last: z.int(),
  })
  .meta({ id: "HandoffSequence" });

export const HANDOFF_ITEM = z
  .object({
    id: z.int(),
    name: z.string().describe("The file name"),
    kind: z.enum(["video", "audio", "image"]),
    path: z
      .string()
      .describe(
        "The original: absolute for callers on the machine itself or holding admin, else relative to the project root (paths says which)",
      ),
    proxy_path: z
      .string()
      .nullable()
      .describe("The editor proxy svc made (Proxy/…), same rule; null when none"),
    sequence: HANDOFF_SEQUENCE.nullable().describe("An image sequence's frames; path is its first frame"),
    rate: RATE.describe("The rate its frames count at: the clip's own, else (sound, stills) the timeline's"),
    drop_frame: z.boolean(),
    start_timecode: z.string().nullable().describe("Source timecode of the first frame, HH:MM:SS:FF"),
    duration_frames: z.int(),
    trim: z
      .object({ in_frame: z.int(), out_frame: z.int() })
      .nullable()
      .describe("The editor's in and out; null when the whole file is used"),
    scene: z.string(),
    take: z.string(),
    camera: z.string(),
    angle: z.string(),
    circled: z.boolean().describe("The slate or sound report circled this take"),
    tags: z.array(z.string()),
    rating: z.string().describe('The rating as given ("1" to "5" from the web app); empty when unrated'),
    note: z.string().describe("The editor's note on the item (the rating note); empty when none"),
    description: z.string().describe("What the vision model saw; empty when none"),
    markers: z.array(HANDOFF_MARKER),
    subclips: z.array(HANDOFF_SUBCLIP).describe("The subclips asked for, time order"),
  })
  .meta({ id: "HandoffItem" });
export type HandoffItem = z.infer<typeof HANDOFF_ITEM>;

export const HANDOFF_SELECT = z
  .object({
    item_id: z.int(),
    subclip_id: z.int().nullable().describe("null: the item's own select (its trim, else the whole file)"),
    name: z.string(),
    in_frame: z.int().describe("At the item's rate, from its first frame"),
    out_frame: z.int().describe("Exclusive"),
    record_frame: z
      .int()
      .describe("Where it starts on the timeline, frames at the timeline rate from its start"),
  })
  .meta({ id: "HandoffSelect" });
export type HandoffSelect = z.infer<typeof HANDOFF_SELECT>;

export const HANDOFF = z
  .object({
    id: z.int(),
    target: z.literal("resolve"),
    status: z.enum(HANDOFF_STATUSES),
    bin: z.string(),
    project: z
      .object({ name: z.string(), id: z.string().nullable() })
      .describe("The svc project (its name is what ?project= takes; id as in GET /api/projects)"),
    author: z.string(),
    created_at: timestamp,
    taken_at: timestamp.nullable(),
    paths: z.enum(["absolute", "relative"]).describe("How item and proxy paths are given to this caller"),
    timeline: z.object({
      name: z.string(),
      rate: RATE,
      drop_frame: z.boolean(),
      start_timecode: z.string().describe("Record timecode of the first frame, 01:00:00:00"),
    }),
    items: z.array(HANDOFF_ITEM).describe("Each item once, in the order first chosen"),
    selects: z
      .array(HANDOFF_SELECT)
      .describe("The selects timeline, in order: each item's select, then its subclips"),
    skipped: z.array(z.object({ id: z.int(), reason: z.string() })).describe("Items with nothing to place"),
  })
  .meta({ id: "Handoff" });
export type Handoff = z.infer<typeof HANDOFF>;

export const HANDOFF_CREATED = z
  .object({
    id: z.int(),
    status: z.enum(HANDOFF_STATUSES),
    bin: z.string(),
    items: z.int().describe("Items in it"),
    created_at: timestamp,
  })
  .meta({ id: "HandoffCreated" });
export type HandoffCreated = z.infer<typeof HANDOFF_CREATED>;

export const HANDOFF_SUMMARY = z
  .object({
    id: z.int(),
    status: z.enum(HANDOFF_STATUSES),
    bin: z.string(),
    items: z.int().describe("Items in it"),
    author: z.string(),
    created_at: timestamp,
    taken_at: timestamp.nullable(),
    taken_by: z.string().nullable().describe("The token (or local user) whose script took it"),
  })
  .meta({ id: "HandoffSummary" });
export type HandoffSummary = z.infer<typeof HANDOFF_SUMMARY>;

export const HANDOFF_LIST = z
  .object({ items: z.array(HANDOFF_SUMMARY).describe("Newest first") })
  .meta({ id: "HandoffList" });
export type HandoffList = z.infer<typeof HANDOFF_LIST>;
