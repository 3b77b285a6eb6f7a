import { describe, expect, it } from "vitest";
import { shotDateFrom } from "../../formats/capture-date.js";

describe("shotDateFrom", () => {
  it.each([
    ["2024-03-05T23:30:00-08:00", "2024-03-05"],
    ["2024-03-05T23:30:00-0800", "2024-03-05"],
    ["2024-03-05T23:30:00+14:00", "2024-03-05"],
    ["2024-03-06T07:30:00.000000Z", "2024-03-06"],
    ["2024:03:05 23:30:00-08:00", "2024-03-05"],
    ["2024:03:05 23:30:00", "2024-03-05"],
    ["2024-03-05", "2024-03-05"],
    ["2024-02-29T10:00:00", "2024-02-29"],
  ])("keeps the camera's calendar day for %s", (raw, day) => {
    expect(shotDateFrom(raw)).toBe(day);
  });

  it.each([
    [null],
    [""],
    ["0000:00:00 00:00:00"],
    ["1904-01-01T00:00:00Z"],
    ["2023-02-29T10:00:00"],
    ["2024-13-01"],
    ["yesterday"],
    ["20240305"],
  ])("gives null for %s", (raw) => {
    expect(shotDateFrom(raw)).toBeNull();
  });
});
