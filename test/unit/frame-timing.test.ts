import { describe, expect, it } from "vitest";
import { isVariableRate } from "../../domain/frame-timing.js";
import { parseFrameRate, snapExactRate } from "../../formats/timecode.js";

const steps = (...parts: [number, number][]) => {
  const times: number[] = [];
  let t = 0;
  for (const [count, step] of parts)
    for (let i = 0; i < count; i += 1) {
      times.push(Math.round(t * 1e6) / 1e6);
      t += step;
    }
  return times;
};

describe("variable frame rate", () => {
  it("is constant for even steps, in any packet order", () => {
    const times = steps([60, 1001 / 24000]);
    expect(isVariableRate(times)).toBe(false);
    // B-frames: packets arrive in decode order.
    expect(isVariableRate([times[0] as number, ...times.slice(1).reverse()])).toBe(false);
  });

  it("is constant for 23.976 rounded to a millisecond time base", () => {
    const times = steps([60, 1001 / 24000]).map((t) => Math.round(t * 1000) / 1000);
    expect(isVariableRate(times)).toBe(false);
  });

  it("is variable when the step changes: 25 then 50 fps, or a phone dimming from 30 to 24", () => {
    expect(isVariableRate(steps([25, 1 / 25], [50, 1 / 50]))).toBe(true);
    expect(isVariableRate(steps([40, 1 / 30], [10, 1 / 24]))).toBe(true);
  });

  it("says nothing from too few frames", () => {
    expect(isVariableRate(steps([5, 1 / 25]))).toBeNull();
    expect(isVariableRate([])).toBeNull();
  });
});

describe("exact frame rates", () => {
  it.each([
    ["24000/1001", { num: 24000, den: 1001 }],
    ["50/2", { num: 25, den: 1 }],
    ["25", { num: 25, den: 1 }],
    ["1000/1", { num: 1000, den: 1 }],
  ])("reads %s", (text, rate) => {
    expect(parseFrameRate(text)).toEqual(rate);
  });

  it.each(["0/0", "0/1", "25/0", "10000/1", "1001/1", "-25/1", "2.5/1", "abc", "", undefined])(
    "refuses %j",
    (text) => {
      expect(parseFrameRate(text)).toBeNull();
    },
  );

  it("snaps an imprecise standard rate and keeps an off-standard one exact", () => {
    expect(snapExactRate({ num: 2997, den: 100 })).toEqual({ num: 30000, den: 1001 });
    expect(snapExactRate({ num: 24000, den: 1001 })).toEqual({ num: 24000, den: 1001 });
    expect(snapExactRate({ num: 25, den: 2 })).toEqual({ num: 25, den: 2 });
    expect(snapExactRate({ num: 120000, den: 1001 })).toEqual({ num: 120000, den: 1001 });
  });
});
