import { Writable } from "node:stream";
import fc from "fast-check";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { contentTypeOf, unplayableReason } from "../../domain/playback.js";
import { readSegments } from "../../library/media/browse.js";
import { parseRange } from "../../library/media/range.js";

describe("parseRange", () => {
  it("reads the single-range forms", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ kind: "partial", start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ kind: "partial", start: 900, end: 999 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ kind: "partial", start: 0, end: 999 });
    expect(parseRange("Bytes = 10-20000", 1000)).toEqual({ kind: "partial", start: 10, end: 999 });
  });

  it("refuses ranges that start past the end and ignores malformed ones", () => {
    for (const header of ["bytes=1000-", "bytes=1000-1001", "bytes=-0"]) {
      expect(parseRange(header, 1000), header).toEqual({ kind: "unsatisfiable" });
    }
    expect(parseRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
    for (const header of [
      null,
      "",
      "bytes",
      "bytes=",
      "bytes=-",
      "bytes=a-b",
      "bits=0-1",
      "bytes=5-1",
      "bytes=0-1,5-6",
    ]) {
      expect(parseRange(header, 1000), String(header)).toEqual({ kind: "full" });
    }
  });

  it("always stays inside the file", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.nat({ max: 10_000 }), (tail, size) => {
        const range = parseRange(`bytes=${tail}`, size);
        if (range.kind !== "partial") return;
        expect(range.start).toBeGreaterThanOrEqual(0);
        expect(range.start).toBeLessThanOrEqual(range.end);
        expect(range.end).toBeLessThan(size);
      }),
    );
  });
});

describe("browser allow-list", () => {
  const video = (path: string, codec: string | null, audio_codec: string | null = "aac") =>
    unplayableReason({ path, kind: "video", codec, audio_codec });

  it("plays H.264, VP8, VP9 and AV1 in mp4, mov and webm", () => {
    for (const codec of ["h264", "vp8", "vp9", "av1"]) expect(video("a/b.MP4", codec)).toBeNull();
    expect(video("b.mov", "h264", "pcm_s16le")).toBeNull();
    expect(video("b.webm", "vp9", "opus")).toBeNull();
    expect(video("b.mp4", "h264", null)).toBeNull();
  });

  it("needs a proxy for other codecs and containers", () => {
    expect(video("b.mov", "prores")).toBe("the prores video codec");
    expect(video("b.mp4", "hevc")).toBe("the hevc video codec");
    expect(video("b.mxf", "h264")).toBe("the .mxf container");
    expect(video("b.mp4", "h264", "ac3")).toBe("the ac3 audio codec");
    expect(video("b.mp4", null)).toBe("the unknown video codec");
  });

  it("judges audio by codec, or by container when the codec was never recorded", () => {
    const audio = (path: string, audio_codec: string | null) =>
      unplayableReason({ path, kind: "audio", codec: null, audio_codec });
    for (const codec of ["aac", "mp3", "opus", "vorbis", "flac", "pcm_s24le"])
      expect(audio("x.m4a", codec)).toBeNull();
    expect(audio("x.wav", null)).toBeNull();
    expect(audio("x.mp4", "aac")).toBeNull();
    expect(audio("x.m4a", "alac")).toBe("the alac audio codec");
    expect(audio("x.wma", null)).toBe("the .wma container");
    expect(audio("x.aiff", "pcm_s16be")).toBe("the .aiff container");
  });

  it("serves stills as they are, with the type of their extension", () => {
    expect(unplayableReason({ path: "s.svg", kind: "image", codec: "svg", audio_codec: null })).toBeNull();
    expect(contentTypeOf("s.SVG")).toBe("image/svg+xml");
    expect(contentTypeOf("clip.mov")).toBe("video/quicktime");
    expect(contentTypeOf("tone.wav")).toBe("audio/wav");
    expect(contentTypeOf("noext")).toBe("application/octet-stream");
  });
});

describe("readSegments", () => {
  const capture = () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    return { log: pino({ level: "warn" }, sink), lines };
  };

  it("keeps start, end, text and speaker_id only", () => {
    const { log, lines } = capture();
    const json = JSON.stringify([
      { start: 0, end: 1, text: "a", speaker_id: "S1", words: [{ word: "a" }], frames: [1] },
      { start: 1, end: 2, text: "b", speaker_id: null },
    ]);
    expect(readSegments(json, 7, log)).toEqual([
      { start: 0, end: 1, text: "a", speaker_id: "S1" },
      { start: 1, end: 2, text: "b" },
    ]);
    expect(readSegments(null, 7, log)).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("degrades a corrupt column to no segments with a warning naming the item", async () => {
    for (const corrupt of ["{not json", '{"start":0}', '[{"start":"0","end":1,"text":"x"}]', "[null]"]) {
      const { log, lines } = capture();
      expect(readSegments(corrupt, 42, log)).toEqual([]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines).toEqual([
        expect.objectContaining({ level: 40, media_id: 42, msg: expect.stringMatching(/segments_json/) }),
      ]);
    }
  });
});
