import { performance } from "node:perf_hooks";
import { mountedStorage } from "../../adapters/mount-table.js";
import { EXIT, UserError } from "../../domain/errors.js";
import {
  type Category,
  type Counts,
  countOutcomes,
  type FileEvent,
  NO_VECTORS,
  type PassOptions,
  passExitCode,
  RootUnavailableError,
  reconcile,
  rootPresent,
  runFiles,
  type ScanResult,
  scanFiles,
  scanTree,
} from "../../pipeline/index.js";
import { MigrationBackupError } from "../../state/db.js";
import { projectPaths } from "../../state/paths.js";
import { storageOf } from "../../state/storage-mode.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import { type UserFolder, userFolder } from "../containment.js";
import type { AppContext } from "../context.js";
import { openVectorSink } from "../search/vector-index.js";
import { checkDerivedDirs, checkStorage } from "../system/preflight.js";
import { idlePassModels, passModels } from "./models.js";
import { retireFrameItems, stillsKeptApart } from "./sequence-stills.js";
import { claimIngestSlot, type SlotLease } from "./slots.js";
import { sweepInterruptedWork } from "./sweep.js";

export interface IngestRequest {
  /** Absolute project root. */
  root: string;
  /** Folder to limit the pass to: inside the root, absolute or relative to it (containment.ts). */
  dir?: string | undefined;
  /** Only these files (relative to the root), as queued by the watcher. */
  paths?: readonly string[] | undefined;
  options: PassOptions;
  /** Who runs the pass, as shown to a second job that finds the slot taken. */
  holder: string;
  signal?: AbortSignal | undefined;
  onEvent?: ((event: IngestEvent) => void) | undefined;
}

export interface StartEvent {
  event: "start";
  dir: string;
  files: number;
  skipped: number;
}

export interface SummaryEvent extends Counts {
  event: "summary";
  counts: Counts;
  total: number;
  /** Frames of the image sequences scanned; each sequence counts once in `counts` as one item. */
  sequence_frames: number;
  missing: number;
  halted: boolean;
  reconciled: boolean;
  problems: string[];
  exit_code: number;
  elapsed_ms: number;
}

export type IngestEvent = StartEvent | FileEvent | SummaryEvent;

export interface IngestReport {
  exitCode: number;
  summary: SummaryEvent;
  aborted: boolean;
  /**
   * The pass did all it could and its only problem is a model the host lacks: running it again
   * changes nothing until the model is there (the daemon then resumes the items that wait).
   */
  waitingForModel: boolean;
}

/**
 * Rows whose file was not seen by a whole-folder scan are flagged missing, never deleted. Rows
 * under a folder the scan could not read (wholly or partly) are left alone: their files may well
 * be there.
 */
function flagMissing(store: LibraryStore, scanned: ScanResult, dirRel: string | null): number {
  const seen = new Set([...scanned.files.map((f) => f.relPath), ...scanned.skipped.map((s) => s.relPath)]);
  const unknown = scanned.unreadable.map((rel) => `${rel}/`);
  const gone: string[] = [];
  for (const relPath of store.media.presentPaths()) {
    if (seen.has(relPath)) continue;
    if (dirRel !== null && !relPath.startsWith(`${dirRel}/`)) continue;
    if (unknown.some((prefix) => relPath.startsWith(prefix))) continue;
    gone.push(relPath);
  }
  let count = 0;
  for (const relPath of gone) if (store.media.markMissing(relPath)) count += 1;
  return count;
}

/**
 * What must hold before a pass takes the slot: the probing tools, a usable root and `.svc`
 * folders, and a `dir` inside the root. Returns the folder the pass walks.
 */
export async function preflightIngest(
  ctx: AppContext,
  request: Pick<IngestRequest, "root" | "dir">,
): Promise<UserFolder> {
  const paths = projectPaths(request.root);
  if (!ctx.adapters.ffmpeg || !ctx.adapters.ffprobe) {
    throw new UserError(
      "ffmpeg and ffprobe are required: install ffmpeg or set SVC_FFMPEG and SVC_FFPROBE",
      EXIT.usage,
      503,
    );
  }
  await checkStorage(paths);
  await checkDerivedDirs(paths);
  return userFolder(request.root, request.dir);
}

/**
 * One ingest pass over a project root (or a folder in it, or named files), inside the
 * project's single-flight slot. Every scanned file ends in exactly one category. A caller that
 * had to answer before the pass began (the API) claims the slot itself and hands over `claimed`;
 * the pass releases it when it ends, whatever happens.
 */
