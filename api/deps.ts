import { StreamGrants } from "../library/access/stream-grants.js";
import type { AppContext } from "../library/context.js";
import { IngestJobs } from "../library/jobs/ingest-job.js";
import { LibraryPool } from "../library/library-pool.js";
import { OffloadJobs } from "../library/offload/jobs.js";
import { EditorProxies } from "../library/proxy/editor-jobs.js";
import { SampleSeeder } from "../library/system/sample.js";
import { Retranscriber } from "../library/transcripts/retranscribe.js";
import type { ApiDeps } from "./routes/types.js";

/**
 * The services the API's routes share over one context, built once by whatever serves the API
 * (the daemon, the tests' server), so both serve the same routes over the same parts.
 * `onOffloadVerified` hears of each offload destination whose copies are verified and in place.
 */
export function createApiDeps(ctx: AppContext, onOffloadVerified?: (dest: string) => void): ApiDeps {
  const libraries = new LibraryPool(ctx);
  return {
    ctx,
    libraries,
    jobs: new IngestJobs(ctx, libraries),
    editorProxies: new EditorProxies(ctx, libraries),
    offloads: new OffloadJobs(ctx, onOffloadVerified),
    sample: new SampleSeeder(ctx, libraries),
    retranscribe: new Retranscriber(ctx, libraries),
    streamGrants: new StreamGrants(),
  };
}

/** Stops the work API callers started: ingest passes, editor proxies, offloads, seeding, retranscription. */
export async function stopApiWork(deps: ApiDeps): Promise<void> {
  await Promise.all([
    deps.jobs.stop(),
    deps.editorProxies.stop(),
    deps.offloads.stop(),
    deps.sample.stop(),
    deps.retranscribe.stop(),
  ]);
}
