import { describe, expect, it } from "vitest";
import {
  ClipCounter,
  parseAudioStats,
  parseAudioTrack,
  parseCuts,
  parseMotion,
  parseSilences,
  sampleFiles,
  splitPngs,
} from "../../adapters/ffmpeg/output.js";

// Captured from ffmpeg 5.1 running the command lines of adapters/ffmpeg/args.ts on a 2 s clip: a test
// picture cut to blue at 1 s, a tone until 0.6 s and silence after it.
const SILENCES = [
  "size=N/A time=00:00:00.02 bitrate=N/A speed= 494x    \r[silencedetect @ 0x55c5e892f000] silence_start: 0.6",
  "size=N/A time=00:00:02.02 bitrate=N/A speed= 230x    ",
  "video:0kB audio:348kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown",
  "[silencedetect @ 0x55c5e892f000] silence_end: 2.02014 | silence_duration: 1.42014",
].join("\n");

const STATS = [
  "size=N/A time=00:00:02.00 bitrate=N/A speed=32.7x    ",
  "[silencedetect @ 0x55e706657d40] silence_start: 0.6",
  "[Parsed_astats_8 @ 0x55e70662d500] Overall",
  "[Parsed_astats_8 @ 0x55e70662d500] Number of samples: 96000",
  "[silencedetect @ 0x55e706657d40] silence_end: 2 | silence_duration: 1.4",
  "[Parsed_astats_4 @ 0x55e70662ee40] Overall",
  "[Parsed_astats_4 @ 0x55e70662ee40] DC offset: 0.000000",
  "[Parsed_astats_1 @ 0x55e70660f200] Overall",
  "[Parsed_astats_1 @ 0x55e70660f200] Peak level dB: -19.298591",
  "[Parsed_astats_1 @ 0x55e70660f200] RMS level dB: -27.739824",
].join("\n");

// The end of the analysis pass over the same clip, with motion and sound asked for.
const ANALYSIS = [
  "[metadata@motion @ 0x55f9171df100] frame:3    pts:4       pts_time:0.8",
  "[metadata@motion @ 0x55f9171df100] lavfi.signalstats.YAVG=10.3574",
  "[metadata@cut @ 0x55f9171d7540] frame:0    pts:12800   pts_time:1",
  "[metadata@cut @ 0x55f9171d7540] lavfi.scene_score=0.786492",
  "[silencedetect @ 0x55f9171dbdc0] silence_start: 0.6",
  "[ametadata@level @ 0x55f916dce080] frame:5    pts:48000   pts_time:1",
  "[ametadata@level @ 0x55f916dce080] lavfi.silence_start=0.6",
  "[ametadata@level @ 0x55f916dce080] lavfi.astats.Overall.Peak_level=-inf",
  "[ametadata@level @ 0x55f916dce080] lavfi.astats.Overall.RMS_level=-inf",
  "[ametadata@level @ 0x55f916dce080] lavfi.astats.Overall.Number_of_samples=9600.000000",
  "[metadata@motion @ 0x55f9171df100] frame:4    pts:5       pts_time:1",
  "[metadata@motion @ 0x55f9171df100] lavfi.signalstats.YAVG=94.7739",
  "[ametadata@level @ 0x55f916dce080] frame:10   pts:96000   pts_time:2",
  "[ametadata@level @ 0x55f916dce080] lavfi.astats.Overall.Peak_level=-inf",
  "[ametadata@level @ 0x55f916dce080] lavfi.astats.Overall.RMS_level=-inf",
  "[ametadata@level @ 0x55f916dce080] lavfi.astats.Overall.Number_of_samples=967.000000",
  "frame=    2 fps=0.0 q=3.0 Lsize=N/A time=00:00:02.00 bitrate=N/A speed=9.82x    ",
  "[Parsed_astats_17 @ 0x55f9171dd500] Overall",
  "[Parsed_astats_17 @ 0x55f9171dd500] Number of samples: 967",
  "[silencedetect @ 0x55f9171dbdc0] silence_end: 2.02015 | silence_duration: 1.42015",
].join("\n");

// A stereo window whose left channel is a full-scale square wave and right a quiet tone.
const CLIPPED = [
  "[ametadata@level @ 0x561e6057f3c0] frame:0    pts:0       pts_time:0",
  "[ametadata@level @ 0x561e6057f3c0] lavfi.astats.Overall.Peak_level=0.000000",
  "[ametadata@level @ 0x561e6057f3c0] lavfi.astats.Overall.RMS_level=-2.989221",
  "[ametadata@level @ 0x561e6057f3c0] lavfi.astats.Overall.Number_of_samples=9600.000000",
].join("\n");

