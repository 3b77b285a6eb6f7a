import { setTimeout as sleep } from "node:timers/promises";

const POLL_MS = 250;
const PROBE_TIMEOUT_MS = 2000;

export interface Readiness {
  /** Something answered /api/health at that address. */
  answered: boolean;
  /** It said ready (200). */
  ready: boolean;
  /** What it said is missing when not ready. */
  failing: string[];
}

/**
 * Asks `<base>/api/health` until it says ready or `waitMs` has passed (0: ask once). A daemon that
 * answers 503 is up but lacks something (ffmpeg, the model host): the last answer says what.
 */
export async function waitForSvc(base: string, waitMs: number, signal?: AbortSignal): Promise<Readiness> {
  const deadline = Date.now() + waitMs;
  let last: Readiness = { answered: false, ready: false, failing: [] };
  for (;;) {
    try {
      const response = await fetch(new URL("/api/health", base), {
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)])
          : AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      const body = (await response.json().catch(() => ({}))) as { failing?: unknown };
      const failing = Array.isArray(body.failing) ? body.failing.map(String) : [];
      last = { answered: true, ready: response.status === 200, failing };
      if (last.ready) return last;
    } catch {
      // Not listening yet (or not svc at all); asked again until the deadline.
    }
    if (Date.now() >= deadline || signal?.aborted) return last;
    await sleep(POLL_MS);
  }
}
