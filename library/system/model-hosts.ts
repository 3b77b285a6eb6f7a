import type { MemberReport } from "../../adapters/host-pool.js";
import type { ModelHostsReport } from "../../domain/schemas/system.js";
import type { AppContext } from "../context.js";
import { configuredModels, MODEL_HOST_TIMEOUT_MS } from "./health.js";

// A URL's user and password (SVC_ASR_URLS may carry them) never reach an answer.
const withoutCredentials = (text: string) => text.replace(/\/\/[^/\s@]+@/g, "//");

const server = (state: MemberReport) => ({
  url: withoutCredentials(state.url),
  reachable: state.reachable,
  last_error: state.lastError === null ? null : withoutCredentials(state.lastError),
  out_until: state.outUntil === null ? null : new Date(state.outUntil).toISOString(),
  in_flight: state.inFlight,
  failures: state.failures,
});

/**
 * `GET /api/models/hosts`: every model host and transcription server as svc sees it. The model
 * hosts are asked for their models first (within the health check's 2 s), so the view is fresh;
 * the transcription servers are shown as their last requests left them.
 */
export async function modelHostsReport(ctx: AppContext): Promise<ModelHostsReport> {
  const { modelHost, asrServers } = ctx.adapters;
  const models = [...new Set(configuredModels(ctx))];
  await modelHost.status(models, AbortSignal.timeout(MODEL_HOST_TIMEOUT_MS));
  return {
    model_hosts: modelHost.report(models).map((host) => ({
      ...server(host),
      models: host.models === null ? null : host.models.map(({ name, digest }) => ({ name, digest })),
      serving: host.serving,
    })),
    asr_servers: (asrServers?.report() ?? []).map(server),
  };
}
