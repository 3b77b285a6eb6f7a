import { z } from "zod";
import { isDesqueeze } from "../../domain/desqueeze.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { displaySize } from "../../domain/picture.js";
import { DESQUEEZE_VALUES, type MediaItem } from "../../domain/schemas/media.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { notFound } from "./ids.js";
import { remakeProxyLater, renderDerived } from "./rerender.js";
import { type Links, mediaItem } from "./view.js";

const OFF_LIST = `must be one of ${DESQUEEZE_VALUES.join(", ")}`;

export const DESQUEEZE_BODY = z.strictObject({
  desqueeze: z.union(
    DESQUEEZE_VALUES.map((value) => z.literal(value)),
    { error: OFF_LIST },
  ),
});

export interface DesqueezeChange {
  item: MediaItem;
  /** The playback proxy waits for the next ingest pass. */
  proxyPending: boolean;
}

/** The display size of `row` with its desqueeze; unknown (null) while its coded size is. */
function displayOf(row: MediaRow): Pick<MediaRow, "display_width" | "display_height"> {
  if (row.width === null || row.height === null) return { display_width: null, display_height: null };
  const size = displaySize({
    width: row.width,
    height: row.height,
    pixelAspect: row.pixel_aspect ?? "1:1",
    rotation: row.rotation ?? 0,
    desqueeze: row.desqueeze ?? 1,
  });
  return { display_width: size.width, display_height: size.height };
}

/**
 * `PATCH /api/media/{id}/desqueeze` and `svc media desqueeze`: sets the anamorphic desqueeze of a
 * video, its display size with it, and renders its thumbnail and key frames again; its playback
 * proxy is remade by the next ingest pass. 422 for a value off the list, 404 for no such item.
 */
export async function setDesqueeze(
  ctx: AppContext,
  store: LibraryStore,
  id: number,
  desqueeze: number,
  links: Links,
): Promise<DesqueezeChange> {
  if (!isDesqueeze(desqueeze)) throw new UserError(`desqueeze: ${OFF_LIST}`, EXIT.usage, 422);
  const row = store.edits.setDesqueeze(id, desqueeze, displayOf);
  if (!row) throw notFound(id);
  const proxyPending = await remakeProxyLater(store, row);
  try {
    await renderDerived(ctx, store, row);
  } catch (error) {
    ctx.log.warn(
      { media_id: id, reason: (error as Error).message },
      "desqueeze set, but its pictures could not be rendered again",
    );
  }
  // Rendering forgot the scrub sprite: the answer says so.
  const item = mediaItem(store.media.get(id) ?? row, store.tags.forMedia(id), links);
  return { item, proxyPending };
}
