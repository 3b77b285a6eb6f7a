import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import type { RetranscribeStatus } from "../../domain/schemas/transcripts.js";
import { NO_VECTORS, type StageDeps, stageItemOf, transcriptStage } from "../../pipeline/index.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import type { JobKind, JobRunner } from "../jobs/runner.js";
import { claimIngestSlot, type SlotLease } from "../jobs/slots.js";
import type { LibraryPool } from "../library-pool.js";
import { BackupWriter } from "./transcript-backups.js";

export interface RetranscribeRequest {
  project?: string | undefined;
  language?: string | undefined;
}

const ERRORS_KEPT = 20;

/** The transcript stage's dependencies for a run that only transcribes. */
function transcribeDeps(ctx: AppContext, store: LibraryStore, language: string | undefined): StageDeps {
  const unused = { ok: false, reason: "retranscribe-all runs speech recognition only" };
  return {
    config: ctx.config,
    adapters: ctx.adapters,
    store,
    log: ctx.log,
    options: { refresh: true, regenerateThumbnails: false, noEmbed: true, language },
    models: { vision: unused, embed: unused },
    // The transcript stage writes no vectors: changed text marks the item stale in SQL, and the
    // index builder (or the daemon's freshness run) embeds it again.
    vectors: NO_VECTORS,
    queues: ctx.queues,
  };
}

/** The status before this daemon's first run. */
const NEVER_RUN: RetranscribeStatus = Object.freeze({
  total: 0,
  done: 0,
  failed: 0,
  current: null,
  running: false,
  backup: null,
  project: null,
  language: null,
  errors: [],
  started_at: null,
  finished_at: null,
});

/**
 * `POST /api/retranscribe-all`: speech recognition again over every audio item of a project, in
 * its ingest slot, after a snapshot of every target's transcripts. One run per daemon.
 */
export class Retranscriber {
  private readonly runs: JobKind<RetranscribeStatus>;

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
    runner: JobRunner,
  ) {
    this.runs = runner.register("retranscribe", { keep: 1, alone: "retranscribe-all is already running" });
  }

  status(): RetranscribeStatus {
    const current = this.runs.runs()[0]?.record ?? NEVER_RUN;
    return { ...current, errors: [...current.errors] };
  }

  start(request: RetranscribeRequest): RetranscribeStatus {
    this.runs.admit();
    // The request's own mistake (an unknown project) is named before what the service lacks.
    const project = this.libraries.project(request.project);
    const store = this.libraries.library(request.project);
    const { asr, asrReason, ffmpeg } = this.ctx.adapters;
    if (!asr) throw new UserError(`no speech recogniser is configured: ${asrReason}`, EXIT.usage, 503);
    if (!ffmpeg) throw new UserError("ffmpeg is not available", EXIT.usage, 503);
    const lease = claimIngestSlot(this.ctx, project.root, "retranscribe-all");
    let backup: string | null;
    let targets: ReturnType<LibraryStore["transcripts"]["audioTargets"]>;
    try {
      targets = store.transcripts.audioTargets();
      backup = snapshot(store, targets);
    } catch (error) {
      lease.release();
      throw error;
    }
    const current: RetranscribeStatus = {
      total: targets.length,
      done: 0,
      failed: 0,
      current: null,
      running: true,
      backup,
      project: project.name,
      language: request.language ?? null,
      errors: [],
      started_at: new Date().toISOString(),
      finished_at: null,
    };
    // Stops at once, as a cancel does, when this svc loses the project's host lease.
    void this.runs.start(current, ({ signal }) =>
      this.run(
        project.root,
        store,
        targets,
        current,
        this.ctx.hosts.fence(project.root, signal),
        lease,
      ).finally(() => {
        current.running = false;
        current.current = null;
        current.finished_at = new Date().toISOString();
      }),
    );
    return this.status();
  }

  private async run(
    root: string,
    store: LibraryStore,
    targets: ReturnType<LibraryStore["transcripts"]["audioTargets"]>,
    current: RetranscribeStatus,
    signal: AbortSignal,
    lease: SlotLease,
  ): Promise<void> {
    const deps = transcribeDeps(this.ctx, store, current.language ?? undefined);
    try {
      for (const target of targets) {
        if (signal.aborted) return;
        current.current = target.rel_path;
        const item = stageItemOf(target, root);
        try {
          await this.ctx.queues.asr.add(() => transcriptStage.run(item, deps, signal), { signal });
          current.done += 1;
        } catch (error) {
          if (signal.aborted) return;
          // A recogniser that is down fails the item; the stage wrote nothing, so its text stays.
          // A decoder's or recogniser's message may name the media file: no absolute path leaves svc.
          const reason = scrubText(error instanceof Error ? error.message : String(error)).slice(0, 300);
          if (current.errors.length < ERRORS_KEPT) current.errors.push({ path: target.rel_path, reason });
          current.failed += 1;
          this.ctx.log.warn({ path: target.rel_path, reason }, "retranscribe failed for an item");
        }
      }
    } finally {
      lease.release();
    }
  }
}

/** Every target's transcripts and item mirror, saved before anything is transcribed again. */
function snapshot(store: LibraryStore, targets: readonly { id: number }[]): string | null {
  const writer = new BackupWriter(store.paths.backups, "retranscribe");
  try {
    let saved = 0;
    for (const { id } of targets) {
      for (const row of store.transcripts.forMedia(id)) {
        writer.saveTranscript(row);
        saved += 1;
      }
      const mirror = store.transcripts.getMirror(id);
      if (mirror && mirror.transcript !== null) {
        writer.saveMirror(mirror);
        saved += 1;
      }
    }
    if (saved === 0) {
      writer.abort();
      return null;
    }
    return writer.finish();
  } catch (error) {
    writer.abort();
    throw error;
  }
}
