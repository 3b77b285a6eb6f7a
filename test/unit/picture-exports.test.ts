import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { writeFcpxml } from "../../formats/fcpxml.js";
import { writeOtio } from "../../formats/otio.js";
import { shownPixelAspect } from "../../formats/picture.js";
import type { ClipPicture, Timeline, TimelineClip } from "../../formats/timeline.js";
import { writeXmeml } from "../../formats/xmeml.js";
import { rateOf } from "../support/timelines.js";
import { fcpxmlDtd, xmllint } from "../support/xmllint.js";

const rate = rateOf("25");
const picture = (extra: Partial<ClipPicture>): ClipPicture => ({
  pixelAspect: "1:1",
  desqueeze: 1,
  fieldOrder: "progressive",
  hdr: null,
  ...extra,
});

function clip(
  name: string,
  width: number,
  height: number,
  look: Partial<ClipPicture>,
  recordIn: number,
): TimelineClip {
  return {
    name,
    kind: "video",
    url: `file:///footage/${name}`,
    sourceRate: rate,
    dropFrame: false,
    sourceStart: 0,
    sourceDuration: 50,
    windowIn: 0,
    windowOut: 50,
    recordIn,
    audioTracks: 0,
    audioChannels: 2,
    audioRate: 48_000,
    width,
    height,
    picture: picture(look),
    markers: [],
  };
}

/** HDV (1440×1080, 4:3 pixels, upper field first), a 2× anamorphic cine clip, a PQ clip, a PAL 16:9 one. */
const timeline: Timeline = {
  name: "geometry",
  rate,
  dropFrame: false,
  start: 90_000,
  clips: [
    clip("hdv.m2t", 1440, 1080, { pixelAspect: "4:3", fieldOrder: "tff" }, 0),
    clip("cine.mov", 2880, 2160, { desqueeze: 2 }, 50),
    clip("hdr.mov", 3840, 2160, { hdr: "pq" }, 100),
    clip("pal.mov", 720, 576, { pixelAspect: "16:11", fieldOrder: "bff" }, 150),
  ],
};

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false });

describe("exports carry coded size with pixel aspect, desqueeze, fields and HDR", () => {
  it("combines the file's pixel aspect with the desqueeze as whole numbers", () => {
    expect(shownPixelAspect(picture({ pixelAspect: "4:3" }))).toEqual({ h: 4, v: 3 });
    expect(shownPixelAspect(picture({ desqueeze: 1.33 }))).toEqual({ h: 133, v: 100 });
    expect(shownPixelAspect(picture({ pixelAspect: "4:3", desqueeze: 1.5 }))).toEqual({ h: 2, v: 1 });
    expect(shownPixelAspect(undefined)).toEqual({ h: 1, v: 1 });
  });

  it("FCPXML: one format per look, with paspH/paspV, fieldOrder and colorSpace, valid against the 1.9 DTD", async () => {
    const xml = writeFcpxml(timeline);
    expect(await xmllint(xml, fcpxmlDtd("1.9"))).toEqual({ status: 0, stderr: "" });
    const root = parser.parse(xml).fcpxml;
    const formats = new Map(
      (root.resources.format as Record<string, string>[]).map((format) => [format.id, format]),
    );
    const assets = root.resources.asset as Record<string, string>[];
    const formatOf = (name: string) => formats.get(assets.find((a) => a.name === name)?.format ?? "");
    expect(formatOf("hdv.m2t")).toMatchObject({
      width: "1440",
      height: "1080",
      paspH: "4",
      paspV: "3",
      fieldOrder: "upper first",
    });
    expect(formatOf("cine.mov")).toMatchObject({ width: "2880", height: "2160", paspH: "2", paspV: "1" });
    expect(formatOf("hdr.mov")).toMatchObject({ colorSpace: "9-16-9 (Rec. 2020 PQ)" });
    expect(formatOf("hdr.mov")).not.toHaveProperty("paspH");
    expect(formatOf("pal.mov")).toMatchObject({ paspH: "16", paspV: "11", fieldOrder: "lower first" });
  });

  it("FCP7 XML: named broadcast pixel aspects and field dominance on each file", () => {
    const xml = writeXmeml(timeline);
    const files = [...xml.matchAll(/<file id="[^"]+">[\s\S]*?<\/file>/g)].map((m) => m[0]);
    const fileOf = (name: string) => files.find((file) => file.includes(`<name>${name}</name>`)) ?? "";
    expect(fileOf("hdv.m2t")).toMatch(
      /<width>1440<\/width>\s*<height>1080<\/height>\s*<anamorphic>FALSE<\/anamorphic>\s*<pixelaspectratio>HD-\(1440x1080\)<\/pixelaspectratio>\s*<fielddominance>upper<\/fielddominance>/,
    );
    expect(fileOf("pal.mov")).toMatch(
      /<anamorphic>TRUE<\/anamorphic>\s*<pixelaspectratio>PAL-601<\/pixelaspectratio>\s*<fielddominance>lower<\/fielddominance>/,
    );
    // FCP7 XML has no name for a cine desqueeze: the coded size goes alone.
    expect(fileOf("cine.mov")).not.toContain("pixelaspectratio");
    expect(() => parser.parse(xml)).not.toThrow();
  });

  it("OTIO: the media reference's metadata keeps coded size, pixel aspect and desqueeze apart", () => {
    const found: unknown[] = [];
    JSON.parse(writeOtio(timeline), (key, value) => {
      if (key === "svc") found.push(value);
      return value;
    });
    expect(found).toContainEqual(
      expect.objectContaining({ width: 2880, height: 2160, pixel_aspect: "1:1", desqueeze: 2 }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({
        width: 1440,
        height: 1080,
        pixel_aspect: "4:3",
        desqueeze: 1,
        field_order: "tff",
      }),
    );
    expect(found).toContainEqual(expect.objectContaining({ width: 3840, hdr: "pq" }));
  });
});
