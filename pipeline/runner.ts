import { stat } from "node:fs/promises";
import { posix } from "node:path";
import { performance } from "node:perf_hooks";
import PQueue from "p-queue";
import { proxyFile, removeDerivedFiles } from "../state/derived-files.js";
import { errnoOf } from "../state/errno.js";
import {
  ItemDeletedError,
  type MediaRow,
  type StageOutcome,
  type StageStatusOf,
} from "../state/repos/media.js";
import { cameraProxyOf, linkCameraProxy } from "./camera-proxy.js";
import { CATCH_UP_BATCH, catchUp, resumableStages } from "./catch-up.js";
import { stageItemOf } from "./decode-input.js";
import { fingerprint } from "./fingerprint.js";
import { createItemMachine, type ItemInput, runItem } from "./machine.js";
import { rawFormatByExtension } from "./probe/camera-raw.js";
import { probeSequence, sequenceFingerprint } from "./probe/sequence.js";
import type { Category } from "./reconcile.js";
import type { ScannedFile } from "./scan.js";
import { regroupSpans } from "./span-pass.js";
import { embedStage } from "./stages/embed.js";
import { framesStage } from "./stages/frames.js";
import { backfillPeaks, peaksDue, WAVEFORM_STAGE } from "./stages/peaks.js";
import { probeFile } from "./stages/probe.js";
import { proxyReason, proxyStage } from "./stages/proxy.js";
import { backfillSprite, SPRITE_STAGE, spriteDue } from "./stages/sprite.js";
import { thumbnailsStage } from "./stages/thumbnails.js";
import { transcriptStage } from "./stages/transcript.js";
import {
  labelItemPaths,
  STAGES,
  type Stage,
  type StageDeps,
  type StageItem,
  type StageName,
} from "./stages/types.js";
import { visionStage } from "./stages/vision.js";

const LATER_STAGES: Record<Exclude<StageName, "probe">, Stage> = {
  thumbnails: thumbnailsStage,
  frames: framesStage,
  transcript: transcriptStage,
  vision: visionStage,
  embed: embedStage,
  proxy: proxyStage,
};

export interface FileEvent {
  event: "file";
  path: string;
  stage: string;
  status: Category;
  elapsed_ms: number;
  /** Why it failed or was skipped; for an ingested file, what its probe could not take as written. */
  reason?: string;
}

export interface RunnerDeps extends StageDeps {
  readonly signal: AbortSignal;
  readonly onFile: (event: FileEvent) => void;
}

export interface RunResult {
  /** Where each file planned one by one landed. */
  outcomes: Map<string, Category[]>;
  /**
   * 1 where `files[i]` landed unchanged from its batch's lookup, which lands each file of the
   * batch once or hands it on: a byte per file instead of a map entry and a list.
   */
  settled: Uint8Array;
  settledCount: number;
  /**
   * Files that landed `ingested`, with the id of the row this pass saw finished: a row deleted
   * after that (`DELETE /api/media/{id}` while the pass went on) is missing for a known reason.
   */
  finished: Map<string, number>;
  halted: boolean;
  rootLost: boolean;
  aborted: boolean;
}

type Plan =
  | { kind: "unchanged" }
  | { kind: "needs_proxy"; reason: string }
  | { kind: "skip"; reason: string }
  | { kind: "backfill"; row: MediaRow }
  | { kind: "run"; row: MediaRow | undefined; input: Omit<ItemInput, "exec">; restoreTo: string | null };

const MAX_REASON = 400;

/** A file's content fingerprint; an image sequence's from its frames. */
const fingerprintOf = (file: ScannedFile) =>
  file.sequence ? sequenceFingerprint(file.sequence) : fingerprint(file.absPath, file.size);

/**
 * Whether the entry the scan measured moved since: the file, or a sequence's last frame (the one
 * a render writes last).
 */
async function changedSinceScan(file: ScannedFile): Promise<boolean> {
  const entry = file.sequence ? file.sequence.frames.at(-1) : file;
  if (!entry) return false;
  const info = await stat(entry.absPath);
  return entry.size !== info.size || entry.mtimeMs !== Math.trunc(info.mtimeMs);
}

