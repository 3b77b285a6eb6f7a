/**
 * Frames and source timecode for the player: the frame a playhead is on at the clip's exact rate,
 * where to seek to show a frame, and its label counted from the item's start timecode (drop frame
 * for 29.97 and 59.94, `;` before the frames). The server's formats/timecode.ts does the same for
 * exports; the app cannot import server code, so the little it needs is kept here.
 */

/** A frame rate as an exact fraction: 24000/1001 is 23.976. */
export interface Rate {
  readonly num: number;
  readonly den: number;
}

// Frames per second a rate is believed from fps when fps_rational is missing; 25 when both are.
const FALLBACK: Rate = { num: 25, den: 1 };
// How close a float rate must be to an NTSC one to be counted as it (29.97002997… stored as 29.97).
const NTSC_TOLERANCE = 0.005;

/** The item's rate: its `fps_rational` ("30000/1001"), else its `fps` (29.97 read as 30000/1001). */
export function rateOf(fpsRational: string | null | undefined, fps: number | null | undefined): Rate {
  const match = /^\s*(\d+)(?:\/(\d+))?\s*$/.exec(fpsRational ?? "");
  if (match) {
    const num = Number(match[1]);
    const den = Number(match[2] ?? 1);
    if (num > 0 && den > 0) return { num, den };
  }
  if (!fps || !Number.isFinite(fps) || fps <= 0) return FALLBACK;
  const ntsc = Math.round(fps * 1.001);
  if (Math.abs(fps - ntsc / 1.001) < NTSC_TOLERANCE && Math.abs(fps - ntsc) > NTSC_TOLERANCE)
    return { num: ntsc * 1000, den: 1001 };
  return { num: Math.round(fps * 1000), den: 1000 };
}

export const fps = (rate: Rate) => rate.num / rate.den;

/** Frames counted per second of timecode: 30 for 29.97, 24 for 23.976. */
export const timecodeBase = (rate: Rate) => Math.max(1, Math.round(rate.num / rate.den));

/** Drop-frame timecode exists for 29.97 and 59.94 only. */
export const isDropFrame = (rate: Rate) =>
  rate.num * 1001 === timecodeBase(rate) * 1000 * rate.den && [30, 60].includes(timecodeBase(rate));

// A position a hair short of a boundary (float seconds) still belongs to the frame that starts there.
const EPSILON = 1e-6;

/** The frame shown at `seconds` from the file's first frame (0). */
export const frameAt = (seconds: number, rate: Rate) =>
  Math.max(0, Math.floor((seconds * rate.num) / rate.den + EPSILON));

/** Where to seek to show `frame`: its middle, so a decoder's rounding cannot land on its neighbour. */
export const timeOfFrame = (frame: number, rate: Rate) => ((Math.max(0, frame) + 0.5) * rate.den) / rate.num;

const dropsPerMinute = (rate: Rate) => (timecodeBase(rate) === 60 ? 4 : 2);

const TIMECODE = /^(\d{1,2}):(\d{2}):(\d{2})([:;.,])(\d{2,3})$/;

/** A timecode label's frame count at `rate` (drop frame when the rate has it); null when unreadable. */
export function labelFrames(label: string, rate: Rate): number | null {
  const m = TIMECODE.exec(label.trim());
  if (!m) return null;
  const [hh, mm, ss, ff] = [m[1], m[2], m[3], m[5]].map(Number) as [number, number, number, number];
  const base = timecodeBase(rate);
  if (mm > 59 || ss > 59 || ff >= base) return null;
  const minutes = hh * 60 + mm;
  const counted = (minutes * 60 + ss) * base + ff;
  if (!isDropFrame(rate)) return counted;
  return counted - dropsPerMinute(rate) * (minutes - Math.floor(minutes / 10));
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A frame count as `HH:MM:SS:FF`, or `HH:MM:SS;FF` in drop frame; hours wrap at 24. */
export function frameLabel(frames: number, rate: Rate): string {
  const base = timecodeBase(rate);
  const drop = isDropFrame(rate);
  let label = Math.max(0, Math.floor(frames));
  if (drop) {
    const d = dropsPerMinute(rate);
    const perTen = base * 600 - d * 9;
    const perMinute = base * 60 - d;
    const tens = Math.floor(label / perTen);
    const rest = label % perTen;
    label += d * 9 * tens + (rest > d ? d * Math.floor((rest - d) / perMinute) : 0);
  }
  const ff = label % base;
  const ss = Math.floor(label / base) % 60;
  const mm = Math.floor(label / (base * 60)) % 60;
  const hh = Math.floor(label / (base * 3600)) % 24;
  return `${pad(hh)}:${pad(mm)}:${pad(ss)}${drop ? ";" : ":"}${pad(ff, String(base - 1).length)}`;
}

/** The source timecode at `seconds` into the file: its start timecode (00:00:00:00 without one) plus the frames. */
export const sourceTimecode = (seconds: number, startTimecode: string | null | undefined, rate: Rate) =>
  frameLabel((labelFrames(startTimecode ?? "", rate) ?? 0) + frameAt(seconds, rate), rate);

/** The rate as people write it: "25", "29.97", "23.976". */
export const rateLabel = (rate: Rate) => String(Math.round(fps(rate) * 1000) / 1000);
