import { describe, expect, it } from "vitest";
import { detectLogProfile } from "../../formats/log-detect.js";

describe("detecting the log profile from camera metadata", () => {
  it.each([
    [{ "XML:CaptureGammaEquation": "s-log3-cine", "XML:CaptureColorPrimaries": "S-Gamut3.Cine" }, "slog3"],
    [{ "XML:CaptureGammaEquation": "s-log3" }, "slog3"],
    [{ "XML:CaptureGammaEquation": "s-log2" }, "slog2"],
    [{ "Sony:Gamma": "S-Log2" }, "slog2"],
    [{ "Canon:CanonLogVersion": "Canon Log 3" }, "clog3"],
    [{ "XMP:GammaCurve": "Canon Log 2" }, "clog2"],
    [{ "Panasonic:GammaType": "V-Log" }, "vlog"],
    [{ "XML:TransferCharacteristic": "LogC4" }, "logc4"],
    [{ "QuickTime:ColorSpace": "Log C" }, "logc3"],
    [{ "XML:Gamma": "LogC3" }, "logc3"],
    [{ "com.apple.proapps.gamma": "F-Log2" }, "flog2"],
  ])("reads %j as %s", (tags, want) => {
    expect(detectLogProfile(Object.entries(tags))).toBe(want);
  });

  it("finds nothing in ordinary metadata, or in tags that do not describe a gamma", () => {
    expect(
      detectLogProfile(Object.entries({ "EXIF:Make": "Sony", "XML:CaptureGammaEquation": "rec709" })),
    ).toBeNull();
    expect(
      detectLogProfile(Object.entries({ "QuickTime:Title": "vlog intro s-log3", "XMP:Description": "LogC" })),
    ).toBeNull();
    expect(detectLogProfile(Object.entries({ "Sony:Gamma": 3, "XML:Gamma": null }))).toBeNull();
    expect(detectLogProfile([])).toBeNull();
  });
});
