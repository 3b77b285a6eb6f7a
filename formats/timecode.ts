/**
 * SMPTE timecode and frame arithmetic on exact rational frame rates. Positions are whole frame
 * counts; seconds and FCPXML times are derived from them with integer arithmetic, so nothing
 * drifts over a day of frames. Written here rather than taken from npm: the one maintained
 * package (smpte-timecode) keeps the rate as a float rounded to two decimals and has no seconds
 * or rational-time conversions, which is exactly where drift comes from.
 */

/** A frame rate as an exact fraction: 24000/1001 is 23.976. */
export interface FrameRate {
  readonly num: number;
  readonly den: number;
}

/** The rates NLEs agree on; a probed rate is snapped to the nearest of them. */
export const STANDARD_RATES: readonly (FrameRate & { label: string })[] = [
  { label: "23.976", num: 24000, den: 1001 },
  { label: "24", num: 24, den: 1 },
  { label: "25", num: 25, den: 1 },
  { label: "29.97", num: 30000, den: 1001 },
  { label: "30", num: 30, den: 1 },
  { label: "48", num: 48, den: 1 },
  { label: "50", num: 50, den: 1 },
  { label: "59.94", num: 60000, den: 1001 },
  { label: "60", num: 60, den: 1 },
];

// A probed rate further than this from every standard rate is kept as a whole number per second.
const SNAP_TOLERANCE = 0.01;

export const fpsOf = (rate: FrameRate): number => rate.num / rate.den;

/** The rate of `candidates` closest to `fps`, and how far off it is (relative). */
function closestStandard(
  fps: number,
  candidates: readonly FrameRate[] = STANDARD_RATES,
): { rate: FrameRate; error: number } {
  if (!Number.isFinite(fps) || fps <= 0) throw new RangeError(`not a frame rate: ${fps}`);
  let rate: FrameRate = candidates[0] as FrameRate;
  let error = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const off = Math.abs(fpsOf(candidate) - fps) / fpsOf(candidate);
    if (off < error) [rate, error] = [candidate, off];
  }
  return { rate: { num: rate.num, den: rate.den }, error };
}

/** The standard rate closest to a probed frames-per-second value (within 1 %), else its whole-number rounding. */
export function snapRate(fps: number): FrameRate {
  const { rate, error } = closestStandard(fps);
  return error <= SNAP_TOLERANCE ? rate : { num: Math.max(1, Math.round(fps)), den: 1 };
}

/**
 * The rate an NLE should count a clip at, from its exact rational: the standard rate it is within
 * 1 % of (a container's imprecise 2997/100 is 29.97), else the rational as it is (12.5 stays 25/2,
 * 119.88 stays 120000/1001), where `snapRate` could only round to whole frames per second.
 */
export function snapExactRate(rate: FrameRate): FrameRate {
  const { rate: standard, error } = closestStandard(fpsOf(rate));
  return error <= SNAP_TOLERANCE ? standard : { num: rate.num, den: rate.den };
}

/** The fastest rate a probe is believed: a header claiming more is bad input (issue 29). */
export const MAX_FPS = 1000;

/**
 * A rate as ffprobe prints it (`24000/1001`, `25/1`, `25`), reduced; null for 0/0, a zero or
 * negative rate, a fraction that is not whole numbers, or more than MAX_FPS frames per second.
 */
export function parseFrameRate(text: string | undefined | null): FrameRate | null {
  const match = /^\s*(\d{1,12})(?:\/(\d{1,12}))?\s*$/.exec(text ?? "");
  if (!match) return null;
  const num = Number(match[1]);
  const den = Number(match[2] ?? 1);
  if (num === 0 || den === 0 || num / den > MAX_FPS) return null;
  const divisor = gcd(num, den);
  return { num: num / divisor, den: den / divisor };
}

/** A rate as the text `fps_rational` stores: `24000/1001`, `25/1`. */
export const frameRateText = (rate: FrameRate): string => `${rate.num}/${rate.den}`;

/**
 * The standard rate closest to `fps`, however far: what a timeline an NLE opens must run at. A
 * whole-number rate stays among the whole-number ones (12 → 24, not 23.976).
 */
export function nearestStandardRate(fps: number): FrameRate {
  const whole = Math.abs(fps - Math.round(fps)) < 0.01;
  return closestStandard(fps, whole ? STANDARD_RATES.filter((r) => r.den === 1) : STANDARD_RATES).rate;
}

/** The rate's label as people write it ("29.97", "25", "12"). */
export function rateLabel(rate: FrameRate): string {
  const standard = STANDARD_RATES.find((r) => r.num * rate.den === rate.num * r.den);
  return standard?.label ?? String(Math.round(fpsOf(rate) * 1000) / 1000);
}

/** Frames counted per second of timecode: 30 for 29.97, 24 for 23.976. */
export const timecodeBase = (rate: FrameRate): number => Math.round(rate.num / rate.den);

/** Drop-frame timecode exists for 29.97 and 59.94 only. */
export const canDropFrame = (rate: FrameRate): boolean =>
  rate.den === 1001 && (timecodeBase(rate) === 30 || timecodeBase(rate) === 60);

// Frame numbers skipped at each minute that is not a multiple of ten.
const droppedPerMinute = (rate: FrameRate) => (timecodeBase(rate) === 60 ? 4 : 2);

