import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readWords } from "../../domain/embedding-text.js";
import { parseJsonColumn, readJsonColumn } from "../../state/json-column.js";
import { sceneTags } from "../../state/repos/scenes.js";

const NUMBERS = z.array(z.number());

describe("parseJsonColumn", () => {
  it("returns the value of a well-formed column", () => {
    expect(parseJsonColumn("[1,2]", NUMBERS)).toEqual({ ok: true, value: [1, 2] });
  });

  it("names what is wrong with a damaged one instead of throwing", () => {
    expect(parseJsonColumn(null, NUMBERS)).toEqual({ ok: false, problem: "empty" });
    expect(parseJsonColumn("  ", NUMBERS)).toEqual({ ok: false, problem: "empty" });
    expect(parseJsonColumn("[1,", NUMBERS)).toEqual({ ok: false, problem: "not JSON" });
    expect(parseJsonColumn('["1"]', NUMBERS)).toEqual({ ok: false, problem: "wrong shape" });
  });

  it("falls back only when the column is empty or damaged", () => {
    expect(readJsonColumn("[3]", NUMBERS, [9])).toEqual([3]);
    expect(readJsonColumn("{}", NUMBERS, [9])).toEqual([9]);
    expect(readJsonColumn(undefined, NUMBERS, [9])).toEqual([9]);
  });
});

describe("stored lists read leniently", () => {
  it("keeps the strings of a scene's tag list and drops anything else", () => {
    expect(sceneTags('["beach", 3, null, "sunset"]')).toEqual(["beach", "sunset"]);
    expect(sceneTags('{"tags": ["beach"]}')).toEqual([]);
    expect(sceneTags("not json")).toEqual([]);
  });

  it("keeps only well-formed word timings", () => {
    const json = JSON.stringify([
      { word: "hello", start: 0, end: 0.4 },
      { word: "broken", start: "0.5", end: 1 },
      null,
      { word: "world", start: 0.5, end: 0.9, score: 0.8 },
    ]);
    expect(readWords(json).map((w) => w.word)).toEqual(["hello", "world"]);
    expect(readWords("[{")).toEqual([]);
  });
});
