import { randomBytes } from "node:crypto";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { placeNew } from "../../state/atomic.js";
import { isAlive } from "../jobs/slots.js";
import { copyToTargets, TEMP_MODE } from "./copy.js";
import { TEMP_PREFIX } from "./enumerate.js";
import { type HashFormat, hashFile } from "./hash.js";

/** Copies of one file whose read-back does not match: tried this many times in all, then failed. */
export const MAX_ATTEMPTS = 3;

export type FileStatus = "verified" | "exists" | "skipped" | "failed";

/** The outcome of one file at one destination. */
export interface TargetOutcome {
  status: FileStatus;
  hash: string | null;
  /** Bytes written to this destination (0 when nothing was copied). */
  bytes: number;
  copyMs: number;
  verifyMs: number;
  reason?: string;
}

const errorText = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  const texts: Record<string, string> = {
    ENOSPC: "the destination is full",
    EDQUOT: "the destination's quota is used up",
    EROFS: "the destination is read-only",
    EACCES: "the destination cannot be written (permission denied)",
    EPERM: "the destination cannot be written (not permitted)",
    ENAMETOOLONG: "the name is too long for the destination's file system",
    EINVAL: "the name is not allowed on the destination's file system",
    EILSEQ: "the name is not allowed on the destination's file system",
    EIO: "an input/output error (was a drive or the card removed?)",
    ENOENT: "the file or the folder disappeared (was the card removed?)",
  };
  return (code && texts[code]) ?? (code ? `failed (${code})` : "failed");
};

// The pid in the name lets a later run tell a temp a killed run left from one being written now.
const tempFor = (final: string) =>
  join(dirname(final), `${TEMP_PREFIX}${process.pid}-${randomBytes(6).toString("hex")}-${basename(final)}`);
const TEMP_PID = /^\.svc-offload-(\d+)-/;

/**
 * Removes the temps that runs no longer alive left in the card's folders at `dest` (a kill
 * mid-copy leaves one): the half-copied file is then copied again from its start.
 */
export async function removeStaleTemps(dest: string, folders: ReadonlySet<string>): Promise<void> {
  for (const folder of folders) {
    const dir = join(dest, ...folder.split("/").filter(Boolean));
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const pid = Number(TEMP_PID.exec(name)?.[1]);
      if (pid && (pid === process.pid || !isAlive(pid))) await rm(join(dir, name), { force: true });
    }
  }
}

/**
 * Brings one card file to every destination in `copyTo` and checks the ones in `compareWith`
 * (a file is already there). The source is read once per attempt for all of them; each copy is
 * written under a hidden temp name, read back and hashed, and moved into place (never over
 * anything) only when its hash matches the source's. A mismatch, or a source that changed while
 * it was read, is tried again up to MAX_ATTEMPTS; a write error (full, read-only) is not.
 */
export async function transferFile(
  source: string,
  rel: string,
  copyTo: readonly string[],
  compareWith: readonly string[],
  format: HashFormat,
  verify: boolean,
  signal?: AbortSignal,
): Promise<Map<string, TargetOutcome>> {
  const outcomes = new Map<string, TargetOutcome>();
  const sourcePath = join(source, ...rel.split("/"));
  let pending = [...copyTo];
  let mismatch = "";
  let sourceHash: string | null = null;
  let copiedBytes: number | undefined;
  const fail = (dest: string, reason: string, extra: Partial<TargetOutcome> = {}) =>
    outcomes.set(dest, { status: "failed", hash: null, bytes: 0, copyMs: 0, verifyMs: 0, reason, ...extra });
  for (
    let attempt = 1;
    attempt <= MAX_ATTEMPTS && (pending.length > 0 || sourceHash === null);
    attempt += 1
  ) {
    const finals = pending.map((dest) => join(dest, ...rel.split("/")));
    const temps = await Promise.all(
      finals.map(async (final) => {
        await mkdir(dirname(final), { recursive: true }).catch(() => {});
        return tempFor(final);
      }),
    );
    const before = await stat(sourcePath).catch(() => null);
    let copied: Awaited<ReturnType<typeof copyToTargets>>;
    try {
      // Without a stat of the source the copy counts as changed and is tried again: this stamp is never kept.
      copied = await copyToTargets(
        sourcePath,
        temps,
        format,
        { mtime: before?.mtime ?? new Date(), mode: before?.mode ?? TEMP_MODE },
        signal,
        before?.size,
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      for (const dest of [...pending, ...compareWith]) fail(dest, `reading the source: ${errorText(error)}`);
      return outcomes;
    }
    sourceHash = copied.hash;
    copiedBytes = copied.bytes;
    const after = await stat(sourcePath).catch(() => null);
    const changed =
      !before ||
      !after ||
      before.size !== after.size ||
      before.mtimeMs !== after.mtimeMs ||
      copied.bytes !== after.size;
    const retry: string[] = [];
    await Promise.all(
      pending.map(async (dest, i) => {
        const temp = temps[i] as string;
        const error = copied.errors[i];
        if (error) {
          fail(dest, errorText(error), { copyMs: copied.ms });
          return;
        }
        let readBack = copied.hash;
        let verifyMs = 0;
        if (verify) {
          const started = performance.now();
          try {
            readBack = (await hashFile(temp, format, signal, copied.bytes)).hash;
          } catch (readError) {
            await rm(temp, { force: true });
            if (signal?.aborted) throw readError;
            fail(dest, `reading the copy back: ${errorText(readError)}`, { copyMs: copied.ms });
            return;
          }
          verifyMs = performance.now() - started;
        }
        if (readBack !== copied.hash || changed) {
          await rm(temp, { force: true });
          mismatch = changed
            ? "the source changed while it was copied"
            : "the copy read back does not match the source";
          retry.push(dest);
          return;
        }
        try {
          // The copy synced its temp file while it held it open, and runOffload syncs each folder
          // once all its files are placed: a card of many small files pays for one folder sync, not one each.
          const placed = await placeNew(temp, finals[i] as string, { synced: true, syncFolder: false });
          if (placed === "taken") {
            await rm(temp, { force: true });
            fail(dest, "a file appeared at the destination during the copy; not overwritten");
            return;
          }
        } catch (moveError) {
          await rm(temp, { force: true });
          fail(dest, errorText(moveError));
          return;
        }
        outcomes.set(dest, {
          status: "verified",
          hash: copied.hash,
          bytes: copied.bytes,
          copyMs: copied.ms,
          verifyMs,
        });
      }),
    );
    pending = retry;
  }
  for (const dest of pending) fail(dest, `${mismatch} (${MAX_ATTEMPTS} attempts)`);
  await Promise.all(
    compareWith.map(async (dest) => {
      if (outcomes.has(dest)) return;
      const started = performance.now();
      try {
        const there = await hashFile(join(dest, ...rel.split("/")), format, signal, copiedBytes);
        const verifyMs = performance.now() - started;
        if (there.hash === sourceHash)
          outcomes.set(dest, { status: "exists", hash: there.hash, bytes: 0, copyMs: 0, verifyMs });
        else fail(dest, "a different file is already at the destination; not overwritten", { verifyMs });
      } catch (error) {
        if (signal?.aborted) throw error;
        fail(dest, `reading the file already there: ${errorText(error)}`);
      }
    }),
  );
  return outcomes;
}
