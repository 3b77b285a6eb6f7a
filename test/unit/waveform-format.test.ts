import { describe, expect, it } from "vitest";
import { WavStream } from "../../formats/wav-stream.js";
import {
  coarsenPeaks,
  decodePeaksDat,
  encodePeaksDat,
  PeakReducer,
  type Peaks,
  peaksJson,
  waveformSvg,
} from "../../formats/waveform.js";

/** A 16-bit PCM WAV as ffmpeg writes it to a pipe: sizes unknown (0xFFFFFFFF), `fmt ` then `data`. */
function wav(rate: number, channels: number, samples: readonly number[]): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write("fmt ", 0, "ascii");
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(channels > 2 ? 0xfffe : 1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * channels * 2, 16);
  fmt.writeUInt16LE(channels * 2, 20);
  fmt.writeUInt16LE(16, 22);
  const head = Buffer.from("RIFF\xff\xff\xff\xffWAVE", "latin1");
  const data = Buffer.from("data\xff\xff\xff\xff", "latin1");
  const body = Buffer.alloc(samples.length * 2);
  for (const [i, s] of samples.entries()) body.writeInt16LE(s, i * 2);
  return Buffer.concat([head, fmt, data, body]);
}

/** Feeds `bytes` to a reducer in pieces of `size` bytes (odd sizes split samples and the header). */
function reduce(bytes: Buffer, size: number): Peaks | null {
  const reducer = new PeakReducer();
  const stream = new WavStream([reducer]);
  for (let at = 0; at < bytes.length; at += size) stream.push(bytes.subarray(at, at + size));
  return reducer.finish();
}
const pushed = (bytes: Buffer) => () => new WavStream([new PeakReducer()]).push(bytes);

describe("waveform peaks (audiowaveform format)", () => {
  it("takes 100 min/max pairs per second over every channel, whatever the pieces it is fed in", () => {
    // 1 s at 1,000 Hz, two channels: a bucket is 10 frames. Channel 2 is loud in the 4th bucket only.
    const frames = 1000;
    const samples: number[] = [];
    for (let f = 0; f < frames; f++)
      samples.push((f % 7) - 3, f >= 30 && f < 40 ? (f % 2 ? 25_600 : -25_600) : 0);
    const expected = reduce(wav(1000, 2, samples), 1 << 20);
    expect(expected?.sampleRate).toBe(1000);
    expect(expected?.samplesPerPixel).toBe(10);
    expect(expected?.data.length).toBe(200);
    expect(Array.from(expected?.data.slice(4, 10) ?? [])).toEqual([-1, 0, -100, 100, -1, 0]);
    for (const size of [1, 3, 7, 45, 4097]) expect(reduce(wav(1000, 2, samples), size)).toEqual(expected);
  });

  it("keeps a last, partial bucket and gives nothing for no samples or no header", () => {
    const peaks = reduce(
      wav(
        1000,
        1,
        Array.from({ length: 15 }, () => 512),
      ),
      8,
    );
    expect(Array.from(peaks?.data ?? [])).toEqual([2, 2, 2, 2]);
    expect(reduce(wav(1000, 1, []), 8)).toBeNull();
    expect(new PeakReducer().finish()).toBeNull();
  });

  it("refuses a stream that is not 16-bit PCM WAV", () => {
    expect(pushed(Buffer.from("OggS and then some bytes"))).toThrow(/not a WAV/);
    const float = wav(1000, 1, [0]);
    float.writeUInt16LE(32, 34);
    expect(pushed(float)).toThrow(/not 16-bit PCM/);
  });

  it("writes the version 2 binary layout and reads it back", () => {
    const peaks: Peaks = {
      sampleRate: 48_000,
      samplesPerPixel: 480,
      data: Int8Array.from([-3, 4, -128, 127]),
    };
    const dat = encodePeaksDat(peaks);
    expect(dat.length).toBe(24 + 4);
    expect([0, 4, 8, 12, 16, 20].map((at) => dat.readInt32LE(at))).toEqual([2, 1, 48_000, 480, 2, 1]);
    expect(decodePeaksDat(dat)).toEqual(peaks);
    expect(() => decodePeaksDat(dat.subarray(0, 26))).toThrow(/does not match/);
    const v1 = Buffer.from(dat);
    v1.writeInt32LE(1, 0);
    expect(() => decodePeaksDat(v1)).toThrow(/not version 2/);
  });

  it("coarsens by whole factors and answers the audiowaveform JSON", () => {
    const peaks: Peaks = {
      sampleRate: 48_000,
      samplesPerPixel: 480,
      data: Int8Array.from([-1, 1, -5, 2, 0, 9]),
    };
    const coarse = coarsenPeaks(peaks, 2);
    expect(peaksJson(coarse)).toEqual({
      version: 2,
      channels: 1,
      sample_rate: 48_000,
      samples_per_pixel: 960,
      bits: 8,
      length: 2,
      data: [-5, 2, 0, 9],
    });
    expect(coarsenPeaks(peaks, 1)).toBe(peaks);
    expect(() => coarsenPeaks(peaks, 1.5)).toThrow(/whole factor/);
  });

  it("draws one stroke per column, a flat line for silence", () => {
    const peaks: Peaks = { sampleRate: 48_000, samplesPerPixel: 480, data: Int8Array.from([-64, 64, 0, 0]) };
    const svg = waveformSvg(peaks, 2, 100);
    expect(svg).toContain('width="2" height="100"');
    expect(svg).toContain("M0.5 24.5V75.5M1.5 49.5V50.5");
    expect(waveformSvg(null, 4, 10)).toContain('d=""');
  });
});
