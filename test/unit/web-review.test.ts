import { describe, expect, it } from "vitest";
import { searchTerms, transcriptHits } from "../../web/src/clip/hits.js";
import { type KeyLike, keyAction } from "../../web/src/clip/review-keys.js";
import { type Shuttle, STOPPED, shuttle, shuttleLabel } from "../../web/src/clip/shuttle.js";
import { fitSamplesPerPixel } from "../../web/src/clip/waveform-fit.js";
import {
  frameAt,
  frameLabel,
  isDropFrame,
  labelFrames,
  rateOf,
  sourceTimecode,
  timeOfFrame,
} from "../../web/src/timecode.js";

const NTSC = { num: 30000, den: 1001 };
const FILM = { num: 24000, den: 1001 };
const PAL = { num: 25, den: 1 };

describe("the player's timecode", () => {
  it("reads the item's exact rate, else its float rate, else 25", () => {
    expect(rateOf("30000/1001", 29.97)).toEqual(NTSC);
    expect(rateOf(null, 29.97)).toEqual(NTSC);
    expect(rateOf(null, 23.976)).toEqual(FILM);
    expect(rateOf(null, 25)).toEqual({ num: 25000, den: 1000 });
    expect(rateOf("0/0", null)).toEqual(PAL);
    expect(rateOf("junk", undefined)).toEqual(PAL);
  });

  it("counts frames from the file's first one and seeks to a frame's middle", () => {
    expect(frameAt(0, PAL)).toBe(0);
    expect(frameAt(0.04, PAL)).toBe(1);
    expect(frameAt(0.0399, PAL)).toBe(0);
    expect(frameAt(1001 / 30000, NTSC)).toBe(1);
    expect(timeOfFrame(1, PAL)).toBeCloseTo(0.06, 10);
    expect(frameAt(timeOfFrame(1234, NTSC), NTSC)).toBe(1234);
    expect(frameAt(timeOfFrame(98_765, FILM), FILM)).toBe(98_765);
  });

  it("labels 25 fps and 23.976 without drop frame, from the start timecode", () => {
    expect(isDropFrame(PAL)).toBe(false);
    expect(isDropFrame(FILM)).toBe(false);
    expect(sourceTimecode(0, "01:00:00:00", PAL)).toBe("01:00:00:00");
    expect(sourceTimecode(timeOfFrame(1, PAL), "01:00:00:00", PAL)).toBe("01:00:00:01");
    expect(sourceTimecode(timeOfFrame(25, PAL), "01:00:00:00", PAL)).toBe("01:00:01:00");
    // 23.976 counts 24 frames a second of timecode, slower than the clock.
    expect(sourceTimecode(1, null, FILM)).toBe("00:00:00:23");
    expect(sourceTimecode(timeOfFrame(24 * 3600, FILM), "00:00:00:00", FILM)).toBe("01:00:00:00");
    expect(frameLabel(24 * 3600 * 24 + 5, FILM)).toBe("00:00:00:05");
  });

  it("labels 29.97 in drop frame with ; before the frames, skipping 00 and 01 each minute but the tenth", () => {
    expect(isDropFrame(NTSC)).toBe(true);
    expect(frameLabel(1799, NTSC)).toBe("00:00:59;29");
    expect(frameLabel(1800, NTSC)).toBe("00:01:00;02");
    expect(frameLabel(17982, NTSC)).toBe("00:10:00;00");
    expect(frameLabel(107892, NTSC)).toBe("01:00:00;00");
    expect(labelFrames("01:00:00;00", NTSC)).toBe(107892);
    expect(labelFrames("00:01:00;02", NTSC)).toBe(1800);
    expect(sourceTimecode(timeOfFrame(1, NTSC), "00:00:59;29", NTSC)).toBe("00:01:00;02");
    // An hour of 29.97 DF timecode is an hour of the clock, to the frame.
    expect(sourceTimecode(3600, "00:00:00;00", NTSC)).toBe("01:00:00;00");
    expect(frameLabel(4 * 3600 * 60 * 1.001, { num: 60000, den: 1001 }).includes(";")).toBe(true);
  });

  it("counts from 00:00:00:00 when the start timecode is missing or unreadable", () => {
    expect(sourceTimecode(2, null, PAL)).toBe("00:00:02:00");
    expect(sourceTimecode(2, "soon", PAL)).toBe("00:00:02:00");
    expect(labelFrames("00:00:00:25", PAL)).toBeNull();
  });
});

describe("the J/K/L shuttle", () => {
  const run = (...keys: ("j" | "k" | "l")[]) => keys.reduce<Shuttle>(shuttle, STOPPED);
  it("doubles with each L up to 8×, and the same backward with J", () => {
    expect(run("l")).toEqual({ direction: 1, speed: 1 });
    expect(run("l", "l")).toEqual({ direction: 1, speed: 2 });
    expect(run("l", "l", "l", "l")).toEqual({ direction: 1, speed: 8 });
    expect(run("l", "l", "l", "l", "l")).toEqual({ direction: 1, speed: 8 });
    expect(run("j", "j", "j")).toEqual({ direction: -1, speed: 4 });
  });
  it("stops with K and starts again at 1× when the direction turns", () => {
    expect(run("l", "l", "k")).toEqual(STOPPED);
    expect(run("l", "l", "l", "j")).toEqual({ direction: -1, speed: 1 });
    expect(run("j", "j", "l")).toEqual({ direction: 1, speed: 1 });
    expect(shuttleLabel(run("j", "j"))).toBe("◀ 2×");
    expect(shuttleLabel(STOPPED)).toBe("");
  });
});

