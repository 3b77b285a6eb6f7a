import { describe, expect, it } from "vitest";
import { labelPaths, redactSecrets, scrubPaths, scrubText } from "../../domain/redact.js";

describe("redactSecrets", () => {
  it.each([
    ["/api/media?token=abc123&limit=5", "/api/media?token=[redacted]&limit=5"],
    ["/api/media?limit=5&access_token=abc", "/api/media?limit=5&access_token=[redacted]"],
    ["/api/ws?TOKEN=abc#frag", "/api/ws?TOKEN=[redacted]#frag"],
    ["/api/media?tokens_used=1", "/api/media?tokens_used=1"],
    ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"],
    [`key svc_${"A".repeat(43)} end`, "key svc_[redacted] end"],
    ["/api/version", "/api/version"],
  ])("%s → %s", (input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });
});

describe("labelPaths", () => {
  const label = labelPaths([
    { path: "/srv/footage", label: "<project:A>" },
    { path: "/srv/footage/day 1/a.mov", label: "day 1/a.mov" },
  ]);

  it("replaces the longest known path first and stops at a path boundary", () => {
    expect(label("/srv/footage/day 1/a.mov: Invalid data")).toBe("day 1/a.mov: Invalid data");
    expect(label("cannot read /srv/footage/x (EIO)")).toBe("cannot read <project:A>/x (EIO)");
    expect(label("gone: /srv/footage. Retrying")).toBe("gone: <project:A>. Retrying");
    expect(label('{"root":"/srv/footage"}')).toBe('{"root":"<project:A>"}');
  });

  it("leaves a sibling folder that merely starts with the same name", () => {
    expect(label("/srv/footage2/b.mov and /srv/footage.bak")).toBe(
      "/srv/footage2/b.mov and /srv/footage.bak",
    );
  });

  it("never treats a filesystem root as a known folder", () => {
    expect(labelPaths([{ path: "/", label: "<root>" }])("/etc/passwd")).toBe("/etc/passwd");
  });

  it("matches the JSON spelling of a Windows path", () => {
    const windows = labelPaths([{ path: "D:\\Footage", label: "<project:W>" }]);
    expect(windows(JSON.stringify({ at: "D:\\Footage\\a.mov" }))).toBe('{"at":"<project:W>\\\\a.mov"}');
  });
});

describe("scrubPaths", () => {
  it.each([
    ["saved to /mnt/raid/job 12/A001.mov today", "saved to [path] 12/A001.mov today"],
    ["C:\\Users\\jo\\A001.mov", "[path]"],
    ["copied from C:/Projects/A001.mov.", "copied from [path]"],
    ["on \\\\nas01\\footage\\day1", "on [path]"],
    ['{"at":"file:///Volumes/CARD/A001.MXF"}', '{"at":"[path]"}'],
    ["(see /var/log/svc/svc.1.log)", "(see [path])"],
  ])("hides %s", (input, output) => {
    expect(scrubPaths(input)).toBe(output);
  });

  it.each([
    "day 1/a.mov",
    ".svc/frames/12/0003.jpg",
    "https://example.com/a/b",
    "shot at 1/50 s, f/2.8",
    "ratio 16:9, 3:2",
    "and/or",
  ])("leaves %s alone", (text) => {
    expect(scrubPaths(text)).toBe(text);
  });
});

describe("scrubText", () => {
  it.each([
    ["plain words stay", "plain words stay"],
    ["see C:\\Footage\\a.mov now", "see [path] now"],
    ["auth: Bearer abc.def", "auth: Bearer [redacted]"],
    ["page?token=secret1", "page?token=[redacted]"],
    [`svc_${"b".repeat(20)}`, "svc_[redacted]"],
    ["on \\\\nas\\share\\x", "on [path]"],
  ])("%s → %s", (input, output) => {
    expect(scrubText(input)).toBe(output);
  });
});
