import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { type SceneSignals, sceneSignalsOf, withSceneSignals } from "../../pipeline/stages/signals.js";

const SIGNALS: SceneSignals = { start_s: 2, end_s: 4.52, stability: "handheld", audio_quality: "good" };

const picture = () =>
  sharp({ create: { width: 64, height: 36, channels: 3, background: { r: 200, g: 90, b: 30 } } })
    .jpeg()
    .toBuffer();

describe("scene signals carried in a key frame", () => {
  it("are read back for the same scene window, and the picture decodes as before", async () => {
    const jpeg = await picture();
    const marked = withSceneSignals(jpeg, SIGNALS);
    expect(sceneSignalsOf(marked, { start_s: 2, end_s: 4.52 })).toEqual(SIGNALS);
    const [before, after] = await Promise.all([jpeg, marked].map((b) => sharp(b).raw().toBuffer()));
    expect(after?.equals(before as Buffer)).toBe(true);
    const meta = await sharp(marked).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 36 });
  });

  it("say nothing for another window, an unmarked key frame or bytes that are no JPEG", async () => {
    const jpeg = await picture();
    expect(sceneSignalsOf(withSceneSignals(jpeg, SIGNALS), { start_s: 2, end_s: 5 })).toBeNull();
    expect(sceneSignalsOf(jpeg, { start_s: 2, end_s: 4.52 })).toBeNull();
    expect(sceneSignalsOf(Buffer.from("not a picture"), { start_s: 2, end_s: 4.52 })).toBeNull();
    expect(() => withSceneSignals(Buffer.from("not a picture"), SIGNALS)).toThrow(/JPEG/);
  });
});
