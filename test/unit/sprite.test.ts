import { describe, expect, it } from "vitest";
import { SPRITE_MAX_FRAMES, spriteCell, spriteFrameAt, spritePlan } from "../../domain/sprite.js";
import { scrubView } from "../../web/src/library/scrub.js";

describe("scrub sprite layout", () => {
  it("keeps every frame of a short clip, evenly spaced ones of a long one, one of a very short one", () => {
    expect(spritePlan(10, 0.5)).toEqual({ frames: 20, columns: 10, rows: 2, interval_s: 0.5 });
    expect(spritePlan(3600, 5)).toEqual({ frames: SPRITE_MAX_FRAMES, columns: 10, rows: 6, interval_s: 60 });
    expect(spritePlan(45, 0.5)?.frames).toBe(SPRITE_MAX_FRAMES);
    expect(spritePlan(2.2, 0.5)).toEqual({ frames: 4, columns: 4, rows: 1, interval_s: 0.55 });
    expect(spritePlan(0.1, 0.5)).toEqual({ frames: 1, columns: 1, rows: 1, interval_s: 0.1 });
  });

  it("has no sprite for a clip of unknown or no length", () => {
    expect(spritePlan(null, 0.5)).toBeNull();
    expect(spritePlan(0, 0.5)).toBeNull();
    expect(spritePlan(Number.NaN, 0.5)).toBeNull();
    expect(spritePlan(Number.POSITIVE_INFINITY, 0.5)).toBeNull();
  });

  it("finds the frame under the pointer, clamped to the card", () => {
    expect(spriteFrameAt(20, 0)).toBe(0);
    expect(spriteFrameAt(20, 0.049)).toBe(0);
    expect(spriteFrameAt(20, 0.05)).toBe(1);
    expect(spriteFrameAt(20, 0.999)).toBe(19);
    expect(spriteFrameAt(20, 1)).toBe(19);
    expect(spriteFrameAt(20, 1.4)).toBe(19);
    expect(spriteFrameAt(20, -0.2)).toBe(0);
    expect(spriteFrameAt(20, Number.NaN)).toBe(0);
    expect(spriteFrameAt(1, 0.7)).toBe(0);
    expect(spriteCell(10, 0)).toEqual({ column: 0, row: 0 });
    expect(spriteCell(10, 13)).toEqual({ column: 3, row: 1 });
  });

  it("moves the sprite to the frame under the pointer and gives the time there", () => {
    const sprite = {
      url: "/api/media/1/sprite",
      frames: 20,
      columns: 10,
      rows: 2,
      frame_width: 160,
      frame_height: 90,
      interval_s: 0.5,
    };
    expect(scrubView(sprite, 10, 0)).toEqual({
      index: 0,
      timeS: 0,
      size: "1000% 200%",
      position: "0% 0%",
    });
    const late = scrubView(sprite, 10, 0.75);
    expect(late).toMatchObject({ index: 15, timeS: 7.5, position: `${(5 / 9) * 100}% 100%` });
    expect(scrubView(sprite, 10, 1).timeS).toBe(10);
    expect(scrubView(sprite, 10, 1.3).timeS).toBe(10);
    expect(scrubView({ ...sprite, frames: 1, columns: 1, rows: 1 }, 0.2, 0.5)).toMatchObject({
      index: 0,
      position: "0% 0%",
    });
    // A clip whose length the list does not carry is measured by its sprite.
    expect(scrubView(sprite, null, 0.5).timeS).toBe(5);
  });
});
