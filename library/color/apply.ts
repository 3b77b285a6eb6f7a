import { z } from "zod";
import type { MediaItem } from "../../domain/schemas/media.js";
import { lutPathFor } from "../../pipeline/index.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { notFound } from "../media/ids.js";
import { remakeProxyLater, renderDerived } from "../media/rerender.js";
import { type Links, mediaItem } from "../media/view.js";
import { requireProfile } from "./profiles.js";

/** The most items one batch call sets: each one's pictures are rendered again before it answers. */
export const MAX_BATCH_IDS = 500;

const profileField = z
  .string({ error: "expected a profile id or null" })
  .min(1, "must not be empty")
  .max(200, "at most 200 characters")
  .nullable();

export const PROFILE_BODY = z.strictObject({ profile: profileField });
export const BATCH_PROFILE_BODY = z.strictObject({
  ids: z
    .array(z.number().int().positive(), { error: "expected an array of media ids" })
    .min(1, "needs at least one id")
    .max(MAX_BATCH_IDS, `at most ${MAX_BATCH_IDS} ids`),
  profile: profileField,
});

export interface ProfileChange {
  items: MediaItem[];
  /** Items whose playback proxy waits for the next ingest pass. */
  proxiesPending: number;
}

/**
 * `PATCH /api/media/{id}/color-profile` and `POST /api/media/color-profile`: sets (or, with
 * null, clears) the profile of every item, then renders their pictures again. An unknown profile
 * (422) or an unknown item (404) changes nothing at all.
 */
export async function setColorProfile(
  ctx: AppContext,
  store: LibraryStore,
  ids: readonly number[],
  profile: string | null,
  links: Links,
): Promise<ProfileChange> {
  if (profile !== null) {
    await requireProfile(ctx.config, profile);
    // Made (or checked, for an SVC_LUT_DIR file) before anything is stored, so a bad LUT refuses.
    await lutPathFor(ctx.config, profile);
  }
  const unique = [...new Set(ids)];
  const rows = store.edits.setColorProfile(unique, profile, (found) => {
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(missing);
  });
  let proxiesPending = 0;
  for (const row of rows) {
    if (await remakeProxyLater(store, row)) proxiesPending += 1;
    try {
      await renderDerived(ctx, store, row);
    } catch (error) {
      ctx.log.warn(
        { media_id: row.id, reason: (error as Error).message },
        "colour profile set, but its pictures could not be rendered again",
      );
    }
  }
  const items = unique.map((id) => {
    const row = store.media.get(id);
    if (!row) throw notFound(id);
    return mediaItem(row, store.tags.forMedia(id), links);
  });
  return { items, proxiesPending };
}
