import { describe, expect, it } from "vitest";
import { editorProxyArgs, pcmCodecFor } from "../../adapters/ffmpeg/args.js";
import { progressSeconds } from "../../adapters/ffmpeg/output.js";

describe("editor proxy command line", () => {
  const args = editorProxyArgs("/in/A001.mxf", "/in/Proxy/.A001.tmp", {
    maxHeight: 1080,
    timecode: "01:00:00;00",
    timeoutMs: 1,
  });
  const valueAfter = (flag: string) => args[args.indexOf(flag) + 1];

  it("encodes ProRes 422 Proxy with every audio track and the start timecode", () => {
    expect(valueAfter("-c:v")).toBe("prores_ks");
    expect(valueAfter("-profile:v")).toBe("0");
    expect(args.join(" ")).toContain("-map 0:v:0 -map 0:a?");
    expect(valueAfter("-timecode")).toBe("01:00:00;00");
    expect(valueAfter("-f")).toBe("mov");
    expect(args.at(-1)).toBe("/in/Proxy/.A001.tmp");
  });

  it("scales to at most the height, never up, both dimensions even", () => {
    expect(valueAfter("-vf")).toBe("scale=-2:'trunc(min(1080,ih)/2)*2':flags=bicubic");
  });

  it("keeps each audio stream's sample depth, 16-bit for a lossy or unknown one", () => {
    const deep = editorProxyArgs("a", "b", {
      maxHeight: 720,
      timecode: null,
      timeoutMs: 1,
      audio: [
        { codec: "pcm_s24le", bit_depth: 24 },
        { codec: "pcm_f32le", bit_depth: 32 },
        { codec: "pcm_s32le", bit_depth: 32 },
        { codec: "aac", bit_depth: null },
        { codec: "pcm_f64le", bit_depth: 64 },
      ],
    }).join(" ");
    expect(deep).toContain(
      "-c:a pcm_s16le -c:a:0 pcm_s24le -c:a:1 pcm_f32le -c:a:2 pcm_s32le -c:a:3 pcm_s16le -c:a:4 pcm_f64le",
    );
    expect(pcmCodecFor({ codec: "flac", bit_depth: 24 })).toBe("pcm_s24le");
    expect(pcmCodecFor({ codec: "pcm_u8", bit_depth: 8 })).toBe("pcm_s16le");
  });

  it("writes no -timecode when the source has none", () => {
    expect(editorProxyArgs("a", "b", { maxHeight: 720, timecode: null, timeoutMs: 1 })).not.toContain(
      "-timecode",
    );
  });

  it("reads the encoded time from a progress report", () => {
    expect(progressSeconds("frame=10\nout_time_us=1500000\nprogress=continue\n")).toBe(1.5);
    expect(progressSeconds("out_time_us=1\nout_time_us=2500000\n")).toBe(2.5);
    expect(progressSeconds("frame=1\n")).toBeNull();
  });
});
