import { z } from "zod";
import type { BulkTagged } from "../../domain/schemas/media.js";
import type { LibraryStore } from "../../state/stores.js";
import { MAX_BULK_EDIT_IDS, mediaIdList, requireAll } from "./bulk-ids.js";
import { LABEL_MAX, labelSchema } from "./labels.js";

/** The most tag names one bulk change names. */
export const MAX_BULK_TAG_NAMES = 100;
/** The most ids all of one request's lists hold together (each list holds MAX_BULK_EDIT_IDS at most). */
export const MAX_BULK_TAG_IDS = 10 * MAX_BULK_EDIT_IDS;

function overlaps(a: readonly number[], b: readonly number[]): boolean {
  const seen = new Set(a);
  return b.some((id) => seen.has(id));
}

const CHANGE = z
  .strictObject({
    name: labelSchema(LABEL_MAX),
    add: mediaIdList(true).default([]),
    remove: mediaIdList(true).default([]),
  })
  .refine((change) => change.add.length + change.remove.length > 0, {
    message: "give the ids to add the tag to (add) or take it off (remove)",
  })
  .refine((change) => !overlaps(change.add, change.remove), {
    message: "an id cannot be in both add and remove",
  });

/**
 * `{changes: [{name, add: [ids], remove: [ids]}]}`: each name put on the items of `add` and taken
 * off those of `remove`. The answer has the same shape, so an undo sends it back swapped.
 */
export const BULK_TAGS_BODY = z.strictObject({
  changes: z
    .array(CHANGE, { error: "expected a list of changes: {name, add, remove}" })
    .min(1, "give at least one change")
    .max(MAX_BULK_TAG_NAMES, `at most ${MAX_BULK_TAG_NAMES} changes per request`)
    .refine(
      (changes) => changes.reduce((n, c) => n + c.add.length + c.remove.length, 0) <= MAX_BULK_TAG_IDS,
      `at most ${MAX_BULK_TAG_IDS} ids in all per request`,
    ),
});
export type BulkTagsBody = z.infer<typeof BULK_TAGS_BODY>;

/**
 * `POST /api/media/bulk-tags`: manual tags on and off many items in one transaction. Names match
 * in any letter case (as adding one tag does): an item that has the tag in any case keeps it on
 * `add`, and loses it on `remove`. An unknown id (404) changes nothing.
 */
export function bulkTags(store: LibraryStore, body: BulkTagsBody): BulkTagged {
  const ids = body.changes.flatMap((change) => [...change.add, ...change.remove]);
  const changes = store.tags.changeManual(body.changes, (found) => requireAll(ids, found));
  const count = (of: (c: (typeof changes)[number]) => number[]) =>
    changes.reduce((n, c) => n + of(c).length, 0);
  return { changes, added: count((c) => c.added), removed: count((c) => c.removed) };
}
