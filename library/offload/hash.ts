import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { Xxh64, xxh3 } from "@node-rs/xxhash";
import { isMhlHashFormat, type MhlHashFormat } from "../../formats/mhl.js";
import { c4FromSha512 } from "./c4.js";

/**
 * Hash formats an offload can record and a verification can check: every format ASC MHL defines,
 * named as its elements are. The default first: xxh64, which every ASC MHL tool reads (the
 * reference tool writes xxh128 by default; svc reads and checks that too).
 */
export const HASH_FORMATS = [
  "xxh64",
  "xxh3",
  "xxh128",
  "md5",
  "sha1",
  "c4",
] as const satisfies readonly MhlHashFormat[];
export type HashFormat = MhlHashFormat;
export const DEFAULT_HASH: HashFormat = "xxh64";

export const isHashFormat = (name: string): name is HashFormat => isMhlHashFormat(name);

export interface Hasher {
  update(chunk: Uint8Array): void;
  /** As ASC MHL records it: lower-case hex (as xxhsum and md5sum write it), or a C4 id. */
  digest(): string;
}

const hex64 = (value: bigint) => value.toString(16).padStart(16, "0");

/**
 * A streaming hasher: xxh64 and xxh3 are native (@node-rs/xxhash), xxh128 WebAssembly
 * (hash-wasm: @node-rs/xxhash has XXH3-128 only for a whole buffer at once), MD5, SHA-1 and the
 * SHA-512 under a C4 id OpenSSL's.
 */
export async function createHasher(format: HashFormat): Promise<Hasher> {
  if (format === "xxh64") {
    const state = new Xxh64();
    return { update: (chunk) => void state.update(chunk), digest: () => hex64(state.digest()) };
  }
  if (format === "xxh3") {
    const state = xxh3.Xxh3.withSeed();
    return { update: (chunk) => void state.update(chunk), digest: () => hex64(state.digest()) };
  }
  if (format === "xxh128") {
    // Loaded when asked for: the package carries every algorithm it has, and most runs need none.
    const { createXXHash128 } = await import("hash-wasm");
    const state = await createXXHash128();
    state.init();
    return { update: (chunk) => void state.update(chunk), digest: () => state.digest("hex") };
  }
  if (format === "c4") {
    const state = createHash("sha512");
    return { update: (chunk) => void state.update(chunk), digest: () => c4FromSha512(state.digest()) };
  }
  const state = createHash(format);
  return { update: (chunk) => void state.update(chunk), digest: () => state.digest("hex") };
}

/** Read size for hashing only: large enough that per-call overhead disappears. */
export const HASH_CHUNK_BYTES = 2 * 1024 * 1024;

/**
 * Read (and write) size for copying. Every byte of a copy crosses the CPU twice, into the buffer
 * and out of it; a buffer that fits the core's L2 cache is still there for the write. On the
 * 2-core bench machine (1 MiB L2 per core), copying 4 × 128 MiB from a dropped page cache ran at
 * 540 MiB/s with 2 MiB chunks, 1,020 with 1 MiB, 1,320 with 512 KiB and 1,340 with 256 KiB,
 * where `cp` (128 KiB) ran at 1,140; `dd` showed the same cliff above 512 KiB.
 */
export const COPY_CHUNK_BYTES = 512 * 1024;

/**
 * Buffers no larger than the file needs (up to `max`): a card of tiny files must not allocate
 * megabytes for each.
 */
export const chunkFor = (size: number | undefined, max = HASH_CHUNK_BYTES) =>
  size === undefined ? max : Math.min(max, Math.max(64 * 1024, size + 1));

/**
 * Hashes a whole file with two buffers, so the next read is in flight while the last chunk is
 * hashed. Returns the hex digest and the bytes read.
 */
export async function hashFile(
  path: string,
  format: HashFormat,
  signal?: AbortSignal,
  sizeHint?: number,
): Promise<{ hash: string; bytes: number }> {
  const hasher = await createHasher(format);
  const handle = await open(path, "r");
  try {
    const chunk = chunkFor(sizeHint);
    const buffers = [Buffer.allocUnsafe(chunk), Buffer.allocUnsafe(chunk)];
    let bytes = 0;
    let which = 0;
    let pending = handle.read(buffers[0] as Buffer, 0, chunk, null);
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await pending;
      if (bytesRead === 0) break;
      const current = buffers[which] as Buffer;
      which ^= 1;
      pending = handle.read(buffers[which] as Buffer, 0, chunk, null);
      hasher.update(current.subarray(0, bytesRead));
      bytes += bytesRead;
    }
    return { hash: hasher.digest(), bytes };
  } finally {
    await handle.close();
  }
}
