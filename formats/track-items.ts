import { oneLine } from "./clean-text.js";
import { hasPicture, hasSound, type Timeline, type TimelineClip, windowLength } from "./timeline.js";

/** Where a clip's media sits in source time, in frames at the timeline rate. */
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
  if (clip.kind === "image") return { start: 0, duration: windowLength(clip), in: 0 };
  return { start: clip.sourceStart, duration: clip.sourceDuration, in: clip.windowIn };
}

export type TrackItem =
  | { kind: "gap"; recordIn: number; length: number }
  | { kind: "clip"; recordIn: number; length: number; clip: TimelineClip };

const isFrameCount = (n: number) => Number.isSafeInteger(n) && n >= 0;

function checkClip(clip: TimelineClip): void {
  const label = `clip "${oneLine(clip.name)}"`;
  for (const key of [
    "recordIn",
    "windowIn",
    "windowOut",
    "sourceStart",
    "sourceDuration",
    "audioTracks",
    "audioChannels",
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
  for (const marker of clip.markers)
    if (!isFrameCount(marker.offset) || marker.offset >= windowLength(clip))
      throw new RangeError(
        `${label}: marker "${oneLine(marker.name)}" at frame ${marker.offset} is outside its ${windowLength(clip)} frames`,
      );
}

/**
 * The timeline's clips in record order. Every writer puts them one after another on a track, so
 * a timeline whose clips overlap, or whose positions are not whole frames inside their files, is
 * refused with a RangeError that names the clip rather than written wrong.
 */
export function orderedClips(timeline: Timeline): TimelineClip[] {
  if (!isFrameCount(timeline.start))
    throw new RangeError(`timeline start is not a whole frame count (${timeline.start})`);
  const clips = [...timeline.clips].sort((a, b) => a.recordIn - b.recordIn);
  let previous: TimelineClip | undefined;
  for (const clip of clips) {
    checkClip(clip);
    const previousEnd = previous ? previous.recordIn + windowLength(previous) : 0;
    if (previous && clip.recordIn < previousEnd)
      throw new RangeError(
        `clip "${oneLine(clip.name)}" starts at frame ${clip.recordIn}, before "${oneLine(previous.name)}" ends at frame ${previousEnd}`,
      );
    previous = clip;
  }
  return clips;
}

/** Clips in record order with a gap before each one that starts after the previous one ends. */
export function withGaps(clips: readonly TimelineClip[]): TrackItem[] {
  const items: TrackItem[] = [];
  let end = 0;
  for (const clip of clips) {
    if (clip.recordIn > end) items.push({ kind: "gap", recordIn: end, length: clip.recordIn - end });
    items.push({ kind: "clip", recordIn: clip.recordIn, length: windowLength(clip), clip });
    end = clip.recordIn + windowLength(clip);
  }
  return items;
}