/** Failure reasons are shown to editors and logged: no absolute paths, one line, bounded. */
export function cleanReason(error: unknown, absPath: string, relPath: string, root: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return labelItemPaths({ absPath, relPath }, root)(message).replace(/\s+/g, " ").trim().slice(0, MAX_REASON);
}

/**
 * The first stage of a finished item that ran without a model or recogniser that is available now:
 * the item resumes there, so starting Ollama (or installing an ASR) fills in what was missing.
 */
function resumableStage(row: MediaRow, deps: RunnerDeps): StageName | null {
  const waiting = new Set(deps.store.media.unconfiguredStages(row.id));
  if (waiting.size === 0) return null;
  return resumableStages(deps).find((stage) => waiting.has(stage)) ?? null;
}

/**
 * A finished item that needs a playback proxy and has none: ingested before proxies were made, or
 * its proxy was deleted (a cache clear). It resumes at the proxy stage.
 */
async function proxyDue(row: MediaRow, deps: RunnerDeps): Promise<boolean> {
  if (proxyReason({ ...row, path: row.rel_path }) === null) return false;
  const status = deps.store.media.stageStatus(row.id, "proxy");
  if (status === undefined) return true;
  if (status !== "done") return false;
  return !(await fileExists(proxyFile(deps.store.paths, row.id)));
}

async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

const stageStatusOf =
  (deps: RunnerDeps): StageStatusOf =>
  (mediaId, stage) =>
    deps.store.media.stageStatus(mediaId, stage);

/** `--vision-only`: items already ingested get the vision stage again, nothing else runs. */
function planVisionOnly(row: MediaRow | undefined): Plan {
  if (row?.status !== "done") return { kind: "skip", reason: "not ingested yet: run svc ingest first" };
  if (row.status_reason !== null) return { kind: "needs_proxy", reason: row.status_reason };
  if (row.kind === "audio") return { kind: "skip", reason: "audio has no pictures" };
  return { kind: "run", row, input: { from: "vision", until: "vision" }, restoreTo: "done" };
}

async function planFile(file: ScannedFile, deps: RunnerDeps): Promise<Plan> {
  const { media } = deps.store;
  const row = media.byPath(file.relPath);
  if (deps.options.visionOnly) return planVisionOnly(row);
  const fromProbe: Plan = { kind: "run", row, input: { from: "probe", until: null }, restoreTo: null };
  if (!row || deps.options.refresh || row.kind !== file.kind) return fromProbe;
  if (row.size !== file.size || row.mtime_ms !== file.mtimeMs) {
    if ((await fingerprintOf(file)) !== row.fingerprint) return fromProbe;
  }
  if (row.mtime_ms !== file.mtimeMs || row.missing_since) media.touch(row.id, file.mtimeMs);
  // A camera original still waiting: a proxy put beside it since the last pass links it now; one
  // whose proxy has gone since waits for one again.
  if (row.status_reason !== null || row.camera_proxy !== null) {
    const proxy = await cameraProxyOf(deps.store.paths.root, file.relPath);
    if (row.status_reason !== null)
      return proxy === null ? { kind: "needs_proxy", reason: row.status_reason } : fromProbe;
    if (proxy === null) return fromProbe;
  }
  // A finished item without a thumbnail had its derived files cleared: redo them, nothing more.
  if (deps.options.regenerateThumbnails || (row.status === "done" && row.thumb_path === null)) {
    const finished = row.status === "done";
    return {
      kind: "run",
      row,
      input: { from: "thumbnails", until: finished ? "frames" : null },
      restoreTo: finished ? "done" : null,
    };
  }
  if (row.status === "done") {
    const from = resumableStage(row, deps) ?? ((await proxyDue(row, deps)) ? "proxy" : null);
    if (from) return { kind: "run", row, input: { from, until: null }, restoreTo: null };
    const statusOf = stageStatusOf(deps);
    return peaksDue(row, statusOf) || spriteDue(row, statusOf)
      ? { kind: "backfill", row }
      : { kind: "unchanged" };
  }
  const from = (STAGES as readonly string[]).includes(row.next_stage)
    ? (row.next_stage as StageName)
    : "probe";
  return { kind: "run", row, input: { from, until: null }, restoreTo: null };
}

