import { describe, expect, it } from "vitest";
import { channelsOf, reelName, writeEdl } from "../../formats/edl.js";
import { writeMarkerEdl } from "../../formats/edl-markers.js";
import { parseTimecode } from "../../formats/timecode.js";
import type { TimelineClip } from "../../formats/timeline.js";
import { readCmx3600 } from "../support/cmx3600.js";
import { clip, mixedRateTimeline, rateOf, timeline } from "../support/timelines.js";

describe("CMX3600 EDL", () => {
  it.each([
    ["23.976", false],
    ["25", false],
    ["29.97", true],
    ["29.97", false],
    ["59.94", true],
  ])(
    "at %s fps (drop frame %s) reads back event by event with continuous record timecode",
    (label, dropFrame) => {
      const tl = timeline(label, dropFrame);
      const edl = readCmx3600(writeEdl(tl));
      expect(edl.title).toBe("Cut 1 _ cafe <&>");
      expect(edl.dropFrame).toBe(dropFrame);
      expect(edl.events.map((e) => [e.reel, e.channels, e.transition])).toEqual([
        ["A001_C00", "B", "C"],
        ["INTERVIE", "AA", "C"],
        ["STILL", "V", "C"],
        ["UNICODE_", "AA/V", "C"],
      ]);
      // Markers ride as locator comments after the clip's own (tested in edl-locators.test.ts).
      const locators = edl.events.map((e) => e.comments.filter((c) => c.startsWith("LOC: ")).length);
      expect(locators).toEqual(tl.clips.map((c) => c.markers.length));
      expect(edl.events.map((e) => e.comments.filter((c) => !c.startsWith("LOC: ")))).toEqual([
        ["FROM CLIP NAME: A001_C002.mov"],
        ["FROM CLIP NAME: interview sound.wav"],
        ["FROM CLIP NAME: still.png"],
        ["FROM CLIP NAME: Unicode _ tab_name.mov"],
      ]);
      const frames = (tc: string) => parseTimecode(tc, tl.rate).frames;
      let record = tl.start;
      edl.events.forEach((event, i) => {
        const model = tl.clips[i] as TimelineClip;
        expect(event.sourceIn.includes(";")).toBe(model.dropFrame);
        expect(frames(event.sourceIn)).toBe(model.sourceStart + model.windowIn);
        expect(frames(event.sourceOut) - frames(event.sourceIn)).toBe(model.windowOut - model.windowIn);
        expect(frames(event.recordIn)).toBe(record);
        record = frames(event.recordOut);
        expect(record - frames(event.recordIn)).toBe(model.windowOut - model.windowIn);
      });
    },
  );

  it("gives each clip of another rate its own timecode labels and states its rate in a note", () => {
    const tl = mixedRateTimeline();
    const edl = readCmx3600(writeEdl(tl));
    expect(edl.dropFrame).toBe(false);
    const [pal, ntsc, wav] = edl.events;
    // 15 s of a 25 fps clip: its own labels, 375 frames apart; 360 frames of the 23.976 record.
    expect([pal?.sourceIn, pal?.sourceOut, pal?.recordIn, pal?.recordOut]).toEqual([
      "10:00:00:00",
      "10:00:15:00",
      "01:00:00:00",
      "01:00:15:00",
    ]);
    expect(pal?.comments).toEqual([
      "FROM CLIP NAME: A25.mov",
      "SOURCE FRAME RATE: 25",
      "LOC: 10:00:04:00 BLUE    four seconds in",
    ]);
    // Drop-frame labels of the 29.97 clip, whatever the list's own mode: frames 30 and 241 of it.
    const ntscRate = rateOf("29.97");
    expect([ntsc?.sourceIn, ntsc?.sourceOut]).toEqual(["01:00:01;00", "01:00:08;01"]);
    expect(parseTimecode(ntsc?.sourceIn as string, ntscRate).frames).toBe(107_892 + 30);
    expect(parseTimecode(ntsc?.sourceOut as string, ntscRate).frames).toBe(107_892 + 241);
    expect([ntsc?.recordIn, ntsc?.recordOut]).toEqual(["01:00:15:00", "01:00:22:01"]);
    expect(ntsc?.comments).toEqual([
      "FROM CLIP NAME: B2997.mov",
      "SOURCE FRAME RATE: 29.97",
      "LOC: 01:00:08;00 BLUE    last frame",
    ]);
    // Sound counts at the timeline's rate: no note.
    expect(wav?.comments).toEqual(["FROM CLIP NAME: mono.wav"]);
    expect(writeEdl(tl)).not.toMatch(/^M2 /m);
  });

  it("names reels in eight safe characters", () => {
    expect(reelName("A001C003_220114_R1AB.mov")).toBe("A001C003");
    expect(reelName("my clip.mp4")).toBe("MY_CLIP");
    expect(reelName("日本.mov")).toBe("AX");
    expect(reelName(".mov")).toBe("AX");
  });

  it("puts audio-only items on audio channels and stills on picture alone", () => {
    expect(channelsOf(clip({ kind: "audio", audioTracks: 1 }))).toBe("A");
    expect(channelsOf(clip({ kind: "image", audioTracks: 0 }))).toBe("V");
    expect(channelsOf(clip({ audioTracks: 0 }))).toBe("V");
  });

  it("writes an empty list for an empty timeline", () => {
    expect(readCmx3600(writeEdl({ ...timeline("25", false), clips: [] })).events).toEqual([]);
  });
});

describe("marker EDL (DaVinci Resolve timeline markers)", () => {
  it.each([
    ["25", false],
    ["29.97", true],
  ])("at %s fps writes one one-frame locator per marker at its record timecode", (label, dropFrame) => {
    const tl = timeline(label, dropFrame);
    tl.clips[2]?.markers.push({ offset: 10, name: "still marker" });
    const edl = readCmx3600(writeMarkerEdl(tl));
    expect(edl.events.map((e) => e.marker)).toEqual([
      { colour: "ResolveColorBlue", name: "Scene 1", duration: 1 },
      { colour: "ResolveColorBlue", name: "a / b", duration: 1 },
      { colour: "ResolveColorBlue", name: "still marker", duration: 1 },
    ]);
    const at = edl.events.map((e) => parseTimecode(e.recordIn, tl.rate).frames - tl.start);
    expect(at).toEqual([0, 60, 360]);
    for (const event of edl.events) {
      expect(
        parseTimecode(event.recordOut, tl.rate).frames - parseTimecode(event.recordIn, tl.rate).frames,
      ).toBe(1);
    }
  });

  it("puts the markers of a clip of another rate at the nearest timeline frame, inside the clip", () => {
    const tl = mixedRateTimeline();
    const edl = readCmx3600(writeMarkerEdl(tl));
    const at = edl.events.map((e) => parseTimecode(e.recordIn, tl.rate).frames - tl.start);
    // Frame 100 at 25 fps is 95.9 frames at 23.976; the 29.97 clip's last frame is its 169th.
    expect(at).toEqual([96, 360 + 168]);
  });
});
