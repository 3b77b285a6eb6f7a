import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { framesToTimecode } from "../../formats/timecode.js";
import {
  hasPicture,
  hasSound,
  recordLength,
  sourceLength,
  type TimelineClip,
  timelineLength,
} from "../../formats/timeline.js";
import { writeXmeml } from "../../formats/xmeml.js";
import { mixedRateTimeline, NASTY, sampleTimeline } from "../support/timelines.js";
import { xmllint } from "../support/xmllint.js";

// Text values are kept as strings: a clip named "0042" must not come back as a number.
type Node = { [key: string]: string | Node | Node[] };

const REPEATED = new Set(["track", "clipitem", "link", "marker", "group"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

const clean = (raw: string) => Object.values(NASTY).find((n) => n.raw === raw)?.clean ?? raw;
const str = (node: unknown, ...path: string[]): string => {
  const value = path.reduce<unknown>((at, key) => (at as Node | undefined)?.[key], node);
  if (typeof value !== "string") throw new Error(`no text at ${path.join(" > ")}`);
  return value;
};
const num = (node: unknown, ...path: string[]) => Number(str(node, ...path));
const list = (node: unknown, key: string): Node[] => ((node as Node)[key] as Node[] | undefined) ?? [];

const CASES = [
  ["23.976", false, "24", "TRUE"],
  ["25", false, "25", "FALSE"],
  ["29.97", true, "30", "TRUE"],
  ["59.94", false, "60", "TRUE"],
] as const;

const channels = (clip: TimelineClip) => clip.audioTracks * clip.audioChannels;

describe("xmeml writer", () => {
  it.each(CASES)("writes well-formed XML at %s fps (drop frame %s)", async (label, dropFrame) => {
    const lint = await xmllint(writeXmeml(sampleTimeline(label, dropFrame)));
    expect(lint).toEqual({ status: 0, stderr: "" });
  });

  it.each(CASES)("reads back at %s fps (drop frame %s) to the model", (label, dropFrame, timebase, ntsc) => {
    const timeline = sampleTimeline(label, dropFrame);
    const xml = writeXmeml(timeline);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<!DOCTYPE xmeml>\s*<xmeml version="4">/);
    const sequence = parser.parse(xml).xmeml.sequence as Node;

    expect(str(sequence, "name")).toBe(timeline.name);
    expect(num(sequence, "duration")).toBe(timelineLength(timeline));
    expect(sequence.rate).toEqual({ timebase, ntsc });
    expect(sequence.timecode).toEqual({
      rate: { timebase, ntsc },
      string: framesToTimecode(timeline.start, timeline.rate, dropFrame),
      frame: String(timeline.start),
      displayformat: dropFrame ? "DF" : "NDF",
    });
    expect(str(sequence, "media", "video", "format", "samplecharacteristics", "width")).toBe("1920");

    const videoTracks = list((sequence.media as Node).video, "track");
    const audioTracks = list((sequence.media as Node).audio, "track");
    expect(videoTracks).toHaveLength(1);
    // The four mono tracks of one clip are the most channels: two stereo pairs, four xmeml tracks.
    expect(audioTracks).toHaveLength(4);
    expect(audioTracks.map((t) => [t.currentExplodedTrackIndex, t.premiereTrackType])).toEqual([
      ["0", "Stereo"],
      ["1", "Stereo"],
      ["0", "Stereo"],
      ["1", "Stereo"],
    ]);

    // Each file is written out once; later clip items name it by id alone.
    const items = [...videoTracks, ...audioTracks].flatMap((t) => list(t, "clipitem"));
    const files = new Map<string, Node>();
    for (const item of items) {
      const file = item.file as Node;
      if (file.pathurl !== undefined) {
        expect(files.has(str(file, "id"))).toBe(false);
        files.set(str(file, "id"), file);
      }
    }
    expect(new Set([...files.values()].map((f) => f.pathurl))).toEqual(
      new Set(timeline.clips.map((c) => c.url)),
    );
    const fileOf = (item: Node) => files.get(str(item, "file", "id")) as Node;
    const byId = new Map(items.map((item) => [str(item, "id"), item]));

    const video = list(videoTracks[0], "clipitem");
    expect(video.map((i) => num(i, "start"))).toEqual(
      timeline.clips.filter(hasPicture).map((c) => c.recordIn),
    );
    for (const clip of timeline.clips) {
      const sourceIn = clip.kind === "image" ? 0 : clip.windowIn;
      const mine = items.filter((i) => num(i, "start") === clip.recordIn);
      const kinds = mine.map((i) => (video.includes(i) ? "video" : "audio"));
      expect(kinds).toEqual([
        ...(hasPicture(clip) ? ["video"] : []),
        ...(hasSound(clip) ? Array(2 * Math.ceil(channels(clip) / 2)).fill("audio") : []),
      ]);
      for (const item of mine) {
        expect(str(item, "name")).toBe(clean(clip.name));
        expect(num(item, "end")).toBe(clip.recordIn + recordLength(clip, timeline.rate));
        expect(num(item, "in")).toBe(sourceIn);
        expect(num(item, "out")).toBe(sourceIn + sourceLength(clip));
        expect(item.rate).toEqual({ timebase, ntsc });
        const file = fileOf(item);
        expect(str(file, "pathurl")).toBe(clip.url);
        expect(str(file, "name")).toBe(clean(clip.name));
        expect(Boolean((file.media as Node).video)).toBe(hasPicture(clip));
        expect(Boolean((file.media as Node).audio)).toBe(hasSound(clip));
        if (clip.kind !== "image") {
          expect(num(item, "duration")).toBe(clip.sourceDuration);
          expect(num(file, "timecode", "frame")).toBe(clip.sourceStart);
          expect(str(file, "timecode", "displayformat")).toBe(clip.dropFrame ? "DF" : "NDF");
        }
        // Linked items point at each other by id, track and position on the track.
        if (mine.length > 1)
          for (const link of list(item, "link")) {
            const other = byId.get(str(link, "linkclipref")) as Node;
            expect(mine).toContain(other);
            const tracks = str(link, "mediatype") === "video" ? videoTracks : audioTracks;
            const track = tracks[num(link, "trackindex") - 1];
            expect(list(track, "clipitem")[num(link, "clipindex") - 1]).toBe(other);
          }
        else expect(item.link).toBeUndefined();
      }
      // Audio items play the source's channels in order, a mono source on both sides.
      const audio = mine.filter((i) => !video.includes(i));
      expect(audio.map((i) => num(i, "sourcetrack", "trackindex"))).toEqual(
        audio.map((_, k) => Math.min(k + 1, channels(clip))),
      );
      if (hasSound(clip)) {
        const audioMedia = ((fileOf(mine[0] as Node).media as Node).audio ?? {}) as Node;
        expect(num(audioMedia, "channelcount")).toBe(channels(clip));
        expect(num(audioMedia, "samplecharacteristics", "samplerate")).toBe(clip.audioRate);
      }
      // Markers sit once, on the clip's first item, in source frames.
      expect(mine.slice(1).every((i) => i.marker === undefined)).toBe(true);
      expect(
        list(mine[0], "marker").map((m) => ({
          name: m.name,
          comment: m.comment ?? "",
          in: num(m, "in") - sourceIn,
          out: m.out,
        })),
      ).toEqual(
        clip.markers.map((m) => ({
          name: clean(m.name),
          comment: m.note === undefined ? "" : clean(m.note),
          in: m.offset,
          out: "-1",
        })),
      );
    }
  });

  it("describes each clip and its file at the clip's own rate, timecode and length", () => {
    const timeline = mixedRateTimeline();
    const sequence = parser.parse(writeXmeml(timeline)).xmeml.sequence as Node;
    expect(sequence.rate).toEqual({ timebase: "24", ntsc: "TRUE" });
    const video = list(list((sequence.media as Node).video, "track")[0], "clipitem");
    const audio = list((sequence.media as Node).audio, "track").flatMap((t) => list(t, "clipitem"));
    const [pal, ntsc] = video;
    const fileOf = (item: Node | undefined) => item?.file as Node;

    // The 25 fps clip's file: 25 fps, 375 frames, 10:00:00:00, not 30/NTSC at 09:59:24:01.
    expect(fileOf(pal)).toMatchObject({
      rate: { timebase: "25", ntsc: "FALSE" },
      duration: "375",
      timecode: {
        rate: { timebase: "25", ntsc: "FALSE" },
        string: "10:00:00:00",
        frame: "900000",
        displayformat: "NDF",
      },
    });
    expect(str(fileOf(pal), "media", "video", "samplecharacteristics", "rate", "timebase")).toBe("25");
    // Its item: in, out and markers in its own frames; start and end in the sequence's.
    expect(pal).toMatchObject({ rate: { timebase: "25", ntsc: "FALSE" }, duration: "375" });
    expect([pal?.start, pal?.end, pal?.in, pal?.out]).toEqual(["0", "360", "0", "375"]);
    expect(list(pal, "marker")[0]).toMatchObject({ in: "100" });

    expect(fileOf(ntsc)).toMatchObject({
      rate: { timebase: "30", ntsc: "TRUE" },
      duration: "300",
      timecode: { string: "01:00:00;00", frame: "107892", displayformat: "DF" },
    });
    expect(str(fileOf(ntsc), "media", "audio", "channelcount")).toBe("1");
    expect(str(fileOf(ntsc), "media", "audio", "samplecharacteristics", "samplerate")).toBe("44100");
    expect([ntsc?.start, ntsc?.end, ntsc?.in, ntsc?.out]).toEqual(["360", "529", "30", "241"]);

    // The mono WAV: one channel, played on both sides of the stereo pair.
    const wav = audio.filter((item) => str(item, "name") === "mono.wav");
    expect(wav.map((item) => str(item, "sourcetrack", "trackindex"))).toEqual(["1", "1"]);
    const wavFile = wav.map(fileOf).find((file) => file.media !== undefined) as Node;
    expect(str(wavFile, "media", "audio", "channelcount")).toBe("1");
    expect(wavFile.rate).toEqual({ timebase: "24", ntsc: "TRUE" });
  });

  it("refuses overlapping clips rather than writing them over each other", () => {
    const timeline = sampleTimeline("25");
    const [first, second] = timeline.clips;
    if (!first || !second) throw new Error("sample timeline too short");
    const overlapping = { ...timeline, clips: [first, { ...second, recordIn: 0 }] };
    expect(() => writeXmeml(overlapping)).toThrow(RangeError);
  });
});
