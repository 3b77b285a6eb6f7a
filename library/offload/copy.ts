import type { FileHandle } from "node:fs/promises";
import { open, rm } from "node:fs/promises";
import { chunkFor, createHasher, type HashFormat } from "./hash.js";

export interface CopyResult {
  /** Hash of the bytes read from the source (the bytes every target was given). */
  hash: string;
  bytes: number;
  ms: number;
  /** Per target: null when it holds the whole file, synced; else why not (its temp is removed). */
  errors: (Error | null)[];
}

async function writeAll(handle: FileHandle, chunk: Buffer, position: number): Promise<void> {
  let done = 0;
  while (done < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, done, chunk.length - done, position + done);
    done += bytesWritten;
  }
}

/**
 * Reads `source` once and writes each chunk to every target at the same time, hashing it on the
 * way; the next chunk is read while the last one is written. A target that fails (full, gone
 * read-only) is dropped and its temp removed while the others go on. Each surviving target gets
 * the source's mtime and is synced before this resolves. A source read error rejects, after every
 * temp is removed.
 */
export async function copyToTargets(
  source: string,
  temps: readonly string[],
  format: HashFormat,
  mtime: Date,
  signal?: AbortSignal,
  sizeHint?: number,
): Promise<CopyResult> {
  const started = performance.now();
  const errors: (Error | null)[] = temps.map(() => null);
  const handles: (FileHandle | null)[] = await Promise.all(
    temps.map((temp, i) =>
      open(temp, "wx").catch((error: Error) => {
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
  const hasher = createHasher(format);
  let bytes = 0;
  let input: FileHandle | null = null;
  try {
    input = await open(source, "r");
    const chunkBytes = chunkFor(sizeHint);
    const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
    let which = 0;
    let pending = input.read(buffers[0] as Buffer, 0, chunkBytes, null);
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await pending;
      if (bytesRead === 0) break;
      const chunk = (buffers[which] as Buffer).subarray(0, bytesRead);
      which ^= 1;
      pending = input.read(buffers[which] as Buffer, 0, chunkBytes, null);
      hasher.update(chunk);
      const position = bytes;
      bytes += bytesRead;
      await Promise.all(
        live().map(([h, i]) => writeAll(h, chunk, position).catch((error: Error) => drop(i, error))),
      );
    }
    await Promise.all(
      live().map(async ([h, i]) => {
        try {
          await h.utimes(mtime, mtime);
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
