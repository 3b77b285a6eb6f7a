import { z } from "zod";
import { timestamp } from "./common.js";

/** DaVinci Resolve's sixteen marker colours, by the names its scripting API takes. */
export const MARKER_COLORS = [
  "blue",
  "cyan",
  "green",
  "yellow",
  "red",
  "pink",
  "purple",
  "fuchsia",
  "rose",
  "lavender",
  "sky",
  "mint",
  "lemon",
  "sand",
  "cocoa",
  "cream",
] as const;
export type MarkerColor = (typeof MARKER_COLORS)[number];

/** A point marker's kind: a plain marker, a to-do, or a chapter (FCPXML's three). */
export const MARKER_KINDS = ["marker", "todo", "chapter"] as const;
export type MarkerKindName = (typeof MARKER_KINDS)[number];

/** Markers or subclips one item may carry, each. */
export const MAX_MARKS_PER_ITEM = 10_000;

const MARK_FIELDS = {
  id: z.int(),
  media_id: z.int(),
  name: z.string(),
  note: z.string().describe("Free text; empty when none"),
  color: z.enum(MARKER_COLORS),
  start_s: z.number().describe("Seconds from the file's first frame, like the in and out points"),
  author: z.string().describe("The token's name that made it, or the local user"),
  created_at: timestamp,
  updated_at: timestamp,
};

export const MARKER = z
  .object({
    ...MARK_FIELDS,
    kind: z.enum(MARKER_KINDS),
    end_s: z.number().nullable().describe("Where a marker with a duration ends; null for a point"),
  })
  .meta({ id: "Marker" });
export type Marker = z.infer<typeof MARKER>;

export const SUBCLIP = z
  .object({
    ...MARK_FIELDS,
    kind: z.null().describe("Subclips have no kind"),
    end_s: z.number().describe("The subclip's out, after start_s"),
  })
  .meta({ id: "Subclip" });
export type Subclip = z.infer<typeof SUBCLIP>;

export const MARKERS = z.object({ items: z.array(MARKER) });
export const SUBCLIPS = z.object({ items: z.array(SUBCLIP) });

export const MARK_DELETED = z.object({ id: z.int(), deleted: z.literal(true) });
export type MarkDeleted = z.infer<typeof MARK_DELETED>;
