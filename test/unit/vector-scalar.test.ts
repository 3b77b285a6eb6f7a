import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inspectIndexFile } from "../../state/vectors/file-check.js";
import {
  I8_MIN_RECALL,
  openSavedIndex,
  openVectorIndex,
  rebuildVectorIndex,
  savedIndexInfo,
  stampOf,
  type VectorEntry,
  VectorIndexError,
  wantsRequantising,
} from "../../state/vectors.js";
import { tempWorkspace } from "../support/temp.js";
import { prng } from "../support/vectors.js";

const DIM = 64;
const MODEL = "embed-test";

/** Vectors in small groups around their centres, as embeddings of a scene's takes are: i8 keeps their order. */
function clustered(count: number, seed = 1): VectorEntry[] {
  const rand = prng(seed);
  const centres = Array.from({ length: Math.ceil(count / 10) }, () =>
    Float32Array.from({ length: DIM }, () => rand() - 0.5),
  );
  return Array.from({ length: count }, (_, i) => {
    const centre = centres[i % centres.length] as Float32Array;
    return { key: i + 1, vector: centre.map((x) => x + (rand() - 0.5) * 0.3) };
  });
}

/**
 * Vectors that differ from one another only far below i8's step (1/127 of the largest component):
 * quantised to i8 they all look alike, while f16 still tells them apart.
 */
function nearlyAlike(count: number, seed = 2): VectorEntry[] {
  const rand = prng(seed);
  const base = Float32Array.from({ length: DIM }, () => rand() - 0.5);
  return Array.from({ length: count }, (_, i) => ({
    key: i + 1,
    vector: base.map((x) => x + (rand() - 0.5) * 0.0005),
  }));
}

describe("the scalar type of a vector index", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let file: string;

  beforeEach(async () => {
    ws = await tempWorkspace("svc-scalar-");
    file = join(ws.base, ".svc", "vectors.usearch");
  });
  afterEach(() => ws.cleanup());

  it("auto keeps i8 where the project's own vectors measure recall@10 against exact search at the bar", async () => {
    const data = clustered(1500);
    let reads = 0;
    const { index, rebuilt } = await openVectorIndex(file, stampOf(MODEL, DIM, data), () => {
      reads += 1;
      return data;
    });
    expect(rebuilt).toBe(true);
    // Once to build, once for the exact answers the recall is measured against.
    expect(reads).toBe(2);
    expect(index.scalar).toBe("i8");
    const info = await savedIndexInfo(file);
    expect(info).toMatchObject({ count: 1500, scalar: "i8" });
    expect(info?.recallI8).toBeGreaterThanOrEqual(I8_MIN_RECALL);
    const saved = await openSavedIndex(file, { map: true, checked: false });
    expect(saved.scalar).toBe("i8");
    expect(saved.search((data[700] as VectorEntry).vector, 1)[0]?.key).toBe(701);
    // A newer save replaces it in the same native index: the old handle answers no more.
    const next = await openSavedIndex(file, { map: true, checked: true, previous: saved });
    expect(next.search((data[700] as VectorEntry).vector, 1)[0]?.key).toBe(701);
    expect(() => saved.search((data[0] as VectorEntry).vector, 1)).toThrow(VectorIndexError);
  });

  it("auto falls back to f16, recording the recall i8 measured, where i8 would lose neighbours", async () => {
    const data = nearlyAlike(800);
    const { index } = await openVectorIndex(file, stampOf(MODEL, DIM, data), () => data);
    expect(index.scalar).toBe("f16");
    const info = await savedIndexInfo(file);
    expect(info?.scalar).toBe("f16");
    expect(info?.recallI8).toBeLessThan(I8_MIN_RECALL);
    // Measured once: auto does not rebuild it again.
    expect(wantsRequantising(info as NonNullable<typeof info>, "auto")).toBe(false);
  });

  it("a forced setting builds that type without measuring, and a saved index of the other type wants rebuilding", async () => {
    const data = clustered(300);
    await openVectorIndex(file, stampOf(MODEL, DIM, data), () => data, { scalar: "f16" });
    const f16 = await savedIndexInfo(file);
    expect(f16).toEqual({ count: 300, scalar: "f16", recallI8: null });
    expect(wantsRequantising(f16 as NonNullable<typeof f16>, "auto")).toBe(true);
    expect(wantsRequantising(f16 as NonNullable<typeof f16>, "i8")).toBe(true);
    expect(wantsRequantising(f16 as NonNullable<typeof f16>, "f16")).toBe(false);
    const rebuilt = await rebuildVectorIndex(file, stampOf(MODEL, DIM, data), () => data, { scalar: "i8" });
    expect(rebuilt?.scalar).toBe("i8");
    expect(await savedIndexInfo(file)).toEqual({ count: 300, scalar: "i8", recallI8: null });
    // The writer reopens what it saved, i8 and all.
    const reopened = await openVectorIndex(file, stampOf(MODEL, DIM, data), () => {
      throw new Error("the saved i8 index was not reused");
    });
    expect(reopened).toMatchObject({ rebuilt: false });
    expect(reopened.index.scalar).toBe("i8");
  });

  it("auto's background trial keeps a saved f16 file whose vectors i8 would lose, recording only the recall", async () => {
    const data = nearlyAlike(600);
    const stamp = stampOf(MODEL, DIM, data);
    await openVectorIndex(file, stamp, () => data, { scalar: "f16" });
    const before = await stat(file);
    const swapped = await rebuildVectorIndex(file, stamp, () => data, { scalar: "auto" });
    expect(swapped).toBeNull();
    // The same file, not an f16 index built again: only its stamp file learnt the recall.
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    const info = await savedIndexInfo(file);
    expect(info).toMatchObject({ count: 600, scalar: "f16" });
    expect(info?.recallI8).toBeLessThan(I8_MIN_RECALL);
    expect(wantsRequantising(info as NonNullable<typeof info>, "auto")).toBe(false);
    // Its new stamp file still vouches for it: readers open it as before.
    const saved = await openSavedIndex(file, { map: true, checked: true });
    expect([saved.scalar, saved.size()]).toEqual(["f16", 600]);
  });

  it("auto's background trial swaps a saved f16 file for i8 where the recall holds", async () => {
    const data = clustered(900);
    const stamp = stampOf(MODEL, DIM, data);
    await openVectorIndex(file, stamp, () => data, { scalar: "f16" });
    const swapped = await rebuildVectorIndex(file, stamp, () => data, { scalar: "auto" });
    expect(swapped?.scalar).toBe("i8");
    expect((await savedIndexInfo(file))?.scalar).toBe("i8");
  });

  it("the structural check reads an i8 file and refuses one whose header claims another scalar type", async () => {
    const data = clustered(200);
    await openVectorIndex(file, stampOf(MODEL, DIM, data), () => data, { scalar: "i8" });
    expect((await inspectIndexFile(file, DIM, "i8")).keys).toHaveLength(200);
    await expect(inspectIndexFile(file, DIM, "f16")).rejects.toThrow(/bytes wide/);
    // The dense header's scalar kind (byte 14, after the 8-byte matrix head and the i8 rows).
    const bytes = await readFile(file);
    const scalarAt = 8 + 200 * DIM + 14;
    expect(bytes[scalarAt]).toBe(23);
    bytes[scalarAt] = 12;
    await writeFile(file, bytes);
    await expect(inspectIndexFile(file, DIM, "i8")).rejects.toThrow(/quantization/);
    await expect(openSavedIndex(file, { map: true, checked: false })).rejects.toThrow(VectorIndexError);
  });
});
