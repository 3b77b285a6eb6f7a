/**
 * What a sync run claims for one camera clip, from what timecode and waveform found. The rules
 * (docs/sync-and-marks.md, "Sound sync"):
 * - a pair is claimed only at or above the confidence floor (SVC_SYNC_MIN_CONFIDENCE);
 * - where both ran on a recording and agree within one camera frame, the pair is `both`, at the
 *   waveform's offset (the sound as heard), with the two confidences combined;
 * - where they disagree by more than a frame and the waveform is sure, the waveform wins and the
 *   reason says by how much the timecode is off;
 * - where the waveform is not sure, the timecode stands, saying the audio did not confirm it,
 *   unless the audio placed the clip in another recording: then the timecode pair drops below
 *   any sure claim (a jammed-wrong timecode is the likelier story).
 */
import type { TimecodeMatch } from "./timecode.js";

export type SyncMode = "timecode" | "waveform" | "both";

export type WaveformResult =
  | { sound_id: number; offset_samples: number; confidence: number }
  | { sound_id: number; missing: string };

export interface Claim {
  sound_id: number;
  offset_samples: number;
  method: SyncMode;
  confidence: number;
  reason: string;
}

export type Decision = { claims: Claim[] } | { unmatched: string };

/** A timecode pair the audio contradicts by pointing elsewhere is worth no more than this. */
const CONTRADICTED = 0.3;

const joined = (...parts: string[]) => parts.filter((p) => p !== "").join("; ");
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Merges one clip's findings. `samplesPerFrame(soundId)` is one camera frame in that recording's
 * samples, the tolerance within which the two methods agree.
 */
export function decide(
  timecode: readonly TimecodeMatch[],
  waveform: readonly WaveformResult[],
  opts: {
    floor: number;
    samplesPerFrame: (soundId: number) => number;
    sampleRate: (soundId: number) => number;
  },
): Decision {
  type Heard = Extract<WaveformResult, { confidence: number }>;
  const sure = (w: WaveformResult | undefined): Heard | null =>
    w !== undefined && "confidence" in w && w.confidence >= opts.floor ? w : null;
  const heard = new Map(waveform.map((w) => [w.sound_id, w]));
  const elsewhere = waveform.some(
    (w) => sure(w) !== null && !timecode.some((t) => t.sound_id === w.sound_id),
  );
  const claims: Claim[] = [];
  for (const t of timecode) {
    const w = heard.get(t.sound_id);
    const matched = sure(w);
    if (matched) {
      const apart = Math.abs(matched.offset_samples - t.offset_samples);
      if (apart <= opts.samplesPerFrame(t.sound_id))
        claims.push({
          sound_id: t.sound_id,
          offset_samples: matched.offset_samples,
          method: "both",
          confidence: round3(1 - (1 - t.confidence) * (1 - matched.confidence)),
          reason: t.reason,
        });
      else
        claims.push({
          sound_id: t.sound_id,
          offset_samples: matched.offset_samples,
          method: "waveform",
          confidence: matched.confidence,
          reason: joined(
            `timecode disagrees with the audio by ${(apart / opts.sampleRate(t.sound_id)).toFixed(3)} s`,
            t.reason,
          ),
        });
      continue;
    }
    const why =
      w === undefined
        ? ""
        : "missing" in w
          ? `the audio could not confirm it: ${w.missing}`
          : `the audio did not confirm it (waveform confidence ${w.confidence.toFixed(2)})`;
    claims.push({
      sound_id: t.sound_id,
      offset_samples: t.offset_samples,
      method: "timecode",
      confidence: elsewhere ? Math.min(t.confidence, CONTRADICTED) : t.confidence,
      reason: joined(t.reason, why, elsewhere ? "the audio matches another recording" : ""),
    });
  }
  for (const heardOnly of waveform) {
    const w = sure(heardOnly);
    if (!w || timecode.some((t) => t.sound_id === w.sound_id)) continue;
    claims.push({
      sound_id: w.sound_id,
      offset_samples: w.offset_samples,
      method: "waveform",
      confidence: w.confidence,
      reason: timecode.length > 0 ? "found by the audio; the timecode pointed to another recording" : "",
    });
  }
  const kept = claims.filter((c) => c.confidence >= opts.floor);
  if (kept.length > 0) return { claims: kept };
  return { unmatched: unmatchedReason(timecode, waveform, claims, opts.floor) };
}

function unmatchedReason(
  timecode: readonly TimecodeMatch[],
  waveform: readonly WaveformResult[],
  claims: readonly Claim[],
  floor: number,
): string {
  const best = claims.reduce<Claim | null>((b, c) => (b && b.confidence >= c.confidence ? b : c), null);
  if (best)
    return `best match (${best.method}) has confidence ${best.confidence.toFixed(2)}, below ${floor}${best.reason ? `: ${best.reason}` : ""}`;
  const heard = waveform.filter((w) => "confidence" in w) as { confidence: number }[];
  if (heard.length > 0) {
    const top = Math.max(...heard.map((w) => w.confidence));
    return `no recording matches the audio (best waveform confidence ${top.toFixed(2)}, below ${floor})`;
  }
  const missing = waveform.find((w) => "missing" in w) as { missing: string } | undefined;
  if (missing) return missing.missing;
  return timecode.length === 0 ? "no recording overlaps its timecode" : "no match";
}
