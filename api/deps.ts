import { StreamGrants } from "../library/access/stream-grants.js";
import type { AppContext } from "../library/context.js";
import { IngestJobs } from "../library/jobs/ingest-job.js";
import { JobRunner } from "../library/jobs/runner.js";
import { LibraryPool } from "../library/library-pool.js";
import { OffloadJobs } from "../library/offload/jobs.js";
import { EditorProxies } from "../library/proxy/editor-jobs.js";
import { SyncJobs } from "../library/sync/job.js";
import { SampleSeeder } from "../library/system/sample.js";
import { Retranscriber } from "../library/transcripts/retranscribe.js";
import type { ApiDeps } from "./routes/types.js";

/**
 * The services the API's routes share over one context, built once by whatever serves the API
 * (the daemon, the tests' server), so both serve the same routes over the same parts. Their
 * background work runs on one job runner, whose stop ends all of it.
 * `onOffloadVerified` hears of each offload destination whose copies are verified and in place.
 */
export function createApiDeps(ctx: AppContext, onOffloadVerified?: (dest: string) => void): ApiDeps {
  const libraries = new LibraryPool(ctx);
  const runner = new JobRunner(ctx.log);
  return {
    ctx,
    libraries,
    runner,
    jobs: new IngestJobs(ctx, libraries, runner),
    editorProxies: new EditorProxies(ctx, libraries, runner),
    offloads: new OffloadJobs(ctx, runner, onOffloadVerified),
    sample: new SampleSeeder(ctx, libraries, runner),
    retranscribe: new Retranscriber(ctx, libraries, runner),
    sync: new SyncJobs(ctx, libraries, runner),
    streamGrants: new StreamGrants(),
  };
}
