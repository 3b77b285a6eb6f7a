import { mountedStorage } from "../../adapters/mount-table.js";
import { UserError } from "../../domain/errors.js";
import { scrubText } from "../../domain/redact.js";
import type { SyncStatus } from "../../domain/schemas/sync.js";
import type { SyncMode } from "../../domain/sync/decide.js";
import { openLibrary } from "../../state/stores.js";
import { userFolder } from "../containment.js";
import type { AppContext } from "../context.js";
import type { JobKind, JobRunner } from "../jobs/runner.js";
import { claimIngestSlot, type SlotLease } from "../jobs/slots.js";
import type { LibraryPool } from "../library-pool.js";
import { runSync, type SyncEvent, syncTools } from "./run.js";

export interface SyncJobRequest {
  project?: string | undefined;
  dir?: string | undefined;
  by?: SyncMode | undefined;
}

const ERRORS_KEPT = 20;
/** Unmatched clips the status names with their reasons; the rest are counted. */
const UNMATCHED_KEPT = 100;

const NEVER_RUN: SyncStatus = Object.freeze({
  state: "idle",
  project: null,
  dir: null,
  by: null,
  clips_total: 0,
  clips_done: 0,
  pairs: 0,
  unmatched: 0,
  failed: 0,
  current: null,
  errors: [],
  unmatched_clips: [],
  error: null,
  started_at: null,
  finished_at: null,
});

/** What a sync run's progress events do to its status. */
export function followSync(status: SyncStatus, event: SyncEvent): void {
  if (event.event === "start") status.clips_total = event.clips;
  if (event.event !== "clip") return;
  status.current = event.path;
  if (event.status === "failed") {
    status.failed += 1;
    if (status.errors.length < ERRORS_KEPT)
      status.errors.push({ path: event.path, reason: event.reason ?? "" });
    return;
  }
  status.clips_done += 1;
  status.pairs += event.pairs;
  if (event.status === "unmatched") {
    status.unmatched += 1;
    if (status.unmatched_clips.length < UNMATCHED_KEPT)
      status.unmatched_clips.push({ path: event.path, reason: event.reason ?? "" });
  }
}

/**
 * Resolves a sync request's project and folder and takes the project's ingest slot, so a sync
 * and an ingest never run at once (SlotBusyError, 409 / exit 75, names the holder).
 */
export async function prepareSync(
  ctx: AppContext,
  root: string,
  dir: string | undefined,
  holder: string,
): Promise<{ rel: string | null; lease: SlotLease }> {
  syncTools(ctx);
  const { rel } = await userFolder(root, dir);
  return { rel, lease: claimIngestSlot(ctx, root, holder) };
}

/**
 * One sync run in the slot `lease` holds, reporting to `onEvent`; the slot is released at the end
 * whatever happens. Stops at once when this svc loses the project's host lease.
 */
export async function syncProject(
  ctx: AppContext,
  request: {
    root: string;
    rel: string | null;
    by: SyncMode;
    signal: AbortSignal;
    onEvent?: (event: SyncEvent) => void;
  },
  lease: SlotLease,
) {
  try {
    const store = openLibrary(request.root, { mounts: mountedStorage });
    try {
      return await runSync(ctx, store, {
        root: request.root,
        dir: request.rel,
        by: request.by,
        signal: ctx.hosts.fence(request.root, request.signal),
        onEvent: request.onEvent,
      });
    } finally {
      store.close();
    }
  } finally {
    lease.release();
  }
}

/** `POST /api/sync`: a sync run in the background, its progress in `GET /api/sync/status`. */
export class SyncJobs {
  private readonly runs: JobKind<SyncStatus>;

  constructor(
    private readonly ctx: AppContext,
    private readonly libraries: LibraryPool,
    runner: JobRunner,
  ) {
    this.runs = runner.register("sync", { keep: 1 });
  }

  status(): SyncStatus {
    const current = this.runs.runs()[0]?.record ?? NEVER_RUN;
    return { ...current, errors: [...current.errors], unmatched_clips: [...current.unmatched_clips] };
  }

  async start(request: SyncJobRequest): Promise<SyncStatus> {
    this.runs.admit();
    const project = this.libraries.project(request.project);
    const by = request.by ?? "both";
    const { rel, lease } = await prepareSync(this.ctx, project.root, request.dir, "API sync job");
    const status: SyncStatus = {
      ...NEVER_RUN,
      errors: [],
      unmatched_clips: [],
      state: "running",
      project: project.name,
      dir: rel,
      by,
      started_at: new Date().toISOString(),
    };
    const log = this.ctx.log.child({ job: "sync", project: project.name });
    log.info({ dir: rel ?? ".", by }, "sync started");
    void this.runs.start(status, ({ signal }) =>
      syncProject(
        this.ctx,
        { root: project.root, rel, by, signal, onEvent: (e) => followSync(status, e) },
        lease,
      )
        .then((summary) => {
          const stopped = summary.clips_done + summary.failed < summary.clips_total;
          status.state = stopped ? "failed" : "done";
          if (stopped) status.error = "the run was stopped before its last clip; run it again to finish";
          log.info(summary, stopped ? "sync stopped" : "sync finished");
        })
        .catch((error: unknown) => {
          status.state = "failed";
          status.error =
            error instanceof UserError ? scrubText(error.message) : "the sync run failed; see the log";
          log.error({ err: error }, "sync failed");
        })
        .finally(() => {
          status.current = null;
          status.finished_at = new Date().toISOString();
        }),
    );
    return this.status();
  }
}
