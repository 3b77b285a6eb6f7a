import { HostPool, type HostPoolOptions, type MemberReport, type Verdict } from "../host-pool.js";
import { AsrServerError, createOpenAiAsr } from "./openai.js";
import type { Asr } from "./types.js";

/** The OpenAI-compatible speech servers of SVC_ASR_URLS, each call on one of them. */
export interface AsrServers {
  readonly asr: Asr;
  readonly size: number;
  /** Every server as last seen (reachable is null until it was first asked). */
  report(): MemberReport[];
}

/** A server unreachable, out of time or failing with a 5xx is down; a 4xx is the request's own fault. */
function verdict(error: unknown): Verdict {
  if (!(error instanceof AsrServerError)) return "fail";
  if (error.kind === "unreachable" || error.kind === "timeout") return "down";
  return error.kind === "server" && (error.status ?? 500) >= 500 ? "down" : "fail";
}

/**
 * Spreads transcriptions over the servers as the model host pool does (fewest in flight, a
 * failing server out for 30 s doubling to 5 min, the request tried on the next); one URL is one
 * server called as before.
 */
export function createAsrServers(urls: readonly string[], options: HostPoolOptions = {}): AsrServers {
  const pool = new HostPool(
    urls.map((url) => ({ url, member: createOpenAiAsr(url) })),
    options,
  );
  return {
    size: pool.entries.length,
    report: () => pool.report(),
    asr: {
      name: "openai",
      transcribe: (wav, opts) =>
        pool.run(
          () => true,
          (server) => server.transcribe(wav, opts),
          verdict,
          (attempts) => {
            const last = attempts.at(-1);
            if (last && attempts.length === 1) return last.error as Error;
            const tried = attempts.map((a) => (a.error as Error).message).join("; ");
            return new AsrServerError(
              "unreachable",
              attempts.length > 0
                ? `every transcription server failed: ${tried}`
                : `every transcription server is taken out after failing (${urls.join(", ")})`,
            );
          },
        ),
    },
  };
}
