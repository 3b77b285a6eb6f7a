import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { MediaItem, TagRemoved, TagResult } from "../../domain/schemas/media.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { EditorialPatch } from "../../state/repos/media-edits.js";
import type { LibraryStore } from "../../state/stores.js";
import { notFound } from "./ids.js";
import { clearableLabelSchema, LABEL_MAX, labelSchema, noteSchema, RATING_MAX } from "./labels.js";
import { type Links, mediaItem } from "./view.js";

/** Longest trim mark accepted, in seconds (about 11.5 days): beyond any real recording. */
export const MAX_SECONDS = 1_000_000;

// JSON has no NaN or Infinity; z.number() also refuses them should a caller build the body in code.
const seconds = z
  .number({ error: "expected a number of seconds or null" })
  .min(0, "must not be negative")
  .max(MAX_SECONDS, `must be at most ${MAX_SECONDS} seconds`)
  .transform((value) => (value === 0 ? 0 : value));

/** `{name}` (or `{tag}`, as some clients send it); other fields such as `source` are ignored: API tags are manual. */
export const TAG_BODY = z
  .object({ name: labelSchema(LABEL_MAX).optional(), tag: labelSchema(LABEL_MAX).optional() })
  .refine((body) => body.name !== undefined || body.tag !== undefined, {
    message: "required",
    path: ["name"],
  })
  .transform((body) => ({ name: (body.name ?? body.tag) as string }));

/** PATCH bodies: a field left out is untouched, null clears it. Unknown fields are refused. */
export const TRIM_BODY = z.strictObject({
  in_point: seconds.nullable().optional(),
  out_point: seconds.nullable().optional(),
});

export const CAMERA_BODY = z.strictObject({
  camera_id: clearableLabelSchema(LABEL_MAX).nullable().optional(),
  angle: clearableLabelSchema(LABEL_MAX).nullable().optional(),
});

export const RATING_BODY = z.strictObject({
  rating: clearableLabelSchema(RATING_MAX).nullable().optional(),
  rating_note: noteSchema.nullable().optional(),
});

export type TrimPatch = z.infer<typeof TRIM_BODY>;
export type CameraPatch = z.infer<typeof CAMERA_BODY>;
export type RatingPatch = z.infer<typeof RATING_BODY>;

function checkTrim(row: MediaRow): void {
  if (row.in_point !== null && row.out_point !== null && row.in_point >= row.out_point) {
    throw new UserError(
      `in_point (${row.in_point}) must be less than out_point (${row.out_point})`,
      EXIT.usage,
      422,
    );
  }
}

function applyPatch(
  store: LibraryStore,
  id: number,
  patch: EditorialPatch,
  links: Links,
  check: (row: MediaRow) => void = () => {},
): MediaItem {
  const row = store.edits.patch(id, patch, check);
  if (!row) throw notFound(id);
  return mediaItem(row, store.tags.forMedia(id), links);
}

/** `PATCH /api/media/{id}/inout`: the result must keep in_point < out_point when both are set. */
export function setTrim(store: LibraryStore, id: number, patch: TrimPatch, links: Links): MediaItem {
  return applyPatch(store, id, patch, links, checkTrim);
}

/** `PATCH /api/media/{id}/camera`: multicam labels. */
export function setCamera(store: LibraryStore, id: number, patch: CameraPatch, links: Links): MediaItem {
  return applyPatch(store, id, patch, links);
}

/** `PATCH /api/media/{id}/rating`: rating and note are independent; changing one keeps the other. */
export function setRating(store: LibraryStore, id: number, patch: RatingPatch, links: Links): MediaItem {
  return applyPatch(store, id, patch, links);
}

/** `POST /api/media/{id}/tags`: a manual tag; one the item already has (any case) is a no-op. */
export function addTag(store: LibraryStore, id: number, name: string): TagResult {
  const outcome = store.tags.addManual(id, name);
  if (outcome === "no_item") throw notFound(id);
  return { added: outcome === "added", tags: store.tags.forMedia(id) };
}

/**
 * `DELETE /api/media/{id}/tags/{name}`: takes a manual tag off (matched in any letter case, as
 * adding matches); an item without it is answered `removed: false`. Automatic tags stay: the
 * next vision pass would set them again.
 */
export function removeTag(store: LibraryStore, id: number, name: string): TagRemoved {
  const outcome = store.tags.removeManual(id, name);
  if (outcome === "no_item") throw notFound(id);
  return { id, name: outcome ?? name, removed: outcome !== null };
}
