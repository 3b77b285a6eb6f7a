import { describe, expect, it } from "vitest";
import { pcmArgs } from "../../adapters/ffmpeg/args.js";
import { pcmChunks } from "../../adapters/ffmpeg/output.js";

describe("streamed PCM decodes", () => {
  it("decode the first audio track, mixed to mono float at the rate asked, over a window to the microsecond", () => {
    const args = pcmArgs("/media/A001.mov", {
      rate: 48_000,
      startS: 2.000_020_8,
      durationS: 6,
      filter: "highpass=f=120",
    });
    expect(args.join(" ")).toContain("-ss 2.000021 -t 6.000000 -i /media/A001.mov -map 0:a:0");
    expect(args.join(" ")).toContain(
      "-ac 1 -af highpass=f=120,aresample=48000 -ar 48000 -f f32le -c:a pcm_f32le -",
    );
    expect(pcmArgs("a.wav", { rate: 8000 })).not.toContain("-ss");
  });

  it("refuse a rate or window that cannot be", () => {
    expect(() => pcmArgs("a.wav", { rate: 0 })).toThrow(/sample rate/);
    expect(() => pcmArgs("a.wav", { rate: 8000.5 })).toThrow(/sample rate/);
    expect(() => pcmArgs("a.wav", { rate: 8000, startS: -1 })).toThrow(/window/);
    expect(() => pcmArgs("a.wav", { rate: 8000, durationS: 0 })).toThrow(/window/);
  });

  it("hand on whole samples from pieces split anywhere", () => {
    const values = Float32Array.from([0.5, -0.25, 1, 0.125]);
    const bytes = Buffer.from(values.buffer);
    const got: number[] = [];
    const feed = pcmChunks((samples) => got.push(...samples));
    for (const [from, to] of [
      [0, 3],
      [3, 9],
      [9, 10],
      [10, 16],
    ])
      feed(bytes.subarray(from, to));
    expect(got).toEqual([0.5, -0.25, 1, 0.125]);
  });
});
