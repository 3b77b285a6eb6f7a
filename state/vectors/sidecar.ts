import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "../atomic.js";
import { isErrno } from "../errno.js";
import { BadIndexFile } from "./errors.js";
import type { IndexStamp } from "./set-hash.js";
import { VECTOR_INDEX_TUNING, VECTOR_SCALARS, type VectorScalar } from "./tuning.js";

// Bumped when the sidecar's meaning changes, so an old sidecar reads as a mismatch.
const SIDECAR_FORMAT = 1;

/** How the vectors are stored, and the recall@10 measured for i8 when it was considered (else null). */
export interface ScalarChoice {
  scalar: VectorScalar;
  recallI8: number | null;
}

/** Ties the caller's stamp to the file: `keys` is the key hash of what was written beside it. */
interface Sidecar extends Record<string, unknown> {
  format: number;
  quantization: VectorScalar;
  recall_i8: number | null;
  stamp: IndexStamp;
  keys: string;
}

const pickStamp = (s: IndexStamp): IndexStamp => ({
  model: s.model,
  dim: s.dim,
  count: s.count,
  maxKey: s.maxKey,
  checksum: s.checksum,
});

/** Reads `<file>.json`; a missing, unreadable or foreign one is a BadIndexFile. */
export async function readSidecar(file: string): Promise<{ stamp: IndexStamp; keys: string } & ScalarChoice> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(`${file}.json`, "utf8"));
  } catch (error) {
    throw new BadIndexFile(isErrno(error, "ENOENT") ? "no stamp file" : "stamp file is unreadable");
  }
  if (typeof parsed !== "object" || parsed === null) throw new BadIndexFile("stamp file is not an object");
  const s = parsed as Record<string, unknown>;
  const tuning = Object.entries(VECTOR_INDEX_TUNING).every(([name, value]) => s[name] === value);
  const scalar = VECTOR_SCALARS.find((kind) => kind === s.quantization);
  if (s.format !== SIDECAR_FORMAT || !tuning || !scalar)
    throw new BadIndexFile("stamp file is from another index layout");
  const stamp = (typeof s.stamp === "object" && s.stamp !== null ? s.stamp : {}) as Record<string, unknown>;
  return {
    stamp: {
      model: String(stamp.model),
      dim: Number(stamp.dim),
      count: Number(stamp.count),
      maxKey: Number(stamp.maxKey),
      checksum: String(stamp.checksum),
    },
    keys: String(s.keys),
    scalar,
    recallI8: typeof s.recall_i8 === "number" ? s.recall_i8 : null,
  };
}

/**
 * Writes `<file>.json`: the index's tuning and scalar type, the caller's `stamp`, and `keys`, the
 * key hash of what was saved.
 */
export async function writeSidecar(
  file: string,
  stamp: IndexStamp,
  keys: string,
  choice: ScalarChoice,
): Promise<void> {
  const sidecar: Sidecar = {
    format: SIDECAR_FORMAT,
    ...VECTOR_INDEX_TUNING,
    quantization: choice.scalar,
    recall_i8: choice.recallI8,
    stamp: pickStamp(stamp),
    keys,
  };
  await writeFileAtomic(`${file}.json`, `${JSON.stringify(sidecar)}\n`);
}
