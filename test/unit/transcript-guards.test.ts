import { describe, expect, it } from "vitest";
import type { Segment, Transcription, Word } from "../../adapters/asr/types.js";
import { guardSegments } from "../../pipeline/transcript-guards.js";

/** One segment per line, one second each, with one timed word per spoken word. */
function transcript(lines: string[], language: string | null = "en"): Transcription {
  const segments: Segment[] = [];
  const words: Word[] = [];
  for (const [i, text] of lines.entries()) {
    segments.push({ start: i, end: i + 1, text });
    const spoken = text.split(/\s+/).filter(Boolean);
    for (const [j, word] of spoken.entries()) {
      const start = i + j / spoken.length;
      words.push({ word, start, end: start + 0.8 / spoken.length, score: 0.9 });
    }
  }
  return { language, segments, words };
}

const texts = (t: Transcription) => t.segments.map((s) => s.text);

describe("guardSegments", () => {
  it("keeps ordinary speech untouched", () => {
    const input = transcript(["The boat came in.", "Lights on the harbour at night."]);
    expect(guardSegments(input)).toEqual(input);
  });

  it("drops blank and punctuation-only segments", () => {
    const out = guardSegments(transcript(["  ", "...", "Hello there.", " - ", "?!"]));
    expect(texts(out)).toEqual(["Hello there."]);
    expect(out.words.map((w) => w.word)).toEqual(["Hello", "there."]);
  });

  it("drops a segment repeating the one before it, ignoring case and spacing", () => {
    const out = guardSegments(transcript(["We should go.", "we  should   GO.", "We should go.", "Now."]));
    expect(texts(out)).toEqual(["We should go.", "Now."]);
    // The words of the dropped repeats go with them.
    expect(out.words.filter((w) => w.start >= 1 && w.start < 3)).toEqual([]);
  });

  it("keeps a line said again after something else was said", () => {
    expect(texts(guardSegments(transcript(["Yes.", "Are you sure?", "Yes."])))).toEqual([
      "Yes.",
      "Are you sure?",
      "Yes.",
    ]);
  });

  it("drops a decoder stuck on one word four or more times, not three", () => {
    const out = guardSegments(
      transcript(["you you you you", "I said no, no, no.", "Okay, okay, okay, okay, okay!", "fine"]),
    );
    expect(texts(out)).toEqual(["I said no, no, no.", "fine"]);
  });

  it("drops known filler lines only when they are the whole segment", () => {
    const out = guardSegments(
      transcript([
        "Thank you for watching!",
        "[Music]",
        "(applause)",
        "♪ ♪",
        "[BLANK_AUDIO]",
        "Subtitles by the Amara.org community",
        "Thank you for watching the boats with me today.",
        "Thank you.",
        "[laughs] That was close.",
      ]),
    );
    expect(texts(out)).toEqual([
      "Thank you for watching the boats with me today.",
      "Thank you.",
      "[laughs] That was close.",
    ]);
  });

  it("clamps times to start ≥ 0 and end ≥ start and drops times that are not numbers", () => {
    const out = guardSegments({
      language: "en",
      segments: [
        { start: -0.5, end: 1, text: "early start" },
        { start: 3, end: 2, text: "backwards" },
        { start: Number.NaN, end: 5, text: "no time" },
      ],
      words: [
        { word: "early", start: -0.4, end: 0.2, score: 1.5 },
        { word: "start", start: 0.3, end: 0.9, score: Number.NaN },
        { word: "backwards", start: 3, end: 2.5, score: 0.5 },
        { word: "stray", start: 10, end: 10.5, score: 0.5 },
      ],
    });
    expect(out.segments).toEqual([
      { start: 0, end: 1, text: "early start" },
      { start: 3, end: 3, text: "backwards" },
    ]);
    expect(out.words).toEqual([
      { word: "early", start: 0, end: 0.2, score: 1 },
      { word: "start", start: 0.3, end: 0.9, score: 0 },
      { word: "backwards", start: 3, end: 3, score: 0.5 },
    ]);
  });

  it("keeps the language and a speaker label", () => {
    const out = guardSegments({
      language: "de",
      segments: [{ start: 0, end: 1, text: "Guten Morgen", speaker_id: "S1" }],
      words: [],
    });
    expect(out).toEqual({
      language: "de",
      segments: [{ start: 0, end: 1, text: "Guten Morgen", speaker_id: "S1" }],
      words: [],
    });
  });

  it("handles hours of words quickly", () => {
    const lines = Array.from({ length: 3000 }, (_, i) => `line number ${i} of a long interview`);
    const started = performance.now();
    const out = guardSegments(transcript(lines));
    expect(out.segments).toHaveLength(3000);
    expect(out.words).toHaveLength(3000 * 7);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
