import { conformFrames, type FrameRate } from "./timecode.js";

/** A scene start (or any point of interest) inside a clip, as a marker in a timeline. */
export interface TimelineMarker {
  /** Frames at the clip's own rate from the start of its window (0 = the window's first frame). */
  offset: number;
  name: string;
  note?: string;
}

/**
 * One clip of a timeline. Everything about the source counts in frames at the clip's own rate
 * (`sourceRate`): its start timecode, its length, the window used, its markers. Only `recordIn`
 * counts at the timeline's rate; how long the window lasts there is `recordLength`.
 */
export interface TimelineClip {
  /** The file name, as NLEs show clip names. */
  name: string;
  kind: "video" | "audio" | "image";
  /** Where the original file is, as a `file://` URL (or a relative reference when the caller may not see paths). */
  url: string;
  /** The clip's own frame rate. A still or a sound file has none and takes the timeline's. */
  sourceRate: FrameRate;
  /** Whether the source timecode counts in drop frame (29.97 and 59.94 only). */
  dropFrame: boolean;
  /** Source timecode of the clip's first frame (0 when the file has none). */
  sourceStart: number;
  /** Frames of the whole file. */
  sourceDuration: number;
  /** The window used, frames from the file's first frame: in inclusive, out exclusive. */
  windowIn: number;
  windowOut: number;
  /** Where the window starts on the timeline, frames at the timeline rate from its start. */
  recordIn: number;
  audioTracks: number;
  /** Audio channels of the first track (FCPXML's audioChannels). */
  audioChannels: number;
  /** Samples per second of the first audio track. */
  audioRate: number;
  /** Coded size; the picture facts say how it is shown. */
  width: number | null;
  height: number | null;
  picture?: ClipPicture | undefined;
  markers: TimelineMarker[];
  /** An image sequence: `url` names its pattern (`shot.####.dpx`), this its frames. */
  sequence?: ClipSequence;
}

/** Where an image sequence's frames are and how they are named (OTIO's ImageSequenceReference). */
export interface ClipSequence {
  /** The frames' folder, as `url` is given, ending in `/`. */
  folderUrl: string;
  /** The first frame's file, as `url` is given: what FCPXML and xmeml point at. */
  firstFrameUrl: string;
  /** The name before the frame number (`shot.`) and after it (`.dpx`). */
  prefix: string;
  suffix: string;
  padding: number;
  /** The first frame's number. */
  first: number;
}

/** How a clip's coded picture is shown; absent: square pixels, progressive, SDR. */
export interface ClipPicture {
  /** The file's pixel aspect, `num:den`. */
  pixelAspect: string;
  /** The editor's anamorphic desqueeze; 1 for none. */
  desqueeze: number;
  /** `tff` or `bff` for interlaced footage, else null. */
  fieldOrder: string | null;
  /** `pq` or `hlg` for HDR, else null. */
  hdr: string | null;
}

export interface Timeline {
  name: string;
  rate: FrameRate;
  dropFrame: boolean;
  /** Record timecode of the first frame (01:00:00:00 by convention). */
  start: number;
  clips: TimelineClip[];
}

/** Frames of the window at the clip's own rate. */
export const sourceLength = (clip: TimelineClip): number => clip.windowOut - clip.windowIn;

export const sameRate = (a: FrameRate, b: FrameRate): boolean => a.num * b.den === b.num * a.den;

/**
 * Frames at the timeline's rate that `frames` of the clip's own rate last: the nearest whole
 * frame, as an NLE conforms a clip of another rate to its frame grid. A clip of the timeline's
 * rate keeps its count exactly.
 */
export const toRecordFrames = (clip: TimelineClip, frames: number, rate: FrameRate): number =>
  conformFrames(frames, clip.sourceRate, rate);

/** Frames the window lasts on a timeline at `rate`; never less than one. */
export const recordLength = (clip: TimelineClip, rate: FrameRate): number =>
  Math.max(1, toRecordFrames(clip, sourceLength(clip), rate));

/** Where a marker falls on the timeline, frames at `rate` from the clip's record in: inside the clip. */
export const markerRecordOffset = (clip: TimelineClip, marker: TimelineMarker, rate: FrameRate): number =>
  Math.min(toRecordFrames(clip, marker.offset, rate), recordLength(clip, rate) - 1);

/** Frames the timeline runs: the end of its last clip. */
export const timelineLength = (timeline: Timeline): number =>
  timeline.clips.reduce((end, clip) => Math.max(end, clip.recordIn + recordLength(clip, timeline.rate)), 0);

export const hasPicture = (clip: TimelineClip): boolean => clip.kind !== "audio";
export const hasSound = (clip: TimelineClip): boolean => clip.kind !== "image" && clip.audioTracks > 0;
