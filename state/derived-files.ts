import { rm } from "node:fs/promises";
import { join } from "node:path";
import { type ProjectPaths, relativeInside } from "./paths.js";

// Where an item's derived files live under `.svc`: the stages that write them, the routes that
// serve them and the removers all take their names from here.

/** The item's thumbnail: `.svc/thumbs/<media id>.jpg`. */
export const thumbFile = (paths: ProjectPaths, mediaId: number) => join(paths.thumbs, `${mediaId}.jpg`);

/**
 * The item's scrub sprite, beside its thumbnail (`.svc/thumbs/<media id>.sprite.jpg`): made in the
 * same pass, and cleared with it by a cache clear.
 */
export const spriteFile = (paths: ProjectPaths, mediaId: number) =>
  join(paths.thumbs, `${mediaId}.sprite.jpg`);

/** The folder of the item's key frames: `.svc/frames/<media id>/`. */
export const framesDir = (paths: ProjectPaths, mediaId: number) => join(paths.frames, String(mediaId));

/** One scene's key frame: `.svc/frames/<media id>/<scene index>.jpg`. */
export const keyframeFile = (paths: ProjectPaths, mediaId: number, index: number) =>
  join(framesDir(paths, mediaId), `${index}.jpg`);

/** The item's waveform peaks (audiowaveform `.dat`, formats/waveform.ts): `.svc/waveforms/<media id>.dat`. */
export const waveformFile = (paths: ProjectPaths, mediaId: number) => join(paths.waveforms, `${mediaId}.dat`);

/** The item's playback proxy: `.svc/proxies/<media id>.mp4`. */
export const proxyFile = (paths: ProjectPaths, mediaId: number) => join(paths.proxies, `${mediaId}.mp4`);

/**
 * Removes an item's derived files: its thumbnail, scrub sprite, key-frame folder, waveform peaks and playback proxy, and the
 * files its rows recorded (relative to `.svc`; older releases named some differently). Nothing
 * outside `.svc` is touched. A file that cannot be removed goes to `onFailure` (relative to
 * `.svc`) and the others still go: a leftover is a cost, never a failure of what removed the item.
 */
export async function removeDerivedFiles(
  paths: ProjectPaths,
  mediaId: number,
  recorded: readonly (string | null)[],
  onFailure: (file: string, error: unknown) => void,
): Promise<void> {
  const targets = [
    ...recorded.filter((rel): rel is string => rel !== null).map((rel) => join(paths.dataDir, rel)),
    thumbFile(paths, mediaId),
    spriteFile(paths, mediaId),
    framesDir(paths, mediaId),
    waveformFile(paths, mediaId),
    proxyFile(paths, mediaId),
  ];
  for (const target of new Set(targets)) {
    const rel = relativeInside(paths.dataDir, target);
    if (rel === null) continue;
    try {
      await rm(target, { recursive: true, force: true });
    } catch (error) {
      onFailure(rel, error);
    }
  }
}