/** Runs the item machines for a list of files, bounded by the resource queues. */
export async function runFiles(files: readonly ScannedFile[], deps: RunnerDeps): Promise<RunResult> {
  const machine = createItemMachine();
  const result: RunResult = {
    outcomes: new Map(),
    settled: new Uint8Array(files.length),
    settledCount: 0,
    finished: new Map(),
    halted: false,
    rootLost: false,
    aborted: false,
  };
  const stop = new AbortController();
  const signal = AbortSignal.any([deps.signal, stop.signal]);
  // Items in flight are bounded so a 100 000-file tree does not hold 100 000 pending machines.
  const items = new PQueue({ concurrency: Math.max(2, deps.config.cpuConcurrency * 2) });
  let streak = 0;

  const emit = (file: ScannedFile, category: Category, stage: string, started: number, reason?: string) => {
    const event: FileEvent = {
      event: "file",
      path: file.relPath,
      stage,
      status: category,
      elapsed_ms: Math.round(performance.now() - started),
    };
    if (reason) event.reason = reason;
    deps.onFile(event);
  };
  const land = (file: ScannedFile, category: Category, stage: string, started: number, reason?: string) => {
    const list = result.outcomes.get(file.relPath) ?? [];
    list.push(category);
    result.outcomes.set(file.relPath, list);
    emit(file, category, stage, started, reason);
  };

  const processOne = async (file: ScannedFile) => {
    const started = performance.now();
    // A halt stops new items; items already in flight finish. A lost root or shutdown aborts them.
    if (result.halted) {
      land(file, "skipped", "queued", started, "not attempted: the pass halted");
      return;
    }
    if (signal.aborted) return;
    const outcome = await processFile(file, deps, machine, signal);
    if (outcome.category === "aborted") {
      result.aborted = true;
      return;
    }
    land(file, outcome.category, outcome.stage, started, outcome.reason);
    if (outcome.finishedId !== undefined) result.finished.set(file.relPath, outcome.finishedId);
    if (outcome.category === "failed") {
      streak += 1;
      deps.log.warn({ path: file.relPath, stage: outcome.stage, reason: outcome.reason }, "ingest failed");
      if (!(await rootPresent(deps.store.paths.root))) {
        result.rootLost = true;
        stop.abort();
      } else if (deps.config.haltStreak > 0 && streak >= deps.config.haltStreak && !result.halted) {
        result.halted = true;
        deps.log.error({ streak }, "ingest halted after consecutive failures");
      }
    } else if (outcome.category === "ingested") {
      streak = 0;
    }
  };

  // Files are handed over as the queue drains: queuing them all at once kept a closure and a
  // promise per file alive for the whole pass, 5–10 MB more at its peak per 10,000 files. Files
  // a batch's lookup finds unchanged land at once, without a machine or a place in the queue.
  const failures: unknown[] = [];
  // Spans regroup where this pass may have changed what the library knows (a file not found
  // unchanged) and where a span is (one of its parts may have gone missing since).
  const touched = new Set<string>();
  const spanned = new Set(deps.store.media.spanFolders());
  const check = catchUp(deps);
  for (let i = 0; i < files.length && failures.length === 0 && !signal.aborted; i += CATCH_UP_BATCH) {
    const batch = files.slice(i, i + CATCH_UP_BATCH);
    const unchanged = await check.unchangedFiles(batch);
    for (const [j, file] of batch.entries()) {
      const dir = posix.dirname(file.relPath);
      if (spanned.has(dir)) touched.add(dir);
      if (unchanged.has(file) && !result.halted) {
        if (signal.aborted) break;
        result.settled[i + j] = 1;
        result.settledCount += 1;
        emit(file, "unchanged", "done", performance.now());
        continue;
      }
      touched.add(dir);
      await items.onSizeLessThan(items.concurrency);
      if (failures.length > 0) break;
      items.add(() => processOne(file)).catch((error: unknown) => failures.push(error));
    }
  }
  await items.onIdle();
  if (failures.length > 0) throw failures[0];
  if (deps.signal.aborted) result.aborted = true;
  else regroupSpans(deps.store.media, [...touched], deps.log);
  return result;
}

export async function rootPresent(root: string): Promise<boolean> {
  try {
    return (await stat(root)).isDirectory();
  } catch {
    return false;
  }
}

type FileOutcome = {
  category: Category | "aborted";
  stage: string;
  reason?: string;
  /** The item's row, seen finished by this pass. */
  finishedId?: number;
};

