import { describe, expect, it } from "vitest";
import { decide, type WaveformResult } from "../../domain/sync/decide.js";
import {
  type CameraClip,
  matchByTimecode,
  nudgeSamples,
  offsetFrames,
  type SoundFile,
  TIMECODE_CONFIDENCE,
} from "../../domain/sync/timecode.js";

const R25 = { num: 25, den: 1 };
const R24 = { num: 24, den: 1 };
const R23976 = { num: 24000, den: 1001 };
const R2997 = { num: 30000, den: 1001 };

const clip = (label: string, rate = R25, extra: Partial<CameraClip> = {}): CameraClip => ({
  id: 1,
  rel_path: "A001.mov",
  timecode: { label, rate },
  duration_s: 10,
  shot_date: "2026-05-01",
  audio_tracks: 1,
  ...extra,
});

const sound = (id: number, startSample: number, extra: Partial<SoundFile> = {}): SoundFile => ({
  id,
  rel_path: `S${id}.wav`,
  sample_rate: 48_000,
  duration_s: 60,
  shot_date: "2026-05-01",
  start_sample: startSample,
  timecode_rate: null,
  ...extra,
});

// 10:00:00:00 at 25 fps is 36 000 s after midnight.
const TEN = 36_000 * 48_000;

describe("sync by timecode", () => {
  it("places the clip's first frame in the recording to the sample", () => {
    const [match] = matchByTimecode(clip("10:00:05:12"), [sound(7, TEN + 123)]);
    // 5 s + 12 frames = 5.48 s = 263 040 samples, minus the recorder's 123.
    expect(match).toEqual({
      sound_id: 7,
      offset_samples: 263_040 - 123,
      confidence: TIMECODE_CONFIDENCE.sure,
      reason: "",
    });
  });

  it("is negative when the recorder started after the camera", () => {
    const [match] = matchByTimecode(clip("09:59:58:00"), [sound(7, TEN)]);
    expect(match?.offset_samples).toBe(-2 * 48_000);
  });

  it("counts drop-frame labels in real time", () => {
    // 01:00:00;00 at 29.97 DF is frame 107 892, which starts at 107 892 × 1001 / 30 000 s.
    const start = Math.round((107_892 * 1001 * 48_000) / 30_000);
    const [match] = matchByTimecode(clip("01:00:00;00", R2997), [sound(3, start - 4800)]);
    expect(match?.offset_samples).toBe(4800);
  });

  it("finds nothing outside the recording, on another day, or without timecode", () => {
    expect(matchByTimecode(clip("10:01:05:00"), [sound(7, TEN)])).toEqual([]);
    expect(matchByTimecode(clip("09:59:49:00"), [sound(7, TEN)])).toEqual([]);
    expect(matchByTimecode(clip("10:00:05:00"), [sound(7, TEN, { shot_date: "2026-05-02" })])).toEqual([]);
    expect(matchByTimecode(clip("10:00:05:00"), [sound(7, null as unknown as number)])).toEqual([]);
    expect(matchByTimecode({ ...clip("10:00:00:00"), timecode: null }, [sound(7, TEN)])).toEqual([]);
  });

  it("compares a recording with no shoot day by timecode alone", () => {
    expect(matchByTimecode(clip("10:00:05:00"), [sound(7, TEN, { shot_date: null })])).toHaveLength(1);
  });

  it("flags a pull-down mismatch with lower confidence, counting the recorder's labels", () => {
    // The recorder at 23.976 wrote 10:00:00:00 as 864 000 frames of 1001/24 000 s.
    const start = Math.round((864_000 * 1001 * 48_000) / 24_000);
    const [match] = matchByTimecode(clip("10:00:01:00", R24), [sound(7, start, { timecode_rate: R23976 })]);
    expect(match?.offset_samples).toBe(Math.round((24 * 1001 * 48_000) / 24_000));
    expect(match?.confidence).toBe(TIMECODE_CONFIDENCE.pullDown);
    expect(match?.reason).toMatch(/pull-down mismatch.*23\.976.*24/);
  });

  it("names every recording when two run the same timecode", () => {
    const matches = matchByTimecode(clip("10:00:05:00"), [sound(7, TEN), sound(8, TEN)]);
    expect(matches.map((m) => m.sound_id)).toEqual([7, 8]);
    for (const m of matches) {
      expect(m.reason).toBe("2 recordings overlap this clip by timecode");
      expect(m.confidence).toBe(TIMECODE_CONFIDENCE.shared);
    }
  });

  it("turns offsets into camera frames and nudges into samples", () => {
    expect(offsetFrames(48_000, 48_000, R25)).toBe(25);
    expect(offsetFrames(-960, 48_000, R25)).toBe(-0.5);
    expect(nudgeSamples(1, 48_000, R23976)).toBe(2002);
    expect(nudgeSamples(-2, 48_000, R25)).toBe(-3840);
  });
});

describe("merging timecode and waveform", () => {
  const opts = { floor: 0.6, sampleRate: () => 48_000, samplesPerFrame: () => 1920 };
  const tc = [{ sound_id: 7, offset_samples: 100_000, confidence: 0.9, reason: "" }];

  it("calls agreement within a frame `both`, at the waveform's offset", () => {
    const heard: WaveformResult[] = [{ sound_id: 7, offset_samples: 101_000, confidence: 0.8 }];
    expect(decide(tc, heard, opts)).toEqual({
      claims: [{ sound_id: 7, offset_samples: 101_000, method: "both", confidence: 0.98, reason: "" }],
    });
  });

  it("reports a timecode the audio disagrees with, and takes the audio", () => {
    const heard: WaveformResult[] = [{ sound_id: 7, offset_samples: 100_000 + 4 * 48_000, confidence: 0.8 }];
    const decision = decide(tc, heard, opts);
    expect(decision).toMatchObject({ claims: [{ method: "waveform", offset_samples: 292_000 }] });
    expect("claims" in decision && decision.claims[0]?.reason).toBe(
      "timecode disagrees with the audio by 4.000 s",
    );
  });

  it("keeps an unconfirmed timecode, saying so, unless the audio matched elsewhere", () => {
    const unsure: WaveformResult[] = [{ sound_id: 7, offset_samples: 5, confidence: 0.2 }];
    expect(decide(tc, unsure, opts)).toMatchObject({
      claims: [
        { method: "timecode", offset_samples: 100_000, reason: expect.stringMatching(/did not confirm/) },
      ],
    });
    const elsewhere: WaveformResult[] = [...unsure, { sound_id: 9, offset_samples: 42, confidence: 0.85 }];
    expect(decide(tc, elsewhere, opts)).toEqual({
      claims: [
        {
          sound_id: 9,
          offset_samples: 42,
          method: "waveform",
          confidence: 0.85,
          reason: "found by the audio; the timecode pointed to another recording",
        },
      ],
    });
  });

  it("claims nothing below the floor, and says why", () => {
    expect(decide([], [{ sound_id: 7, offset_samples: 5, confidence: 0.3 }], opts)).toEqual({
      unmatched: "no recording matches the audio (best waveform confidence 0.30, below 0.6)",
    });
    expect(decide([], [{ sound_id: 7, missing: "the recording is silent" }], opts)).toEqual({
      unmatched: "the recording is silent",
    });
    expect(decide([], [], opts)).toEqual({ unmatched: "no recording overlaps its timecode" });
  });
});
