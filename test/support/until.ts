import { setTimeout as sleep } from "node:timers/promises";

export interface UntilOptions {
  /** How long to keep asking before failing the test. */
  timeoutMs?: number;
  /** How long to wait between two questions. */
  intervalMs?: number;
}

/**
 * Asks `probe` until it answers something other than undefined, null or false, and returns that
 * answer; fails with "timed out waiting for <what>" after `timeoutMs` (45 s by default).
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 45_000, intervalMs = 50 }: UntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}