/**
 * What a stage that was still running wrote for an item deleted meanwhile (the delete removed
 * what existed when it ran): an id can be handed to a later item, which must not find them. A
 * leftover is logged, not a failure of the pass; cache clear removes it too.
 */
const removeDerivedOf = (deps: RunnerDeps, mediaId: number) =>
  removeDerivedFiles(deps.store.paths, mediaId, [], (_file, error) => {
    const reason = errnoOf(error, String(error));
    deps.log.warn({ media_id: mediaId, reason }, "derived file of a deleted item not removed");
  });

/**
 * Peaks and a scrub sprite for an item ingested before they were made, each from its own decode
 * of the sound or picture alone. The item itself is unchanged, whatever came of it: a decode that
 * timed out is logged and asked again next pass.
 */
async function backfill(
  file: ScannedFile,
  row: MediaRow,
  deps: RunnerDeps,
  signal: AbortSignal,
): Promise<FileOutcome> {
  const item = stageItemOf(row, deps.store.paths.root);
  const parts = [
    { due: peaksDue, make: backfillPeaks, stage: WAVEFORM_STAGE, failed: "waveform peaks not made" },
    { due: spriteDue, make: backfillSprite, stage: SPRITE_STAGE, failed: "scrub sprite not made" },
  ];
  for (const part of parts) {
    if (!part.due(row, stageStatusOf(deps))) continue;
    try {
      await part.make(item, deps, signal);
    } catch (error) {
      if (signal.aborted) return { category: "aborted", stage: part.stage };
      if (error instanceof ItemDeletedError) break;
      const reason = cleanReason(error, file.absPath, file.relPath, deps.store.paths.root);
      deps.log.warn({ path: file.relPath, reason }, part.failed);
    }
  }
  return { category: "unchanged", stage: "done" };
}

