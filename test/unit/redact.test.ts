import { describe, expect, it } from "vitest";
import { labelPaths, redactSecrets } from "../../library/redact.js";

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
