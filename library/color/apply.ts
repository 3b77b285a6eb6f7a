import { readFile, rm } from "node:fs/promises";
import { z } from "zod";
import type { MediaItem } from "../../domain/schemas/media.js";
import {
  decodeInputOf,
  lutPathFor,
  proxyReason,
  sceneSignalsOf,
  stillThumbnail,
  THUMB_WIDTH,
  videoThumbnail,
  withSceneSignals,
} from "../../pipeline/index.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { proxyFile } from "../../state/derived-files.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import { derivedFile, mediaFile } from "../containment.js";
import type { AppContext } from "../context.js";
import { notFound } from "../media/ids.js";
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

/** A stored derived image's path, checked as the API serves it; null when it is not there. */
const derivedPath = async (store: LibraryStore, rel: string) =>
  (await derivedFile(store.paths.dataDir, rel))?.path ?? null;

/**
 * Renders the item's thumbnail and its scenes' key frames again from the original, through its
 * colour profile's LUT (or without one when cleared), under the names they already have. Only
 * these pictures: scene detection, vision and embeddings keep what they found. A key frame keeps
 * the scene signals its comment carries. The original file is only read.
 */
export async function renderDerived(ctx: AppContext, store: LibraryStore, row: MediaRow): Promise<void> {
  if (row.kind === "audio" || row.missing_since !== null) return;
  const original = await mediaFile(store.paths.root, row);
  if (!original) return;
  const absPath = original.path;
  const input = decodeInputOf(row, absPath);
  const lut = row.color_profile ? await lutPathFor(ctx.config, row.color_profile) : undefined;
  const { adapters, queues } = ctx;
  const signal = new AbortController().signal;
  const cpu = <T>(work: () => Promise<T>) => queues.cpu.add(work);
  const rewrittenScenes: number[] = [];
  if (row.kind === "video") {
    for (const scene of store.scenes.forMedia(row.id)) {
      const file = await derivedPath(store, scene.keyframe_path);
      if (!file || !adapters.ffmpeg) continue;
      const ffmpeg = adapters.ffmpeg;
      const at = (scene.start_s + scene.end_s) / 2;
      const png = await cpu(() => ffmpeg.frameAt(input, at, THUMB_WIDTH, signal, false, lut));
      let jpeg = await adapters.images.thumbnail(png, THUMB_WIDTH);
      const signals = sceneSignalsOf(await readFile(file).catch(() => Buffer.alloc(0)), scene);
      if (signals) jpeg = withSceneSignals(jpeg, signals);
      await writeFileAtomic(file, jpeg);
      rewrittenScenes.push(scene.id);
    }
  }
  const thumb = row.thumb_path === null ? null : await derivedPath(store, row.thumb_path);
  if (thumb) {
    const picture =
      row.kind === "video"
        ? await adapters.images.thumbnail(
            await cpu(() => videoThumbnail({ input, durationS: row.duration_s }, adapters, signal, lut)),
            THUMB_WIDTH,
          )
        : await cpu(() => stillThumbnail(absPath, adapters, signal, lut));
    await writeFileAtomic(thumb, picture);
    // A still's one scene shows its thumbnail file as the key frame.
    if (row.kind === "image") rewrittenScenes.push(...store.scenes.forMedia(row.id).map((scene) => scene.id));
  }
  store.edits.derivedRewritten(row.id, thumb !== null, rewrittenScenes);
}

/**
 * A playback proxy shows the profile too, and an encode takes minutes: the old one is removed
 * (the stream says the proxy is pending rather than play stale colours) and an item past its
 * proxy stage is sent back to it, so the next ingest pass encodes it through the new LUT.
 */
async function remakeProxyLater(store: LibraryStore, row: MediaRow): Promise<boolean> {
  if (row.kind === "image" || row.status_reason !== null) return false;
  if (proxyReason({ ...row, path: row.rel_path }) === null) return false;
  await rm(proxyFile(store.paths, row.id), { force: true });
  if (row.next_stage !== "done" && row.error_stage !== "proxy") return false;
  store.media.rewind(row.id, "proxy");
  return true;
}

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