async function processFile(
  file: ScannedFile,
  deps: RunnerDeps,
  machine: ReturnType<typeof createItemMachine>,
  signal: AbortSignal,
): Promise<FileOutcome> {
  const { store } = deps;
  const fail = (stage: string, error: unknown): FileOutcome => {
    const reason = cleanReason(error, file.absPath, file.relPath, store.paths.root);
    store.failures.record(file.relPath, stage, reason, file.size, file.mtimeMs);
    return { category: "failed", stage, reason };
  };
  if (file.size === 0) {
    const raw = rawFormatByExtension(file.relPath);
    const truncated = raw ? `: a ${raw} original cut short, copy it from the card again` : "";
    return fail("probe", new Error(`empty file (0 bytes)${truncated}`));
  }

  let plan: Plan;
  try {
    plan = await planFile(file, deps);
  } catch (error) {
    return fail("probe", error);
  }
  if (plan.kind === "unchanged") return { category: "unchanged", stage: "done" };
  if (plan.kind === "skip") return { category: "skipped", stage: "plan", reason: plan.reason };
  if (plan.kind === "needs_proxy") return { category: "needs_proxy", stage: "probe", reason: plan.reason };
  if (plan.kind === "backfill") return backfill(file, plan.row, deps, signal);

  let item: StageItem | null = plan.row ? stageItemOf(plan.row, store.paths.root) : null;
  const { restoreTo, input } = plan;
  let finishedId: number | undefined;
  // What the probe could not take as the file says it (a header's bad rate), shown with the outcome.
  const probeNotes: { text: string | null } = { text: null };
  // Set when the probe found a camera original with nothing ffmpeg can decode: no stage after it runs.
  let waiting: string | null = null;

  const exec = async (stage: StageName, stageSignal: AbortSignal) => {
    const startedAt = new Date().toISOString();
    const t0 = performance.now();
    const timing = () => ({ startedAt, elapsedMs: Math.round(performance.now() - t0) });
    const combined = AbortSignal.any([signal, stageSignal]);
    if (stage === "probe") {
      // Every item's thumbnails go through libvips: loading it costs ~0.1 s of this thread, taken
      // now while the probe's programs run rather than in front of the first picture.
      deps.adapters.images.warm().catch(() => undefined);
      // The editor's desqueeze, kept by the item or by the trash entry of a file restored from it.
      const desqueeze = plan.row?.desqueeze ?? store.media.restoredDesqueeze(file.relPath) ?? 1;
      const probed = await deps.queues.cpu.add(
        async () => {
          const print = await fingerprintOf(file);
          const output = file.sequence
            ? await probeSequence(file.sequence, deps.config.sequenceFps, deps.adapters, combined)
            : await linkCameraProxy(
                await probeFile(file.absPath, file.kind, deps.adapters, combined, desqueeze),
                file.relPath,
                store.paths.root,
                deps.adapters,
                combined,
              );
          return { print, output };
        },
        { signal: combined },
      );
      if (await changedSinceScan(file)) {
        throw new Error(
          "the file is still being written (its size changed during ingest); it will be retried",
        );
      }
      const problems = probed.output.problems.map((problem) =>
        cleanReason(new Error(problem), file.absPath, file.relPath, store.paths.root),
      );
      for (const reason of problems)
        deps.log.warn({ file: file.relPath, reason }, "probe: part of the file unreadable");
      const detail = problems.length > 0 ? problems.join("; ") : null;
      probeNotes.text = detail;
      const outcome: StageOutcome = { stage, status: "done", detail, ...timing() };
      const identity = { ...file, kind: probed.output.kind, fingerprint: probed.print };
      const mediaId = store.media.saveProbe(identity, probed.output.fields, outcome, plan.row?.id);
      // An item that will need a proxy starts the hardware-decode probe now, in the background,
      // so it is answered by the time the proxy stage comes and costs that encode nothing.
      if (proxyReason({ ...probed.output.fields, kind: probed.output.kind, path: file.relPath }) !== null)
        void deps.adapters.proxy?.hwaccel();
      const saved = store.media.get(mediaId);
      if (!saved) throw new ItemDeletedError(mediaId);
      if (saved.status_reason !== null) {
        waiting = saved.status_reason;
        const parked: StageOutcome = { stage: "thumbnails", status: "skipped", detail: waiting, ...timing() };
        store.media.completeStage(mediaId, parked, "done");
        return;
      }
      item = stageItemOf(saved, store.paths.root);
      return;
    }
    if (waiting !== null) return;
    if (!item) throw new Error(`stage ${stage} reached without a probed item`);
    const current = item;
    const impl = LATER_STAGES[stage];
    const next =
      stage === input.until ? (restoreTo ?? "done") : (STAGES[STAGES.indexOf(stage) + 1] ?? "done");
    try {
      const res =
        impl.settle?.(current, deps) ??
        (await deps.queues[impl.resource].add(() => impl.run(current, deps, combined), {
          signal: combined,
        }));
      const outcome: StageOutcome = { stage, status: res.status, detail: res.detail ?? null, ...timing() };
      store.media.completeStage(
        current.mediaId,
        outcome,
        next,
        res.thumbPath ? { thumb_path: res.thumbPath } : {},
      );
      if (next === "done") finishedId = current.mediaId;
    } catch (error) {
      if (!combined.aborted && !(error instanceof ItemDeletedError)) {
        const detail = cleanReason(error, file.absPath, file.relPath, store.paths.root);
        store.media.failStage(current.mediaId, { stage, status: "failed", detail, ...timing() });
      }
      throw error;
    }
  };

  const outcome = await runItem(machine, { ...input, exec });
  if (outcome.status === "done") {
    store.failures.clear(file.relPath);
    if (waiting !== null) return { category: "needs_proxy", stage: "probe", reason: waiting };
    return {
      category: "ingested",
      stage: "done",
      ...(probeNotes.text === null ? {} : { reason: probeNotes.text.slice(0, MAX_REASON) }),
      ...(finishedId === undefined ? {} : { finishedId }),
    };
  }
  if (signal.aborted) return { category: "aborted", stage: outcome.stage };
  // Deleted while a stage worked on it (the stage may have failed on the vanished row or file):
  // nothing failed, the editor removed it. `skipped`, so every scanned file still lands once.
  const id = item?.mediaId ?? plan.row?.id;
  if (outcome.error instanceof ItemDeletedError || (id !== undefined && !store.media.get(id))) {
    if (id !== undefined) await removeDerivedOf(deps, id);
    return { category: "skipped", stage: outcome.stage, reason: "deleted during the pass" };
  }
  return fail(outcome.stage, outcome.error);
}
