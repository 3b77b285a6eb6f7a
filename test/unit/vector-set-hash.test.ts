import { describe, expect, it } from "vitest";
import { VectorIndexError } from "../../state/vectors/errors.js";
import { KeySum, stampDiff, stampOf } from "../../state/vectors/set-hash.js";

describe("the key set hash", () => {
  const keys = [1, 7, 2 ** 32 + 5, Number.MAX_SAFE_INTEGER, 42];

  it("ignores order and undoes a removal exactly", () => {
    const forward = new KeySum();
    for (const key of keys) forward.add(key);
    const backward = new KeySum();
    for (const key of [...keys].reverse()) backward.add(key);
    expect(backward.value()).toBe(forward.value());
    backward.add(99);
    backward.sub(99);
    expect(backward.value()).toBe(forward.value());
    expect(forward.value()).toMatch(/^[0-9a-f]{16}$/);
  });

  it("tells apart sets that differ in one key, also in the high 32 bits", () => {
    const sum = (list: number[]) => stampOf("m", 4, list).checksum;
    expect(sum([1, 2])).not.toBe(sum([1, 3]));
    expect(sum([5])).not.toBe(sum([2 ** 32 + 5]));
    expect(sum([])).toBe("0000000000000000");
  });

  it("stamps the count and largest key, from keys or entries alike", () => {
    const stamp = stampOf("bge-m3", 1024, keys);
    expect(stamp).toMatchObject({ model: "bge-m3", dim: 1024, count: 5, maxKey: Number.MAX_SAFE_INTEGER });
    expect(
      stampOf(
        "bge-m3",
        1024,
        keys.map((key) => ({ key })),
      ),
    ).toEqual(stamp);
    expect(stampOf("m", 4, []).maxKey).toBe(0);
  });

  it("refuses keys and models an index cannot hold", () => {
    expect(() => stampOf("m", 4, [-1])).toThrow(VectorIndexError);
    expect(() => stampOf("m", 4, [1.5])).toThrow(/non-negative safe integer/);
    expect(() => stampOf("", 4, [])).toThrow(/non-empty string/);
    expect(() => stampOf("m", 0, [])).toThrow(/1\.\.65536/);
  });

  it("says which fields of two stamps differ", () => {
    const a = stampOf("m", 4, [1, 2]);
    expect(stampDiff(a, { ...a })).toBeNull();
    expect(stampDiff(a, { ...a, count: 3 })).toBe("count 2 ≠ expected 3");
    expect(stampDiff(a, { ...a, checksum: "x" }, ["model", "dim", "count", "maxKey"])).toBeNull();
  });
});
