import { oneLine } from "./clean-text.js";
import { canDropFrame, type FrameRate, rateLabel } from "./timecode.js";
import {
  hasPicture,
  hasSound,
  recordLength,
  sourceLength,
  type Timeline,
  type TimelineClip,
} from "./timeline.js";

/** Where a clip's media sits in source time, in frames at the clip's own rate. */
export interface ClipMedia {
  /** Source timecode of the file's first frame. */
  start: number;
  /** Frames of the whole file. */
  duration: number;
  /** The window's first frame, counted from the file's first frame. */
  in: number;
}

/**
 * A still has no timecode and no length of its own, so its media is exactly the window it is
 * shown for; every NLE then agrees on where its markers fall.
 */
export function mediaOf(clip: TimelineClip): ClipMedia {
  if (clip.kind === "image") return { start: 0, duration: sourceLength(clip), in: 0 };
  return { start: clip.sourceStart, duration: clip.sourceDuration, in: clip.windowIn };
}

export type TrackItem =
  | { kind: "gap"; recordIn: number; length: number }
  | { kind: "clip"; recordIn: number; length: number; clip: TimelineClip };

const isFrameCount = (n: number) => Number.isSafeInteger(n) && n >= 0;
const isRate = (rate: FrameRate) =>
  Number.isSafeInteger(rate.num) && Number.isSafeInteger(rate.den) && rate.num > 0 && rate.den > 0;

function checkClip(clip: TimelineClip): void {
  const label = `clip "${oneLine(clip.name)}"`;
  if (!isRate(clip.sourceRate))
    throw new RangeError(
      `${label}: its rate is not a fraction of whole numbers (${JSON.stringify(clip.sourceRate)})`,
    );
  if (clip.dropFrame && !canDropFrame(clip.sourceRate))
    throw new RangeError(`${label}: drop frame needs 29.97 or 59.94, not ${rateLabel(clip.sourceRate)}`);
  for (const key of [
    "recordIn",
    "windowIn",
    "windowOut",
    "sourceStart",
    "sourceDuration",
    "audioTracks",
    "audioChannels",
    "audioRate",
  ] as const)
    if (!isFrameCount(clip[key]))
      throw new RangeError(`${label}: ${key} is not a whole count (${clip[key]})`);
  if (clip.windowOut <= clip.windowIn)
    throw new RangeError(`${label}: its window is empty (frames ${clip.windowIn} to ${clip.windowOut})`);
  if (clip.kind !== "image" && clip.windowOut > clip.sourceDuration)
    throw new RangeError(
      `${label}: its window ends at frame ${clip.windowOut}, past the file's ${clip.sourceDuration} frames`,
    );
  if (!hasPicture(clip) && !hasSound(clip))
    throw new RangeError(`${label}: it has neither picture nor sound`);
  for (const marker of clip.markers) {
    if (!isFrameCount(marker.offset) || marker.offset >= sourceLength(clip))
      throw new RangeError(
        `${label}: marker "${oneLine(marker.name)}" at frame ${marker.offset} is outside its ${sourceLength(clip)} frames`,
      );
    if (
      marker.duration !== undefined &&
      (!isFrameCount(marker.duration) ||
        marker.duration < 1 ||
        marker.offset + marker.duration > sourceLength(clip))
    )
      throw new RangeError(
        `${label}: marker "${oneLine(marker.name)}" lasts past its window (${marker.duration} frames)`,
      );
  }
  const sound = clip.sound;
  if (sound) {
    const whole = [sound.sampleRate, sound.samples, sound.channelCount, sound.sourceStart];
    if (!whole.every(isFrameCount) || sound.sampleRate === 0 || !Number.isSafeInteger(sound.offsetSamples))
      throw new RangeError(`${label}: its synced sound "${oneLine(sound.name)}" is not whole counts`);
    if (sound.channels.some((c) => !Number.isSafeInteger(c.index) || c.index < 1))
      throw new RangeError(`${label}: its synced sound names a channel that is not a number from 1`);
  }
}

/**
 * The timeline's clips in record order. Every writer puts them one after another on a track, so
 * a timeline whose clips overlap, or whose positions are not whole frames inside their files, is
 * refused with a RangeError that names the clip rather than written wrong.
 */
export function orderedClips(timeline: Timeline): TimelineClip[] {
  if (!isRate(timeline.rate))
    throw new RangeError(
      `timeline rate is not a fraction of whole numbers (${JSON.stringify(timeline.rate)})`,
    );
  if (!isFrameCount(timeline.start))
    throw new RangeError(`timeline start is not a whole frame count (${timeline.start})`);
  if (timeline.dropFrame && !canDropFrame(timeline.rate))
    throw new RangeError(`timeline: drop frame needs 29.97 or 59.94, not ${rateLabel(timeline.rate)}`);
  const clips = [...timeline.clips].sort((a, b) => a.recordIn - b.recordIn);
  let previous: TimelineClip | undefined;
  for (const clip of clips) {
    checkClip(clip);
    const previousEnd = previous ? previous.recordIn + recordLength(previous, timeline.rate) : 0;
    if (previous && clip.recordIn < previousEnd)
      throw new RangeError(
        `clip "${oneLine(clip.name)}" starts at frame ${clip.recordIn}, before "${oneLine(previous.name)}" ends at frame ${previousEnd}`,
      );
    previous = clip;
  }
  return clips;
}

/**
 * Clips in record order with a gap before each one that starts after the previous one ends;
 * lengths in frames at the timeline's `rate`.
 */
export function withGaps(clips: readonly TimelineClip[], rate: FrameRate): TrackItem[] {
  const items: TrackItem[] = [];
  let end = 0;
  for (const clip of clips) {
    const length = recordLength(clip, rate);
    if (clip.recordIn > end) items.push({ kind: "gap", recordIn: end, length: clip.recordIn - end });
    items.push({ kind: "clip", recordIn: clip.recordIn, length, clip });
    end = clip.recordIn + length;
  }
  return items;
}
