import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { FCPXML_VERSIONS, fcpRating, writeFcpxml } from "../../formats/fcpxml.js";
import { framesToTimecode, rationalToFrames } from "../../formats/timecode.js";
import {
  hasPicture,
  hasSound,
  recordLength,
  sourceLength,
  type Timeline,
  timelineLength,
} from "../../formats/timeline.js";
import { mixedRateTimeline, NASTY, rateOf, sampleTimeline } from "../support/timelines.js";
import { fcpxmlDtd, xmllint } from "../support/xmllint.js";

type Attributes = Record<string, string>;
type Element = Attributes & { marker?: Attributes[]; "media-rep"?: Attributes };

const REPEATED = new Set(["format", "asset", "asset-clip", "gap", "marker", "conform-rate"]);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && REPEATED.has(name),
});

const clean = (raw: string) => Object.values(NASTY).find((n) => n.raw === raw)?.clean ?? raw;

const CASES = [
  ["23.976", false],
  ["25", false],
  ["29.97", true],
  ["59.94", false],
] as const;

function parse(xml: string) {
  const root = parser.parse(xml).fcpxml;
  const sequence = root.library.event.project.sequence;
  return {
    version: root.version as string,
    formats: new Map(((root.resources.format ?? []) as Attributes[]).map((f) => [f.id, f])),
    assets: new Map(((root.resources.asset ?? []) as Element[]).map((a) => [a.id, a])),
    event: root.library.event as Attributes,
    sequence: sequence as Attributes,
    clips: (sequence.spine?.["asset-clip"] ?? []) as Element[],
    gaps: (sequence.spine?.gap ?? []) as Attributes[],
  };
}

