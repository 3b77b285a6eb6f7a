import { open } from "node:fs/promises";
import { BadIndexFile } from "./errors.js";
import { VECTOR_INDEX_TUNING, type VectorScalar } from "./tuning.js";

// USearch 2.x file layout (index_dense.hpp / index.hpp): u32 rows, u32 bytes per vector, the vector
// matrix, a 64-byte dense header, a 40-byte graph header, one i16 level per node, then the nodes.
const MATRIX_HEAD_BYTES = 8;
const DENSE_HEAD_BYTES = 64;
const GRAPH_HEAD_BYTES = 40;
const LEVEL_BYTES = 2;
const NODE_HEAD_BYTES = 10;
const SLOT_BYTES = 4;
const COUNT_BYTES = 4;
const MAGIC = "usearch";
const FORMAT_MAJOR = 2;
const METRIC_COS = "c".charCodeAt(0);
// scalar_kind_t in index_plugins.hpp.
const SCALAR_CODE: Record<VectorScalar, number> = { f16: 12, i8: 23 };
const SCALAR_BYTES: Record<VectorScalar, number> = { f16: 2, i8: 1 };
const KEY_U64 = 14;
const SLOT_U32 = 15;
const MAX_LEVEL = 64;
const READ_CHUNK = 8 << 20;
const TWO_32 = 2 ** 32;

interface FileContents {
  keys: number[];
}

/**
 * Checks every structural field USearch trusts when loading (sizes, kinds, levels, neighbour
 * counts and slots), because a corrupt file can crash the native loader or a later search instead
 * of failing cleanly. Returns the live keys stored in the file.
 */
export async function inspectIndexFile(
  file: string,
  dim: number,
  quantization: VectorScalar,
): Promise<FileContents> {
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const readAt = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      if (bytesRead !== length)
        throw new BadIndexFile(`truncated at byte ${position + bytesRead} of ${size}`);
      return buffer;
    };
    if (size < MATRIX_HEAD_BYTES + DENSE_HEAD_BYTES + GRAPH_HEAD_BYTES) {
      throw new BadIndexFile(`file is truncated (${size} bytes)`);
    }
    const matrixHead = await readAt(0, MATRIX_HEAD_BYTES);
    const rows = matrixHead.readUInt32LE(0);
    const rowBytes = matrixHead.readUInt32LE(4);
    const expectedRowBytes = dim * SCALAR_BYTES[quantization];
    if (rowBytes !== expectedRowBytes) {
      throw new BadIndexFile(`vectors are ${rowBytes} bytes wide, expected ${expectedRowBytes}`);
    }
    const denseAt = MATRIX_HEAD_BYTES + rows * rowBytes;
    const levelsAt = denseAt + DENSE_HEAD_BYTES + GRAPH_HEAD_BYTES;
    if (levelsAt + rows * LEVEL_BYTES > size) {
      throw new BadIndexFile(`file is truncated (${size} bytes for ${rows} vectors)`);
    }
    const dense = await readAt(denseAt, DENSE_HEAD_BYTES);
    if (dense.toString("latin1", 0, MAGIC.length) !== MAGIC) throw new BadIndexFile("not a USearch index");
    if (dense.readUInt16LE(7) !== FORMAT_MAJOR) {
      throw new BadIndexFile(`USearch format ${dense.readUInt16LE(7)}, expected ${FORMAT_MAJOR}`);
    }
    if (dense[13] !== METRIC_COS || dense[14] !== SCALAR_CODE[quantization]) {
      throw new BadIndexFile("built with another metric or quantization");
    }
    if (dense[15] !== KEY_U64 || dense[16] !== SLOT_U32)
      throw new BadIndexFile("unexpected key or slot type");
    const present = dense.readBigUInt64LE(17);
    const deleted = dense.readBigUInt64LE(25);
    if (present + deleted !== BigInt(rows)) throw new BadIndexFile("population counts do not add up");
    if (dense.readBigUInt64LE(33) !== BigInt(dim) || dense[41] !== 0) {
      throw new BadIndexFile("dimension or multi-key flag differs");
    }
    const graph = await readAt(denseAt + DENSE_HEAD_BYTES, GRAPH_HEAD_BYTES);
    const nodes = graph.readBigUInt64LE(0);
    const connectivity = graph.readBigUInt64LE(8);
    const base = graph.readBigUInt64LE(16);
    const maxLevel = graph.readBigUInt64LE(24);
    const entry = graph.readBigUInt64LE(32);
    if (nodes !== BigInt(rows)) throw new BadIndexFile("graph and vector counts differ");
    if (connectivity !== BigInt(VECTOR_INDEX_TUNING.connectivity) || base < connectivity || base > 4096n) {
      throw new BadIndexFile("built with another connectivity");
    }
    if (rows > 0 && (maxLevel >= BigInt(MAX_LEVEL) || entry >= BigInt(rows))) {
      throw new BadIndexFile("graph header out of range");
    }
    const levelBytes = Number(connectivity) * SLOT_BYTES + COUNT_BYTES;
    const baseBytes = Number(base) * SLOT_BYTES + COUNT_BYTES;
    const nodeBytes = (level: number) => NODE_HEAD_BYTES + baseBytes + level * levelBytes;
    const levels = await readAt(levelsAt, rows * LEVEL_BYTES);
    let expectedSize = levelsAt + rows * LEVEL_BYTES;
    for (let i = 0; i < rows; i++) {
      const level = levels.readInt16LE(i * LEVEL_BYTES);
      if (level < 0 || level > Number(maxLevel)) throw new BadIndexFile(`node ${i} has level ${level}`);
      expectedSize += nodeBytes(level);
    }
    if (expectedSize !== size) {
      throw new BadIndexFile(
        `file is ${size} bytes, its headers describe ${expectedSize} (truncated or corrupt)`,
      );
    }
    const keys: number[] = [];
    let node = 0;
    let position = levelsAt + rows * LEVEL_BYTES;
    while (node < rows) {
      const chunk = await readAt(position, Math.min(READ_CHUNK, size - position));
      let at = 0;
      while (node < rows) {
        const level = levels.readInt16LE(node * LEVEL_BYTES);
        const length = nodeBytes(level);
        if (at + length > chunk.length) break;
        const lo = chunk.readUInt32LE(at);
        const hi = chunk.readUInt32LE(at + 4);
        if (!(lo === 0xffffffff && hi === 0xffffffff)) {
          if (hi >= 2 ** 21) throw new BadIndexFile(`node ${node} has an out-of-range key`);
          keys.push(hi * TWO_32 + lo);
        }
        if (chunk.readInt16LE(at + 8) !== level) throw new BadIndexFile(`node ${node} level disagrees`);
        let list = at + NODE_HEAD_BYTES;
        for (let l = 0; l <= level; l++) {
          const capacity = l === 0 ? Number(base) : Number(connectivity);
          const count = chunk.readUInt32LE(list);
          if (count > capacity) throw new BadIndexFile(`node ${node} has ${count} neighbours at level ${l}`);
          for (let s = 0; s < count; s++) {
            if (chunk.readUInt32LE(list + COUNT_BYTES + s * SLOT_BYTES) >= rows) {
              throw new BadIndexFile(`node ${node} links outside the graph`);
            }
          }
          list += COUNT_BYTES + capacity * SLOT_BYTES;
        }
        at += length;
        node += 1;
      }
      if (at === 0) throw new BadIndexFile(`node ${node} does not fit a read`);
      position += at;
    }
    if (BigInt(keys.length) !== present) throw new BadIndexFile("live key count disagrees with the header");
    return { keys };
  } finally {
    await handle.close();
  }
}
