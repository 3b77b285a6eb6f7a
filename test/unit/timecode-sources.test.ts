import { describe, expect, it } from "vitest";
import { BWF_DEFAULT_RATE, samplesToTimecode } from "../../formats/bwf-time.js";
import { parseTimecode, STANDARD_RATES } from "../../formats/timecode.js";
import { normalTimecode, resolveTimecode, TIMECODE_SOURCES } from "../../formats/timecode-sources.js";

const rate = (label: string) => {
  const found = STANDARD_RATES.find((r) => r.label === label);
  if (!found) throw new Error(label);
  return found;
};

describe("timecode sources", () => {
  it("keeps the most trusted source and lists the others that disagree, most trusted first", () => {
    const resolved = resolveTimecode([
      { source: "sony-xml", timecode: "11:00:00:00" },
      { source: "ixml", timecode: "10:00:00:00" },
      { source: "mxf", timecode: "10:00:00:00" },
      { source: "container", timecode: "09:00:00:00" },
      { source: "bwf", timecode: "10:00:00:01" },
    ]);
    expect(resolved).toEqual({
      timecode: "10:00:00:00",
      source: "mxf",
      conflicts: [
        { source: "bwf", timecode: "10:00:00:01" },
        { source: "sony-xml", timecode: "11:00:00:00" },
        { source: "container", timecode: "09:00:00:00" },
      ],
      rejected: [],
    });
  });

  it("orders the sources as documented", () => {
    expect(TIMECODE_SOURCES).toEqual([
      "tmcd",
      "mxf",
      "mp4",
      "raw-header",
      "dpx",
      "exr",
      "bwf",
      "ixml",
      "sony-xml",
      "container",
      "frame-number",
    ]);
  });

  it("lists a repeated disagreement once, and one that differs only in drop frame as a conflict", () => {
    const resolved = resolveTimecode([
      { source: "tmcd", timecode: "01:00:00;00" },
      { source: "tmcd", timecode: "01:00:00;00" },
      { source: "sony-xml", timecode: "01:00:00:00" },
      { source: "sony-xml", timecode: "01:00:00:00" },
    ]);
    expect(resolved.conflicts).toEqual([{ source: "sony-xml", timecode: "01:00:00:00" }]);
  });

  it("ignores what is not a timecode, with the reason, and goes on to the next source", () => {
    const resolved = resolveTimecode([
      { source: "tmcd", timecode: "-01:00:00:00" },
      { source: "mp4", timecode: "banana" },
      { source: "mxf", timecode: "24:00:00:00" },
      { source: "bwf", timecode: "02:00:00.12" },
    ]);
    expect(resolved.timecode).toBe("02:00:00;12");
    expect(resolved.source).toBe("bwf");
    expect(resolved.rejected.map((r) => [r.source, r.reason])).toEqual([
      ["tmcd", "negative timecode -01:00:00:00"],
      ["mp4", "not a timecode: banana"],
      ["mxf", "not a timecode: 24:00:00:00"],
    ]);
  });

  it("has nothing to keep from no candidates", () => {
    expect(resolveTimecode([])).toEqual({ timecode: null, source: null, conflicts: [], rejected: [] });
  });

  it.each([
    ["01:00:00:00", "01:00:00:00"],
    [" 01:00:00;00 ", "01:00:00;00"],
    ["01:00:00,05", "01:00:00;05"],
    ["23:59:59:119", "23:59:59:119"],
  ])("normalises %j to %s", (text, label) => {
    expect(normalTimecode(text)).toEqual({ timecode: label });
  });
});

describe("BWF time reference", () => {
  it("counts samples since midnight at the timecode rate, in real time", () => {
    expect(samplesToTimecode(String(36_000 * 48_000), 48_000, BWF_DEFAULT_RATE, false)).toEqual({
      timecode: "10:00:00:00",
    });
    // 10:00:00:00 at 23.976 is 864,000 frames of 1001/24000 s: 36,036 s.
    expect(samplesToTimecode(String(36_036 * 48_000), 48_000, rate("23.976"), false)).toEqual({
      timecode: "10:00:00:00",
    });
    const df = rate("29.97");
    const samples = Math.round((parseTimecode("01:00:00;00", df).frames * 1001 * 48_000) / 30_000);
    expect(samplesToTimecode(String(samples), 48_000, df, true)).toEqual({ timecode: "01:00:00;00" });
  });

  it("labels drop frame only at a rate that has it", () => {
    expect(samplesToTimecode("0", 48_000, rate("25"), true)).toEqual({ timecode: "00:00:00:00" });
  });

  it("refuses 24 hours or more, and what is not a count", () => {
    expect(samplesToTimecode(String(86_400 * 48_000), 48_000, BWF_DEFAULT_RATE, false)).toEqual({
      reason: `time reference ${86_400 * 48_000} samples at 48000 Hz is past 24 hours`,
    });
    expect(samplesToTimecode(String(86_400 * 48_000 - 1), 48_000, BWF_DEFAULT_RATE, false)).toEqual({
      timecode: "00:00:00:00",
    });
    expect(samplesToTimecode("-5", 48_000, BWF_DEFAULT_RATE, false)).toEqual({
      reason: "not a sample count: -5",
    });
    expect(samplesToTimecode("18446744073709551615", 48_000, BWF_DEFAULT_RATE, false)).toHaveProperty(
      "reason",
    );
    expect(samplesToTimecode("100", 0, BWF_DEFAULT_RATE, false)).toHaveProperty("reason");
  });
});