describe("FCPXML writer", () => {
  it.each(CASES)("writes %s fps (drop frame %s) that Apple's 1.9 DTD accepts", async (label, dropFrame) => {
    const lint = await xmllint(writeFcpxml(sampleTimeline(label, dropFrame)), fcpxmlDtd("1.9"));
    expect(lint).toEqual({ status: 0, stderr: "" });
  });

  it("is checked by a validator that does reject what breaks the DTD", async () => {
    const xml = writeFcpxml(sampleTimeline("25"));
    // A sequence's note belongs before its spine.
    const misordered = xml.replace("</spine>", "</spine><note>late</note>");
    expect(misordered).not.toBe(xml);
    for (const broken of [xml.replace('version="1.9"', 'version="1.10"'), misordered]) {
      const lint = await xmllint(broken, fcpxmlDtd("1.9"));
      expect(lint.status).toBe(3);
    }
  });

  it.each(CASES)(
    "reads back at %s fps (drop frame %s) to the model's frames and names",
    (label, dropFrame) => {
      const timeline = sampleTimeline(label, dropFrame);
      const doc = parse(writeFcpxml(timeline));
      const frames = (time: string | undefined) => rationalToFrames(time as string, timeline.rate);

      expect(doc.version).toBe("1.9");
      expect(doc.event.name).toBe(timeline.name);
      expect(frames(doc.sequence.tcStart)).toBe(timeline.start);
      expect(frames(doc.sequence.duration)).toBe(timelineLength(timeline));
      expect(doc.sequence.tcFormat).toBe(dropFrame ? "DF" : "NDF");
      const sequenceFormat = doc.formats.get(doc.sequence.format as string);
      expect(sequenceFormat).toMatchObject({ width: "1920", height: "1080" });
      expect(frames(sequenceFormat?.frameDuration)).toBe(1);

      // Spine items follow one another from the sequence start to its end, the gap included.
      const spine = [...doc.gaps, ...doc.clips].sort((a, b) => frames(a.offset) - frames(b.offset));
      let at = timeline.start;
      for (const item of spine) {
        expect(frames(item.offset)).toBe(at);
        at += frames(item.duration);
      }
      expect(at).toBe(timeline.start + timelineLength(timeline));
      expect(doc.gaps).toHaveLength(1);
      expect(doc.clips).toHaveLength(timeline.clips.length);
      // The first file is used twice but is one asset.
      expect(doc.assets.size).toBe(timeline.clips.length - 1);

      for (const clip of timeline.clips) {
        const element = doc.clips.find((c) => frames(c.offset) === timeline.start + clip.recordIn);
        if (!element) throw new Error(`no asset-clip at record frame ${clip.recordIn}`);
        // Inside the clip, times count at its own rate; its length on the spine at the timeline's.
        const own = (time: string | undefined) => rationalToFrames(time as string, clip.sourceRate);
        const source = clip.kind === "image" ? 0 : clip.sourceStart + clip.windowIn;
        expect(element.name).toBe(clean(clip.name));
        expect(own(element.start)).toBe(source);
        expect(frames(element.duration)).toBe(recordLength(clip, timeline.rate));
        expect(element.tcFormat).toBe(clip.dropFrame ? "DF" : "NDF");

        const asset = doc.assets.get(element.ref as string);
        expect(asset?.name).toBe(clean(clip.name));
        expect(asset?.["media-rep"]).toEqual({ kind: "original-media", src: clip.url });
        expect(own(asset?.start)).toBe(clip.kind === "image" ? 0 : clip.sourceStart);
        expect(own(asset?.duration)).toBe(clip.kind === "image" ? sourceLength(clip) : clip.sourceDuration);
        expect(asset?.hasVideo).toBe(hasPicture(clip) ? "1" : "0");
        expect(asset?.hasAudio).toBe(hasSound(clip) ? "1" : "0");
        if (hasSound(clip))
          expect(asset).toMatchObject({
            audioSources: String(clip.audioTracks),
            audioChannels: String(clip.audioChannels),
            audioRate: String(clip.audioRate),
          });
        if (hasPicture(clip)) {
          const format = doc.formats.get(asset?.format as string);
          expect(format).toMatchObject({ width: String(clip.width), height: String(clip.height) });
          expect(own(format?.frameDuration)).toBe(1);
        } else expect(asset?.format).toBeUndefined();

        expect(
          (element.marker ?? []).map((m) => ({
            offset: own(m.start) - source,
            duration: own(m.duration),
            name: m.value,
            note: m.note,
          })),
        ).toEqual(
          clip.markers.map((m) => ({
            offset: m.offset,
            duration: 1,
            name: clean(m.name),
            note: m.note === undefined ? undefined : clean(m.note),
          })),
        );
      }
    },
  );

  it("describes each clip of another rate at its own rate, start timecode and length", async () => {
    const timeline = mixedRateTimeline();
    const xml = writeFcpxml(timeline);
    expect(await xmllint(xml, fcpxmlDtd("1.9"))).toEqual({ status: 0, stderr: "" });
    const doc = parse(xml);
    const sequenceFormat = doc.formats.get(doc.sequence.format as string);
    expect(sequenceFormat?.frameDuration).toBe("1001/24000s");
    const [pal, ntsc, wav] = doc.clips;
    const assetOf = (element: Element | undefined) => doc.assets.get(element?.ref as string) as Element;

    // 25 fps at 10:00:00:00 for 15 s: 36000 s and 15 s, not 35999.9974 s and 15.015 s.
    expect(assetOf(pal)).toMatchObject({ start: "36000s", duration: "15s" });
    expect(doc.formats.get(assetOf(pal).format as string)?.frameDuration).toBe("1/25s");
    // On the spine: its own start, a length of 360 timeline frames, its format, its own speed.
    // 01:00:00:00 at 23.976 is 86,400 frames of 1001/24000 s.
    expect(pal).toMatchObject({ offset: "18018/5s", start: "36000s", duration: "3003/200s" });
    expect(pal?.format).toBe(assetOf(pal).format);
    expect(pal?.["conform-rate"]).toEqual([{ scaleEnabled: "0", srcFrameRate: "25" }]);
    expect(pal?.marker?.[0]).toMatchObject({ start: "36004s", duration: "1/25s" });

    const ntscRate = rateOf("29.97");
    const ntscAsset = assetOf(ntsc);
    expect(framesToTimecode(rationalToFrames(ntscAsset.start as string, ntscRate), ntscRate, true)).toBe(
      "01:00:00;00",
    );
    expect(rationalToFrames(ntscAsset.duration as string, ntscRate)).toBe(300);
    expect(doc.formats.get(ntscAsset.format as string)?.frameDuration).toBe("1001/30000s");
    expect(ntscAsset).toMatchObject({ audioChannels: "1", audioRate: "44100" });
    expect(rationalToFrames(ntsc?.start as string, ntscRate)).toBe(107_892 + 30);
    expect(rationalToFrames(ntsc?.duration as string, timeline.rate)).toBe(169);
    expect(ntsc).toMatchObject({ tcFormat: "DF" });
    expect(ntsc?.["conform-rate"]).toEqual([{ scaleEnabled: "0", srcFrameRate: "29.97" }]);

    // Sound has no rate of its own: it counts at the timeline's and needs no conforming.
    expect(assetOf(wav)).toMatchObject({ audioSources: "1", audioChannels: "1", audioRate: "48000" });
    expect(wav?.["conform-rate"]).toBeUndefined();
    expect(wav?.format).toBeUndefined();
  });

  it("leaves no control characters in the document and writes clips in record order", () => {
    const timeline = sampleTimeline("25");
    const xml = writeFcpxml(timeline);
    const controls = [...xml].filter((ch) => {
      const cp = ch.codePointAt(0) ?? 0;
      return (cp < 0x20 && ch !== "\n" && ch !== "\t" && ch !== "\r") || (cp >= 0x7f && cp <= 0x9f);
    });
    expect(controls).toEqual([]);
    expect(writeFcpxml({ ...timeline, clips: [...timeline.clips].reverse() })).toBe(xml);
  });

  it.each(FCPXML_VERSIONS)(
    "writes the log of every kind of clip that the %s DTD accepts: keywords cleaned of commas and control characters, ratings, notes",
    async (version) => {
      const timeline = sampleTimeline("25");
      const logs = [
        { tags: ["a,b", ",,", NASTY.bell.raw, "a b"], rating: " 4 ", note: NASTY.note.raw },
        { tags: [], rating: "1", note: "" },
        { tags: ["x"], rating: "good", note: "" },
      ];
      const logged = { ...timeline, clips: timeline.clips.map((clip, i) => ({ ...clip, log: logs[i % 3] })) };
      const xml = writeFcpxml(logged, version);
      expect(await xmllint(xml, fcpxmlDtd(version))).toEqual({ status: 0, stderr: "" });
      const doc = parser.parse(xml).fcpxml;
      expect(doc.version).toBe(version);
      const clips = doc.library.event.project.sequence.spine["asset-clip"] as Record<string, unknown>[];
      // "a,b" and "a b" are one keyword once its comma goes; a tag of commas alone is none.
      expect(clips[0]?.keyword).toMatchObject({ value: `a b, ${NASTY.bell.clean}` });
      expect(clips[0]?.rating).toMatchObject({ value: "favorite" });
      expect(clips[0]?.note).toBe(NASTY.note.clean);
      expect(clips[1]?.keyword).toBeUndefined();
      expect(clips[1]?.rating).toMatchObject({ value: "reject" });
      expect(clips[2]?.rating).toBeUndefined();
    },
  );

  it("maps only 4 and 5 stars to favourites and 1 to a reject", () => {
    expect(["5", "4", "1", "3", "2", "", "good", "4.5"].map(fcpRating)).toEqual([
      "favorite",
      "favorite",
      "reject",
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it("writes an empty timeline as a valid document", async () => {
    const empty: Timeline = { ...sampleTimeline("24"), clips: [] };
    const xml = writeFcpxml(empty);
    expect(await xmllint(xml, fcpxmlDtd("1.9"))).toEqual({ status: 0, stderr: "" });
    expect(parse(xml).sequence.duration).toBe("0s");
  });

  it("refuses a timeline it cannot write faithfully, naming the clip", () => {
    const timeline = sampleTimeline("25");
    const [first, second] = timeline.clips;
    if (!first || !second) throw new Error("sample timeline too short");
    const overlapping = { ...timeline, clips: [first, { ...second, recordIn: second.recordIn - 1 }] };
    expect(() => writeFcpxml(overlapping)).toThrow(
      `clip "${second.name}" starts at frame ${second.recordIn - 1}, before "${first.name}" ends at frame ${second.recordIn}`,
    );
    const lateMarker = { ...first, markers: [{ offset: sourceLength(first), name: "after the end" }] };
    expect(() => writeFcpxml({ ...timeline, clips: [lateMarker] })).toThrow(
      /marker "after the end".*outside/,
    );
    const pastFile = { ...first, windowOut: first.sourceDuration + 1 };
    expect(() => writeFcpxml({ ...timeline, clips: [pastFile] })).toThrow(/past the file's/);
    expect(() => writeFcpxml({ ...timeline, clips: [{ ...first, recordIn: 1.5 }] })).toThrow(/recordIn/);
  });
});
