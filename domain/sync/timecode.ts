/**
 * Sync by timecode: which recordings a camera clip's timecode falls in, and where. Both sides
 * are placed in the recorder's samples since midnight: the camera's start label counted at its
 * exact rate (drop frame handled by parseTimecode), the recording's start as the sample count
 * the recorder wrote (BWF TimeReference), so the offset is exact to the sample.
 */
import { type FrameRate, fpsOf, parseTimecode, rateLabel, timecodeBase } from "../../formats/timecode.js";

export interface CameraClip {
  id: number;
  rel_path: string;
  /** Start timecode label and the clip's exact frame rate; null when the clip has none. */
  timecode: { label: string; rate: FrameRate } | null;
  duration_s: number;
  shot_date: string | null;
  /** Audio streams the clip carries (0: no scratch track). */
  audio_tracks: number;
}

export interface SoundFile {
  id: number;
  rel_path: string;
  sample_rate: number;
  duration_s: number;
  shot_date: string | null;
  /** Samples since midnight at sample_rate where the recording starts; null when it has no timecode. */
  start_sample: number | null;
  /** The timecode rate the recorder ran at (iXML), when it says. */
  timecode_rate: FrameRate | null;
}

export interface TimecodeMatch {
  sound_id: number;
  offset_samples: number;
  confidence: number;
  reason: string;
}

/** What a timecode match is worth: alone, among several recordings, and across a pull-down. */
export const TIMECODE_CONFIDENCE = { sure: 0.9, shared: 0.75, pullDown: 0.65, otherFamily: 0.4 } as const;

/** Whether the two were recorded on the same day, as far as is known (an unknown day matches any). */
export const sameDay = (a: string | null, b: string | null): boolean => a === null || b === null || a === b;

const sameRate = (a: FrameRate, b: FrameRate) => a.num * b.den === b.num * a.den;

/**
 * Every recording of `sounds` the clip's timecode overlaps on its shoot day, with the offset of
 * the clip's first frame in it. A recorder on the camera's timecode base but not its exact rate
 * (23.976 against 24) was jammed by label: the offset counts labels and is flagged as a
 * pull-down mismatch; one on another base (25 against 24) cannot have been jammed from the same
 * clock and is flagged lower still.
 */
export function matchByTimecode(clip: CameraClip, sounds: readonly SoundFile[]): TimecodeMatch[] {
  if (!clip.timecode) return [];
  const { rate } = clip.timecode;
  let frames: number;
  try {
    frames = parseTimecode(clip.timecode.label, rate).frames;
  } catch {
    return [];
  }
  const found: (TimecodeMatch & { notes: string[] })[] = [];
  for (const sound of sounds) {
    if (sound.start_sample === null || !sameDay(clip.shot_date, sound.shot_date)) continue;
    const sr = sound.sample_rate;
    const theirs = sound.timecode_rate;
    const pullDown =
      theirs !== null && !sameRate(theirs, rate) && timecodeBase(theirs) === timecodeBase(rate);
    const otherFamily = theirs !== null && timecodeBase(theirs) !== timecodeBase(rate);
    // A label jammed across a pull-down is a frame number of the recorder's own rate.
    const per = pullDown && theirs ? theirs : rate;
    const start = Math.round((frames * per.den * sr) / per.num);
    const offset = start - sound.start_sample;
    if (offset <= -Math.round(clip.duration_s * sr) || offset >= Math.round(sound.duration_s * sr)) continue;
    const notes: string[] = [];
    let confidence: number = TIMECODE_CONFIDENCE.sure;
    if (pullDown && theirs) {
      notes.push(
        `pull-down mismatch: the recorder's timecode runs at ${rateLabel(theirs)} fps, the camera's at ${rateLabel(rate)}`,
      );
      confidence = TIMECODE_CONFIDENCE.pullDown;
    } else if (otherFamily && theirs) {
      notes.push(
        `timecode rates differ: the recorder's runs at ${rateLabel(theirs)} fps, the camera's at ${rateLabel(rate)}`,
      );
      confidence = TIMECODE_CONFIDENCE.otherFamily;
    }
    found.push({ sound_id: sound.id, offset_samples: offset, confidence, reason: "", notes });
  }
  return found.map(({ notes, ...match }) => {
    if (found.length > 1) {
      notes.push(`${found.length} recordings overlap this clip by timecode`);
      match.confidence = Math.min(match.confidence, TIMECODE_CONFIDENCE.shared);
    }
    return { ...match, reason: notes.join("; ") };
  });
}

/** An offset in samples at `sampleRate` as camera frames at `rate` (fractional). */
export const offsetFrames = (offsetSamples: number, sampleRate: number, rate: FrameRate): number =>
  (offsetSamples / sampleRate) * fpsOf(rate);

/** A nudge of `frames` camera frames as samples at `sampleRate`, rounded to the nearest sample. */
export const nudgeSamples = (frames: number, sampleRate: number, rate: FrameRate): number =>
  Math.round((frames * sampleRate * rate.den) / rate.num);
