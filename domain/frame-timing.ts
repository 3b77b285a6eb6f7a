/**
 * Whether a picture stream runs at a variable frame rate, judged from its presentation times (the
 * bounded window of packets the probe lists, adapters/ffprobe.ts PROBE_PACKETS), never from
 * comparing its two rate fields, which disagree for ordinary constant-rate interlaced or
 * edit-listed files.
 */

/** Fewer frame steps than this say nothing either way. */
const MIN_STEPS = 8;
/**
 * How far a frame step may stray from the usual one and still be the same rate: a millisecond
 * time base (Matroska) writes 23.976 as steps of 41 and 42 ms, so one tick of rounding is allowed
 * on top of a relative 5 %. A phone dimming from 30 to 24 fps moves a step by 25 %.
 */
const RELATIVE_TOLERANCE = 0.05;
const ABSOLUTE_TOLERANCE_S = 0.0015;

/**
 * true when the steps between consecutive presentation times (sorted: packets arrive in decode
 * order) vary beyond rounding; false when they are even; null when too few frames were seen.
 * Repeated or unusable times are skipped.
 */
export function isVariableRate(ptsSeconds: readonly number[]): boolean | null {
  const times = [...new Set(ptsSeconds.filter(Number.isFinite))].sort((a, b) => a - b);
  const steps = times.slice(1).map((t, i) => t - (times[i] as number));
  if (steps.length < MIN_STEPS) return null;
  const usual = [...steps].sort((a, b) => a - b)[Math.floor(steps.length / 2)] as number;
  const allowed = usual * RELATIVE_TOLERANCE + ABSOLUTE_TOLERANCE_S;
  return steps.some((step) => Math.abs(step - usual) > allowed);
}
