import { folderName } from "../../domain/folder-name.js";
import { errnoOf } from "../../state/errno.js";
import {
  createLease,
  type LeaseHost,
  type LeaseRecord,
  type LeaseState,
  readLease,
  releaseLease,
  removeStaleLease,
  renewLease,
  sameHolding,
  sameHost,
} from "../../state/lease-file.js";
import type { Logger } from "../../state/logger.js";
import type { Clock, ClockTimer } from "../jobs/clock.js";
import { isAlive } from "../jobs/slots.js";

/** The holder renews this many times per timeout, so a lease survives two or three missed beats. */
export const BEATS_PER_TIMEOUT = 4;
/**
 * A holder whose last good renewal is older than this share of the timeout (on its own
 * monotonic clock: a process frozen, a renewal stuck) stops writing until one succeeds, before
 * any seat may see its lease stale.
 */
export const FENCE_SHARE = 0.75;
/** Seats look at a lease no more often than this, whatever the timeout. */
export const MIN_LOOK_MS = 200;
/**
 * Seats look at a lease this many times per timeout: a takeover comes at most one look after the
 * timeout has passed since the last heartbeat they saw, so more looks mean a closer takeover, for
 * the price of a read of a small file.
 */
export const LOOKS_PER_TIMEOUT = 8;
/**
 * How long a seat that took a lease over waits before reading it back to confirm it won. Racers
 * act on the bytes they have just read (removeStaleLease checks them again), so the window in
 * which a slower one can move the new lease aside is one read and one rename long: a quarter
 * second covers a slow share many times over, and is time every takeover pays.
 */
export const MAX_SETTLE_MS = 250;

/** How often a seat reads a lease of this timeout. */
export const lookInterval = (timeoutMs: number): number =>
  Math.max(MIN_LOOK_MS, timeoutMs / LOOKS_PER_TIMEOUT);

/** How long a takeover of a lease of this timeout waits before it reads its win back. */
export const settleTime = (timeoutMs: number): number =>
  Math.min(MAX_SETTLE_MS, timeoutMs / BEATS_PER_TIMEOUT);

/** What changed in this process's right to write a project, as its keeper saw it. */
export type LeaseChange =
  /** This process took the lease (over): it hosts the project now and catches up. */
  | { readonly kind: "hosting" }
  /** Another svc holds the lease now: this process stopped writing. */
  | { readonly kind: "lost"; readonly now: LeaseState }
  /** The lease cannot be renewed (the share gone, an I/O error, a renewal late): writes stop until it can. */
  | { readonly kind: "suspended"; readonly problem: string }
  /** A renewal succeeded again and the lease is still ours: writes resume. */
  | { readonly kind: "resumed" };

export interface LeaseKeeperOptions {
  readonly timeoutMs: number;
  /** A monotonic clock (`monotonicClock`; a fake one in tests). */
  readonly clock: Clock;
  readonly log: Logger;
  readonly host: LeaseHost;
  /** False under SVC_HOST_ROLE=seat: it watches leases but never takes one. */
  readonly takes: boolean;
  readonly fileOf: (root: string) => string;
  /** A new holding of this process for the project at `root`. */
  readonly newRecord: (root: string) => LeaseRecord;
  /** Why writes to `root` stop: the abort reason its fence signal carries. */
  readonly reasonFor: (root: string, change: LeaseChange) => Error;
  readonly changed: (root: string, change: LeaseChange) => void;
}

interface Holding {
  readonly kind: "holding";
  record: LeaseRecord;
  /** Aborted the moment writes to the project must stop; a new one once they may resume. */
  fence: AbortController;
  renewedAt: number;
  problem: string | null;
  timer: ClockTimer | null;
}

interface Watching {
  readonly kind: "watching";
  /** The lease as last read; null before the first look or while it cannot be read. */
  seen: LeaseState | null;
  /** The bytes watched, and since when (monotonic) they have not changed. */
  raw: string | null;
  since: number;
  problem: string | null;
  taking: boolean;
  timer: ClockTimer | null;
}

/** What the keeper knows of one project's lease, without reading it again. */
export type KeptLease =
  | { readonly kind: "holding"; readonly record: LeaseRecord; readonly problem: string | null }
  | {
      readonly kind: "watching";
      readonly seen: LeaseState | null;
      readonly problem: string | null;
      /** A takeover is under way: the file may name this process before the win is confirmed. */
      readonly taking: boolean;
    };

