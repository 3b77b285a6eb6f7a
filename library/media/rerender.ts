import { readFile, rm } from "node:fs/promises";
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
import { proxyFile, spriteFile } from "../../state/derived-files.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import { derivedFile, mediaFile } from "../containment.js";
import type { AppContext } from "../context.js";

/** A stored derived image's path, checked as the API serves it; null when it is not there. */
const derivedPath = async (store: LibraryStore, rel: string) =>
  (await derivedFile(store.paths.dataDir, rel))?.path ?? null;

/**
 * Renders the item's thumbnail and its scenes' key frames again from the original, as it is now
 * shown (its colour profile's LUT, or none when cleared; its display geometry, such as a new
 * desqueeze), under the names they already have; its scrub sprite is left for the next pass. Only
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
    // Sixty frames are a decode of their own: the next ingest pass makes the sprite again.
    await rm(spriteFile(store.paths, row.id), { force: true });
    store.media.forgetSprite(row.id);
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
 * A playback proxy shows the profile and the geometry too, and an encode takes minutes: the old
 * one is removed (the stream says the proxy is pending rather than play a stale picture) and an
 * item past its proxy stage is sent back to it, so the next ingest pass encodes it again.
 */
export async function remakeProxyLater(store: LibraryStore, row: MediaRow): Promise<boolean> {
  if (row.kind === "image" || row.status_reason !== null) return false;
  if (proxyReason({ ...row, path: row.rel_path }) === null) return false;
  await rm(proxyFile(store.paths, row.id), { force: true });
  if (row.next_stage !== "done" && row.error_stage !== "proxy") return false;
  store.media.rewind(row.id, "proxy");
  return true;
}
