import { z } from "zod";
import type { BulkRated } from "../../domain/schemas/media.js";
import type { LibraryStore } from "../../state/stores.js";
import { MAX_BULK_EDIT_IDS, mediaId, mediaIdList, requireAll } from "./bulk-ids.js";
import { RATING_BODY } from "./edit.js";

const ITEM = RATING_BODY.extend({ id: mediaId });

/**
 * Either `{ids, rating, rating_note}` (one change for every item) or `{items: [{id, rating,
 * rating_note}]}` (each item its own, as an undo sends back the previous values). A field left
 * out is untouched, null clears it, as in `PATCH /api/media/{id}/rating`.
 */
export const BULK_RATING_BODY = RATING_BODY.extend({
  ids: mediaIdList().optional(),
  items: z
    .array(ITEM, { error: "expected a list of {id, rating, rating_note}" })
    .min(1, "give at least one item")
    .max(MAX_BULK_EDIT_IDS, `at most ${MAX_BULK_EDIT_IDS} items per request`)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, "an id is listed twice")
    .optional(),
})
  .refine((body) => (body.ids === undefined) !== (body.items === undefined), {
    message: "give either ids (with rating and rating_note) or items, not both",
    path: ["ids"],
  })
  .refine(
    (body) => body.items === undefined || (body.rating === undefined && body.rating_note === undefined),
    {
      message: "with items, each item carries its own rating and rating_note",
      path: ["rating"],
    },
  );
export type BulkRatingBody = z.infer<typeof BULK_RATING_BODY>;

/**
 * `POST /api/media/bulk-rating`: ratings and notes of many items in one transaction, each with
 * what it was before. An unknown id (404) changes nothing.
 */
export function bulkRating(store: LibraryStore, body: BulkRatingBody): BulkRated {
  const { ids, items, ...patch } = body;
  const patches = items
    ? items.map(({ id, ...own }) => ({ id, patch: own }))
    : [...new Set(ids ?? [])].map((id) => ({ id, patch }));
  const rows = store.edits.patchMany(patches, (found) =>
    requireAll(
      patches.map((p) => p.id),
      found,
    ),
  );
  let changed = 0;
  const rated = rows.map(({ before, after }) => {
    if (before.rating !== after.rating || before.rating_note !== after.rating_note) changed += 1;
    return {
      id: after.id,
      rating: after.rating,
      rating_note: after.rating_note,
      previous: { rating: before.rating, rating_note: before.rating_note },
    };
  });
  return { items: rated, changed };
}