describe("the clip view's keys", () => {
  const key = (k: string, more: Partial<KeyLike> = {}): KeyLike => ({
    key: k,
    code: k.length === 1 ? `Key${k.toUpperCase()}` : k,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...more,
  });
  it("maps each key to its action", () => {
    expect(keyAction(key(" "), false)).toEqual({ do: "toggle" });
    expect(keyAction(key("l"), false)).toEqual({ do: "shuttle", key: "l" });
    expect(keyAction(key("J", { shiftKey: true }), false)).toEqual({ do: "shuttle", key: "j" });
    expect(keyAction(key("k"), true)).toEqual({ do: "shuttle", key: "k" });
    expect(keyAction(key("ArrowRight"), false)).toEqual({ do: "step", frames: 1 });
    expect(keyAction(key("ArrowLeft"), false)).toEqual({ do: "step", frames: -1 });
    expect(keyAction(key("ArrowRight", { shiftKey: true }), false)).toEqual({ do: "jump", seconds: 1 });
    expect(keyAction(key("ArrowLeft", { shiftKey: true }), false)).toEqual({ do: "jump", seconds: -1 });
    expect(keyAction(key("i"), false)).toEqual({ do: "mark", which: "in_point" });
    expect(keyAction(key("o"), false)).toEqual({ do: "mark", which: "out_point" });
    expect(keyAction(key("m"), false)).toEqual({ do: "marker" });
    expect(keyAction(key("M", { shiftKey: true }), false)).toEqual({ do: "subclip" });
    expect(keyAction(key("ArrowUp"), false)).toEqual({ do: "clip", by: -1 });
    expect(keyAction(key("ArrowDown"), false)).toEqual({ do: "clip", by: 1 });
    expect(keyAction(key("3"), false)).toEqual({ do: "rate", rating: "3" });
    expect(keyAction(key("f"), false)).toEqual({ do: "review" });
    expect(keyAction(key("?", { shiftKey: true, code: "Slash" }), false)).toEqual({ do: "help" });
  });
  it("steps single frames with L and J while K is held", () => {
    expect(keyAction(key("l"), true)).toEqual({ do: "step", frames: 1 });
    expect(keyAction(key("j"), true)).toEqual({ do: "step", frames: -1 });
  });
  it("clears in and out with Alt by the physical key (a Mac types ˆ and ø)", () => {
    expect(keyAction(key("ˆ", { altKey: true, code: "KeyI" }), false)).toEqual({
      do: "clear",
      which: "in_point",
    });
    expect(keyAction(key("ø", { altKey: true, code: "KeyO" }), false)).toEqual({
      do: "clear",
      which: "out_point",
    });
    expect(keyAction(key("l", { altKey: true }), false)).toBeNull();
  });
  it("leaves the browser's shortcuts and other keys alone", () => {
    expect(keyAction(key("l", { ctrlKey: true }), false)).toBeNull();
    expect(keyAction(key("f", { metaKey: true }), false)).toBeNull();
    expect(keyAction(key("6"), false)).toBeNull();
    expect(keyAction(key("x"), false)).toBeNull();
    expect(keyAction(key("Escape"), false)).toBeNull();
  });
});

describe("transcript search hits", () => {
  const line = (...words: [string, number][]) => words.map(([text, at]) => ({ text, at, end: at + 0.3 }));
  const lines = [
    line(["Drone", 0.3], ["over", 1], ["the", 1.5], ["Harbour's", 2.5]),
    line(["walking", 4], ["at", 5]),
  ];

  it("finds words by their start, whatever the case, accents or punctuation", () => {
    const hits = transcriptHits(lines, "harbour walk");
    expect(hits.marked).toEqual([
      [false, false, false, true],
      [true, false],
    ]);
    expect(hits.times).toEqual([2.5, 4]);
    expect(transcriptHits(lines, "DRÓNE").times).toEqual([0.3]);
  });

  it("looks for a short word only when it is searched alone, and finds nothing for an empty search", () => {
    expect(searchTerms("drone at the harbour")).toEqual(["drone", "the", "harbour"]);
    expect(transcriptHits(lines, "at").times).toEqual([5]);
    expect(transcriptHits(lines, "  ").times).toEqual([]);
    expect(transcriptHits(lines, "  ").marked).toEqual([
      [false, false, false, false],
      [false, false],
    ]);
  });
});

describe("the waveform asked for the strip", () => {
  it("coarsens to about a pair per pixel, by whole multiples of the stored 480 samples", () => {
    expect(fitSamplesPerPixel(4, 2560)).toBeUndefined();
    expect(fitSamplesPerPixel(null, 2560)).toBeUndefined();
    expect(fitSamplesPerPixel(3600, 2560)).toBe(140 * 480);
    expect(fitSamplesPerPixel(10 * 24 * 3600, 100)).toBe(60_000 * 480);
  });
});
