import type { HostIdentity } from "../../adapters/host-identity.js";
import { EXIT, UserError } from "../../domain/errors.js";
import type { Config } from "../../state/config.js";
import { errnoOf } from "../../state/errno.js";
import { makeFolderSync } from "../../state/folders.js";
import {
  createLease,
  type LeaseRecord,
  type LeaseState,
  readLease,
  releaseLease,
  sameHost,
} from "../../state/lease-file.js";
import { projectPaths } from "../../state/paths.js";
import { readProjectId } from "../../state/project-id.js";

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

export interface ProjectHostsOptions {
  readonly config: Pick<Config, "hostRole" | "leaseTimeoutMs">;
  readonly identity: HostIdentity;
  /** What this process is, as the lease says (`svc serve`, `svc ingest`). */
  readonly process: string;
}

/**
 * The leases of the projects this process touches. A project's `.svc/host.json` names its one
 * library host; this process hosts a project when the lease is its own or its host's (the daemon
 * and a command of the same machine, account and SVC_HOME share one; the registry's single-flight
 * slot orders them), and is a seat for it otherwise.
 */
export class ProjectHosts {
  private servedAt: ServedAt | null = null;
  /** The leases this process took, by project root. */
  private readonly held = new Map<string, LeaseRecord>();

  constructor(readonly options: ProjectHostsOptions) {}

  get identity(): HostIdentity {
    return this.options.identity;
  }

  /** Where this svc listens, written into the leases it takes from now on. */
  listening(at: ServedAt): void {
    this.servedAt = at;
  }

  /** The lease of `root` as it is now, and this process's role by it. */
  view(root: string): HostView {
    return this.judge(readLease(projectPaths(root).hostLease));
  }

  /**
   * Takes the lease of `root` when nobody holds it (SVC_HOST_ROLE=seat never does); the view
   * after. Never waits and never takes a lease another holds.
   */
  claim(root: string): HostView {
    const paths = projectPaths(root);
    const before = readLease(paths.hostLease);
    if (before.state !== "absent" || this.options.config.hostRole === "seat") return this.judge(before);
    try {
      makeFolderSync(paths.dataDir);
      const record = this.recordFor(readProjectId(paths));
      if (createLease(paths.hostLease, record)) this.held.set(root, record);
    } catch (error) {
      throw new UserError(
        `cannot take the project's host lease (.svc/host.json): ${errnoOf(error, (error as Error).message)}`,
        EXIT.storage,
        503,
      );
    }
    return this.view(root);
  }

  /** Throws HostedElsewhere unless this process may write the project at `root` (taking its lease when free). */
  requireWriter(root: string, label: string): void {
    const view = this.claim(root);
    if (view.role !== "host") throw new HostedElsewhere(label, view.holder, view.unreadable);
  }

  /** The lease this process holds for `root`, if it took one. */
  heldLease(root: string): LeaseRecord | undefined {
    return this.held.get(root);
  }

  /** Gives up the lease of `root` if this process took it. */
  release(root: string): void {
    const mine = this.held.get(root);
    if (!mine) return;
    this.held.delete(root);
    releaseLease(projectPaths(root).hostLease, mine);
  }

  /** Gives up every lease this process took (a clean stop). */
  releaseAll(): void {
    for (const root of [...this.held.keys()]) {
      try {
        this.release(root);
      } catch {
        // A share gone at stop: its lease lapses by its timeout.
      }
    }
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
