import { randomUUID } from "node:crypto";
import type { IngestJob } from "../../domain/schemas/system.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { type IngestEvent, preflightIngest, runIngest } from "./ingest.js";
import { type JobKind, type JobRunner, KEPT_JOBS } from "./runner.js";
import { claimIngestSlot } from "./slots.js";

export interface IngestJobRequest {
  /** Registered project name; the default project when absent. */
  project?: string | undefined;
  /** Folder relative to the project root to limit the pass to. */
  dir?: string | undefined;
  refresh?: boolean | undefined;
}

/** Counts a pass's events into its record, for the status route's progress. */
function countInto(job: IngestJob): (event: IngestEvent) => void {
  return (event) => {
    if (event.event === "start") job.files_total = event.files + event.skipped;
    if (event.event === "file") {
      job.files_done += 1;
      if (event.status === "failed") job.failed += 1;
    }
  };
}

/**
 * Ingest passes started over the API. The slot is claimed before the request is answered, so a
 * 202 means this pass owns it and a 409 names whoever does; the pass then runs in the background,
 * counting its files into the job's record (the status route) and reporting to the log. The
 * runner's stop aborts running passes at shutdown and waits for them.
 */
export class IngestJobs {
  private readonly passes: JobKind<IngestJob>;

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
    runner: JobRunner,
  ) {
    this.passes = runner.register("ingest", { keep: KEPT_JOBS });
  }

  /** Passes going and the last finished ones, newest first. */
  status(): { running: number; jobs: IngestJob[] } {
    const { running, jobs } = this.passes.status();
    return { running, jobs: jobs.map((job) => ({ ...job })) };
  }

  async start(request: IngestJobRequest): Promise<IngestJob> {
    this.passes.admit();
    const project = this.libraries.project(request.project);
    const { root } = project;
    const { rel } = await preflightIngest(this.ctx, { root, dir: request.dir });
    const id = randomUUID();
    const holder = `API ingest job ${id}`;
    const lease = claimIngestSlot(this.ctx, root, holder);
    const job: IngestJob = {
      id,
      kind: "ingest",
      status: "running",
      project: project.name,
      dir: rel ?? ".",
      refresh: request.refresh === true,
      holder,
      started_at: new Date().toISOString(),
      finished_at: null,
      files_total: null,
      files_done: 0,
      failed: 0,
    };
    const end = (status: IngestJob["status"]) => {
      job.status = status;
      job.finished_at = new Date().toISOString();
    };
    const log = this.ctx.log.child({ job: id, project: project.name });
    log.info({ dir: job.dir, refresh: job.refresh }, "ingest job started");
    void this.passes.start(job, ({ signal }) =>
      runIngest(
        this.ctx,
        {
          root,
          dir: rel ?? undefined,
          options: { refresh: job.refresh, regenerateThumbnails: false, noEmbed: false },
          holder,
          signal,
          onEvent: countInto(job),
        },
        lease,
      )
        .then(({ aborted, exitCode, summary }) => {
          end(aborted ? "cancelled" : "done");
          if (aborted) {
            log.warn("ingest job stopped by shutdown; the next pass resumes it");
            return;
          }
          const { ingested, unchanged, skipped, failed, needs_proxy, missing, sequence_frames, elapsed_ms } =
            summary;
          log.info(
            {
              exit_code: exitCode,
              ingested,
              unchanged,
              skipped,
              failed,
              needs_proxy,
              missing,
              sequence_frames,
              elapsed_ms,
            },
            "ingest job finished",
          );
        })
        .catch((error: unknown) => {
          end("failed");
          log.error({ reason: error instanceof Error ? error.message : String(error) }, "ingest job failed");
        }),
    );
    return { ...job };
  }
}
