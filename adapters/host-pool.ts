/**
 * Several servers doing the same work (model hosts, speech servers): each call goes to the usable
 * server with the fewest calls in flight, ties taken in turn; a server that fails as a server
 * (unreachable, timed out, a 5xx) is taken out for a while and the call tried on another. A pool
 * of one never takes its server out: there is nowhere else to send the work, and a lone server
 * behaves exactly as it did before pools existed.
 */

/** The first time out after a failure; it doubles with each failure in a row, up to the maximum. */
export const BACKOFF_FIRST_MS = 30_000;
export const BACKOFF_MAX_MS = 300_000;

/** How a call's failure bears on its server. */
export type Verdict =
  /** The server failed: take it out for a while and try another. */
  | "down"
  /** The server cannot do this one (it lacks the model): try another, the server stays in. */
  | "skip"
  /** The request itself failed (cancelled, refused as bad input): no other server would do better. */
  | "fail";

export interface PoolMember<M> {
  readonly url: string;
  readonly member: M;
  /** Null until the server was first asked anything. */
  reachable: boolean | null;
  lastError: string | null;
  /** Epoch ms until which the server is taken out, or null. */
  outUntil: number | null;
  failures: number;
  inFlight: number;
}

/** One failed attempt of a call, for the error a caller finally sees. */
export interface Attempt<M> {
  entry: PoolMember<M>;
  error: unknown;
}

export interface MemberReport {
  url: string;
  reachable: boolean | null;
  lastError: string | null;
  outUntil: number | null;
  inFlight: number;
  failures: number;
}

export interface HostPoolOptions {
  /** Epoch ms; a fake clock in tests. */
  now?: () => number;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class HostPool<M> {
  readonly entries: readonly PoolMember<M>[];
  private readonly now: () => number;
  private turn = 0;

  constructor(members: readonly { url: string; member: M }[], options: HostPoolOptions = {}) {
    if (members.length === 0) throw new TypeError("a server pool needs at least one server");
    this.entries = members.map(({ url, member }) => ({
      url,
      member,
      reachable: null,
      lastError: null,
      outUntil: null,
      failures: 0,
      inFlight: 0,
    }));
    this.now = options.now ?? Date.now;
  }

  get single(): boolean {
    return this.entries.length === 1;
  }

  clock(): number {
    return this.now();
  }

  isOut(entry: PoolMember<M>): boolean {
    return !this.single && entry.outUntil !== null && entry.outUntil > this.now();
  }

  /** The server answered: it is back in, its run of failures over. */
  up(entry: PoolMember<M>): void {
    entry.reachable = true;
    entry.failures = 0;
    entry.outUntil = null;
  }

  /** The server failed as a server: out for 30 s, doubling with each failure in a row up to 5 min. */
  down(entry: PoolMember<M>, error: unknown): void {
    entry.reachable = false;
    entry.lastError = message(error);
    entry.failures += 1;
    if (this.single) return;
    const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(entry.failures - 1, 16));
    entry.outUntil = this.now() + wait;
  }

  /**
   * Runs `call` on the usable server with the fewest calls in flight among those `eligible`
   * accepts, on to the next after a "down" or "skip" verdict; `exhausted` makes the error when no
   * server is left (the attempts made, possibly none).
   */
  async run<T>(
    eligible: (entry: PoolMember<M>) => boolean,
    call: (member: M) => Promise<T>,
    verdict: (error: unknown) => Verdict,
    exhausted: (attempts: Attempt<M>[]) => Error,
  ): Promise<T> {
    const attempts: Attempt<M>[] = [];
    for (;;) {
      const entry = this.pick((e) => !attempts.some((a) => a.entry === e) && eligible(e) && !this.isOut(e));
      if (!entry) throw exhausted(attempts);
      entry.inFlight += 1;
      try {
        const value = await call(entry.member);
        this.up(entry);
        return value;
      } catch (error) {
        const judged = verdict(error);
        if (judged === "fail") throw error;
        if (judged === "down") this.down(entry, error);
        else entry.lastError = message(error);
        attempts.push({ entry, error });
      } finally {
        entry.inFlight -= 1;
      }
    }
  }

  /** Fewest in flight wins; among equals, the one after the last pick's turn, so idle servers take turns. */
  private pick(usable: (entry: PoolMember<M>) => boolean): PoolMember<M> | undefined {
    const count = this.entries.length;
    let best: PoolMember<M> | undefined;
    let bestIndex = 0;
    for (let step = 0; step < count; step++) {
      const index = (this.turn + step) % count;
      const entry = this.entries[index] as PoolMember<M>;
      if (!usable(entry)) continue;
      if (!best || entry.inFlight < best.inFlight) {
        best = entry;
        bestIndex = index;
      }
    }
    if (best) this.turn = (bestIndex + 1) % count;
    return best;
  }

  report(): MemberReport[] {
    return this.entries.map((e) => ({
      url: e.url,
      reachable: e.reachable,
      lastError: e.lastError,
      outUntil: this.isOut(e) ? e.outUntil : null,
      inFlight: e.inFlight,
      failures: e.failures,
    }));
  }
}