const HOURS_WRAP = 24;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A frame count as `HH:MM:SS:FF` (`HH:MM:SS;FF` in drop frame, the default for 29.97 and 59.94).
 * Hours wrap at 24, as timecode does.
 */
export function framesToTimecode(frames: number, rate: FrameRate, dropFrame = canDropFrame(rate)): string {
  if (!Number.isSafeInteger(frames) || frames < 0) throw new RangeError(`not a frame count: ${frames}`);
  if (dropFrame && !canDropFrame(rate))
    throw new RangeError(`drop frame needs 29.97 or 59.94, not ${rateLabel(rate)}`);
  const base = timecodeBase(rate);
  let label = frames;
  if (dropFrame) {
    const drop = droppedPerMinute(rate);
    const perTenMinutes = base * 600 - drop * 9;
    const perMinute = base * 60 - drop;
    const tens = Math.floor(frames / perTenMinutes);
    const rest = frames % perTenMinutes;
    label += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const ff = label % base;
  const ss = Math.floor(label / base) % 60;
  const mm = Math.floor(label / (base * 60)) % 60;
  const hh = Math.floor(label / (base * 3600)) % HOURS_WRAP;
  return `${pad(hh)}:${pad(mm)}:${pad(ss)}${dropFrame ? ";" : ":"}${pad(ff, String(base - 1).length)}`;
}

const TIMECODE = /^(\d{2}):(\d{2}):(\d{2})([:;.,])(\d{2,3})$/;

export interface ParsedTimecode {
  frames: number;
  dropFrame: boolean;
}

/**
 * Reads `HH:MM:SS:FF` (or `;`, `.`, `,` before the frames, which mark drop frame) at `rate`.
 * Throws on a label that cannot exist: frames past the rate, or a drop-frame label that was
 * dropped (00:01:00;00 at 29.97).
 */
export function parseTimecode(text: string, rate: FrameRate): ParsedTimecode {
  const match = TIMECODE.exec(text.trim());
  if (!match) throw new RangeError(`not a timecode: ${text.slice(0, 32)}`);
  const [hh, mm, ss, separator, ff] = [
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
    match[4],
    Number(match[5]),
  ];
  const base = timecodeBase(rate);
  const dropFrame = separator !== ":" && canDropFrame(rate);
  if (mm > 59 || ss > 59 || ff >= base)
    throw new RangeError(`not a timecode at ${rateLabel(rate)} fps: ${text}`);
  const totalMinutes = hh * 60 + mm;
  let frames = (totalMinutes * 60 + ss) * base + ff;
  if (dropFrame) {
    const drop = droppedPerMinute(rate);
    if (ss === 0 && mm % 10 !== 0 && ff < drop) throw new RangeError(`${text} is a dropped label`);
    frames -= drop * (totalMinutes - Math.floor(totalMinutes / 10));
  }
  return { frames, dropFrame };
}

/** The nearest whole frame to a time in seconds. */
export const secondsToFrames = (seconds: number, rate: FrameRate): number =>
  Math.round((seconds * rate.num) / rate.den);

/** The time in seconds at which a frame starts. */
export const framesToSeconds = (frames: number, rate: FrameRate): number => (frames * rate.den) / rate.num;

/**
 * A span of `frames` at rate `from` as the nearest whole number of frames at rate `to` (a half
 * frame rounds up), in integer arithmetic so nothing drifts: 375 frames at 25 fps are 359.64 at
 * 23.976, so 360.
 */
export function conformFrames(frames: number, from: FrameRate, to: FrameRate): number {
  if (!Number.isSafeInteger(frames) || frames < 0) throw new RangeError(`not a frame count: ${frames}`);
  if (from.num === to.num && from.den === to.den) return frames;
  const numerator = frames * from.den * to.num;
  const denominator = from.num * to.den;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A frame count as FCPXML rational time (`1001/24000s`, `5s`, `0s`), reduced. */
export function framesToRational(frames: number, rate: FrameRate): string {
  if (!Number.isSafeInteger(frames) || frames < 0) throw new RangeError(`not a frame count: ${frames}`);
  return rationalTime(frames * rate.den, rate.num);
}

/** `n / d` seconds (whole, non-negative n; positive d) as an FCPXML rational time, reduced. */
export function rationalTime(n: number, d: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || !Number.isSafeInteger(d) || d <= 0)
    throw new RangeError(`not a time: ${n}/${d}`);
  if (n === 0) return "0s";
  const divisor = gcd(n, d);
  const [num, den] = [n / divisor, d / divisor];
  return den === 1 ? `${num}s` : `${num}/${den}s`;
}

/** FCPXML rational time back to frames at `rate`; throws when it does not fall on a frame. */
export function rationalToFrames(time: string, rate: FrameRate): number {
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(time);
  if (!match) throw new RangeError(`not a rational time: ${time.slice(0, 32)}`);
  const n = Number(match[1]);
  const d = Number(match[2] ?? 1);
  const frames = (n * rate.num) / (d * rate.den);
  if (!Number.isInteger(frames)) throw new RangeError(`${time} is not on a frame at ${rateLabel(rate)} fps`);
  return frames;
}
