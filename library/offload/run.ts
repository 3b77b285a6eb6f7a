import { stat } from "node:fs/promises";
import { basename, join } from "node:path";
import type { Adapters } from "../../adapters/index.js";
import type { MhlFileHashOut } from "../../formats/mhl.js";
import { syncFolder } from "../../state/atomic.js";
import { errnoOf } from "../../state/errno.js";
import type { ProbeFields } from "../../state/repos/media.js";
import { type CardFile, MHL_IGNORE } from "./enumerate.js";
import { type HashFormat, hashFile } from "./hash.js";
import { Journal, journalPath } from "./journal.js";
import {
  appendGenerations,
  checkFor,
  type History,
  type HistoryTree,
  historyFor,
  isIgnored,
  loadHistoryTree,
  type MhlEntry,
} from "./mhl.js";
import type { OffloadPlan } from "./prepare.js";
import { cameraReport, reportName, writeCameraReport } from "./report.js";
import { type FileStatus, removeStaleTemps, type TargetOutcome, transferFile } from "./transfer.js";

const MIB = 1024 * 1024;
const folderOf = (rel: string) => rel.split("/").slice(0, -1).join("/");
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
  /**
   * What went wrong with a destination's ASC MHL history or camera report: not written, a
   * problem in its earlier generations, or a file that disagrees with what the history records;
   * or its copies' folders could not be synced.
   */
  historyErrors: { dest: string; reason: string }[];
  /** What the user should know that is not a failure. */
  notices: { dest: string; message: string }[];
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
  /** Files of `verified` this run took from the journal, not read again. */
  skipped: Set<string>;
  /** Folders (relative to the destination) this run placed a copy in: synced once at the end. */
  placedIn: Set<string>;
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
    plan.dests.map((d) => [
      d,
      { files: 0, bytes: 0, failed: 0, copyMs: 0, verified: [], skipped: new Set(), placedIn: new Set() },
    ]),
  );
  const folders = new Set(plan.files.map((f) => folderOf(f.rel)));
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
        if (outcome.status === "skipped") tally.skipped.add(file.rel);
        if (outcome.status === "verified") tally.placedIn.add(folderOf(file.rel));
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
  const historyErrors: OffloadResult["historyErrors"] = [];
  const notices: OffloadResult["notices"] = [];
  const probed = new Map<string, ProbeFields | null>();
  const report = reportName(plan.source);
  // The report's ignore pattern matches that name at any depth (see MHL_IGNORE): a card with a
  // file of that name anywhere gets no report, so none of its files is ignored.
  const reportClashes = plan.files.some((f) => basename(f.rel).toLowerCase() === report.toLowerCase());
  for (const dest of plan.dests) {
    const tally = tallies.get(dest) as DestTally;
    try {
      for (const folder of tally.placedIn) await syncFolder(join(dest, ...folder.split("/")));
    } catch (error) {
      historyErrors.push({
        dest,
        reason: `the copied files' folders could not be flushed to disk (${errnoOf(error, (error as Error).message)})`,
      });
    }
    if (!interrupted) {
      try {
        const tree = await loadHistoryTree(dest, signal);
        const top = tree.histories[0] as History;
        for (const problem of tree.histories.flatMap((h) => h.problems))
          historyErrors.push({
            dest,
            reason: `the destination's ASC MHL history: ${problem.path}: ${problem.problem}`,
          });
        // A report an earlier history records (by another tool, or svc before it ignored its
        // reports) is never rewritten: its recorded hash would go stale.
        const reportRecorded = top.files.has(report);
        const withReport = !reportClashes && !reportRecorded;
        const { files, disagreements } = await historyEntries(tree, tally, signal);
        for (const reason of disagreements) historyErrors.push({ dest, reason });
        await appendGenerations(tree, files, "transfer", options.toolVersion, (h) =>
          h === top && withReport ? [...MHL_IGNORE, report] : MHL_IGNORE,
        );
        if (reportRecorded)
          notices.push({
            dest,
            message: `${report} is recorded in the destination's ASC MHL history: not rewritten`,
          });
        if (withReport && options.adapters && tally.verified.length > 0)
          await writeCameraReport(
            dest,
            plan.source,
            await cameraReport(dest, tally.verified, options.adapters, probed, signal),
          );
        await hooks.onDestDone?.(dest, tally.verified);
      } catch (error) {
        if (signal?.aborted) throw error;
        historyErrors.push({
          dest,
          reason: `the ASC MHL manifest or camera report could not be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
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
  return { summaries, historyErrors, notices, interrupted };
}

/**
 * The hashes a destination's new generation records for the files this run verified there, per
 * history (a nested history gets the files in its folder): a file no history lists is `original`;
 * one it lists, checked against its recorded hash, is `verified` or `failed` (a disagreement). A
 * file listed in another format is read once more in that format, so the new format is
 * recorded only beside a verified old one. A file this run took from its journal without
 * reading it again is recorded only if no history lists it yet.
 */
async function historyEntries(
  tree: HistoryTree,
  tally: DestTally,
  signal?: AbortSignal,
): Promise<{ files: Map<History, MhlFileHashOut[]>; disagreements: string[] }> {
  const files = new Map<History, MhlFileHashOut[]>();
  const disagreements: string[] = [];
  const sorted = [...tally.verified].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  for (const entry of sorted) {
    const { history, rel } = historyFor(tree, entry.rel);
    if (isIgnored(history, rel, false)) continue;
    const record = history.files.get(rel);
    const out: MhlFileHashOut = { path: rel, size: entry.size, modifiedMs: entry.mtimeMs, hashes: [] };
    if (!record) out.hashes.push({ format: entry.format, value: entry.hash, action: "original" });
    else if (!tally.skipped.has(entry.rel)) {
      const against = checkFor(record, entry.format);
      if ("problem" in against) {
        disagreements.push(`${entry.rel}: ${against.problem}`);
        continue;
      }
      const value =
        against.format === entry.format
          ? entry.hash
          : (await hashFile(join(history.root, ...rel.split("/")), against.format, signal, entry.size)).hash;
      const agrees = value === against.value;
      out.hashes.push({ format: against.format, value, action: agrees ? "verified" : "failed" });
      if (agrees && against.format !== entry.format)
        out.hashes.push({ format: entry.format, value: entry.hash, action: "verified" });
      if (!agrees)
        disagreements.push(
          `${entry.rel}: its ${against.format} ${value} differs from the ${against.value} the destination's ASC MHL history records (recorded as failed)`,
        );
    }
    if (out.hashes.length === 0) continue;
    const list = files.get(history) ?? [];
    list.push(out);
    files.set(history, list);
  }
  return { files, disagreements };
}
