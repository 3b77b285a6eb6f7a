import { randomUUID } from "node:crypto";
import type { IngestJob } from "../../domain/schemas/system.js";
import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { preflightIngest, runIngest } from "./ingest.js";
import type { JobKind, JobRunner } from "./runner.js";
import { claimIngestSlot } from "./slots.js";

export interface IngestJobRequest {
  /** Registered project name; the default project when absent. */
  project?: string | undefined;
  /** Folder relative to the project root to limit the pass to. */
  dir?: string | undefined;
  refresh?: boolean | undefined;
}

/**
 * Ingest passes started over the API. The slot is claimed before the request is answered, so a
 * 202 means this pass owns it and a 409 names whoever does; the pass then runs in the background
 * and reports to the log. The runner's stop aborts running passes at shutdown and waits for them.
 */
export class IngestJobs {
  private readonly passes: JobKind<IngestJob>;

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
    runner: JobRunner,
  ) {
    this.passes = runner.register("ingest");
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
        },
        lease,
      )
        .then(({ aborted, exitCode, summary }) => {
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
          log.error({ reason: error instanceof Error ? error.message : String(error) }, "ingest job failed");
        }),
    );
    return job;
  }
}
