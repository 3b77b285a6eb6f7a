import { canDropFrame, type FrameRate, framesToTimecode } from "./timecode.js";

/**
 * The timecode rate a BWF time reference is labelled at when the file's iXML does not say
 * (`<SPEED><TIMECODE_RATE>`): 25 fps non-drop, the rate svc's timelines fall back to as well.
 */
export const BWF_DEFAULT_RATE: FrameRate = { num: 25, den: 1 };

const SECONDS_PER_DAY = 86_400n;

/**
 * A count of samples since midnight (BWF `bext` TimeReference, iXML TIMESTAMP_SAMPLES_SINCE_MIDNIGHT)
 * as a timecode label at `rate`: the nearest frame, counted in real time (at 29.97 a frame lasts
 * 1001/30000 s), labelled in drop frame when asked and the rate has it. A count at or past 24 hours,
 * or one that is not a whole number, is not a time of day.
 */
export function samplesToTimecode(
  samples: string,
  sampleRate: number,
  rate: FrameRate,
  dropFrame: boolean,
): { timecode: string } | { reason: string } {
  const text = samples.trim();
  if (!/^\d{1,20}$/.test(text) || !Number.isSafeInteger(sampleRate) || sampleRate <= 0)
    return { reason: `not a sample count: ${text.slice(0, 24)}` };
  const count = BigInt(text);
  const perSecond = BigInt(sampleRate);
  if (count >= SECONDS_PER_DAY * perSecond)
    return { reason: `time reference ${text} samples at ${sampleRate} Hz is past 24 hours` };
  // Nearest frame in integer arithmetic: count × num / (rate × den), rounded half up.
  const denominator = perSecond * BigInt(rate.den);
  const frames = (2n * count * BigInt(rate.num) + denominator) / (2n * denominator);
  return { timecode: framesToTimecode(Number(frames), rate, dropFrame && canDropFrame(rate)) };
}
