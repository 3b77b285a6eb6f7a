import { describe, expect, it } from "vitest";
import { compareVersions, FREE_TIER_SINCE, isArmed } from "../../library/access/entitlements.js";
import { publicModelName } from "../../library/system/health.js";

describe("compareVersions", () => {
  it("orders releases numerically and a pre-release before its release", () => {
    expect(compareVersions("0.10.0", "0.9.9")).toBe(1);
    expect(compareVersions("1.0.0", "1.0.0")).toBe(0);
    expect(compareVersions("v1.2.3", "1.2.3")).toBe(0);
    expect(compareVersions("1.2.3+build.5", "1.2.3")).toBe(0);
    expect(compareVersions("0.1.0-rc.1", "0.1.0")).toBe(-1);
    expect(compareVersions("0.1.0-rc.10", "0.1.0-rc.9")).toBe(1);
  });

  it("gives null for anything that is not a version", () => {
    for (const junk of ["", "1.2", "latest", "1.2.3.4", "01.x.0"])
      expect(compareVersions(junk, "1.0.0")).toBeNull();
  });
});

describe("isArmed", () => {
  it("arms installs first started on or after the free-tier release", () => {
    expect(isArmed(FREE_TIER_SINCE)).toBe(true);
    expect(isArmed("0.1.1")).toBe(true);
    expect(isArmed("2.0.0")).toBe(true);
  });

  it("keeps earlier installs unlimited", () => {
    expect(isArmed("0.0.9")).toBe(false);
    expect(isArmed("0.1.0-beta.2")).toBe(false);
  });

  it("treats a missing or unreadable record as a fresh install", () => {
    expect(isArmed(undefined)).toBe(true);
    expect(isArmed("garbage")).toBe(true);
  });
});

describe("publicModelName", () => {
  it("keeps model names and cuts file paths to their last segment", () => {
    expect(publicModelName("qwen2.5vl:7b")).toBe("qwen2.5vl:7b");
    expect(publicModelName("hf.co/org/model:Q4_K_M")).toBe("hf.co/org/model:Q4_K_M");
    expect(publicModelName("/home/ed/models/bge-m3.gguf")).toBe("bge-m3.gguf");
    expect(publicModelName("C:\\Models\\bge-m3.gguf")).toBe("bge-m3.gguf");
    expect(publicModelName("D:/Models/chat.gguf")).toBe("chat.gguf");
  });
});
