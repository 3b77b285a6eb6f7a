import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { CardFile } from "./enumerate.js";
import type { HashFormat } from "./hash.js";
import { Journal, journalPath } from "./journal.js";
import { type MhlEntry, readHistory, writeGeneration } from "./mhl.js";
import type { OffloadPlan } from "./prepare.js";
import { type FileStatus, transferFile } from "./transfer.js";

const MIB = 1024 * 1024;
const mibPerS = (bytes: number, ms: number) =>
  ms > 0 && bytes > 0 ? Math.round((bytes / MIB / (ms / 1000)) * 10) / 10 : 0;

/** A `file` event: one file at one destination. */
export interface OffloadFileEvent {
  event: "file";
  path: string;
  dest: string;
  bytes: number;
  status: FileStatus;
  copy_mib_s: number;
  verify_mib_s: number | null;
  reason?: string;
}

/** A `summary` event: one per destination, when the offload ends. */
export interface OffloadSummaryEvent {
  event: "summary";
  dest: string;
  files: number;
  bytes: number;
  failed: number;
  copy_mib_s: number;
}

export interface OffloadOptions {
  hash: HashFormat;
  verify: boolean;
  resume: boolean;
  svcHome: string;
  toolVersion: string;
}

export interface OffloadHooks {
  signal?: AbortSignal | undefined;
  onFile?: (event: OffloadFileEvent, file: CardFile) => void;
  /** A destination's copies are all verified and its manifest written. */
  onDestDone?: (dest: string, verified: readonly MhlEntry[]) => Promise<void> | void;
}

export interface OffloadResult {
  summaries: OffloadSummaryEvent[];
  interrupted: boolean;
}

interface DestTally {
  files: number;
  bytes: number;
  failed: number;
  copyMs: number;
  verified: MhlEntry[];
}

/**
 * Runs a prepared offload: file by file, each source file read once for all destinations; every
 * outcome goes to the journal (so `resume` can skip what is verified and redo the rest) and to
 * `onFile`. Each destination then gets a new ASC MHL generation for its newly verified files. An
 * abort stops between files, writes no manifest and leaves the journal for a resume.
 */
export async function runOffload(
  plan: OffloadPlan,
  options: OffloadOptions,
  hooks: OffloadHooks = {},
): Promise<OffloadResult> {
  const { signal } = hooks;
  const journal = await Journal.open(
    journalPath(options.svcHome, plan.source, plan.dests, options.hash),
    options.resume,
  );
  const tallies = new Map<string, DestTally>(
    plan.dests.map((d) => [d, { files: 0, bytes: 0, failed: 0, copyMs: 0, verified: [] }]),
  );
  const started = performance.now();
  let interrupted = false;
  try {
    for (const file of plan.files) {
      if (signal?.aborted) {
        interrupted = true;
        break;
      }
      const copyTo: string[] = [];
      const compareWith: string[] = [];
      const skipped: string[] = [];
      for (const dest of plan.dests) {
        const final = join(dest, ...file.rel.split("/"));
        const there = await stat(final).catch(() => null);
        const before = journal.get(dest, file.rel);
        if (
          there &&
          before?.status === "verified" &&
          before.size === file.size &&
          before.mtimeMs === file.mtimeMs &&
          there.size === file.size
        )
          skipped.push(dest);
        else if (there) compareWith.push(dest);
        else copyTo.push(dest);
      }
      const outcomes =
        copyTo.length + compareWith.length > 0
          ? await transferFile(
              plan.source,
              file.rel,
              copyTo,
              compareWith,
              options.hash,
              options.verify,
              signal,
            ).catch((error) => {
              if (signal?.aborted) return null;
              throw error;
            })
          : new Map();
      if (!outcomes) {
        interrupted = true;
        break;
      }
      for (const dest of plan.dests) {
        const tally = tallies.get(dest) as DestTally;
        const previous = journal.get(dest, file.rel);
        const outcome = skipped.includes(dest)
          ? { status: "skipped" as const, hash: previous?.hash ?? null, bytes: 0, copyMs: 0, verifyMs: 0 }
          : outcomes.get(dest);
        if (!outcome) continue;
        if (outcome.status === "failed") tally.failed += 1;
        else {
          tally.files += 1;
          tally.bytes += outcome.bytes;
          tally.copyMs += outcome.copyMs;
          if (outcome.hash)
            tally.verified.push({
              rel: file.rel,
              size: file.size,
              mtimeMs: file.mtimeMs,
              format: options.hash,
              hash: outcome.hash,
            });
        }
        if (outcome.status !== "skipped")
          await journal.record({
            rel: file.rel,
            dest,
            status: outcome.status === "failed" ? "failed" : "verified",
            size: file.size,
            mtimeMs: file.mtimeMs,
            hash: outcome.hash,
          });
        const event: OffloadFileEvent = {
          event: "file",
          path: file.rel,
          dest,
          bytes: file.size,
          status: outcome.status,
          copy_mib_s: mibPerS(outcome.bytes, outcome.copyMs),
          verify_mib_s: options.verify && outcome.verifyMs > 0 ? mibPerS(file.size, outcome.verifyMs) : null,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        };
        hooks.onFile?.(event, file);
      }
    }
  } finally {
    await journal.close();
  }
  const elapsed = performance.now() - started;
  const summaries: OffloadSummaryEvent[] = [];
  for (const dest of plan.dests) {
    const tally = tallies.get(dest) as DestTally;
    if (!interrupted) {
      const { entries } = await readHistory(dest);
      const fresh = tally.verified.filter((e) => {
        const known = entries.get(e.rel);
        return !known || known.hash !== e.hash || known.format !== e.format;
      });
      if (fresh.length > 0 || entries.size === 0) await writeGeneration(dest, fresh, options.toolVersion);
      await hooks.onDestDone?.(dest, tally.verified);
    }
    summaries.push({
      event: "summary",
      dest,
      files: tally.files,
      bytes: tally.bytes,
      failed: tally.failed,
      copy_mib_s: mibPerS(tally.bytes, elapsed),
    });
  }
  return { summaries, interrupted };
}
