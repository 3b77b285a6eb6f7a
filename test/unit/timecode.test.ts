import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canDropFrame,
  conformFrames,
  type FrameRate,
  framesToRational,
  framesToSeconds,
  framesToTimecode,
  nearestStandardRate,
  parseTimecode,
  rateLabel,
  rationalToFrames,
  STANDARD_RATES,
  secondsToFrames,
  snapRate,
} from "../../formats/timecode.js";

const rate = (label: string) => STANDARD_RATES.find((r) => r.label === label) as FrameRate;
// Frames in a timecode day (00:00:00:00 to 23:59:59:FF): drop frame labels fewer of them.
const dayOf = (r: FrameRate) => {
  const base = Math.round(r.num / r.den);
  const drop = canDropFrame(r) ? (base === 60 ? 4 : 2) : 0;
  return (base * 600 - drop * 9) * 6 * 24;
};

describe("timecode", () => {
  it.each([
    ["29.97", 1800, "00:01:00;02"],
    ["29.97", 17_982, "00:10:00;00"],
    ["29.97", 107_892, "01:00:00;00"],
    ["29.97", 1799, "00:00:59;29"],
    ["59.94", 3600, "00:01:00;04"],
    ["59.94", 215_784, "01:00:00;00"],
    ["23.976", 86_400, "01:00:00:00"],
    ["25", 90_000, "01:00:00:00"],
    ["24", 24 * 86_400, "00:00:00:00"],
  ])("at %s fps frame %i is %s", (label, frames, tc) => {
    expect(framesToTimecode(frames, rate(label))).toBe(tc);
    if (frames < dayOf(rate(label))) expect(parseTimecode(tc, rate(label)).frames).toBe(frames);
  });

  it("writes and reads non-drop timecode at 29.97 when asked", () => {
    expect(framesToTimecode(1800, rate("29.97"), false)).toBe("00:01:00:00");
    expect(parseTimecode("00:01:00:00", rate("29.97"))).toEqual({ frames: 1800, dropFrame: false });
  });

  it.each([
    ["00:01:00;00", "29.97", /dropped label/],
    ["00:01:00;03", "59.94", /dropped label/],
    ["00:00:00:25", "25", /not a timecode/],
    ["00:60:00:00", "25", /not a timecode/],
    ["1:00:00:00", "25", /not a timecode/],
    ["01:00:00:00x", "25", /not a timecode/],
  ])("refuses %s at %s fps", (tc, label, message) => {
    expect(() => parseTimecode(tc, rate(label))).toThrow(message);
  });

  it("refuses drop frame at a rate that has none, and negative or fractional frames", () => {
    expect(() => framesToTimecode(10, rate("25"), true)).toThrow(/drop frame/);
    expect(() => framesToTimecode(-1, rate("25"))).toThrow(RangeError);
    expect(() => framesToTimecode(1.5, rate("25"))).toThrow(RangeError);
  });

  it.each(["23.976", "29.97", "59.94"])("loses no frame over 24 hours at %s fps", (label) => {
    const r = rate(label);
    const day = dayOf(r);
    let previous = "";
    for (let frames = 0; frames < day; frames += 1) {
      const tc = framesToTimecode(frames, r);
      if (tc <= previous || parseTimecode(tc, r).frames !== frames) {
        throw new Error(`frame ${frames} → ${tc} (after ${previous})`);
      }
      previous = tc;
    }
    expect(framesToTimecode(day, r)).toBe(canDropFrame(r) ? "00:00:00;00" : "00:00:00:00");
  });

  it("round-trips every standard rate through timecode, seconds and rational time", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STANDARD_RATES),
        fc.integer({ min: 0, max: 5_183_999 }),
        fc.boolean(),
        (r, f, drop) => {
          const frames = f % dayOf(r);
          const dropFrame = drop && canDropFrame(r);
          expect(parseTimecode(framesToTimecode(frames, r, dropFrame), r).frames).toBe(frames);
          expect(secondsToFrames(framesToSeconds(frames, r), r)).toBe(frames);
          expect(rationalToFrames(framesToRational(frames, r), r)).toBe(frames);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it.each([
    [1, "23.976", "1001/24000s"],
    [24, "24", "1s"],
    [3, "29.97", "1001/10000s"],
    [0, "25", "0s"],
    [50, "50", "1s"],
    [30, "60", "1/2s"],
  ])("%i frames at %s fps is %s in FCPXML", (frames, label, time) => {
    expect(framesToRational(frames, rate(label))).toBe(time);
  });

  it.each([
    [375, "25", "23.976", 360],
    [211, "29.97", "23.976", 169],
    [210, "29.97", "23.976", 168],
    [1, "25", "24", 1],
    [12, "24", "25", 13],
    [100, "23.976", "23.976", 100],
    [0, "50", "25", 0],
  ])("%i frames at %s fps last %i frames at %s", (frames, from, to, expected) => {
    expect(conformFrames(frames, rate(from), rate(to))).toBe(expected);
  });

  it("conforms a span to the nearest frame, a half rounding up, without drift over a day", () => {
    // 3 frames at 48 are 1.5 at 24, 1 is a half.
    expect(conformFrames(3, rate("48"), rate("24"))).toBe(2);
    expect(conformFrames(1, rate("48"), rate("24"))).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 * 3600 * 60 }),
        fc.constantFrom(...STANDARD_RATES),
        fc.constantFrom(...STANDARD_RATES),
        (frames, from, to) => {
          const exact = (frames * from.den * to.num) / (from.num * to.den);
          expect(Math.abs(conformFrames(frames, from, to) - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
      { numRuns: 2000 },
    );
    expect(() => conformFrames(1.5, rate("25"), rate("24"))).toThrow(RangeError);
  });

  it("refuses rational time that is not on a frame", () => {
    expect(() => rationalToFrames("1/3s", rate("25"))).toThrow(/not on a frame/);
    expect(() => rationalToFrames("12", rate("25"))).toThrow(/not a rational time/);
  });

  it.each([
    [23.976, "23.976"],
    [23.98, "23.976"],
    [29.97002997, "29.97"],
    [25, "25"],
    [59.94, "59.94"],
    [48, "48"],
    [12, "12"],
    [14.985, "15"],
  ])("snaps a probed %d fps to %s", (fps, label) => {
    expect(rateLabel(snapRate(fps))).toBe(label);
  });

  it.each([
    [12, "24"],
    [27, "25"],
    [29.5, "29.97"],
    [100, "60"],
    [23.976, "23.976"],
  ])("takes %d fps to the nearest standard rate %s for a timeline", (fps, label) => {
    expect(rateLabel(nearestStandardRate(fps))).toBe(label);
  });

  it("refuses a rate that is not positive", () => {
    expect(() => snapRate(0)).toThrow(RangeError);
    expect(() => snapRate(Number.NaN)).toThrow(RangeError);
  });
});