/**
 * Keeps this process's host leases alive and watches the others. A lease it holds is renewed
 * every timeout/BEATS_PER_TIMEOUT; a renewal that finds the lease another's (or gone, or
 * unreadable) loses it, and one that fails (the share gone) suspends writing until a renewal
 * succeeds again: both abort the project's fence signal at once. A lease of another svc is read
 * as often, and is stale once its bytes have not changed for the whole timeout on this process's
 * monotonic clock: the file's own timestamps are never compared, so clocks minutes apart do not
 * matter. A stale lease (garbage, empty and future-format ones alike) is taken over: moved aside
 * while its bytes are still the stale ones, an exclusive create (one racer wins), and a read back
 * after a short settle to confirm the win before the new host writes anything.
 */
export class LeaseKeeper {
  private readonly leases = new Map<string, Holding | Watching>();
  /** The roots watched for good (a daemon's projects): watched again when their lease is lost. */
  private readonly tracked = new Set<string>();
  private readonly beatMs: number;
  private readonly lookMs: number;
  private readonly settleMs: number;

  constructor(private readonly options: LeaseKeeperOptions) {
    this.beatMs = options.timeoutMs / BEATS_PER_TIMEOUT;
    this.lookMs = lookInterval(options.timeoutMs);
    this.settleMs = settleTime(options.timeoutMs);
  }

  /** What is known of `root`'s lease; undefined for a project neither held nor watched. */
  kept(root: string): KeptLease | undefined {
    const lease = this.leases.get(root);
    if (!lease) return undefined;
    return lease.kind === "holding"
      ? { kind: "holding", record: lease.record, problem: lease.problem }
      : { kind: "watching", seen: lease.seen, problem: lease.problem, taking: lease.taking };
  }

  /** The record of the lease this process holds for `root`. */
  holding(root: string): LeaseRecord | undefined {
    const lease = this.leases.get(root);
    return lease?.kind === "holding" ? lease.record : undefined;
  }

  /**
   * The signal that aborts when this process must stop writing `root`; null when it does not
   * hold its lease. Checked on the spot too: a renewal late past the fence suspends writing.
   */
  fence(root: string): AbortSignal | null {
    const lease = this.leases.get(root);
    if (lease?.kind !== "holding") return null;
    if (this.options.clock.now() - lease.renewedAt > this.options.timeoutMs * FENCE_SHARE)
      this.suspend(root, lease, "the lease was not renewed in time (the process paused or the share slow)");
    return lease.fence.signal;
  }

  /** Starts renewing a lease this process has just taken. */
  hold(root: string, record: LeaseRecord): void {
    this.stopTimer(root);
    const holding: Holding = {
      kind: "holding",
      record,
      fence: new AbortController(),
      renewedAt: this.options.clock.now(),
      problem: null,
      timer: null,
    };
    this.leases.set(root, holding);
    this.scheduleBeat(root, holding);
  }

  /** Watches `root`'s lease (taking it when free or stale) unless this process holds it already. */
  watch(root: string): void {
    this.tracked.add(root);
    if (this.leases.has(root)) return;
    const watching: Watching = {
      kind: "watching",
      seen: null,
      raw: null,
      since: this.options.clock.now(),
      problem: null,
      taking: false,
      timer: null,
    };
    this.leases.set(root, watching);
    this.look(root, watching);
  }

  /** Stops holding (giving the lease up while it is still ours) or watching `root`. */
  release(root: string): void {
    const lease = this.leases.get(root);
    this.tracked.delete(root);
    if (!lease) return;
    this.stopTimer(root);
    this.leases.delete(root);
    if (lease.kind === "holding") releaseLease(this.options.fileOf(root), lease.record);
  }

  /** The roots this process holds or watches. */
  roots(): string[] {
    return [...this.leases.keys()];
  }

  /**
   * Takes `root`'s lease over from a holder whose bytes `observed` were seen unchanged for the
   * timeout (null: the lease is absent), and confirms the win. True when this process holds it
   * now (and renews it); false when another racer won.
   */
  async takeOver(root: string, observed: string | null): Promise<boolean> {
    const file = this.options.fileOf(root);
    if (observed !== null) removeStaleLease(file, observed);
    const record = this.options.newRecord(root);
    if (!createLease(file, record)) return false;
    // A slower racer may move the new lease aside for a moment, and a third may create its own
    // then: reading it back after the racers are done tells which of the two stands.
    await new Promise<void>((resolve) => this.options.clock.after(this.settleMs, resolve));
    const now = readLease(file);
    if (now.state !== "held" || !sameHolding(now.record, record)) return false;
    this.hold(root, record);
    return true;
  }

