import type { HostIdentity } from "../../adapters/host-identity.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { folderLabel, folderName } from "../../domain/folder-name.js";
import type { Config } from "../../state/config.js";
import { errnoOf } from "../../state/errno.js";
import { makeFolderSync } from "../../state/folders.js";
import {
  createLease,
  type LeaseRecord,
  type LeaseState,
  leaseAgeOnServer,
  readLease,
  sameHost,
} from "../../state/lease-file.js";
import { type Logger, silentLogger } from "../../state/logger.js";
import { projectPaths } from "../../state/paths.js";
import { readProjectId } from "../../state/project-id.js";
import { type Clock, monotonicClock } from "../jobs/clock.js";
import { type LeaseChange, LeaseKeeper, MIN_LOOK_MS } from "./lease-keeper.js";

/** This svc's part in a project: its library host (it writes `.svc/`), or a seat that reads through the host. */
export type ProjectRole = "host" | "seat";

/** Who holds a project's lease, as seats and `GET /api/projects` show it. */
export interface LeaseHolderView {
  readonly hostname: string;
  /** Where the host's API answers; null for a command (`svc ingest`) holding the lease for its run. */
  readonly url: string | null;
  readonly mcp_url: string | null;
  readonly process: string;
  /** The holder is this svc's own host (same machine, account and SVC_HOME): another process of it. */
  readonly same_host: boolean;
}

export interface HostView {
  readonly role: ProjectRole;
  /** The lease's holder now; null when nobody holds it, or when its file cannot be read (`unreadable`). */
  readonly holder: LeaseHolderView | null;
  /** Why the lease file could not be read (garbage, empty, from a newer svc); absent otherwise. */
  readonly unreadable?: string;
  /** Why this svc cannot write or read the lease now (its share unreachable); absent otherwise. */
  readonly problem?: string;
}

/** Where this svc is reached, once it listens; commands that do not serve have none. */
export interface ServedAt {
  readonly url: string;
  readonly mcp_url: string;
}

/** A project another svc hosts: 503 over the API (forwarded where a seat can), exit 75 from the CLI. */
export class HostedElsewhere extends UserError {
  constructor(
    readonly projectLabel: string,
    readonly holder: LeaseHolderView | null,
    unreadable?: string,
  ) {
    const who = holder
      ? `${holder.hostname}${holder.url ? ` at ${holder.url}` : ` (${holder.process})`}`
      : `another svc (its lease .svc/host.json cannot be read: ${unreadable ?? "unknown"})`;
    super(
      `project ${projectLabel} is hosted by ${who}: only its library host writes it; use that host, or wait for its lease to lapse if it is gone`,
      EXIT.tempfail,
      503,
    );
    this.name = "HostedElsewhere";
  }
}

/** Writes to a project this svc hosts are stopped: its lease cannot be renewed (the share gone). */
export class WritesSuspended extends UserError {
  constructor(projectLabel: string, problem: string) {
    super(
      `project ${projectLabel}: writing is suspended until its host lease can be renewed: ${problem}`,
      EXIT.storage,
      503,
    );
    this.name = "WritesSuspended";
  }
}

export interface ProjectHostsOptions {
  readonly config: Pick<Config, "hostRole" | "leaseTimeoutMs">;
  readonly identity: HostIdentity;
  /** What this process is, as the lease says (`svc serve`, `svc ingest`). */
  readonly process: string;
  /** Monotonic time for the lease's timeouts: `monotonicClock` unless a test fakes it. */
  readonly clock?: Clock;
  readonly log?: Logger;
}

/** Told when this process's right to write a project changes (taken over, lost, suspended, resumed). */
export type HostingListener = (root: string, change: LeaseChange) => void;

/**
 * A takeover waiting to confirm its win: the lease file may already name this svc, but nothing is
 * written (nor watched) until the keeper has read it back.
 */
const TAKING: HostView = { role: "seat", holder: null, problem: "taking the project's host lease over" };

/**
 * The leases of the projects this process touches. A project's `.svc/host.json` names its one
 * library host; this process hosts a project when the lease is its own or its host's (the daemon
 * and a command of the same machine, account and SVC_HOME share one; the registry's single-flight
 * slot orders them), and is a seat for it otherwise.
 */
