import { z } from "zod";
import { MAX_TIMELINE_CLIPS } from "../export/timeline.js";
import { textLength } from "../media/labels.js";

/** Longest bin name, in code points: Resolve shows it in the Media Pool's bin list. */
export const BIN_MAX = 120;
/** Subclip ids a request may name: more than any selection of items carries in practice. */
const MAX_SUBCLIP_IDS = 20_000;

const CONTROL = /\p{Cc}/gu;

const mediaId = z.int({ error: "expected a media id" }).min(1, "expected a media id");

/** Each id once, where it was first given. */
const firstOfEach = (ids: readonly number[]) => [...new Set(ids)];

/** A bin name on one line: control characters (tabs, line breaks) become spaces, then it is trimmed. */
const bin = z
  .string({ error: "expected a string" })
  .transform((value) => value.replace(CONTROL, " ").trim())
  .refine((value) => value !== "", "must not be empty (or only spaces and control characters)")
  .refine((value) => textLength(value) <= BIN_MAX, `at most ${BIN_MAX} characters`);

/**
 * Which subclips of the chosen items go along: all of them (true, the default), none (false), or
 * those of these ids.
 */
export const SUBCLIP_CHOICE = z.union([
  z.boolean(),
  z.array(mediaId).max(MAX_SUBCLIP_IDS, `at most ${MAX_SUBCLIP_IDS} subclip ids`).transform(firstOfEach),
]);
export type SubclipChoice = z.infer<typeof SUBCLIP_CHOICE>;

/** `POST /api/handoff`: the items for an editing application, in order. */
export const HANDOFF_BODY = z.strictObject({
  ids: z
    .array(mediaId, { error: "expected a list of media ids" })
    .min(1, "expected at least one media id")
    .max(MAX_TIMELINE_CLIPS, `at most ${MAX_TIMELINE_CLIPS} items`)
    .transform(firstOfEach)
    .describe("Media ids in the order chosen; a repeated id counts once, where it first stands"),
  subclips: SUBCLIP_CHOICE.default(true).describe(
    "true (default): every subclip of the chosen items; false: none; a list: those subclip ids only",
  ),
  bin: bin
    .optional()
    .describe(
      `The bin to import into, 1 to ${BIN_MAX} characters (control characters become spaces); default: the svc project's name`,
    ),
});
export type HandoffBody = z.infer<typeof HANDOFF_BODY>;

/** What is stored of a request (`request_json`): the ids and the subclip choice, as checked. */
export const STORED_REQUEST = z.object({ ids: z.array(z.int()), subclips: SUBCLIP_CHOICE });
export type StoredRequest = z.infer<typeof STORED_REQUEST>;
