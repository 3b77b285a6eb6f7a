import { describe, expect, it } from "vitest";
import { isIgnoredPath } from "../../daemon/folder-watch.js";
import { isIgnoredName, kindOf } from "../../domain/media-types.js";
import { cleanReason } from "../../pipeline/runner.js";
import { errnoOf, isErrno } from "../../state/errno.js";
import { relativeInside } from "../../state/paths.js";

describe("media types", () => {
  it.each([
    ["A001.MOV", "video"],
    ["clip.mp4", "video"],
    ["card/C0001.MXF", "video"],
    ["take.wav", "audio"],
    ["cover.mp3", "audio"],
    ["still.JPG", "image"],
    ["logo.svg", "image"],
    ["anim.gif", "image"],
    ["notes.txt", null],
    ["noext", null],
  ])("%s is %s", (name, kind) => {
    expect(kindOf(name)).toBe(kind);
  });

  it.each([
    ".DS_Store",
    ".hidden.mp4",
    "clip.mp4.part",
    "x.crdownload",
    "~$doc",
    "a.tmp",
    "big.mov.filepart",
  ])("ignores %s", (name) => expect(isIgnoredName(name)).toBe(true));

  it("does not ignore ordinary names", () => {
    expect(isIgnoredName("A001 take 2 (final).mov")).toBe(false);
  });
});

describe("watcher filter", () => {
  it("ignores .svc, Proxy/, dot-folders and partial names anywhere under the root", () => {
    expect(isIgnoredPath("/r", "/r/.svc/thumbs/1.jpg")).toBe(true);
    expect(isIgnoredPath("/r", "/r/day1/Proxy/A001.mov")).toBe(true);
    expect(isIgnoredPath("/r", "/r/.Trashes/x.mov")).toBe(true);
    expect(isIgnoredPath("/r", "/r/day1/A001.mov.part")).toBe(true);
    expect(isIgnoredPath("/r", "/r/day1/A001.mov")).toBe(false);
    expect(isIgnoredPath("/r", "/r")).toBe(false);
  });
});

describe("paths", () => {
  it("gives forward-slash relative paths inside the root, null outside", () => {
    expect(relativeInside("/r", "/r/a/b.mov")).toBe("a/b.mov");
    expect(relativeInside("/r", "/r")).toBeNull();
    expect(relativeInside("/r", "/other/b.mov")).toBeNull();
    expect(relativeInside("/r", "/r/../etc/passwd")).toBeNull();
    expect(relativeInside("/r", "/r/..")).toBeNull();
    expect(relativeInside("/r", "/r/..cards/b.mov")).toBe("..cards/b.mov");
  });

  it("keeps absolute paths out of failure reasons", () => {
    const reason = cleanReason(
      new Error("/srv/footage/day 1/a.mov: Invalid data\nfound when processing /srv/footage/x"),
      "/srv/footage/day 1/a.mov",
      "day 1/a.mov",
      "/srv/footage",
    );
    expect(reason).toBe("day 1/a.mov: Invalid data found when processing <root>/x");
  });
});

describe("errno helpers", () => {
  const failure = (code: string) => Object.assign(new Error("boom"), { code });

  it("name the code of a failed system call, or a fallback for anything else", () => {
    expect(errnoOf(failure("EACCES"))).toBe("EACCES");
    expect(errnoOf(new Error("plain"))).toBe("unknown error");
    expect(errnoOf("not an error", "")).toBe("");
    expect(errnoOf(null)).toBe("unknown error");
  });

  it("match any of several codes", () => {
    expect(isErrno(failure("ENOTDIR"), "ENOENT", "ENOTDIR")).toBe(true);
    expect(isErrno(failure("EIO"), "ENOENT")).toBe(false);
    expect(isErrno(new Error("plain"), "")).toBe(false);
  });
});
