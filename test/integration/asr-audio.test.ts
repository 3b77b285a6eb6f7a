import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readWavInfo } from "../../adapters/asr/wav.js";
import { createFfmpeg, type Ffmpeg } from "../../adapters/ffmpeg.js";
import { ff, ffmpegBin, TIMEOUT_MS } from "../support/speech.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

describe.skipIf(!needTools("ffmpeg"))("ffmpeg audio commands", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let ffmpeg: Ffmpeg;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-asr-ff-");
    ffmpeg = createFfmpeg(ffmpegBin());
  });
  afterAll(() => ws.cleanup());

  it("finds silences, closes a trailing one and reports the decoded length", async () => {
    const file = join(ws.base, "tone-gap.m4a");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=2"],
      ...["-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono:d=3"],
      ...["-filter_complex", "[0:a][1:a][0:a][1:a]concat=n=4:v=0:a=1[out]", "-map", "[out]"],
      ...["-c:a", "aac", "-b:a", "64k", file],
    ]);
    const report = await ffmpeg.silences(file, { noiseDb: -45, minS: 1, timeoutMs: TIMEOUT_MS });
    expect(report.durationS).toBeCloseTo(10, 0);
    expect(report.silences).toHaveLength(2);
    expect(report.silences[0]?.start).toBeCloseTo(2, 0);
    expect(report.silences[0]?.end).toBeCloseTo(5, 0);
    expect(report.silences[1]?.start).toBeCloseTo(7, 0);
    expect(report.silences[1]?.end).toBeCloseTo(10, 0);
  });

  it("extracts a window of the first audio track as 16 kHz mono PCM", async () => {
    const file = join(ws.base, "stereo.m4a");
    await ff([
      ...["-f", "lavfi", "-i", "sine=frequency=300:sample_rate=44100:duration=6"],
      ...["-ac", "2", "-c:a", "aac", file],
    ]);
    const out = join(ws.base, "window.wav");
    await ffmpeg.extractAudio(file, out, { startS: 2, durationS: 3, timeoutMs: TIMEOUT_MS });
    const info = await readWavInfo(out);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(info.durationS).toBeCloseTo(3, 1);
  });

  it("says so when a file has no audio", async () => {
    const file = join(ws.base, "mute.mp4");
    await ff([
      ...["-f", "lavfi", "-i", "color=c=black:s=160x120:r=10:d=1"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", file],
    ]);
    await expect(ffmpeg.silences(file, { noiseDb: -45, minS: 1, timeoutMs: TIMEOUT_MS })).rejects.toThrow(
      /has no audio stream/,
    );
    await expect(
      ffmpeg.extractAudio(file, join(ws.base, "x.wav"), { timeoutMs: TIMEOUT_MS }),
    ).rejects.toThrow(/has no audio stream/);
  });
});
