import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeOtio } from "../../formats/otio.js";
import { framesToTimecode } from "../../formats/timecode.js";
import type { Timeline, TimelineClip } from "../../formats/timeline.js";
import { writeXmeml } from "../../formats/xmeml.js";
import { clip, timeline } from "../support/timelines.js";
import { xmllint } from "../support/xmllint.js";

const withNames = (tl: Timeline): Timeline => ({
  ...tl,
  name: "Tom & Jerry <1> \u0001",
  clips: [
    ...tl.clips,
    clip({
      name: "Tom & Jerry <1>.mov",
      recordIn: 600,
      windowOut: 24,
      markers: [{ offset: 2, name: "<m> & n", note: "x]]>" }],
    }),
  ],
});

type Item = {
  name: string;
  start: number;
  end: number;
  in: number;
  out: number;
  file: { id: string; pathurl?: string; timecode?: { string: string } };
  marker?: { name: string; in: number; comment: string }[];
};

describe("Final Cut Pro 7 XML (xmeml)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-xmeml-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ["25", false],
    ["29.97", true],
    ["23.976", false],
  ])("at %s fps is well formed and reads back clip by clip", async (label, dropFrame) => {
    const tl = withNames(timeline(label, dropFrame));
    const xml = writeXmeml(tl);
    const lint = await xmllint(dir, xml);
    expect(lint.stderr).toBe("");
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: "",
      isArray: (name) => ["clipitem", "marker"].includes(name),
    });
    const { xmeml } = parser.parse(xml) as {
      xmeml: {
        version: string;
        sequence: {
          name: string;
          duration: number;
          rate: { timebase: number; ntsc: string };
          timecode: { string: string; displayformat: string };
          media: { video: { track: { clipitem: Item[] } }; audio: { track: { clipitem: Item[] } } };
        };
      };
    };
    expect(xmeml.version).toBe("4");
    const seq = xmeml.sequence;
    expect(seq.name).toBe("Tom & Jerry <1>");
    expect(seq.duration).toBe(624);
    expect(seq.rate.ntsc).toBe(label === "25" ? "FALSE" : "TRUE");
    expect(seq.timecode.string).toBe(framesToTimecode(tl.start, tl.rate, dropFrame));
    expect(seq.timecode.displayformat).toBe(dropFrame ? "DF" : "NDF");
    const video = seq.media.video.track.clipitem;
    const audio = seq.media.audio.track.clipitem;
    const pictures = tl.clips.filter((c) => c.kind !== "audio");
    const sounds = tl.clips.filter((c) => c.kind !== "image" && c.audioTracks > 0);
    expect(video.map((v) => v.name)).toEqual(pictures.map((c) => c.name));
    expect(audio.map((a) => a.name)).toEqual(sounds.map((c) => c.name));
    const check = (item: Item, model: TimelineClip) => {
      expect([item.start, item.end, item.in, item.out]).toEqual([
        model.recordIn,
        model.recordIn + model.windowOut - model.windowIn,
        model.windowIn,
        model.windowOut,
      ]);
    };
    for (const [i, v] of video.entries()) check(v, pictures[i] as TimelineClip);
    for (const [i, a] of audio.entries()) check(a, sounds[i] as TimelineClip);
    // Each file is written once, then referred to by id.
    const first = video[0]?.file;
    expect(first?.pathurl).toBe(pictures[0]?.url);
    expect(first?.timecode?.string).toBe(
      framesToTimecode(pictures[0]?.sourceStart as number, tl.rate, false),
    );
    expect(audio[0]?.file).toEqual({ id: first?.id });
    expect(video[0]?.marker?.map((m) => [m.name, m.in])).toEqual([
      ["Scene 1", 48],
      ["a | b", 108],
    ]);
    expect(audio[0]?.marker).toBeUndefined();
    expect(video.at(-1)?.marker?.[0]).toEqual({ name: "<m> & n", comment: "x]]>", in: 2, out: -1 });
  });
});

describe("OpenTimelineIO", () => {
  type RT = { OTIO_SCHEMA: string; rate: number; value: number };
  type TR = { start_time: RT; duration: RT };
  type Child = {
    OTIO_SCHEMA: string;
    name: string;
    source_range: TR;
    markers: { name: string; marked_range: TR; comment: string }[];
    media_references?: { DEFAULT_MEDIA: { target_url: string; available_range: TR } };
    active_media_reference_key?: string;
  };

  it.each([
    ["23.976", false],
    ["25", false],
    ["59.94", true],
  ])("at %s fps reads back to the model's frames, track by track, gaps included", (label, dropFrame) => {
    const tl = withNames(timeline(label, dropFrame));
    const doc = JSON.parse(writeOtio(tl)) as {
      OTIO_SCHEMA: string;
      name: string;
      global_start_time: RT;
      tracks: { OTIO_SCHEMA: string; children: { OTIO_SCHEMA: string; kind: string; children: Child[] }[] };
    };
    expect(doc.OTIO_SCHEMA).toBe("Timeline.1");
    expect(doc.name).toBe(tl.name);
    expect(doc.global_start_time).toEqual({
      OTIO_SCHEMA: "RationalTime.1",
      rate: tl.rate.num / tl.rate.den,
      value: tl.start,
    });
    const [video, audio] = doc.tracks.children;
    expect(doc.tracks.OTIO_SCHEMA).toBe("Stack.1");
    expect([video?.kind, audio?.kind]).toEqual(["Video", "Audio"]);
    // Walk a track as OTIO lays it out: each child starts where the previous one ended.
    const placed = (children: Child[]) => {
      let at = 0;
      return children.map((c) => {
        const entry = {
          schema: c.OTIO_SCHEMA,
          name: c.name,
          at,
          start: c.source_range.start_time.value,
          length: c.source_range.duration.value,
        };
        at += c.source_range.duration.value;
        return entry;
      });
    };
    const expected = (keep: (c: TimelineClip) => boolean) => {
      const out: { schema: string; name: string; at: number; start: number; length: number }[] = [];
      let end = 0;
      for (const c of tl.clips.filter(keep)) {
        if (c.recordIn > end)
          out.push({ schema: "Gap.1", name: "", at: end, start: 0, length: c.recordIn - end });
        out.push({
          schema: "Clip.2",
          name: c.name,
          at: c.recordIn,
          start: c.sourceStart + c.windowIn,
          length: c.windowOut - c.windowIn,
        });
        end = c.recordIn + c.windowOut - c.windowIn;
      }
      return out;
    };
    expect(placed(video?.children ?? [])).toEqual(expected((c) => c.kind !== "audio"));
    expect(placed(audio?.children ?? [])).toEqual(expected((c) => c.kind !== "image" && c.audioTracks > 0));
    const first = video?.children[0] as Child;
    expect(first.active_media_reference_key).toBe("DEFAULT_MEDIA");
    expect(first.media_references?.DEFAULT_MEDIA.target_url).toBe(tl.clips[0]?.url);
    expect(
      first.markers.map((m) => [
        m.name,
        m.marked_range.start_time.value - first.source_range.start_time.value,
      ]),
    ).toEqual([
      ["Scene 1", 0],
      ["a | b", 60],
    ]);
    for (const rt of [first.source_range.start_time, first.source_range.duration])
      expect(rt.OTIO_SCHEMA).toBe("RationalTime.1");
  });
});
