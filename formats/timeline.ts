import { conformFrames, type FrameRate } from "./timecode.js";

/** What a marker is for: a plain marker, a to-do, or a chapter (FCPXML's three). */
export type MarkerKind = "marker" | "todo" | "chapter";

/** A scene start or an editor's marker inside a clip, as a marker in a timeline. */
export interface TimelineMarker {
  /** Frames at the clip's own rate from the start of its window (0 = the window's first frame). */
  offset: number;
  name: string;
  note?: string;
  /** One of DaVinci Resolve's sixteen marker colours by its lower-case name; absent: blue. */
  color?: string;
  /** Absent: a plain marker. */
  kind?: MarkerKind;
  /** Frames at the clip's own rate a marker lasts, when it lasts (at least one, inside the window). */
  duration?: number;
  /** Who made it (an editor's marker), for formats that keep metadata. */
  author?: string;
}

/** A recorder channel of a synced sound file: its number from 1, and its iXML name if any. */
export interface SoundChannel {
  index: number;
  name: string | null;
}

/**
 * The sound recorded apart for a camera clip (an accepted sync pair): the file, and where the
 * clip's first frame falls in it.
 */
export interface SyncedSound {
  name: string;
  url: string;
  sampleRate: number;
  /** Channels of the file. */
  channelCount: number;
  /** The recorder's channels the pair names (every channel of the file when it names none). */
  channels: SoundChannel[];
  /** Samples of the whole file. */
  samples: number;
  /** Source timecode of the file's first sample, frames at the camera clip's rate (0 when none). */
  sourceStart: number;
  dropFrame: boolean;
  /**
   * Where the camera file's first frame falls in the sound file, in samples at `sampleRate`;
   * negative when the recorder started after the camera.
   */
  offsetSamples: number;
}

/**
 * Where a clip's synced sound plays against its window, in exact time: seconds as `n / unit`,
 * with `unit` the clip rate's numerator times the sample rate, so frames and samples are both
 * whole multiples of it.
 */
export interface SoundSpan {
  unit: number;
  /** From the window's first frame to where the sound starts (0 unless the recorder started later). */
  delay: number;
  /** Where that is in the sound file, from its first sample. */
  soundIn: number;
  /** How long sound and window overlap. */
  length: number;
}

/** A named range of a file placed as a clip of its own. */
export interface ClipSubclip {
  name: string;
  note: string;
  color: string;
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
  /** The sound recorded apart for the clip, synced to it. */
  sound?: SyncedSound;
  /** This clip is a subclip of the file: its window is the subclip's range. */
  subclip?: ClipSubclip;
  /** An image sequence: `url` names its pattern (`shot.####.dpx`), this its frames. */
  sequence?: ClipSequence;
  /** The item's log: its tags, rating and rating note, for the formats that carry them. */
  log?: ClipLog;
}

/** What the editor logged on the item a clip comes from. */
export interface ClipLog {
  tags: string[];
  /** The rating as given (the web app's stars are "1" to "5"); empty when unrated. */
  rating: string;
  note: string;
}

/** A placed clip's note: its subclip's own for a subclip, else what the editor noted on the item. */
export const clipNote = (clip: Pick<TimelineClip, "subclip" | "log">): string =>
  clip.subclip ? clip.subclip.note : (clip.log?.note ?? "");

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
  /** The FCPXML event the project goes into; absent: one named as the timeline. */
  event?: string;
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

/** The name an NLE shows for a clip on the timeline: a subclip's own, else the file's. */
export const clipLabel = (clip: TimelineClip): string =>
  clip.subclip && clip.subclip.name.trim() !== "" ? clip.subclip.name : clip.name;

/**
 * Where the clip's synced sound overlaps its window, in exact time; null when it does not (the
 * recording ends before the window or starts after it).
 */
export function soundSpan(clip: TimelineClip): SoundSpan | null {
  const sound = clip.sound;
  if (!sound) return null;
  const { num, den } = clip.sourceRate;
  const unit = num * sound.sampleRate;
  // A frame lasts den * sampleRate units, a sample num units; the camera's first frame is at 0.
  const windowIn = clip.windowIn * den * sound.sampleRate;
  const windowOut = clip.windowOut * den * sound.sampleRate;
  const soundStart = -sound.offsetSamples * num;
  const soundEnd = (sound.samples - sound.offsetSamples) * num;
  const from = Math.max(windowIn, soundStart);
  const to = Math.min(windowOut, soundEnd);
  if (to <= from) return null;
  return { unit, delay: from - windowIn, soundIn: from - soundStart, length: to - from };
}

/** A span's time in whole frames at `rate`, to the nearest. */
export const spanFrames = (value: number, span: SoundSpan, rate: FrameRate): number =>
  Math.round((value * rate.num) / (span.unit * rate.den));

/** A span's time in whole samples at the sound's rate, to the nearest. */
export const spanSamples = (value: number, span: SoundSpan, sampleRate: number): number =>
  Math.round((value * sampleRate) / span.unit);