export async function runIngest(
  ctx: AppContext,
  request: IngestRequest,
  claimed?: SlotLease,
): Promise<IngestReport> {
  const started = performance.now();
  let lease = claimed ?? null;
  let store: LibraryStore | null = null;
  try {
    const folder = await preflightIngest(ctx, request);
    lease ??= claimIngestSlot(ctx, request.root, request.holder);
    // The pass stops at once when this svc loses the project's host lease or cannot renew it.
    const signal = ctx.hosts.fence(request.root, request.signal);
    await sweepInterruptedWork(projectPaths(request.root), ctx.log);
    try {
      store = openLibrary(request.root, { mounts: mountedStorage });
      store.record.ensure(ctx.version);
    } catch (error) {
      throw new UserError(
        `the project's library database cannot be opened: ${(error as Error).message}`,
        error instanceof MigrationBackupError ? EXIT.migrationBackup : EXIT.storage,
        503,
      );
    }
    let scanned: ScanResult;
    try {
      const options = {
        keepApart: stillsKeptApart(store, request.options.refresh),
        local: storageOf(request.root, mountedStorage).mode === "local",
      };
      scanned = request.paths
        ? await scanFiles(request.root, request.paths, options)
        : await scanTree(request.root, folder.abs, options);
    } catch (error) {
      if (error instanceof RootUnavailableError) throw new UserError(error.message, EXIT.storage, 503);
      throw error;
    }
    const emit = request.onEvent ?? (() => {});
    const dirRel = folder.rel;
    emit({
      event: "start",
      dir: dirRel ?? ".",
      files: scanned.files.length,
      skipped: scanned.skipped.length,
    });
    if (request.options.refresh) await retireFrameItems(store, scanned.files, ctx.log);
    const missing = request.paths ? 0 : flagMissing(store, scanned, dirRel);

    const outcomes = new Map<string, Category[]>();
    for (const skip of scanned.skipped) {
      outcomes.set(skip.relPath, ["skipped"]);
      emit({
        event: "file",
        path: skip.relPath,
        stage: "scan",
        status: "skipped",
        elapsed_ms: 0,
        reason: skip.reason,
      });
    }
    const passStarted = new Date().toISOString();
    // A pass with nothing to look at asks the model host nothing (its first request costs a cold
    // `svc ingest` a tenth of its start-up).
    const models = scanned.files.length ? await passModels(ctx, request.options, signal) : idlePassModels();
    for (const problem of models.missing) ctx.log.error({ problem }, "a model this pass needs is missing");
    const vectors = models.embed.ok
      ? openVectorSink(ctx.vectorThreads, request.root, ctx.config.models.embed, ctx.log)
      : { ...NO_VECTORS, flush: async () => {} };
    let run: Awaited<ReturnType<typeof runFiles>>;
    try {
      run = await runFiles(scanned.files, {
        config: ctx.config,
        adapters: ctx.adapters,
        store,
        log: ctx.log,
        options: request.options,
        models,
        vectors,
        queues: ctx.queues,
        signal,
        onFile: emit,
      });
    } finally {
      await vectors.flush();
      // The vision model gives its memory back to the chat model once a pass that used it is over.
      // A shutdown aborts the request: a stalled host must not hold the stop (the host expires it).
      if (models.vision.ok && store.media.stageRanSince("vision", passStarted))
        await ctx.adapters.modelHost.unload(ctx.config.models.vision, request.signal);
    }
    // A root unplugged after the last failure was checked still ends the pass as a storage error.
    // Stopped by the lease (not by the caller): the pass fails with why, so nothing retries it here.
    if (run.aborted && !request.signal?.aborted) signal.throwIfAborted();
    if (run.rootLost || !(await rootPresent(request.root)))
      throw new UserError("the project root disappeared during the pass", EXIT.storage, 503);
    for (const [path, landed] of run.outcomes) {
      const before = outcomes.get(path);
      if (before) before.push(...landed);
      else outcomes.set(path, landed);
    }

    const liveStore = store;
    // Files the batch lookup settled landed once each by construction; the rest are reconciled
    // path by path, and a settled file must not have landed again.
    const planned = scanned.files
      .filter((f, i) => run.settled[i] === 0 || outcomes.has(f.relPath))
      .map((f) => f.relPath);
    const check = run.aborted
      ? { ok: true, problems: [] }
      : reconcile([...scanned.skipped.map((s) => s.relPath), ...planned], outcomes, (rel) => {
          const row = liveStore.media.byPath(rel);
          // No row: deleted after this pass saw it finished, or never written (a mismatch).
          return row ? row.status === "done" : run.finished.has(rel);
        });
    if (!run.aborted)
      for (const [i, file] of scanned.files.entries()) {
        const again = run.settled[i] === 1 ? outcomes.get(file.relPath) : undefined;
        if (!again) continue;
        check.ok = false;
        check.problems.push(
          `${file.relPath}: counted ${again.length + 1} times (unchanged, ${again.join(", ")})`,
        );
      }
    const counts = countOutcomes(outcomes);
    counts.unchanged += run.settledCount;
    const exitCode = passExitCode({
      counts,
      reconciled: check.ok,
      halted: run.halted,
      modelMissing: models.missing.length > 0,
    });
    const summary: SummaryEvent = {
      event: "summary",
      ...counts,
      counts,
      total: scanned.files.length + scanned.skipped.length,
      sequence_frames: scanned.files.reduce((sum, file) => sum + (file.sequence?.count ?? 0), 0),
      missing,
      halted: run.halted,
      reconciled: check.ok,
      problems: [...models.missing, ...check.problems].slice(0, 50),
      exit_code: exitCode,
      elapsed_ms: Math.round(performance.now() - started),
    };
    if (!check.ok) ctx.log.error({ problems: summary.problems }, "ingest reconciliation mismatch");
    emit(summary);
    const waitingForModel =
      models.missing.length > 0 && passExitCode({ counts, reconciled: check.ok, halted: run.halted }) === 0;
    return { exitCode, summary, aborted: run.aborted, waitingForModel };
  } finally {
    store?.close();
    lease?.release();
  }
}
