import type { ApiDeps } from "./routes/types.js";

/**
 * Starts an ingest pass to remake the playback proxies a new profile or desqueeze made stale; a pass already
 * running (the slot is taken) or a service shutting down leaves them to the next one.
 */
export function remakeProxies(deps: ApiDeps, project: string | undefined, pending: number): void {
  if (pending === 0) return;
  deps.jobs.start({ project }).catch((error: unknown) => {
    deps.ctx.log.info({ reason: (error as Error).message }, "playback proxies wait for the next ingest pass");
  });
}
