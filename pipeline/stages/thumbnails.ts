import { join } from "node:path";
import { writeFileAtomic } from "../../state/atomic.js";
import { derivedRelative } from "../../state/paths.js";
import { type Stage, type StageDeps, StageError, type StageItem } from "./types.js";

export const THUMB_WIDTH = 480;
const WAVEFORM_HEIGHT = 120;
// Positions tried in turn (fractions of the duration): the middle first, then outwards.
const POSITIONS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
// Below this mean luma (0–255) with almost no spread, a frame is black or a flat fade.
const DARK_MEAN = 24;
const FLAT_STDEV = 6;

/** A frame near the middle that is not black; the brightest tried frame if every one is dark. */
async function videoThumbnail(item: StageItem, deps: StageDeps, signal: AbortSignal): Promise<Buffer> {
  const { ffmpeg, images } = deps.adapters;
  if (!ffmpeg) throw new StageError("ffmpeg is not available");
  const duration = item.durationS ?? 0;
  const times = duration > 0 ? POSITIONS.map((f) => f * duration) : [0];
  // The key frame nearest the middle costs one decoded frame; exact seeks are the fallback.
  const attempts = [{ at: times[0] ?? 0, keyframe: true }, ...times.map((at) => ({ at, keyframe: false }))];
  let best: { png: Buffer; mean: number } | null = null;
  let lastError: unknown;
  for (const { at, keyframe } of attempts) {
    let png: Buffer;
    try {
      png = await ffmpeg.frameAt(item.absPath, at, THUMB_WIDTH, signal, keyframe);
    } catch (error) {
      if (signal.aborted) throw error;
      lastError = error;
      continue;
    }
    const { mean, stdev } = await images.luma(png);
    if (mean >= DARK_MEAN || stdev >= FLAT_STDEV) return png;
    if (!best || mean > best.mean) best = { png, mean };
  }
  if (best) return best.png;
  throw new StageError(
    `no frame could be decoded: ${(lastError as Error | undefined)?.message ?? "unknown"}`,
  );
}

async function picture(item: StageItem, deps: StageDeps, signal: AbortSignal): Promise<Buffer> {
  const { ffmpeg, images } = deps.adapters;
  switch (item.kind) {
    case "video":
      return images.thumbnail(await videoThumbnail(item, deps, signal), THUMB_WIDTH);
    case "image":
      try {
        return await images.thumbnail(item.absPath, THUMB_WIDTH);
      } catch (error) {
        throw new StageError(`image could not be decoded: ${(error as Error).message}`);
      }
    case "audio": {
      if (!ffmpeg) throw new StageError("ffmpeg is not available");
      return images.thumbnail(
        await ffmpeg.waveform(item.absPath, THUMB_WIDTH, WAVEFORM_HEIGHT, signal),
        THUMB_WIDTH,
      );
    }
  }
}

export const thumbnailsStage: Stage = {
  name: "thumbnails",
  resource: "cpu",
  async run(item, deps, signal) {
    const jpeg = await picture(item, deps, signal);
    const file = join(deps.store.paths.thumbs, `${item.mediaId}.jpg`);
    await writeFileAtomic(file, jpeg);
    return { status: "done", thumbPath: derivedRelative(deps.store.paths, file) };
  },
};
