import { describe, expect, it } from "vitest";
import { parseCollections } from "../../library/organise/collections.js";

/** The file with one entry whose title and tags are given; what parseCollections keeps of it. */
const read = (title: string, tags: string[] = ["drone"]) =>
  parseCollections(JSON.stringify({ version: 1, collections: [{ key: "entry", title, tags }] }));

describe("collections.json entries: refuse expressions, not punctuation", () => {
  it.each([
    "Day 1 (drone)",
    "Interview(s)",
    "B-cam (wide) / A-cam [close]",
    "Day 2; second unit",
    "Dr. Who (pilot)",
    "v1.2 (final)",
    "50% off: $5 lunch",
    "Rock & roll <3",
    "Q&A, C:\\footage",
    "Import day",
    "Function test",
    "Lambda: day 2",
    "A > B",
    "Über-Schnitt (Fassung 2)",
    "__init",
  ])("keeps the title %j", (title) => {
    const defs = read(title);
    expect(defs.dropped).toEqual([]);
    expect(defs.entries).toEqual([{ key: "entry", title, tags: ["drone"] }]);
  });

  it("keeps tags with ordinary punctuation", () => {
    const defs = read("Drone", ["drone (dji)", "Day 1: sunrise", "b-roll"]);
    expect(defs.dropped).toEqual([]);
    expect(defs.entries[0]?.tags).toEqual(["drone (dji)", "Day 1: sunrise", "b-roll"]);
  });

  it.each([
    ["(() => require('fs'))()", "an arrow function"],
    ["item => item.rating == 'A'", "an arrow function"],
    ["function () { return true }", "a function"],
    ["function*gen(x)", "a function"],
    ["lambda item: 'drone' in item.tags", "a lambda"],
    ["lambda: True", "a lambda"],
    ["eval('1')", "a call"],
    ["require ('child_process')", "a call"],
    ["import('os')", "a call"],
    ["__import__('os')", "a call"],
    ["os.system('touch /tmp/x')", "a method call"],
    ["item.tags.includes('drone')", "a method call"],
    ["x.__class__", "a dunder name"],
    ["`rm -rf ~`", "a template"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the interpolation is what this title smuggles
    ["Day ${day}", "a template"],
    ["#{system('id')}", "a template"],
    ['{"$where": "1"}', "a block or object"],
    ["rating === 'A'", "an operator"],
    ["duration >= 5", "an operator"],
    ["a && b", "an operator"],
    ["tags || []", "an operator"],
  ])("drops the title %j as %s", (title, what) => {
    const defs = read(title);
    expect(defs.entries).toEqual([]);
    expect(defs.dropped).toEqual([
      { index: 0, key: "entry", reason: `title: reads as code (${what}); entries are declarative only` },
    ]);
  });

  it("drops a tag that is an expression, naming the tag", () => {
    const defs = read("Drone", ["drone", "x => x.duration > 5"]);
    expect(defs.entries).toEqual([]);
    expect(defs.dropped[0]?.reason).toBe(
      "tags.1: reads as code (an arrow function); entries are declarative only",
    );
  });
});