export class ProjectHosts {
  private servedAt: ServedAt | null = null;
  private readonly keeper: LeaseKeeper;
  private readonly listeners = new Set<HostingListener>();
  private readonly clock: Clock;

  constructor(readonly options: ProjectHostsOptions) {
    this.clock = options.clock ?? monotonicClock;
    this.keeper = new LeaseKeeper({
      timeoutMs: options.config.leaseTimeoutMs,
      clock: this.clock,
      log: options.log ?? silentLogger(),
      host: options.identity,
      takes: options.config.hostRole !== "seat",
      fileOf: (root) => projectPaths(root).hostLease,
      newRecord: (root) => this.recordFor(readProjectId(projectPaths(root))),
      reasonFor: (root, change) =>
        change.kind === "lost"
          ? new HostedElsewhere(folderLabel(root), this.judge(change.now).holder)
          : new WritesSuspended(folderLabel(root), change.kind === "suspended" ? change.problem : "unknown"),
      changed: (root, change) => {
        for (const listener of this.listeners) listener(root, change);
      },
    });
  }

  /** Calls `listener` whenever this process starts or stops hosting a project. */
  onChange(listener: HostingListener): void {
    this.listeners.add(listener);
  }

  get identity(): HostIdentity {
    return this.options.identity;
  }

  /** Where this svc listens, written into the leases it takes from now on. */
  listening(at: ServedAt): void {
    this.servedAt = at;
  }

  /** The lease of `root` as it is now, and this process's role by it. */
  view(root: string): HostView {
    const kept = this.keeper.kept(root);
    try {
      return this.withProblem(this.judge(readLease(projectPaths(root).hostLease)), kept?.problem);
    } catch (error) {
      const problem = `the project's share cannot be reached (${errnoOf(error, (error as Error).message)})`;
      return { role: kept?.kind === "holding" ? "host" : "seat", holder: null, problem };
    }
  }

  /**
   * `root`'s role as its keeper last saw it, without reading the lease again; a project not
   * watched (or whose lease was free at the last look) is claimed as `claim` does.
   */
  current(root: string): HostView {
    const kept = this.keeper.kept(root);
    if (kept?.kind === "watching" && kept.taking) return TAKING;
    if (kept?.kind === "holding") {
      const view = this.judge({ state: "held", record: kept.record, raw: "" });
      return this.withProblem(view, kept.problem);
    }
    if (kept?.seen && kept.seen.state !== "absent")
      return this.withProblem(this.judge(kept.seen), kept.problem);
    return this.claim(root);
  }

  /**
   * Keeps `root`'s lease for as long as this process runs (a daemon's projects): renewed while
   * held, watched otherwise, and taken over once its holder is gone. The role now.
   */
  track(root: string): HostView {
    // A root the keeper already holds or watches is known without reading the lease again: the
    // daemon's look asks every ROOT_LOOK_MS, the keeper reads the share only as often as it must.
    if (!this.keeper.kept(root)) this.claim(root);
    this.keeper.watch(root);
    return this.current(root);
  }

  /** Stops keeping `root`'s lease, giving it up if this process holds it. */
  untrack(root: string): void {
    this.release(root);
  }

  /**
   * The signal that aborts when this process must stop writing `root` (its lease lost, or not
   * renewable), joined with `signal`. A project this process does not hold itself (another
   * process of its host does) has no fence of its own.
   */
  fence(root: string, signal?: AbortSignal): AbortSignal {
    const fence = this.keeper.fence(root);
    const signals = [fence, signal].filter((s): s is AbortSignal => s !== null && s !== undefined);
    return signals.length === 1 && signals[0] ? signals[0] : AbortSignal.any(signals);
  }

