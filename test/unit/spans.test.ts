import { describe, expect, it } from "vitest";
import { continuesSplit, groupSpans, type SpanFile } from "../../pipeline/spans.js";

const GIB = 1024 ** 3;
const file = (relPath: string, over: Partial<SpanFile> = {}): SpanFile => ({
  relPath,
  size: 50_000_000,
  durationS: 60,
  startTimecode: null,
  creationDate: null,
  fps: 25,
  codec: "h264",
  width: 3840,
  height: 2160,
  ...over,
});
const placesOf = (files: SpanFile[]) =>
  groupSpans(files).map((span) => ({
    rule: span.rule,
    count: span.count,
    missing: span.missing,
    parts: span.parts.map((p) => [p.relPath, p.index]),
  }));

describe("span rules", () => {
  it("groups GoPro chapters of each video number, whatever order they come in", () => {
    const chapters = (n: number, video: string, letter = "H") =>
      Array.from({ length: n }, (_, i) =>
        file(`card/G${letter}${String(i + 1).padStart(2, "0")}${video}.MP4`),
      );
    for (const count of [2, 3, 7]) {
      const files = [...chapters(count, "0123"), ...chapters(2, "0124", "X")].reverse();
      const spans = groupSpans(files);
      expect(spans).toHaveLength(2);
      const gh = spans.find((s) => s.parts[0]?.relPath.startsWith("card/GH"));
      expect(gh?.parts.map((p) => p.index)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(gh?.parts.map((p) => p.offsetS)).toEqual(Array.from({ length: count }, (_, i) => i * 60));
      expect(gh).toMatchObject({ rule: "gopro", count, missing: [], durationS: count * 60 });
    }
  });

  it("gives one span the same id on every pass and another id to another folder's set", () => {
    const set = (dir: string) => [file(`${dir}/GH010001.MP4`), file(`${dir}/GH020001.MP4`)];
    const [a] = groupSpans(set("a"));
    expect(groupSpans(set("a").reverse())[0]?.id).toBe(a?.id);
    expect(groupSpans(set("b"))[0]?.id).not.toBe(a?.id);
  });

  it("reads the old GoPro naming: GOPR first, then GP01, GP02", () => {
    expect(placesOf([file("GP020050.MP4"), file("GOPR0050.MP4"), file("GP010050.MP4")])).toEqual([
      {
        rule: "gopro-legacy",
        count: 3,
        missing: [],
        parts: [
          ["GOPR0050.MP4", 1],
          ["GP010050.MP4", 2],
          ["GP020050.MP4", 3],
        ],
      },
    ]);
  });

  it("groups RED's numbered R3D parts of one clip", () => {
    const clip = "A001.RDM/A001_C003_0101XY.RDC/A001_C003_0101XY";
    expect(placesOf([file(`${clip}_002.R3D`), file(`${clip}_001.R3D`)])[0]).toMatchObject({
      rule: "r3d",
      count: 2,
    });
  });

  it("keeps the rest of a named set with a part missing, listing the gap; a lone first chapter is no span", () => {
    expect(placesOf([file("GX010200.MP4"), file("GX030200.MP4")])).toEqual([
      {
        rule: "gopro",
        count: 3,
        missing: [2],
        parts: [
          ["GX010200.MP4", 1],
          ["GX030200.MP4", 3],
        ],
      },
    ]);
    expect(groupSpans([file("GH010124.MP4")])).toEqual([]);
    expect(placesOf([file("GH020124.MP4")])).toMatchObject([{ count: 2, missing: [1] }]);
    // Two files claiming one place (a copy beside it) leave the names in doubt.
    expect(groupSpans([file("a/GH010125.MP4"), file("a/GH020125.MP4"), file("a/gh020125.mp4")])).toEqual([]);
  });

  it("groups a FAT32 split only where each part but the last is just under 4 GiB and the take runs on", () => {
    const part = (n: number, tc: string, size = 4 * GIB - 30 * 1024 ** 2) =>
      file(`DCIM/100MEDIA/DJI_${String(n).padStart(4, "0")}.MP4`, {
        size,
        startTimecode: tc,
        durationS: 600,
      });
    const three = [part(1, "10:00:00:00"), part(2, "10:10:00:00"), part(3, "10:20:00:00", 1 * GIB)];
    expect(placesOf(three)[0]).toMatchObject({ rule: "split", count: 3 });
    // A small first part: two takes. A gap in the timecode: two takes. A number skipped: two takes.
    expect(groupSpans([part(1, "10:00:00:00", GIB), part(2, "10:10:00:00")])).toEqual([]);
    expect(groupSpans([part(1, "10:00:00:00"), part(2, "10:15:00:00")])).toEqual([]);
    expect(groupSpans([part(1, "10:00:00:00"), part(3, "10:10:00:00")])).toEqual([]);
  });

  it("follows capture time when the parts carry no timecode, and new DJI names whose time changes per part", () => {
    const part = (name: string, created: string, size = 4 * GIB - 10 * 1024 ** 2) =>
      file(name, { size, creationDate: created, durationS: 300 });
    const spans = groupSpans([
      part("DJI_20240101120000_0001_D.MP4", "2024-01-01T12:00:00Z"),
      part("DJI_20240101120500_0002_D.MP4", "2024-01-01T12:05:01Z", 100),
    ]);
    expect(spans.map((s) => s.parts.length)).toEqual([2]);
    expect(
      groupSpans([part("C0001.MP4", "2024-01-01T12:00:00Z"), part("C0002.MP4", "2024-01-01T12:09:00Z")]),
    ).toEqual([]);
  });

  it("never joins parts that differ in codec, size or rate, or whose length is unknown", () => {
    const prev = file("C0001.MOV", { size: 4 * GIB - GIB / 8, startTimecode: "01:00:00:00", durationS: 10 });
    const next = file("C0002.MOV", { startTimecode: "01:00:10:00" });
    expect(continuesSplit(prev, next)).toBe(true);
    expect(continuesSplit(prev, { ...next, codec: "hevc" })).toBe(false);
    expect(continuesSplit(prev, { ...next, width: 1920 })).toBe(false);
    expect(continuesSplit(prev, { ...next, fps: 50 })).toBe(false);
    expect(continuesSplit({ ...prev, durationS: null }, next)).toBe(false);
    expect(continuesSplit({ ...prev, size: 4 * GIB }, next)).toBe(false);
  });
});
