import { describe, expect, it } from "vitest";
import { tagKey } from "../../library/organise/tags.js";

describe("tagKey", () => {
  it.each([
    ["Drone", "drone"],
    ["ＤＲＯＮＥ", "drone"],
    ["Straße", "STRASSE"],
    ["ﬁlm", "FILM"],
    ["ΟΔΟΣ", "οδος"],
    ["ｶﾒﾗ", "カメラ"],
  ])("folds %s and %s together", (a, b) => {
    expect(tagKey(a)).toBe(tagKey(b));
  });

  it.each([
    ["drone", "drones"],
    ["café", "cafe"],
  ])("keeps %s and %s apart", (a, b) => {
    expect(tagKey(a)).not.toBe(tagKey(b));
  });
});