  /**
   * A command's way to the lease (`svc ingest` and every other writing command): it cannot watch
   * a lease for a whole timeout before it answers, so it refuses at once while the lease was
   * written within the timeout by the file server's own clock (host.json's modification time
   * against a probe file's, both stamped by the server). An older lease is watched on this
   * process's monotonic clock for up to the timeout and taken over if its bytes stay the same;
   * one that changes meanwhile has a live holder, and the command is refused.
   */
  async acquire(root: string): Promise<void> {
    const file = projectPaths(root).hostLease;
    let first: LeaseState;
    try {
      first = readLease(file);
    } catch {
      // A root or share that cannot be read is reported by the command's own checks.
      return;
    }
    const view = this.judge(first);
    // A free lease is claimed where the command starts writing (claimIngestSlot, the library).
    if (first.state === "absent" || view.role === "host") return;
    const refuse = (now: HostView) => new HostedElsewhere(folderLabel(root), now.holder, now.unreadable);
    if (this.options.config.hostRole === "seat") throw refuse(view);
    const { leaseTimeoutMs } = this.options.config;
    let age: number | null;
    try {
      age = leaseAgeOnServer(file);
    } catch {
      // No probe can be written in .svc/: nor can this command write the project.
      throw refuse(view);
    }
    if (age !== null && age < leaseTimeoutMs) throw refuse(view);
    const since = this.clock.now();
    const lookMs = Math.max(MIN_LOOK_MS, leaseTimeoutMs / 8);
    while (this.clock.now() - since < leaseTimeoutMs) {
      await new Promise<void>((resolve) => this.clock.after(lookMs, resolve));
      const now = readLease(file);
      if (now.state === "absent") return;
      if (now.raw !== first.raw) throw refuse(this.judge(now));
    }
    if (!(await this.keeper.takeOver(root, first.raw))) throw refuse(this.view(root));
    this.options.log?.info(
      { project: folderName(root) },
      "took the project's host lease over for this command",
    );
  }

  /**
   * Takes the lease of `root` when nobody holds it (SVC_HOST_ROLE=seat never does); the view
   * after. Never waits and never takes a lease another holds.
   */
  claim(root: string): HostView {
    const paths = projectPaths(root);
    try {
      const before = readLease(paths.hostLease);
      if (before.state !== "absent" || this.options.config.hostRole === "seat") return this.judge(before);
      makeFolderSync(paths.dataDir);
      const record = this.recordFor(readProjectId(paths));
      if (createLease(paths.hostLease, record)) this.keeper.hold(root, record);
    } catch (error) {
      throw new UserError(
        `cannot take the project's host lease (.svc/host.json): ${errnoOf(error, (error as Error).message)}`,
        EXIT.storage,
        503,
      );
    }
    return this.view(root);
  }

  /**
   * Throws HostedElsewhere unless this process may write the project at `root` (taking its lease
   * when free), and WritesSuspended while its own lease cannot be renewed.
   */
  requireWriter(root: string, label: string): void {
    const view = this.current(root);
    if (view.role !== "host") throw new HostedElsewhere(label, view.holder, view.unreadable);
    const fence = this.keeper.fence(root);
    if (fence?.aborted) throw new WritesSuspended(label, view.problem ?? "the lease is not renewed");
  }

  /** The lease this process holds for `root`, if it took one. */
  heldLease(root: string): LeaseRecord | undefined {
    return this.keeper.holding(root);
  }

  /** Gives up the lease of `root` if this process took it, and stops keeping it. */
  release(root: string): void {
    this.keeper.release(root);
  }

  /** Gives up every lease this process took (a clean stop). */
  releaseAll(): void {
    for (const root of this.keeper.roots()) {
      try {
        this.release(root);
      } catch {
        // A share gone at stop: its lease lapses by its timeout.
      }
    }
    this.keeper.close();
  }

  /** A new holding of this process, at heartbeat 0. */
  recordFor(projectId: string | null): LeaseRecord {
    const stamp = new Date().toISOString();
    return {
      svc_lease: 1,
      host: { ...this.options.identity },
      pid: process.pid,
      process: this.options.process,
      url: this.servedAt?.url ?? null,
      mcp_url: this.servedAt?.mcp_url ?? null,
      project_id: projectId,
      heartbeat: 0,
      taken_at: stamp,
      beat_at: stamp,
    };
  }

  private withProblem(view: HostView, problem: string | null | undefined): HostView {
    return problem ? { ...view, problem } : view;
  }

  private judge(lease: LeaseState): HostView {
    if (lease.state === "absent") return { role: "seat", holder: null };
    if (lease.state === "unreadable") return { role: "seat", holder: null, unreadable: lease.reason };
    const { record } = lease;
    const same = sameHost(record.host, this.options.identity);
    return {
      role: same ? "host" : "seat",
      holder: {
        hostname: record.host.hostname,
        url: record.url,
        mcp_url: record.mcp_url,
        process: record.process,
        same_host: same,
      },
    };
  }
}
