import { randomBytes } from "node:crypto";
import { readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type IndexStamp,
  openVectorIndex,
  stampOf,
  type VectorEntry,
  VectorIndexError,
} from "../../state/vectors.js";
import { tempWorkspace } from "../support/temp.js";
import { cosine, prng } from "../support/vectors.js";

const DIM = 32;
const MODEL = "embed-test";

function randomVector(rand: () => number, dim = DIM): Float32Array {
  return Float32Array.from({ length: dim }, () => rand() * 2 - 1);
}

function entries(count: number, seed = 1, dim = DIM, firstKey = 1): VectorEntry[] {
  const rand = prng(seed);
  return Array.from({ length: count }, (_, i) => ({ key: firstKey + i, vector: randomVector(rand, dim) }));
}

function exactTop(data: readonly VectorEntry[], query: Float32Array, k: number): number[] {
  return data
    .map((e) => ({ key: e.key, score: cosine(e.vector, query) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((e) => e.key);
}

describe("vector index", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let file: string;

  beforeEach(async () => {
    ws = await tempWorkspace("svc-vectors-");
    file = join(ws.base, ".svc", "vectors.usearch");
  });
  afterEach(() => ws.cleanup());

  /**
   * Opens against `data` as SQLite's side would, counting how often the rebuild source is read.
   * f16, which reads it once per rebuild: the scalar choice (which reads it again to measure) has
   * its own tests in vector-scalar.test.ts.
   */
  async function openWith(data: readonly VectorEntry[], expected?: IndexStamp, dim = DIM) {
    let rebuildCalls = 0;
    const opened = await openVectorIndex(
      file,
      expected ?? stampOf(MODEL, dim, data),
      () => {
        rebuildCalls += 1;
        return data;
      },
      { scalar: "f16" },
    );
    return { ...opened, rebuildCalls };
  }

  it("finds exact matches and the true nearest neighbours, best first", async () => {
    const data = entries(500);
    const { index } = await openWith(data);
    expect(index.size()).toBe(500);
    for (const probe of [data[0], data[137], data[499]] as VectorEntry[]) {
      const [best] = index.search(probe.vector, 1);
      expect(best?.key).toBe(probe.key);
      expect(best?.score).toBeCloseTo(1, 3);
    }
    const rand = prng(99);
    let agree = 0;
    for (let q = 0; q < 20; q++) {
      const query = randomVector(rand);
      const hits = index.search(query, 10);
      expect(hits).toHaveLength(10);
      for (let i = 1; i < hits.length; i++) {
        expect(hits[i - 1]?.score).toBeGreaterThanOrEqual(hits[i]?.score as number);
      }
      const truth = new Set(exactTop(data, query, 10));
      agree += hits.filter((h) => truth.has(h.key)).length;
      const first = hits[0] as { key: number; score: number };
      const stored = data.find((e) => e.key === first.key) as VectorEntry;
      expect(first.score).toBeCloseTo(cosine(stored.vector, query), 2);
    }
    expect(agree / 200).toBeGreaterThanOrEqual(0.95);

    const near = Float32Array.from(data[42]?.vector as Float32Array, (x) => x + (rand() - 0.5) * 0.02);
    expect(index.search(near, 1)[0]?.key).toBe(data[42]?.key);
  });

  it("returns at most the index size and nothing for k = 0 or an empty index", async () => {
    const data = entries(5);
    const { index } = await openWith(data);
    expect(index.search(data[0]?.vector as Float32Array, 50)).toHaveLength(5);
    expect(index.search(data[0]?.vector as Float32Array, 0)).toEqual([]);
    const empty = await openWith([], undefined);
    expect(empty.index.search(data[0]?.vector as Float32Array, 3)).toEqual([]);
  });

  it("upsert replaces the vector of an existing key", async () => {
    const data = entries(100);
    const { index } = await openWith(data);
    const before = index.stamp();
    const replacement = randomVector(prng(7));
    index.upsert([{ key: 10, vector: replacement }]);
    expect(index.size()).toBe(100);
    expect(index.stamp()).toEqual(before);
    const [best] = index.search(replacement, 1);
    expect(best?.key).toBe(10);
    expect(best?.score).toBeCloseTo(1, 3);
    const oldHit = index.search(data[9]?.vector as Float32Array, 100).find((h) => h.key === 10);
    expect(oldHit?.score).toBeCloseTo(cosine(data[9]?.vector as Float32Array, replacement), 2);

    // Within one batch the last vector for a key wins.
    const a = randomVector(prng(8));
    const b = randomVector(prng(9));
    index.upsert([
      { key: 500, vector: a },
      { key: 500, vector: b },
    ]);
    expect(index.size()).toBe(101);
    expect(index.search(b, 1)[0]?.key).toBe(500);
  });

  it("removes keys, ignores unknown ones and keeps the stamp in step", async () => {
    const data = entries(50);
    const { index } = await openWith(data);
    index.remove([50, 3, 3, 9999]);
    expect(index.size()).toBe(48);
    const left = data.filter((e) => e.key !== 50 && e.key !== 3);
    expect(index.stamp()).toEqual(stampOf(MODEL, DIM, left));
    expect(index.stamp().maxKey).toBe(49);
    const hits = index.search(data[2]?.vector as Float32Array, 48);
    expect(hits.map((h) => h.key)).not.toContain(3);
    expect(hits.map((h) => h.key)).not.toContain(50);
    expect(hits).toHaveLength(48);
    // Keys come back in any order yet give the same stamp.
    index.upsert([data[49] as VectorEntry, data[2] as VectorEntry]);
    expect(index.stamp()).toEqual(stampOf(MODEL, DIM, data.map((e) => e.key).reverse()));
  });

  it("filters, fetching further until k keys pass or the index runs out", async () => {
    const data = entries(400);
    const { index } = await openWith(data);
    const query = data[0]?.vector as Float32Array;
    const even = index.search(query, 10, (key) => key % 2 === 0);
    expect(even).toHaveLength(10);
    expect(even.every((h) => h.key % 2 === 0)).toBe(true);
    const evenTruth = exactTop(
      data.filter((e) => e.key % 2 === 0),
      query,
      10,
    );
    // f16 storage may swap two near-equal scores, so compare membership, then check the order.
    expect(even.map((h) => h.key).sort()).toEqual(evenTruth.sort());
    expect(even.map((h) => h.score)).toEqual(even.map((h) => h.score).sort((a, b) => b - a));
    // Only three keys pass and they are far down the list: all three come back, best first.
    const rare = new Set([399, 250, 77]);
    const few = index.search(query, 10, (key) => rare.has(key));
    expect(few.map((h) => h.key)).toEqual(
      exactTop(
        data.filter((e) => rare.has(e.key)),
        query,
        3,
      ),
    );
    expect(index.search(query, 5, () => false)).toEqual([]);
    // A batch this large is inserted concurrently, which may leave a rare node unreachable:
    // whatever a full search reaches, the filtered search finds too.
    index.upsert(entries(3000, 21, DIM, 10_000));
    const everything = index.search(query, 3400);
    expect(everything.length).toBeGreaterThan(3400 * 0.99);
    const wanted = new Set([10_000, 11_500, 12_999, 399]);
    expect(index.search(query, 10, (key) => wanted.has(key))).toEqual(
      everything.filter((h) => wanted.has(h.key)),
    );
  });

  it("rejects bad input with a clear error and leaves the index as it was", async () => {
    const data = entries(20);
    const { index } = await openWith(data);
    const before = index.stamp();
    expect(() => index.upsert([{ key: 100, vector: new Float32Array(DIM + 1).fill(1) }])).toThrow(
      /33 dimensions, the index expects 32/,
    );
    expect(() => index.upsert([{ key: 101, vector: new Float32Array(DIM).fill(Number.NaN) }])).toThrow(
      VectorIndexError,
    );
    expect(() => index.upsert([{ key: 102, vector: new Float32Array(DIM) }])).toThrow(/all zeros/);
    expect(() => index.upsert([{ key: -1, vector: data[0]?.vector as Float32Array }])).toThrow(
      /non-negative/,
    );
    expect(() => index.upsert([{ key: 1.5, vector: data[0]?.vector as Float32Array }])).toThrow(
      VectorIndexError,
    );
    // A bad entry anywhere in a batch rejects the whole batch.
    expect(() =>
      index.upsert([
        { key: 200, vector: data[0]?.vector as Float32Array },
        { key: 201, vector: new Float32Array(8).fill(1) },
      ]),
    ).toThrow(VectorIndexError);
    expect(index.stamp()).toEqual(before);
    expect(() => index.search(new Float32Array(DIM - 1).fill(1), 3)).toThrow(/31 dimensions/);
    expect(() => index.search(data[0]?.vector as Float32Array, -2)).toThrow(/non-negative integer/);
    expect(() => index.remove([Number.NaN])).toThrow(VectorIndexError);
    await expect(openVectorIndex(file, { ...before, dim: 0 }, () => data)).rejects.toThrow(VectorIndexError);
  });

  it("reopens a saved index without rebuilding and gives the same answers", async () => {
    const data = entries(300);
    const first = await openWith(data);
    expect(first.rebuilt).toBe(true);
    expect(first.reason).toMatch(/no index file/);
    const query = randomVector(prng(5));
    const answer = first.index.search(query, 10);

    const again = await openWith(data);
    expect(again.rebuilt).toBe(false);
    expect(again.rebuildCalls).toBe(0);
    expect(again.reason).toBeUndefined();
    expect(again.index.size()).toBe(300);
    expect(again.index.stamp()).toEqual(first.index.stamp());
    expect(again.index.search(query, 10)).toEqual(answer);

    // Changes saved after a remove and an upsert survive a reopen too.
    again.index.remove([1, 2]);
    again.index.upsert(entries(5, 11, DIM, 1000));
    await again.index.save();
    const current = [...data.slice(2), ...entries(5, 11, DIM, 1000)];
    const third = await openWith(current);
    expect(third.rebuilt).toBe(false);
    expect(third.index.size()).toBe(303);
    expect(third.index.search(current[298]?.vector as Float32Array, 1)[0]?.key).toBe(1000);
  });

  it("keeps no temp files after saving", async () => {
    const { index } = await openWith(entries(64));
    await index.save();
    await index.save();
    expect((await readdir(join(ws.base, ".svc"))).sort()).toEqual([
      "vectors.usearch",
      "vectors.usearch.json",
    ]);
    const sidecar = JSON.parse(await readFile(`${file}.json`, "utf8"));
    expect(sidecar.stamp).toEqual(index.stamp());
  });

  it("records a caller's stamp, and refuses one that contradicts the contents", async () => {
    const data = entries(30);
    const token = { ...stampOf(MODEL, DIM, data), checksum: "epoch-7" };
    const first = await openWith(data, token);
    expect(first.rebuilt).toBe(true);
    await first.index.save(token);
    const again = await openWith(data, token);
    expect(again.rebuilt).toBe(false);
    await expect(again.index.save({ ...token, count: 31 })).rejects.toThrow(/count 30 ≠ expected 31/);
    const later = await openWith(data, { ...token, checksum: "epoch-8" });
    expect(later.rebuilt).toBe(true);
    expect(later.reason).toMatch(/checksum/);
  });

  it.each([
    ["count", (s: IndexStamp) => ({ ...s, count: s.count - 1 }), /count/],
    ["model", (s: IndexStamp) => ({ ...s, model: "other-model" }), /model/],
    ["maxKey", (s: IndexStamp) => ({ ...s, maxKey: s.maxKey + 1 }), /maxKey/],
    ["checksum", (s: IndexStamp) => ({ ...s, checksum: "0000000000000000" }), /checksum/],
  ])("rebuilds when the stamp's %s differs", async (_field, change, reason) => {
    const data = entries(40);
    await openWith(data);
    const expected = change(stampOf(MODEL, DIM, data));
    const reopened = await openWith(data, expected);
    expect(reopened.rebuilt).toBe(true);
    expect(reopened.rebuildCalls).toBe(1);
    expect(reopened.reason).toMatch(reason);
    expect(reopened.index.search(data[3]?.vector as Float32Array, 1)[0]?.key).toBe(4);
  });

  it("rebuilds at the new dimension when the model's dimension changes", async () => {
    await openWith(entries(40));
    const wider = entries(40, 3, 48);
    const reopened = await openWith(wider, undefined, 48);
    expect(reopened.rebuilt).toBe(true);
    expect(reopened.reason).toMatch(/dim 32 ≠ expected 48/);
    expect(reopened.index.dim).toBe(48);
    expect(reopened.index.search(wider[7]?.vector as Float32Array, 1)[0]?.key).toBe(8);
    expect((await openWith(wider, undefined, 48)).rebuilt).toBe(false);
  });

  it("reports a clear error when a stored vector has the wrong dimension", async () => {
    const data = [...entries(10), { key: 99, vector: new Float32Array(16).fill(1) }];
    await expect(openWith(data)).rejects.toThrow(/key 99 has 16 dimensions, the index expects 32/);
  });

  describe("a damaged index file is rebuilt, never a crash", () => {
    const data = entries(200);

    async function savedSize() {
      await openWith(data);
      return (await stat(file)).size;
    }

    async function expectRebuilt(reason: RegExp) {
      const reopened = await openWith(data);
      expect(reopened.rebuilt).toBe(true);
      expect(reopened.reason).toMatch(reason);
      expect(reopened.index.size()).toBe(200);
      expect(reopened.index.search(data[10]?.vector as Float32Array, 1)[0]?.key).toBe(11);
      expect((await openWith(data)).rebuilt).toBe(false);
    }

    it("truncated", async () => {
      const size = await savedSize();
      await truncate(file, Math.floor(size / 2));
      await expectRebuilt(/truncated/);
    });

    it("cut just before its last byte", async () => {
      const size = await savedSize();
      await truncate(file, size - 1);
      await expectRebuilt(/truncated or corrupt/);
    });

    it("random bytes of the same length", async () => {
      const size = await savedSize();
      await writeFile(file, randomBytes(size));
      await expectRebuilt(/./);
    });

    it("random bytes in the graph behind intact headers", async () => {
      const size = await savedSize();
      const bytes = await readFile(file);
      const graphAt = bytes.length - Math.floor(size / 4);
      randomBytes(bytes.length - graphAt).copy(bytes, graphAt);
      await writeFile(file, bytes);
      await expectRebuilt(/node \d+/);
    });

    it("empty", async () => {
      await savedSize();
      await writeFile(file, "");
      await expectRebuilt(/truncated/);
    });

    it("without its stamp file", async () => {
      await savedSize();
      await rm(`${file}.json`);
      await expectRebuilt(/no stamp file/);
    });

    it("with a stamp file that is not JSON", async () => {
      await savedSize();
      await writeFile(`${file}.json`, "{ not json");
      await expectRebuilt(/unreadable/);
    });
  });

  it("opens, saves and reopens an empty index", async () => {
    const first = await openWith([]);
    expect(first.rebuilt).toBe(true);
    expect(first.index.stamp()).toEqual({
      model: MODEL,
      dim: DIM,
      count: 0,
      maxKey: 0,
      checksum: "0".repeat(16),
    });
    const again = await openWith([]);
    expect(again.rebuilt).toBe(false);
    expect(again.index.size()).toBe(0);
  });

  it("stops a rebuild when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      openVectorIndex(file, stampOf(MODEL, DIM, []), () => [], { signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
    await expect(stat(file)).rejects.toThrow();
  });
});
