import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FCPXML_VERSION, writeFcpxml } from "../../formats/fcpxml.js";
import { rationalToFrames } from "../../formats/timecode.js";
import type { Timeline } from "../../formats/timeline.js";
import { clip, timeline } from "../support/timelines.js";
import { fcpxmlDtd, xmllint } from "../support/xmllint.js";

type Attrs = Record<string, string>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => ["asset", "asset-clip", "marker", "gap"].includes(name),
});

function readBack(xml: string) {
  const doc = parser.parse(xml) as {
    fcpxml: Attrs & {
      resources: { format: Attrs; asset: (Attrs & { "media-rep": Attrs })[] };
      library: {
        event: {
          project: Attrs & {
            sequence: Attrs & { spine: { "asset-clip"?: (Attrs & { marker?: Attrs[] })[]; gap?: Attrs[] } };
          };
        };
      };
    };
  };
  return doc.fcpxml;
}

describe("FCPXML", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "svc-fcpxml-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const nasty = (tl: Timeline): Timeline => ({
    ...tl,
    name: 'Tom & Jerry <1> "final" ]]> \u0007cut',
    clips: [
      ...tl.clips,
      clip({
        name: "Tom & Jerry <1>.mov",
        recordIn: 600,
        windowOut: 24,
        markers: [{ offset: 3, name: 'a "quoted" <marker> & ]]>', note: "bell\u0007 here" }],
      }),
      // A hole on the record side before this one.
      clip({ name: "after gap.mov", recordIn: 700, windowOut: 10 }),
    ],
  });

  it.each([
    ["23.976", false],
    ["25", false],
    ["29.97", true],
    ["59.94", true],
  ])(
    "at %s fps (drop frame %s) is valid against its DTD and reads back to the model",
    async (label, dropFrame) => {
      const tl = nasty(timeline(label, dropFrame));
      const xml = writeFcpxml(tl);
      const lint = await xmllint(dir, xml, fcpxmlDtd(FCPXML_VERSION));
      expect(lint.stderr).toBe("");
      expect(lint.exitCode).toBe(0);

      const doc = readBack(xml);
      expect(doc.version).toBe("1.9");
      const f = (time: string) => rationalToFrames(time, tl.rate);
      expect(f(doc.resources.format.frameDuration as string)).toBe(1);
      const sequence = doc.library.event.project.sequence;
      expect(doc.library.event.project.name).toBe('Tom & Jerry <1> "final" ]]> cut');
      expect(sequence.tcFormat).toBe(dropFrame ? "DF" : "NDF");
      expect(f(sequence.tcStart as string)).toBe(tl.start);
      expect(f(sequence.duration as string)).toBe(710);
      const clips = sequence.spine["asset-clip"] ?? [];
      expect(clips.map((c) => c.name)).toEqual(tl.clips.map((c) => c.name));
      clips.forEach((c, i) => {
        const model = tl.clips[i] as Timeline["clips"][number];
        expect(f(c.offset as string), c.name).toBe(tl.start + model.recordIn);
        expect(f(c.start as string), c.name).toBe(model.sourceStart + model.windowIn);
        expect(f(c.duration as string), c.name).toBe(model.windowOut - model.windowIn);
        expect((c.marker ?? []).map((m) => [f(m.start as string) - f(c.start as string), m.value])).toEqual(
          model.markers.map((m) => [m.offset, m.name]),
        );
      });
      expect(clips[4]?.marker?.[0]?.note).toBe("bell here");
      const gaps = (sequence.spine.gap ?? []).map((g) => [
        f(g.offset as string) - tl.start,
        f(g.duration as string),
      ]);
      expect(gaps).toEqual([
        [485, 115],
        [624, 76],
      ]);
      const assets = doc.resources.asset;
      expect(assets.map((a) => a["media-rep"].src)).toEqual(tl.clips.map((c) => c.url));
      const audio = assets.find((a) => a.name === "interview sound.wav");
      expect(audio).toMatchObject({ hasVideo: "0", hasAudio: "1", audioSources: "2" });
      expect(assets.find((a) => a.name === "still.png")).toMatchObject({ hasVideo: "1", hasAudio: "0" });
    },
  );

  it("writes one asset for a file used twice", () => {
    const tl = timeline("25", false);
    const twice = {
      ...tl,
      clips: [tl.clips[0], { ...(tl.clips[0] as Timeline["clips"][number]), recordIn: 100 }],
    } as Timeline;
    const doc = readBack(writeFcpxml(twice));
    expect(doc.resources.asset).toHaveLength(1);
    expect(doc.library.event.project.sequence.spine["asset-clip"]).toHaveLength(2);
  });
});
