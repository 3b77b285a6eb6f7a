import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AudioStats } from "../../adapters/ffmpeg.js";
import {
  audioQualityLabel,
  exposureLabel,
  focusScore,
  stabilityLabel,
  MEASURE_THRESHOLDS as T,
} from "../../pipeline/stages/vision-measure.js";

const just = (x: number, dir: "below" | "above") => (dir === "below" ? x - 1e-9 : x + 1e-9);

describe("focusScore", () => {
  it("stays in 0..1 and never falls as the variance rises", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const [sLo, sHi] = [focusScore(lo), focusScore(hi)];
          expect(sLo).toBeGreaterThanOrEqual(0);
          expect(sHi).toBeLessThanOrEqual(1);
          expect(sLo).toBeLessThanOrEqual(sHi);
        },
      ),
    );
  });

  it("puts the usual blur line at one half and separates blurred from sharp", () => {
    expect(focusScore(T.focusHalfVariance)).toBeCloseTo(0.5, 10);
    expect(focusScore(10)).toBeLessThan(0.1);
    expect(focusScore(1000)).toBeGreaterThan(0.9);
    expect(focusScore(200)).toBeGreaterThan(focusScore(199));
  });

  it("maps nonsense to the ends of the range instead of NaN", () => {
    expect(focusScore(0)).toBe(0);
    expect(focusScore(-5)).toBe(0);
    expect(focusScore(Number.NaN)).toBe(0);
    expect(focusScore(Number.POSITIVE_INFINITY)).toBe(1);
  });
});

describe("exposureLabel", () => {
  const normal = { mean: 118, shadowsClipped: 0.01, highlightsClipped: 0.01 };

  it("calls mid grey normal", () => {
    expect(exposureLabel(normal)).toBe("normal");
  });

  it("turns under at the mean and at the crushed-shadow share", () => {
    expect(exposureLabel({ ...normal, mean: T.underMean })).toBe("normal");
    expect(exposureLabel({ ...normal, mean: just(T.underMean, "below") })).toBe("under");
    expect(exposureLabel({ ...normal, shadowsClipped: just(T.clippedPixels, "below") })).toBe("normal");
    expect(exposureLabel({ ...normal, shadowsClipped: T.clippedPixels })).toBe("under");
  });

  it("turns over at the mean and at the blown-highlight share", () => {
    expect(exposureLabel({ ...normal, mean: T.overMean })).toBe("normal");
    expect(exposureLabel({ ...normal, mean: just(T.overMean, "above") })).toBe("over");
    expect(exposureLabel({ ...normal, highlightsClipped: T.clippedPixels })).toBe("over");
  });

  it("names the larger loss when both ends clip", () => {
    expect(exposureLabel({ mean: 128, shadowsClipped: 0.4, highlightsClipped: 0.3 })).toBe("under");
    expect(exposureLabel({ mean: 128, shadowsClipped: 0.3, highlightsClipped: 0.4 })).toBe("over");
  });
});

describe("stabilityLabel", () => {
  it("steps through locked, steady, handheld and shaky at the documented differences", () => {
    expect(stabilityLabel([0])).toBe("locked");
    expect(stabilityLabel([just(T.lockedDiff, "below")])).toBe("locked");
    expect(stabilityLabel([T.lockedDiff])).toBe("steady");
    expect(stabilityLabel([just(T.steadyDiff, "below")])).toBe("steady");
    expect(stabilityLabel([T.steadyDiff])).toBe("handheld");
    expect(stabilityLabel([just(T.handheldDiff, "below")])).toBe("handheld");
    expect(stabilityLabel([T.handheldDiff])).toBe("shaky");
    expect(stabilityLabel([1])).toBe("shaky");
  });

  it("uses the median, so one flash does not make a tripod shot shaky", () => {
    expect(stabilityLabel([0.001, 0.002, 0.6, 0.001, 0.002])).toBe("locked");
    expect(stabilityLabel([0.001, 0.3])).toBe("shaky");
  });

  it("never gets calmer as every difference grows", () => {
    const order = ["locked", "steady", "handheld", "shaky"];
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (diffs, extra) => {
          const before = order.indexOf(stabilityLabel(diffs));
          const after = order.indexOf(stabilityLabel(diffs.map((d) => d + extra)));
          expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });

  it("refuses no differences and impossible ones", () => {
    expect(() => stabilityLabel([])).toThrow(RangeError);
    expect(() => stabilityLabel([0.1, Number.NaN])).toThrow(/differences/);
    expect(() => stabilityLabel([-0.1])).toThrow(RangeError);
  });
});

describe("audioQualityLabel", () => {
  const good: AudioStats = { rmsDb: -23, peakDb: -20, clippedShare: 0, silentShare: 0 };

  it("says none without a track and good for speech-level sound", () => {
    expect(audioQualityLabel(null)).toBe("none");
    expect(audioQualityLabel(good)).toBe("good");
  });

  it("calls digital zero, near-nothing and mostly-gaps silent", () => {
    expect(audioQualityLabel({ ...good, rmsDb: null, peakDb: null })).toBe("silent");
    expect(audioQualityLabel({ ...good, rmsDb: just(T.silentDb, "below") })).toBe("silent");
    expect(audioQualityLabel({ ...good, rmsDb: T.silentDb })).toBe("poor");
    expect(audioQualityLabel({ ...good, silentShare: T.silentSilence })).toBe("silent");
  });

  it("calls clipping from the documented share, even when the level is otherwise good", () => {
    expect(audioQualityLabel({ ...good, clippedShare: just(T.clippedSamples, "below") })).toBe("good");
    expect(audioQualityLabel({ ...good, clippedShare: T.clippedSamples })).toBe("clipped");
  });

  it("grades quiet, gappy and hot sound", () => {
    expect(audioQualityLabel({ ...good, rmsDb: just(T.poorDb, "below") })).toBe("poor");
    expect(audioQualityLabel({ ...good, rmsDb: T.poorDb })).toBe("fair");
    expect(audioQualityLabel({ ...good, silentShare: T.poorSilence })).toBe("poor");
    expect(audioQualityLabel({ ...good, rmsDb: just(T.fairLowDb, "below") })).toBe("fair");
    expect(audioQualityLabel({ ...good, rmsDb: T.fairLowDb })).toBe("good");
    expect(audioQualityLabel({ ...good, rmsDb: T.fairHighDb })).toBe("good");
    expect(audioQualityLabel({ ...good, rmsDb: just(T.fairHighDb, "above") })).toBe("fair");
  });
});
