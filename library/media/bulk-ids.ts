import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";

/** The most items one bulk edit (tags, rating, bin) takes: a whole selection in one request, one undo. */
export const MAX_BULK_EDIT_IDS = 10_000;

// How many unknown ids a refusal names; the rest are counted.
const NAMED = 20;

export const mediaId = z
  .number({ error: "expected a media id" })
  .int("expected whole numbers")
  .positive("expected positive ids")
  .max(Number.MAX_SAFE_INTEGER, "not a media id");

/** A list of media ids, at least one unless `empty`, at most MAX_BULK_EDIT_IDS. */
export const mediaIdList = (empty = false) =>
  z
    .array(mediaId, { error: "expected a list of media ids" })
    .min(empty ? 0 : 1, "give at least one id")
    .max(MAX_BULK_EDIT_IDS, `at most ${MAX_BULK_EDIT_IDS} ids per request`);

/**
 * 404 naming the ids of `wanted` that are not in `found` (`what` they should be, `where`: ` in
 * project "x"`), when there are any; callers refuse before anything is written.
 */
export function requireAll(
  wanted: readonly number[],
  found: ReadonlySet<number>,
  what = "media items",
  where = "",
): void {
  const missing = [...new Set(wanted)].filter((id) => !found.has(id));
  if (missing.length === 0) return;
  const named = missing.slice(0, NAMED).join(", ");
  const more = missing.length > NAMED ? ` and ${missing.length - NAMED} more` : "";
  throw new UserError(`no such ${what}: ${named}${more}${where}; nothing was changed`, EXIT.usage, 404);
}
