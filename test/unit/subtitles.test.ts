import { createRequire } from "node:module";
import { parser as srtParser, validator as srtValidator } from "srt-validator";
import { describe, expect, it } from "vitest";
import { type Cue, normaliseCues } from "../../formats/cues.js";
import { writeSrt } from "../../formats/srt.js";
import { writeText } from "../../formats/txt.js";
import { writeVtt } from "../../formats/vtt.js";

const require = createRequire(import.meta.url);
const { WebVTTParser } = require("webvtt-parser") as {
  WebVTTParser: new () => {
    parse(
      text: string,
      mode: string,
    ): { cues: { startTime: number; endTime: number; text: string }[]; errors: unknown[] };
  };
};

// Everything a transcript can throw at a subtitle writer.
const NASTY: Cue[] = [
  { start: 0, end: 1.5, text: "first line" },
  { start: 1.5, end: 3.25, text: "an arrow --> in the text" },
  { start: 3.25, end: 5, text: "fish & chips <b>not bold</b> a < b > c" },
  { start: 5, end: 7, text: "paragraph one\n\n\nparagraph two" },
  { start: 7, end: 8, text: "   " },
  { start: 6.5, end: 9.0004, text: "overlaps the previous one" },
  { start: 10, end: 10, text: "no duration" },
  { start: 3661.2345, end: 3662, text: "after an hour" },
];

describe("subtitle writers", () => {
  it("writes SRT that a strict validator accepts and that reads back to the same cues", () => {
    const srt = writeSrt(NASTY);
    expect(srtValidator(srt)).toEqual([]);
    const read = srtParser.parse(srt);
    expect(read.map((c) => [c.sequenceNumber, c.text])).toEqual([
      [1, "first line"],
      [2, "an arrow -> in the text"],
      [3, "fish & chips <b>not bold</b> a < b > c"],
      [4, "paragraph one\nparagraph two"],
      [5, "overlaps the previous one"],
      [6, "after an hour"],
    ]);
    expect(srt).toContain("00:00:07,000 --> 00:00:09,000\noverlaps");
    expect(srt).toContain("01:01:01,235 --> 01:01:02,000");
  });

  it("writes WebVTT that the spec parser accepts, with markup characters kept as text", () => {
    const vtt = writeVtt(NASTY);
    const parsed = new WebVTTParser().parse(vtt, "metadata");
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((c) => c.text)).toEqual([
      "first line",
      "an arrow --&gt; in the text",
      "fish &amp; chips &lt;b&gt;not bold&lt;/b&gt; a &lt; b &gt; c",
      "paragraph one\nparagraph two",
      "overlaps the previous one",
      "after an hour",
    ]);
    expect(parsed.cues[5]).toMatchObject({ startTime: 3661.235, endTime: 3662 });
  });

  it("writes an empty but valid file for no cues", () => {
    expect(writeSrt([])).toBe("");
    expect(new WebVTTParser().parse(writeVtt([]), "metadata").errors).toEqual([]);
    expect(writeText([])).toBe("");
  });

  it("writes plain text one segment per line", () => {
    expect(writeText(NASTY)).toBe(
      "first line\nan arrow --> in the text\nfish & chips <b>not bold</b> a < b > c\nparagraph one paragraph two\noverlaps the previous one\nno duration\nafter an hour\n",
    );
  });

  it("drops cues with no time or no text and never lets one overlap the next", () => {
    const cues = normaliseCues(NASTY);
    for (let i = 1; i < cues.length; i += 1)
      expect(cues[i]?.start).toBeGreaterThanOrEqual(cues[i - 1]?.end as number);
    expect(cues.every((c) => c.end > c.start && c.text.trim() !== "")).toBe(true);
  });
});