  /** Stops every timer (the leases themselves are given up with `release`). */
  close(): void {
    for (const root of this.leases.keys()) this.stopTimer(root);
    this.leases.clear();
    this.tracked.clear();
  }

  private stopTimer(root: string): void {
    const lease = this.leases.get(root);
    lease?.timer?.close();
    if (lease) lease.timer = null;
  }

  private scheduleBeat(root: string, holding: Holding): void {
    holding.timer = this.options.clock.after(this.beatMs, () => this.beat(root, holding));
  }

  private beat(root: string, holding: Holding): void {
    holding.timer = null;
    if (this.leases.get(root) !== holding) return;
    const { clock, timeoutMs } = this.options;
    if (clock.now() - holding.renewedAt > timeoutMs * FENCE_SHARE)
      this.suspend(root, holding, "the lease was not renewed in time (the process paused or the share slow)");
    let renewal: ReturnType<typeof renewLease>;
    try {
      renewal = renewLease(this.options.fileOf(root), holding.record);
    } catch (error) {
      this.suspend(
        root,
        holding,
        `the project's share cannot be reached (${errnoOf(error, (error as Error).message)})`,
      );
      this.scheduleBeat(root, holding);
      return;
    }
    if (!renewal.ok) {
      this.lose(root, holding, renewal.now);
      return;
    }
    holding.record = renewal.record;
    holding.renewedAt = clock.now();
    if (holding.problem !== null) {
      holding.problem = null;
      holding.fence = new AbortController();
      this.options.log.info(
        { project: folderName(root) },
        "the project's host lease is renewed again; writing resumes",
      );
      this.options.changed(root, { kind: "resumed" });
    }
    this.scheduleBeat(root, holding);
  }

  private suspend(root: string, holding: Holding, problem: string): void {
    if (holding.problem !== null) return;
    holding.problem = problem;
    const change: LeaseChange = { kind: "suspended", problem };
    holding.fence.abort(this.options.reasonFor(root, change));
    this.options.log.warn(
      { project: folderName(root), problem },
      "stopped writing the project: its host lease cannot be renewed",
    );
    this.options.changed(root, change);
  }

  private lose(root: string, holding: Holding, now: LeaseState): void {
    const change: LeaseChange = { kind: "lost", now };
    holding.fence.abort(this.options.reasonFor(root, change));
    this.leases.delete(root);
    this.options.log.warn(
      { project: folderName(root), holder: now.state === "held" ? now.record.host.hostname : now.state },
      "lost the project's host lease to another svc; stopped writing it",
    );
    if (this.tracked.has(root)) {
      this.tracked.delete(root);
      this.watch(root);
    }
    this.options.changed(root, change);
  }

  private scheduleLook(root: string, watching: Watching): void {
    watching.timer = this.options.clock.after(this.lookMs, () => this.look(root, watching));
  }

  private look(root: string, watching: Watching): void {
    watching.timer = null;
    if (this.leases.get(root) !== watching || watching.taking) return;
    const now = this.options.clock.now();
    let lease: LeaseState;
    try {
      lease = readLease(this.options.fileOf(root));
      watching.problem = null;
    } catch (error) {
      watching.problem = `the project's share cannot be reached (${errnoOf(error, (error as Error).message)})`;
      this.scheduleLook(root, watching);
      return;
    }
    watching.seen = lease;
    const raw = lease.state === "absent" ? null : lease.raw;
    if (raw !== watching.raw) {
      watching.raw = raw;
      watching.since = now;
    }
    const stale = raw === null || now - watching.since >= this.options.timeoutMs || this.orphaned(lease);
    if (stale && this.options.takes) void this.take(root, watching, raw);
    else this.scheduleLook(root, watching);
  }

  /** A lease of this very host whose process is gone (a crashed daemon restarting) needs no wait. */
  private orphaned(lease: LeaseState): boolean {
    if (lease.state !== "held") return false;
    const { record } = lease;
    return sameHost(record.host, this.options.host) && record.pid !== process.pid && !isAlive(record.pid);
  }

  private async take(root: string, watching: Watching, observed: string | null): Promise<void> {
    watching.taking = true;
    let won = false;
    try {
      won = await this.takeOver(root, observed);
    } catch (error) {
      watching.problem = `the project's host lease cannot be taken (${errnoOf(error, (error as Error).message)})`;
    } finally {
      watching.taking = false;
    }
    if (won) {
      this.options.log.info(
        { project: folderName(root) },
        "took the project's host lease over; hosting it now",
      );
      this.options.changed(root, { kind: "hosting" });
    } else if (this.leases.get(root) === watching) this.scheduleLook(root, watching);
  }
}
