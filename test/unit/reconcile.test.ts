import { describe, expect, it } from "vitest";
import { type Category, countOutcomes, passExitCode, reconcile } from "../../pipeline/reconcile.js";

const outcomes = (entries: [string, Category[]][]) => new Map(entries);

describe("reconcile", () => {
  it("accepts a pass where every scanned file landed once and ingested files have rows", () => {
    const result = reconcile(
      ["a.mp4", "b.txt", "c.mov"],
      outcomes([
        ["a.mp4", ["ingested"]],
        ["b.txt", ["skipped"]],
        ["c.mov", ["failed"]],
      ]),
      (p) => p === "a.mp4",
    );
    expect(result).toEqual({ ok: true, problems: [] });
  });

  it("reports a scanned file that landed nowhere", () => {
    const result = reconcile(["a.mp4", "b.mp4"], outcomes([["a.mp4", ["unchanged"]]]), () => true);
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual(["b.mp4: scanned but not counted"]);
  });

  it("reports a file counted twice", () => {
    const result = reconcile(["a.mp4"], outcomes([["a.mp4", ["ingested", "failed"]]]), () => true);
    expect(result.problems[0]).toMatch(/counted 2 times/);
  });

  it("reports an ingested count without its row", () => {
    const result = reconcile(["a.mp4"], outcomes([["a.mp4", ["ingested"]]]), () => false);
    expect(result.problems).toEqual(["a.mp4: counted as ingested but has no row"]);
  });

  it("reports a count for a file that was never scanned", () => {
    const result = reconcile([], outcomes([["ghost.mp4", ["failed"]]]), () => false);
    expect(result.problems).toEqual(["ghost.mp4: counted but never scanned"]);
  });

  it("counts per category", () => {
    expect(
      countOutcomes(
        outcomes([
          ["a", ["ingested"]],
          ["b", ["ingested"]],
          ["c", ["skipped"]],
          ["d.r3d", ["needs_proxy"]],
        ]),
      ),
    ).toEqual({ ingested: 2, unchanged: 0, skipped: 1, failed: 0, needs_proxy: 1 });
  });
});

describe("pass exit code", () => {
  const counts = (ingested: number, failed: number, unchanged = 0, skipped = 0, needs_proxy = 0) => ({
    ingested,
    failed,
    unchanged,
    skipped,
    needs_proxy,
  });

  it("is 0 for a clean pass, including one with nothing to do", () => {
    expect(passExitCode({ counts: counts(3, 0), reconciled: true, halted: false })).toBe(0);
    expect(passExitCode({ counts: counts(0, 0, 5, 2), reconciled: true, halted: false })).toBe(0);
  });

  it("is 0 for a pass of only files that need a proxy: they are neither processed nor failed", () => {
    expect(passExitCode({ counts: counts(0, 0, 0, 0, 3), reconciled: true, halted: false })).toBe(0);
    expect(passExitCode({ counts: counts(2, 0, 1, 0, 3), reconciled: true, halted: false })).toBe(0);
    expect(passExitCode({ counts: counts(0, 1, 0, 0, 3), reconciled: true, halted: false })).toBe(2);
  });

  it("is 1 when some files failed or the pass halted", () => {
    expect(passExitCode({ counts: counts(3, 1), reconciled: true, halted: false })).toBe(1);
    expect(passExitCode({ counts: counts(3, 0), reconciled: true, halted: true })).toBe(1);
  });

  it("is 2 when every processed file failed, before 7 and 1", () => {
    expect(passExitCode({ counts: counts(0, 4, 10), reconciled: false, halted: true })).toBe(2);
  });

  it("is 7 on a reconciliation mismatch, before 1", () => {
    expect(passExitCode({ counts: counts(3, 1), reconciled: false, halted: true })).toBe(7);
  });
});
