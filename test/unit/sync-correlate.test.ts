import { describe, expect, it } from "vitest";
import { bestLag, matchEnvelope } from "../../domain/sync/correlate.js";
import { coarsen, EnvelopeBuilder } from "../../domain/sync/envelope.js";

/** A seeded generator, so every run sees the same signals. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A speech-like envelope: bursts of loudness of random length and level, with pauses. */
function bursts(length: number, seed: number): Float32Array {
  const next = random(seed);
  const out = new Float32Array(length);
  let i = 0;
  while (i < length) {
    const run = 50 + Math.floor(next() * 250);
    const level = next() < 0.3 ? 0.01 : 0.1 + next() * 0.5;
    for (let j = 0; j < run && i < length; j += 1, i += 1) out[i] = level * (0.8 + 0.2 * next());
  }
  return out;
}

const noisy = (signal: Float32Array, gain: number, noise: number, seed: number) => {
  const next = random(seed);
  return signal.map((v) => v * gain + noise * next());
};

describe("envelope correlation", () => {
  const recording = bursts(60_000, 1);

  it("finds a clip inside a recording, through gain and noise, with high confidence", () => {
    const clip = noisy(recording.slice(21_234, 31_234), 0.3, 0.02, 2);
    const match = matchEnvelope(clip, recording, 500);
    expect(match?.lag).toBe(21_234);
    expect(match?.confidence).toBeGreaterThan(0.8);
  });

  it("finds a clip that starts before the recording (negative lag)", () => {
    const clip = new Float32Array(10_000);
    clip.set(bursts(3000, 9), 0);
    clip.set(recording.slice(0, 7000), 3000);
    const match = matchEnvelope(noisy(clip, 2, 0.01, 3), recording, 500);
    expect(match?.lag).toBe(-3000);
    expect(match?.confidence).toBeGreaterThan(0.6);
  });

  it("gives unrelated sound a low confidence", () => {
    for (const seed of [11, 12, 13, 14, 15]) {
      const match = matchEnvelope(bursts(10_000, seed), recording, 500);
      expect(match?.confidence).toBeLessThan(0.4);
    }
  });

  it("claims nothing for silence", () => {
    expect(matchEnvelope(new Float32Array(10_000), recording, 500)).toBeNull();
    expect(matchEnvelope(recording.slice(0, 10_000), new Float32Array(60_000), 500)).toBeNull();
  });
});

describe("full-rate lag", () => {
  it("lines a segment up with its window to the sample, in either polarity", () => {
    const next = random(5);
    const window = Float32Array.from({ length: 20_000 }, () => next() - 0.5);
    const segment = window.slice(7_321, 17_321);
    expect(bestLag(segment, window)).toBe(7_321);
    expect(
      bestLag(
        segment.map((v) => -v),
        window,
      ),
    ).toBe(7_321);
  });
});

describe("envelope building", () => {
  it("takes the RMS of each block, across pieces of any size", () => {
    const builder = new EnvelopeBuilder(4);
    builder.push(Float32Array.from([1, -1, 1]));
    builder.push(Float32Array.from([-1, 0.5, 0.5, 0.5, 0.5, 0.1]));
    expect([...builder.finish()]).toEqual([1, 0.5]);
    expect([...coarsen(Float32Array.from([3, 4, 0, 0]), 2)].map((v) => v.toFixed(4))).toEqual([
      "3.5355",
      "0.0000",
    ]);
  });
});
