import type { FrameRate } from "./timecode.js";

/** A scene start (or any point of interest) inside a clip, as a marker in a timeline. */
export interface TimelineMarker {
  /** Frames from the start of the clip's window (0 = the clip's first frame on the timeline). */
  offset: number;
  name: string;
  note?: string;
}

/**
 * One clip of a timeline, positions in whole frames at the timeline's rate. Source positions are
 * source timecode (the clip's start timecode plus its trim), record positions count from the
 * timeline's first frame.
 */
export interface TimelineClip {
  /** The file name, as NLEs show clip names. */
  name: string;
  kind: "video" | "audio" | "image";
  /** Where the original file is, as a `file://` URL (or a relative reference when the caller may not see paths). */
  url: string;
  /** Source timecode of the clip's first frame (0 when the file has none). */
  sourceStart: number;
  /** Frames of the whole file. */
  sourceDuration: number;
  /** The window used, frames from the file's first frame: in inclusive, out exclusive. */
  windowIn: number;
  windowOut: number;
  /** Where the window starts on the timeline, frames from the timeline start. */
  recordIn: number;
  audioTracks: number;
  /** Audio channels of the first track (FCPXML's audioChannels); 2 when unknown. */
  audioChannels: number;
  width: number | null;
  height: number | null;
  /** Whether the source timecode counts in drop frame. */
  dropFrame: boolean;
  markers: TimelineMarker[];
}

export interface Timeline {
  name: string;
  rate: FrameRate;
  dropFrame: boolean;
  /** Record timecode of the first frame (01:00:00:00 by convention). */
  start: number;
  clips: TimelineClip[];
}

export const windowLength = (clip: TimelineClip): number => clip.windowOut - clip.windowIn;

/** Frames the timeline runs: the end of its last clip. */
export const timelineLength = (timeline: Timeline): number =>
  timeline.clips.reduce((end, clip) => Math.max(end, clip.recordIn + windowLength(clip)), 0);

export const hasPicture = (clip: TimelineClip): boolean => clip.kind !== "audio";
export const hasSound = (clip: TimelineClip): boolean => clip.kind !== "image" && clip.audioTracks > 0;
