import { readFile } from "node:fs/promises";
import type { Ffmpeg } from "../../adapters/ffmpeg.js";
import type { Images } from "../../adapters/images.js";
import { waveformSvg } from "../../formats/waveform.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { thumbFile } from "../../state/derived-files.js";
import { derivedRelative } from "../../state/paths.js";
import { lutForItem } from "../luts.js";
import { peaksTimeoutMs, storePeaks } from "./peaks.js";
import { type Stage, type StageDeps, StageError, type StageItem, type StageResult } from "./types.js";

export const THUMB_WIDTH = 480;
const WAVEFORM_HEIGHT = 120;
// Positions tried in turn (fractions of the duration): the middle first, then outwards.
const POSITIONS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9];
// Below this mean luma (0–255) with almost no spread, a frame is black or a flat fade.
const DARK_MEAN = 24;
const FLAT_STDEV = 6;

const dark = ({ mean, stdev }: { mean: number; stdev: number }) => mean < DARK_MEAN && stdev < FLAT_STDEV;

/**
 * The thumbnail among the frames the analysis pass kept (JPEGs at thumbnail size): the one
 * nearest each position in turn until one is not black, the brightest tried if all are; null when
 * the pass kept none.
 */
export async function thumbnailFromSamples(
  samples: readonly { timeS: number; file: string }[],
  durationS: number,
  images: Images,
): Promise<Buffer | null> {
  if (samples.length === 0) return null;
  const tried = new Set<string>();
  let best: { picture: Buffer; mean: number } | null = null;
  for (const fraction of POSITIONS) {
    const at = fraction * durationS;
    const nearest = samples.reduce((a, b) => (Math.abs(b.timeS - at) < Math.abs(a.timeS - at) ? b : a));
    if (tried.has(nearest.file)) continue;
    tried.add(nearest.file);
    const picture = await readFile(nearest.file);
    const light = await images.luma(picture);
    if (!dark(light)) return picture;
    if (!best || light.mean > best.mean) best = { picture, mean: light.mean };
  }
  return best?.picture ?? null;
}

/**
 * A frame near the middle that is not black, found by seeking; the brightest tried frame if every
 * one is dark. For a clip the analysis pass kept no frame of, and for one whose colour profile
 * changed (`lut` renders through it).
 */
export async function videoThumbnail(
  item: Pick<StageItem, "input" | "durationS">,
  adapters: { ffmpeg: Ffmpeg | null; images: Images },
  signal: AbortSignal,
  lut?: string,
): Promise<Buffer> {
  const { ffmpeg, images } = adapters;
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
      png = await ffmpeg.frameAt(item.input, at, THUMB_WIDTH, signal, keyframe, lut);
    } catch (error) {
      if (signal.aborted) throw error;
      lastError = error;
      continue;
    }
    const light = await images.luma(png);
    if (!dark(light)) return png;
    if (!best || light.mean > best.mean) best = { png, mean: light.mean };
  }
  if (best) return best.png;
  throw new StageError(
    `no frame could be decoded: ${(lastError as Error | undefined)?.message ?? "unknown"}`,
  );
}

/** A still's thumbnail; through ffmpeg when a colour profile's LUT applies (sharp has no 3D LUTs). */
export async function stillThumbnail(
  absPath: string,
  adapters: { ffmpeg: Ffmpeg | null; images: Images },
  signal: AbortSignal,
  lut: string | undefined,
): Promise<Buffer> {
  const { ffmpeg, images } = adapters;
  if (!lut) return images.thumbnail(absPath, THUMB_WIDTH);
  if (!ffmpeg) throw new StageError("ffmpeg is not available");
  return images.thumbnail(await ffmpeg.frameAt(absPath, 0, THUMB_WIDTH, signal, false, lut), THUMB_WIDTH);
}

async function picture(
  item: StageItem & { kind: "image" | "audio" },
  deps: StageDeps,
  signal: AbortSignal,
): Promise<Buffer> {
  const { images } = deps.adapters;
  switch (item.kind) {
    case "image":
      try {
        const profile = deps.store.media.get(item.mediaId)?.color_profile;
        return await stillThumbnail(
          item.absPath,
          deps.adapters,
          signal,
          await lutForItem(deps.config, profile, deps.log),
        );
      } catch (error) {
        throw new StageError(`image could not be decoded: ${(error as Error).message}`);
      }
    case "audio":
      return images.thumbnail(await soundPicture(item, deps, signal), THUMB_WIDTH);
  }
}

/**
 * An audio file's thumbnail is a picture of its waveform peaks (pipeline/stages/peaks.ts), drawn
 * from the one decode that makes them: every channel counts, so a polyphonic recording with no
 * channel layout, which ffmpeg cannot mix down, is drawn too.
 */
async function soundPicture(item: StageItem, deps: StageDeps, signal: AbortSignal): Promise<Buffer> {
  const { ffmpeg } = deps.adapters;
  if (!ffmpeg) throw new StageError("ffmpeg is not available");
  const peaks = await ffmpeg.audioPeaks(item.input, peaksTimeoutMs(item.durationS), signal);
  await storePeaks(deps, item.mediaId, peaks, "the sound held no sample");
  return Buffer.from(waveformSvg(peaks, THUMB_WIDTH, WAVEFORM_HEIGHT));
}

// A video's thumbnail is one of the frames its analysis pass keeps, so it costs no decode here.
const TAKEN_BY_FRAMES: StageResult = { status: "done", detail: "taken by the frames stage" };

export const thumbnailsStage: Stage = {
  name: "thumbnails",
  resource: "cpu",
  settle: (item) => (item.kind === "video" ? TAKEN_BY_FRAMES : null),
  async run(item, deps, signal) {
    if (item.kind === "video") return TAKEN_BY_FRAMES;
    const jpeg = await picture({ ...item, kind: item.kind }, deps, signal);
    const file = thumbFile(deps.store.paths, item.mediaId);
    await writeFileAtomic(file, jpeg);
    return { status: "done", thumbPath: derivedRelative(deps.store.paths, file) };
  },
};
