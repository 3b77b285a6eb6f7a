import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { Xxh64, xxh3 } from "@node-rs/xxhash";

/** Hash formats an offload can record; the names are ASC MHL's element names. */
export const HASH_FORMATS = ["xxh64", "xxh3", "md5", "sha1"] as const;
export type HashFormat = (typeof HASH_FORMATS)[number];
export const DEFAULT_HASH: HashFormat = "xxh64";

export const isHashFormat = (name: string): name is HashFormat =>
  (HASH_FORMATS as readonly string[]).includes(name);

export interface Hasher {
  update(chunk: Uint8Array): void;
  /** Lower-case hex, as ASC MHL and xxhsum write it. */
  digest(): string;
}

const hex64 = (value: bigint) => value.toString(16).padStart(16, "0");

/** A streaming hasher: xxHash is native (@node-rs/xxhash), MD5 and SHA-1 are OpenSSL's. */
export function createHasher(format: HashFormat): Hasher {
  if (format === "xxh64") {
    const state = new Xxh64();
    return { update: (chunk) => void state.update(chunk), digest: () => hex64(state.digest()) };
  }
  if (format === "xxh3") {
    const state = xxh3.Xxh3.withSeed();
    return { update: (chunk) => void state.update(chunk), digest: () => hex64(state.digest()) };
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
  const hasher = createHasher(format);
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
