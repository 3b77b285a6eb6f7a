import type { FileHandle } from "node:fs/promises";
import { open, rm } from "node:fs/promises";
import { COPY_CHUNK_BYTES, chunkFor, createHasher, type HashFormat } from "./hash.js";

export interface CopyResult {
  /** Hash of the bytes read from the source (the bytes every target was given). */
  hash: string;
  bytes: number;
  ms: number;
  /** Per target: null when it holds the whole file, synced; else why not (its temp is removed). */
  errors: (Error | null)[];
}

/**
 * Chunks being read ahead of the one being hashed and written: one. Reads in flight side by side
 * (each on its own libuv thread) reach the kernel out of order and defeat its sequential
 * read-ahead: copying 4 × 128 MiB from a dropped page cache ran at 130–140 MiB/s with four
 * ahead and 640–720 MiB/s with one, where `cp` ran at 250–330 in the same minutes.
 */
const READS_AHEAD = 1;

async function writeAll(handle: FileHandle, chunk: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, done, chunk.length - done, position + done);
    done += bytesWritten;
  }
}

/** What a copy keeps of its source besides the bytes. */
export interface SourceStamp {
  mtime: Date;
  /** The source's mode; its permission bits (0o777) are given to every copy. */
  mode: number;
}

/** Only the owner may open a temp while it is written; the source's bits are set once it is whole. */
export const TEMP_MODE = 0o600;

/**
 * Reads `source` once and writes each chunk to every target at the same time, hashing it on the
 * way; the next chunk is read while the last one is written. A target that fails (full, gone
 * read-only) is dropped and its temp removed while the others go on. Each surviving target gets
 * the source's mtime and exactly its permission bits (a chmod, so the umask neither widens nor
 * narrows them; set-id and sticky bits are not copied) and is synced before this resolves. A
 * source read error rejects, after every temp is removed. The temps are written here rather than
 * by state/atomic.ts because one read of the source feeds every destination and the hash at once;
 * transferFile finishes each one with the helper's `placeNew`.
 */
export async function copyToTargets(
  source: string,
  temps: readonly string[],
  format: HashFormat,
  stamp: SourceStamp,
  signal?: AbortSignal,
  sizeHint?: number,
): Promise<CopyResult> {
  const hasher = await createHasher(format);
  const started = performance.now();
  const errors: (Error | null)[] = temps.map(() => null);
  const handles: (FileHandle | null)[] = await Promise.all(
    temps.map((temp, i) =>
      open(temp, "wx", TEMP_MODE).catch((error: Error) => {
        errors[i] = error;
        return null;
      }),
    ),
  );
  const drop = async (i: number, error: Error) => {
    errors[i] = error;
    const handle = handles[i];
    handles[i] = null;
    await handle?.close().catch(() => {});
    await rm(temps[i] as string, { force: true });
  };
  const live = () => handles.flatMap((h, i) => (h ? [[h, i] as const] : []));
  let bytes = 0;
  let input: FileHandle | null = null;
  try {
    input = await open(source, "r");
    const chunkBytes = chunkFor(sizeHint, COPY_CHUNK_BYTES);
    // The next chunk is read while this one is hashed and written; a file that fits in one chunk
    // (most of a card of tiny files) gets one read. A ring of depth + 1 buffers: read k + depth
    // reuses the buffer of chunk k - 1, whose writes are done.
    const depth =
      sizeHint === undefined ? READS_AHEAD : Math.min(READS_AHEAD, Math.floor(sizeHint / chunkBytes) + 1);
    const ring = Array.from({ length: depth + 1 }, () => Buffer.allocUnsafe(chunkBytes));
    const reader = input;
    const reads: Promise<number>[] = [];
    let issued = 0;
    let eof = false;
    const issue = () => {
      const k = issued;
      issued += 1;
      const read = reader
        .read(ring[k % ring.length] as Buffer, 0, chunkBytes, k * chunkBytes)
        .then((r) => r.bytesRead);
      // Handled here too: reads still in flight when a write fails must not become unhandled rejections.
      read.catch(() => {});
      reads.push(read);
    };
    for (let k = 0; k < depth; k += 1) issue();
    for (let k = 0; !eof; k += 1) {
      signal?.throwIfAborted();
      const bytesRead = await (reads.shift() as Promise<number>);
      if (bytesRead === 0) break;
      eof = bytesRead < chunkBytes;
      if (!eof) issue();
      const chunk = (ring[k % ring.length] as Buffer).subarray(0, bytesRead);
      hasher.update(chunk);
      const position = bytes;
      bytes += bytesRead;
      await Promise.all(
        live().map(([h, i]) => writeAll(h, chunk, position).catch((error: Error) => drop(i, error))),
      );
    }
    await Promise.allSettled(reads);
    await Promise.all(
      live().map(async ([h, i]) => {
        try {
          await h.utimes(stamp.mtime, stamp.mtime);
          await h.chmod(stamp.mode & 0o777);
          await h.sync();
          await h.close();
          handles[i] = null;
        } catch (error) {
          await drop(i, error as Error);
        }
      }),
    );
  } catch (error) {
    await Promise.all(live().map(([, i]) => drop(i, error as Error)));
    await Promise.all(temps.map((temp) => rm(temp, { force: true })));
    throw error;
  } finally {
    await input?.close().catch(() => {});
  }
  return { hash: hasher.digest(), bytes, ms: performance.now() - started, errors };
}
