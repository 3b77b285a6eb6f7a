import { Writable } from "node:stream";
import fc from "fast-check";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { proxyArgs } from "../../adapters/proxy-encode.js";
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
    expect(video("b.mov", "h264", "aac")).toBeNull();
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

  it("decides by codec, not extension: ProRes, DNx, MPEG-2, HEVC and PCM in a .mov need a proxy", () => {
    expect(video("a.mov", "dnxhd")).toBe("the dnxhd video codec");
    expect(video("a.mov", "mpeg2video")).toBe("the mpeg2video video codec");
    expect(video("a.MOV", "hevc")).toBe("the hevc video codec");
    expect(video("a.mov", "h264", "pcm_s16le")).toBe("PCM sound in a .mov file");
    expect(video("a.mp4", "h264", "pcm_s24le")).toBe("PCM sound in a .mp4 file");
    expect(video("a.mov", "h264", "aac")).toBeNull();
  });

  it("plays 8- and 16-bit mono or stereo WAV; polyphonic, 24-bit and float sound files need a mixdown", () => {
    const wav = (audio_codec: string, audio_channels: number | null, path = "s.wav") =>
      unplayableReason({ path, kind: "audio", codec: null, audio_codec, audio_channels });
    expect(wav("pcm_s16le", 2)).toBeNull();
    expect(wav("pcm_u8", 1, "s.BWF")).toBeNull();
    expect(wav("pcm_s16le", null)).toBeNull();
    expect(wav("pcm_s16le", 4)).toBe("4-channel sound");
    expect(wav("pcm_s24le", 2)).toBe("24-bit PCM sound");
    expect(wav("pcm_f32le", 2, "s.bwf")).toBe("32-bit float PCM sound");
    expect(wav("pcm_s24le", 8)).toBe("24-bit PCM sound");
    expect(wav("aac", 6, "s.m4a")).toBeNull();
  });

  it("judges audio by codec, or by container when the codec was never recorded", () => {
    const audio = (path: string, audio_codec: string | null) =>
      unplayableReason({ path, kind: "audio", codec: null, audio_codec });
    for (const codec of ["aac", "mp3", "opus", "vorbis", "flac"]) expect(audio("x.m4a", codec)).toBeNull();
    expect(audio("x.m4a", "pcm_s24le")).toBe("PCM sound in a .m4a file");
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

describe("playback mixdown of a polyphonic sound file", () => {
  const args = (audioChannels: number | null, video = false) =>
    proxyArgs({ source: "/in.wav", out: "/o.mp4", height: 720, video, durationS: 1, audioChannels });

  it("mixes every channel of a sound file evenly into both sides", () => {
    const list = args(4);
    expect(list[list.indexOf("-af") + 1]).toBe("pan=stereo|c0<c0+c1+c2+c3|c1<c0+c1+c2+c3");
    expect(list.join(" ")).toContain("-c:a aac -b:a 128k -ac 2");
  });

  it("leaves stereo and a video's sound to ffmpeg's own downmix", () => {
    expect(args(2)).not.toContain("-af");
    expect(args(null)).not.toContain("-af");
    expect(args(6, true)).not.toContain("-af");
  });
});
