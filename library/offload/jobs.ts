import { randomUUID } from "node:crypto";
import { basename } from "node:path";
import { UserError } from "../../domain/errors.js";
import type { DestProgress, OffloadJob, OffloadJobList } from "../../domain/schemas/offload.js";
import type { AppContext } from "../context.js";
import { type JobKind, type JobRunner, KEPT_JOBS } from "../jobs/runner.js";
import type { MhlEntry } from "./mhl.js";
import { runOffload } from "./run.js";
import { type OffloadRequest, type SourceAccess, startOffload } from "./start.js";

/**
 * Offloads started over the API (and by card watching, which alone passes `trusted`: its volumes
 * are not a caller's choice). The request is checked and the source's
 * slot taken before the 202, so refusals (403, 422, 409) are answered at once; the copy then runs
 * in the background and its progress is read with `status`. The runner's stop aborts it at
 * shutdown; the journal lets a later run with resume finish.
 */
export class OffloadJobs {
  private readonly offloads: JobKind<OffloadJob>;

  constructor(
    private readonly ctx: AppContext,
    private readonly runner: JobRunner,
    private readonly onDestVerified?: (dest: string, verified: readonly MhlEntry[]) => Promise<void> | void,
  ) {
    this.offloads = runner.register("offload", { keep: KEPT_JOBS });
  }

  async start(
    request: OffloadRequest,
    holder = "API offload",
    access: SourceAccess = "api",
  ): Promise<OffloadJob> {
    this.offloads.admit();
    const id = randomUUID();
    const { plan, lease, hash, verify } = await startOffload(
      this.ctx,
      request,
      `${holder} ${id}`,
      access,
      this.runner.signal,
    );
    const index = new Map(plan.dests.map((d, i) => [d, i]));
    const job: OffloadJob = {
      id,
      kind: "offload",
      state: "running",
      source: basename(plan.source),
      hash,
      verify,
      started_at: new Date().toISOString(),
      finished_at: null,
      dests: plan.dests.map((d) => ({
        name: basename(d),
        files_total: plan.files.length,
        files_done: 0,
        bytes_done: 0,
        failed: 0,
        copy_mib_s: null,
      })),
    };
    const log = this.ctx.log.child({ job: id, source: job.source });
    log.info({ files: plan.files.length, dests: plan.dests.length }, "offload started");
    void this.offloads.start(job, ({ signal }) =>
      runOffload(
        plan,
        {
          hash,
          verify,
          resume: request.resume === true,
          svcHome: this.ctx.config.home,
          toolVersion: this.ctx.version,
          adapters: this.ctx.adapters,
        },
        {
          signal,
          onFile: (event) => {
            const progress = job.dests[index.get(event.dest) ?? 0] as DestProgress;
            if (event.status === "failed") progress.failed += 1;
            else progress.files_done += 1;
            progress.bytes_done += event.status === "verified" ? event.bytes : 0;
          },
          onDestDone: this.onDestVerified,
        },
      )
        .then((result) => {
          result.summaries.forEach((s, i) => {
            (job.dests[i] as DestProgress).copy_mib_s = s.copy_mib_s;
          });
          job.state = result.interrupted ? "interrupted" : "done";
          log.info(
            { summaries: result.summaries.map((s) => ({ ...s, dest: basename(s.dest) })) },
            "offload finished",
          );
        })
        .catch((error: unknown) => {
          job.state = "failed";
          job.error = error instanceof UserError ? error.message : "the offload failed; see the log";
          log.error({ err: error }, "offload failed");
        })
        .finally(() => {
          job.finished_at = new Date().toISOString();
          lease.release();
        }),
    );
    return job;
  }

  /** Jobs running and the last finished ones, newest first. */
  status(): OffloadJobList {
    return this.offloads.status();
  }
}
