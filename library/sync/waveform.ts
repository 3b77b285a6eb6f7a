import { bestLag, matchEnvelope } from "../../domain/sync/correlate.js";
import type { WaveformResult } from "../../domain/sync/decide.js";
import { coarsen, peakLevel } from "../../domain/sync/envelope.js";
import type { CameraClip, SoundFile } from "../../domain/sync/timecode.js";
import { BASE_ENVELOPE_RATE, envelopeMerge, type SyncSignals } from "./signals.js";

/** An envelope whose loudest block is below this (−60 dBFS RMS) is silence. */
export const SILENT_LEVEL = 0.001;
/** The longest stretch of the clip decoded at full rate to place the match to the sample. */
const REFINE_S = 6;
/** A second peak this close to the best one is the same peak. */
const EXCLUSION_S = 0.5;

/**
 * The clip's scratch audio against one recording: the envelopes place it to the envelope's
 * resolution and say how sure that is (domain/sync/correlate.ts, matchEnvelope); a sure match is
 * then placed to the sample by correlating the loudest few seconds of the clip at the recording's
 * own rate against a short window of the recording around that place.
 */
export async function matchByWaveform(
  signals: SyncSignals,
  clip: CameraClip,
  clipEnvelope: Float32Array,
  sound: SoundFile,
  floor: number,
): Promise<WaveformResult> {
  const merge = envelopeMerge(sound.duration_s);
  const rate = BASE_ENVELOPE_RATE / merge;
  const recording = await signals.recording(sound.id, sound.rel_path, sound.duration_s);
  if (peakLevel(recording) < SILENT_LEVEL) return { sound_id: sound.id, missing: "the recording is silent" };
  const match = matchEnvelope(coarsen(clipEnvelope, merge), recording, Math.round(EXCLUSION_S * rate));
  if (!match) return { sound_id: sound.id, missing: "the clip and the recording barely overlap" };
  const sr = sound.sample_rate;
  const confidence = Math.round(match.confidence * 1000) / 1000;
  const coarse = Math.round((match.lag / rate) * sr);
  if (confidence < floor) return { sound_id: sound.id, offset_samples: coarse, confidence };

  const offsetS = match.lag / rate;
  const margin = Math.max(0.05, 3 / rate);
  const [from, to] = [Math.max(0, -offsetS), Math.min(clip.duration_s, sound.duration_s - offsetS)];
  const segment = loudest(clipEnvelope, from, to, REFINE_S);
  const segmentStart = Math.round(segment.startS * sr);
  const windowStart = Math.round((offsetS + segmentStart / sr - margin) * sr);
  const windowLength = Math.round((segment.durationS + 2 * margin) * sr);
  const scratch = await signals.window(clip.rel_path, sr, segmentStart / sr, segment.durationS);
  const heard = await signals.window(
    sound.rel_path,
    sr,
    Math.max(0, windowStart) / sr,
    (windowLength + Math.min(0, windowStart)) / sr,
  );
  // Before the recording began there is nothing: zeros stand in for it.
  const window = new Float32Array(Math.max(windowLength, scratch.length));
  window.set(heard.subarray(0, window.length - Math.max(0, -windowStart)), Math.max(0, -windowStart));
  if (scratch.length === 0 || peakLevel(scratch) < SILENT_LEVEL)
    return { sound_id: sound.id, offset_samples: coarse, confidence };
  const lag = bestLag(scratch, window);
  return {
    sound_id: sound.id,
    offset_samples: windowStart + lag - segmentStart,
    confidence,
  };
}

/** The loudest stretch of at most `lengthS` seconds between `fromS` and `toS`, by the envelope. */
function loudest(
  envelope: Float32Array,
  fromS: number,
  toS: number,
  lengthS: number,
): { startS: number; durationS: number } {
  const first = Math.max(0, Math.ceil(fromS * BASE_ENVELOPE_RATE));
  const last = Math.min(envelope.length, Math.floor(toS * BASE_ENVELOPE_RATE));
  const width = Math.min(last - first, Math.round(lengthS * BASE_ENVELOPE_RATE));
  if (width <= 0) return { startS: fromS, durationS: Math.max(0.01, Math.min(lengthS, toS - fromS)) };
  let sum = 0;
  for (let i = first; i < first + width; i += 1) sum += (envelope[i] as number) ** 2;
  let [best, bestAt] = [sum, first];
  for (let i = first + 1; i + width <= last; i += 1) {
    sum += (envelope[i + width - 1] as number) ** 2 - (envelope[i - 1] as number) ** 2;
    if (sum > best) [best, bestAt] = [sum, i];
  }
  return { startS: bestAt / BASE_ENVELOPE_RATE, durationS: width / BASE_ENVELOPE_RATE };
}
