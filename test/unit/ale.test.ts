import { describe, expect, it } from "vitest";
import { type AleRow, aleAudioFormat, aleValue, aleVideoFormat, writeAle } from "../../formats/ale.js";
import { readAle } from "../support/ale.js";

const row = (over: Partial<AleRow>): AleRow => ({
  name: "A001.mov",
  tracks: "VA1A2",
  start: "10:00:02:00",
  end: "10:00:08:00",
  duration: "00:00:06:00",
  tape: "",
  sourceFile: "A001.mov",
  scene: "12A",
  take: "3",
  camera: "A",
  angle: "",
  comments: "",
  rating: "good",
  tags: [],
  markers: [],
  ...over,
});

// Reviewed by hand against the ALE description: Heading pairs, a blank line, Column, a blank
// line, Data; tabs between fields, CRLF line ends.
const GOLDEN = [
  "Heading",
  "FIELD_DELIM\tTABS",
  "VIDEO_FORMAT\t1080",
  "AUDIO_FORMAT\t48khz",
  "FPS\t29.97",
  "",
  "Column",
  "Name\tTracks\tStart\tEnd\tDuration\tTape\tSource File\tScene\tTake\tCamera\tAngle\tComments\tRating\tTags\tMarkers",
  "",
  "Data",
  "A001.mov\tVA1A2\t10:00:02:00\t10:00:08:00\t00:00:06:00\t\tA001.mov\t12A\t3\tA\t\t\tgood\t\t",
  "Good take\tV\t01:00:59;28\t01:01:00;02\t00:00:00;02\tROLL 7\tB002.mov\t4\t1\tB\twide\tkeep it\tbest\tinterview, day 1\t2: laugh: keep; Act 2",
  "",
].join("\r\n");

describe("ALE writer", () => {
  it("writes a tiny fixed timeline as the golden file", () => {
    const text = writeAle({ videoFormat: "1080", audioFormat: "48khz", fps: "29.97" }, [
      row({}),
      row({
        name: "Good take",
        tracks: "V",
        start: "01:00:59;28",
        end: "01:01:00;02",
        duration: "00:00:00;02",
        tape: "ROLL 7",
        sourceFile: "B002.mov",
        scene: "4",
        take: "1",
        camera: "B",
        angle: "wide",
        comments: "keep it",
        rating: "best",
        tags: ["interview", "day 1"],
        markers: ["laugh: keep", "Act 2"],
      }),
    ]);
    expect(text).toBe(GOLDEN);
    const read = readAle(text);
    expect(read.lineEnd).toBe("\r\n");
    expect(read.rows[1]?.Markers).toBe("2: laugh: keep; Act 2");
  });

  it("turns tabs, line breaks and other control characters in values into spaces; keeps the rest", () => {
    expect(aleValue("a\tb\r\nc\u0007d\u0085e\u2028f")).toBe("a b  c d e f");
    const nasty = `Tom "Jerry" <a> & 'b' 🎬 \u200fשלום\u200f`;
    const text = writeAle({ videoFormat: "1080", audioFormat: "48khz", fps: "25" }, [
      row({ name: `x\ty\nz`, comments: nasty, tags: ["a\tb"], markers: ["m\r\nn"] }),
    ]);
    const read = readAle(text);
    expect(read.rows).toHaveLength(1);
    expect(read.rows[0]).toMatchObject({ Name: "x y z", Comments: nasty, Tags: "a b", Markers: "1: m  n" });
  });

  it("names Avid's project format from the picture size and the audio format from the sample rate", () => {
    expect(
      [
        [1920, 1080],
        [2048, 1080],
        [1280, 720],
        [720, 576],
        [720, 486],
        [3840, 2160],
        [null, null],
      ].map(([w, h]) => aleVideoFormat(w ?? null, h ?? null)),
    ).toEqual(["1080", "CUSTOM", "720", "PAL", "NTSC", "CUSTOM", "CUSTOM"]);
    expect([aleAudioFormat(48_000), aleAudioFormat(44_100), aleAudioFormat(96_000)]).toEqual([
      "48khz",
      "44.1khz",
      "96khz",
    ]);
  });
});
