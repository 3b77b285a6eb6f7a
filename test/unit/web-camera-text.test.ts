import { describe, expect, it } from "vitest";
import {
  audioStreamText,
  desqueezeText,
  fpsText,
  geometryText,
  rateOf,
  sequenceText,
  slateShort,
  slateText,
} from "../../web/src/camera-text.js";

const picture = {
  width: 1440,
  height: 1080,
  display_width: 1920,
  display_height: 1080,
  pixel_aspect: "4:3",
  rotation: 0 as const,
  desqueeze: 1,
};

describe("how the web app words a camera original", () => {
  it("gives the coded size and, where a viewer sees another, what it displays and why", () => {
    expect(geometryText(picture)).toBe("1440×1080 (displays 1920×1080, 4:3 pixels)");
    const square = { ...picture, width: 1920, pixel_aspect: "1:1" };
    expect(geometryText(square)).toBe("1920×1080");
    expect(geometryText({ ...square, pixel_aspect: null })).toBe("1920×1080");
    const phone = {
      ...square,
      width: 1280,
      height: 720,
      display_width: 720,
      display_height: 1280,
      rotation: 90 as const,
    };
    expect(geometryText(phone)).toBe("1280×720 (displays 720×1280, rotated 90°)");
    const anamorphic = { ...square, display_width: 3840, pixel_aspect: "1:1", desqueeze: 2 };
    expect(geometryText(anamorphic)).toBe("1920×1080 (displays 3840×1080, desqueezed 2×)");
    expect(geometryText({ ...picture, width: null })).toBeNull();
  });

  it("reads the exact rate as a viewer says it, falling back to the rounded one", () => {
    expect(rateOf("24000/1001")).toBe(23.976);
    expect(rateOf("30000/1001")).toBe(29.97);
    expect(rateOf("25/1")).toBe(25);
    expect(rateOf("25/0")).toBeNull();
    expect(rateOf("fast")).toBeNull();
    expect(rateOf(null)).toBeNull();
    expect(fpsText({ fps: 23.98, fps_rational: "24000/1001" })).toBe("23.976 fps");
    expect(fpsText({ fps: 25, fps_rational: null })).toBe("25 fps");
    expect(fpsText({ fps: null, fps_rational: null })).toBeNull();
  });

  it("lists a sound stream's channels, depth and rate, leaving out what is unknown", () => {
    const stream = {
      codec: "pcm_s24le",
      channels: 6,
      layout: "5.1",
      bit_depth: 24,
      sample_rate: 48_000,
      names: [],
    };
    expect(audioStreamText(stream)).toBe("6 ch (5.1) · 24-bit · 48 kHz");
    expect(audioStreamText({ ...stream, layout: null, bit_depth: 32, sample_rate: 96_000 })).toBe(
      "6 ch · 32-bit · 96 kHz",
    );
    expect(audioStreamText({ ...stream, channels: null, bit_depth: null, sample_rate: null })).toBe("5.1");
  });

  it("shortens a slate to scene and take for a card and spells it out for the clip", () => {
    const slate = { scene: "12", take: "3", tape: "A001", note: "good for sound", circled: true };
    expect(slateShort(slate)).toBe("S12 T3");
    expect(slateShort({ ...slate, take: null })).toBe("S12");
    expect(slateShort({ ...slate, scene: null, take: null })).toBeNull();
    expect(slateShort(null)).toBeNull();
    expect(slateText(slate)).toBe("Scene 12 · Take 3 · Tape A001 · “good for sound”");
  });

  it("gives a sequence's frame range, count and the frames it lacks, capped", () => {
    const whole = { first: 1001, last: 1012, count: 12, missing: [], missing_count: 0 };
    expect(sequenceText(whole)).toBe("frames 1001–1012 · 12 frames");
    expect(sequenceText({ ...whole, count: 11, missing: [1005], missing_count: 1 })).toBe(
      "frames 1001–1012 · 11 frames · 1 missing: 1005",
    );
    const gappy = {
      first: 1,
      last: 10_000,
      count: 9_000,
      missing: [...Array(100).keys()].map((i) => i * 2 + 2),
      missing_count: 1_000,
    };
    expect(sequenceText(gappy)).toBe(
      "frames 1–10000 · 9,000 frames · 1,000 missing: 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, …",
    );
  });

  it("names the desqueeze factors", () => {
    expect(desqueezeText(1)).toBe("none (1×)");
    expect(desqueezeText(1.33)).toBe("1.33×");
  });
});