describe("ffmpeg output", () => {
  it("reads silences and the decoded length, a trailing silence stretching it", () => {
    expect(parseSilences(SILENCES)).toEqual({ silences: [{ start: 0.6, end: 2.02014 }], durationS: 2.02014 });
  });

  it("closes a silence still open at the last progress time, and drops it without one", () => {
    const open = SILENCES.split("\n").slice(0, 2).join("\n");
    expect(parseSilences(open)).toEqual({ silences: [{ start: 0.6, end: 2.02 }], durationS: 2.02 });
    expect(parseSilences("[silencedetect @ 0x1] silence_start: 0.6")).toEqual({
      silences: [],
      durationS: null,
    });
  });

  it("reads a window's level, clipping and silent share", () => {
    expect(parseAudioStats(STATS, 2)).toEqual({
      rmsDb: -27.739824,
      peakDb: -19.298591,
      clippedShare: 0,
      silentShare: expect.closeTo(0.7, 9),
    });
  });

  it("hears a window the track does not reach as silence, and digital silence as no level", () => {
    expect(parseAudioStats(STATS, 4).silentShare).toBeCloseTo(0.85, 9);
    const silent = STATS.replace("-19.298591", "-inf").replace("-27.739824", "-inf");
    expect(parseAudioStats(silent, 2)).toMatchObject({ rmsDb: null, peakDb: null });
  });

  it("reads the scene cuts and the motion of an analysis pass", () => {
    expect(parseCuts(ANALYSIS)).toEqual([{ timeS: 1, score: 0.786492 }]);
    expect(parseMotion(ANALYSIS)).toEqual([
      { timeS: 0.8, diff: 10.3574 / 255 },
      { timeS: 1, diff: 94.7739 / 255 },
    ]);
    expect(parseMotion(CLIPPED)).toEqual([]);
  });

  it("reads the sound windows of an analysis pass, with the silence over the whole track", () => {
    const track = parseAudioTrack(ANALYSIS, [
      [0, 0],
      [0, 0],
    ]);
    expect(track.windows).toEqual([
      { startS: 1, samples: 9600, rmsDb: null, peakDb: null, clipped: [0, 0] },
      { startS: 2, samples: 967, rmsDb: null, peakDb: null, clipped: [0, 0] },
    ]);
    expect(track.decodedS).toBeCloseTo(2 + 967 / 48_000, 9);
    expect(track.silences).toEqual([{ start: 0.6, end: 2.02015 }]);
  });

  it("counts clipping per channel and window as the sound streams, and puts it on the level windows", () => {
    // Left a full-scale square wave but for one sample at 0.98; right a quiet tone; then a short window.
    const counter = new ClipCounter();
    const samples = new Int16Array((9600 + 100) * 2);
    for (let f = 0; f < 9700; f++) {
      samples[f * 2] = f === 7 ? 32112 : f % 2 ? 32767 : -32768;
      samples[f * 2 + 1] = f % 2 ? 1000 : -1000;
    }
    const format = { sampleRate: 48_000, channels: 2 };
    counter.add(samples.subarray(0, 5001), format);
    counter.add(samples.subarray(5001), format);
    const clipped = counter.finish();
    expect(clipped).toEqual([
      [9599 / 9600, 0],
      [1, 0],
    ]);
    expect(parseAudioTrack(CLIPPED, clipped).windows).toEqual([
      { startS: 0, samples: 9600, rmsDb: -2.989221, peakDb: 0, clipped: [9599 / 9600, 0] },
    ]);
  });

  it("lists the sample frames in order with the time each shows", () => {
    expect(sampleFiles(["000003.jpg", "000000.jpg", "x.jpg", "000001.png"], "/s", 2)).toEqual([
      { timeS: 0, file: "/s/000000.jpg" },
      { timeS: 6, file: "/s/000003.jpg" },
    ]);
  });

  it("splits PNGs written back to back and refuses anything else", () => {
    const png = (body: number) =>
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk("IHDR", Buffer.alloc(13, body)),
        chunk("IEND", Buffer.alloc(0)),
      ]);
    const [a, b] = [png(1), png(2)];
    expect(splitPngs(Buffer.concat([a, b]))).toEqual([a, b]);
    expect(splitPngs(Buffer.alloc(0))).toEqual([]);
    expect(() => splitPngs(Buffer.from("not a picture"))).toThrow(/other than PNG/);
    expect(() => splitPngs(a.subarray(0, a.length - 6))).toThrow(/truncated/);
  });
});

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)]);
}
