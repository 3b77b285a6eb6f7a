import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Adapters } from "../../adapters/index.js";
import type { ProbeFields } from "../../state/repos/media.js";
import type { CardFile } from "./enumerate.js";
import type { HashFormat } from "./hash.js";
import { Journal, journalPath } from "./journal.js";
import { type MhlEntry, readHistory, writeGeneration } from "./mhl.js";
import type { OffloadPlan } from "./prepare.js";
import { cameraReport, reportName, writeCameraReport } from "./report.js";
import { type FileStatus, removeStaleTemps, type TargetOutcome, transferFile } from "./transfer.js";

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
  /** ffprobe for the camera report; without it the report has sizes and hashes only. */
  adapters?: Adapters | undefined;
}

export interface OffloadHooks {
  signal?: AbortSignal | undefined;
  onFile?: (event: OffloadFileEvent, file: CardFile) => void;
  /** A destination's copies are all verified and its manifest written. */
  onDestDone?: (dest: string, verified: readonly MhlEntry[]) => Promise<void> | void;
}

export interface OffloadResult {
  summaries: OffloadSummaryEvent[];
  /** Destinations whose manifest could not be written, and why. */
  manifestErrors: { dest: string; reason: string }[];
  interrupted: boolean;
}

/** Files below this size are copied several at a time: their cost is opening and syncing, not bytes. */
const SMALL_FILE_BYTES = 1024 * 1024;
const SMALL_FILES_AT_ONCE = 8;
/**
 * Large files copied side by side, each read in sequence. A copy is CPU work for the kernel
 * (filling and flushing the page cache) as much as disk work, and one stream leaves cores idle:
 * on the 2-core bench machine, six rounds each of 4 x 128 MiB gave a median of 1.0x `cp`'s speed
 * with two streams and 1.17x with three.
 */
const LARGE_FILES_AT_ONCE = 3;

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
 * `onFile`. Large files go a few at a time (each still read in sequence); small ones several
 * at a time. Each destination then gets a new ASC MHL generation for its newly verified files. An
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
  const folders = new Set(plan.files.map((f) => f.rel.split("/").slice(0, -1).join("/")));
  await Promise.all(plan.dests.map((dest) => removeStaleTemps(dest, folders)));
  const started = performance.now();

  const processFile = async (file: CardFile): Promise<void> => {
    const copyTo: string[] = [];
    const compareWith: string[] = [];
    const skipped: string[] = [];
    for (const dest of plan.dests) {
      const there = await stat(join(dest, ...file.rel.split("/"))).catch(() => null);
      const before = journal.get(dest, file.rel);
      const unchanged = before?.size === file.size && before.mtimeMs === file.mtimeMs;
      if (there && before?.status === "verified" && unchanged && there.size === file.size) skipped.push(dest);
      else if (there) compareWith.push(dest);
      else copyTo.push(dest);
    }
    const outcomes =
      copyTo.length + compareWith.length > 0
        ? await transferFile(plan.source, file.rel, copyTo, compareWith, options.hash, options.verify, signal)
        : new Map<string, TargetOutcome>();
    for (const dest of plan.dests) {
      const tally = tallies.get(dest) as DestTally;
      const outcome: TargetOutcome | undefined = skipped.includes(dest)
        ? {
            status: "skipped",
            hash: journal.get(dest, file.rel)?.hash ?? null,
            bytes: 0,
            copyMs: 0,
            verifyMs: 0,
          }
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
      hooks.onFile?.(
        {
          event: "file",
          path: file.rel,
          dest,
          bytes: file.size,
          status: outcome.status,
          copy_mib_s: mibPerS(outcome.bytes, outcome.copyMs),
          verify_mib_s: options.verify && outcome.verifyMs > 0 ? mibPerS(file.size, outcome.verifyMs) : null,
          ...(outcome.reason ? { reason: outcome.reason } : {}),
        },
        file,
      );
    }
  };

  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const launch = (file: CardFile) => {
    const work: Promise<void> = processFile(file)
      .catch((error: unknown) => {
        if (!signal?.aborted) failure ??= error;
      })
      .finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  try {
    for (const file of plan.files) {
      const limit = file.size < SMALL_FILE_BYTES ? SMALL_FILES_AT_ONCE : LARGE_FILES_AT_ONCE;
      while (inFlight.size >= limit) await Promise.race(inFlight);
      if (signal?.aborted || failure) break;
      launch(file);
    }
    await Promise.all(inFlight);
  } finally {
    await Promise.allSettled(inFlight);
    await journal.close();
  }
  if (failure) throw failure;
  const interrupted = signal?.aborted === true;
  const elapsed = performance.now() - started;
  const summaries: OffloadSummaryEvent[] = [];
  const manifestErrors: OffloadResult["manifestErrors"] = [];
  const probed = new Map<string, ProbeFields | null>();
  const cardNames = new Set(plan.files.map((f) => f.rel));
  for (const dest of plan.dests) {
    const tally = tallies.get(dest) as DestTally;
    if (!interrupted) {
      try {
        const { entries } = await readHistory(dest);
        const fresh = tally.verified
          .filter((e) => {
            const known = entries.get(e.rel);
            return !known || known.hash !== e.hash || known.format !== e.format;
          })
          .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
        if (fresh.length > 0) await writeGeneration(dest, fresh, options.toolVersion);
        // A card file of the report's name is never overwritten: that card gets no report.
        if (options.adapters && tally.verified.length > 0 && !cardNames.has(reportName(plan.source)))
          await writeCameraReport(
            dest,
            plan.source,
            await cameraReport(dest, tally.verified, options.adapters, probed, signal),
          );
        await hooks.onDestDone?.(dest, tally.verified);
      } catch (error) {
        manifestErrors.push({
          dest,
          reason: `the ASC MHL manifest or camera report could not be written (${(error as NodeJS.ErrnoException).code ?? "error"})`,
        });
      }
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
  return { summaries, manifestErrors, interrupted };
}
