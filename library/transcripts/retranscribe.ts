import { join } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import { type StageDeps, transcriptStage } from "../../pipeline/index.js";
import type { LibraryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { claimSlot, ingestSlotName, type SlotLease } from "../jobs/slots.js";
import type { LibraryPool } from "../library-pool.js";
import { BackupWriter } from "./transcript-backups.js";

export interface RetranscribeStatus {
  total: number;
  /** Items transcribed again (an empty decode that kept the earlier text counts here too). */
  done: number;
  failed: number;
  /** The item being transcribed, relative to the project root. */
  current: string | null;
  running: boolean;
  /** The snapshot taken before the run (GET /api/recorrect/backups); null when there was nothing to save. */
  backup: string | null;
  project: string | null;
  language: string | null;
  /** The first few failures, with their reasons. */
  errors: { path: string; reason: string }[];
  started_at: string | null;
  finished_at: string | null;
}

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
    vectors: { upsert: async () => {}, remove: async () => {} },
    queues: ctx.queues,
  };
}

/**
 * `POST /api/retranscribe-all`: speech recognition again over every audio item of a project, in
 * its ingest slot, after a snapshot of every target's transcripts. One run per daemon.
 */
export class Retranscriber {
  private current: RetranscribeStatus = {
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
  };
  private running: Promise<void> | null = null;
  private readonly controller = new AbortController();

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
  ) {}

  status(): RetranscribeStatus {
    return { ...this.current, errors: [...this.current.errors] };
  }

  start(request: RetranscribeRequest): RetranscribeStatus {
    if (this.controller.signal.aborted)
      throw new UserError("the service is shutting down", EXIT.tempfail, 503);
    if (this.running) throw new UserError("retranscribe-all is already running", EXIT.tempfail, 409);
    // The request's own mistake (an unknown project) is named before what the service lacks.
    const project = this.libraries.project(request.project);
    const store = this.libraries.library(request.project);
    const { asr, asrReason, ffmpeg } = this.ctx.adapters;
    if (!asr) throw new UserError(`no speech recogniser is configured: ${asrReason}`, EXIT.usage, 503);
    if (!ffmpeg) throw new UserError("ffmpeg is not available", EXIT.usage, 503);
    const lease = claimSlot(this.ctx.registry, ingestSlotName(project.root), "retranscribe-all");
    let backup: string | null;
    let targets: ReturnType<LibraryStore["transcripts"]["audioTargets"]>;
    try {
      targets = store.transcripts.audioTargets();
      backup = snapshot(store, targets);
    } catch (error) {
      lease.release();
      throw error;
    }
    this.current = {
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
    this.running = this.run(project.root, store, targets, request.language, lease).finally(() => {
      this.current = {
        ...this.current,
        running: false,
        current: null,
        finished_at: new Date().toISOString(),
      };
      this.running = null;
    });
    return this.status();
  }

  private async run(
    root: string,
    store: LibraryStore,
    targets: ReturnType<LibraryStore["transcripts"]["audioTargets"]>,
    language: string | undefined,
    lease: SlotLease,
  ): Promise<void> {
    const signal = this.controller.signal;
    const deps = transcribeDeps(this.ctx, store, language);
    try {
      for (const target of targets) {
        if (signal.aborted) return;
        this.current = { ...this.current, current: target.rel_path };
        const item = {
          mediaId: target.id,
          relPath: target.rel_path,
          absPath: join(root, target.rel_path),
          kind: target.kind,
          durationS: target.duration_s,
        };
        try {
          await this.ctx.queues.asr.add(() => transcriptStage.run(item, deps, signal), { signal });
          this.current = { ...this.current, done: this.current.done + 1 };
        } catch (error) {
          if (signal.aborted) return;
          // A recogniser that is down fails the item; the stage wrote nothing, so its text stays.
          // A decoder's or recogniser's message may name the media file: no absolute path leaves svc.
          const reason = scrubText(error instanceof Error ? error.message : String(error)).slice(0, 300);
          const errors =
            this.current.errors.length < ERRORS_KEPT
              ? [...this.current.errors, { path: target.rel_path, reason }]
              : this.current.errors;
          this.current = { ...this.current, failed: this.current.failed + 1, errors };
          this.ctx.log.warn({ path: target.rel_path, reason }, "retranscribe failed for an item");
        }
      }
    } finally {
      lease.release();
    }
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await this.running;
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
