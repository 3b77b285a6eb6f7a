import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { folderLabel } from "../../domain/folder-name.js";
import { isErrno } from "../../state/errno.js";
import type { SlotRow } from "../../state/repos/slots.js";
import type { RegistryStore } from "../../state/stores.js";
import type { AppContext } from "../context.js";

/**
 * How a holder shows it is still there. A PID alone is not enough: once its process is gone the
 * PID can be handed to an unrelated process, which would keep the slot "alive" forever. The
 * holder therefore refreshes a heartbeat every HEARTBEAT_MS; a slot whose heartbeat is older
 * than STALE_AFTER_MS is abandoned whoever has the PID now. (A process start time would say the
 * same at once, but reading it needs /proc on Linux and another process on macOS; the heartbeat
 * works everywhere.) A holder whose PID is gone is taken over at once, without waiting.
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;

/**
 * The single-flight ingest slot of one project root, shared by the daemon, the CLI and the API.
 * Keyed by the root's real path, so a root reached through a symlink shares its slot.
 */
export function ingestSlotName(root: string): string {
  let real: string;
  try {
    real = realpathSync(root);
  } catch {
    // A root that is not there cannot be ingested anyway; its lexical name keys the refusal.
    real = resolve(root);
  }
  return `ingest:${real}`;
}

/** Whether process `pid` exists (one of another user counts: it is running). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it still holds the slot.
    return isErrno(error, "EPERM");
  }
}

/**
 * Whether the job recorded in `row` still holds its slot at `now`. A row with this process's own
 * PID taken before this process started was left by a process now gone that had the same PID:
 * svc restarted in a fresh PID namespace (a container, `unshare --pid`), where each one is PID 1.
 * Its heartbeat may still look fresh, and waiting STALE_AFTER_MS would stall the new process's
 * first passes (a seat that takes a project over could not catch up for a minute).
 */
export function stillHeld(row: SlotRow, now = Date.now()): boolean {
  if (row.pid === process.pid && Date.parse(row.acquired_at) < now - process.uptime() * 1000) return false;
  if (!isAlive(row.pid)) return false;
  const beat = Date.parse(row.heartbeat_at ?? row.acquired_at);
  return Number.isFinite(beat) && now - beat < STALE_AFTER_MS;
}

export function describeHolder(row: SlotRow): string {
  return `${row.holder} (pid ${row.pid}, since ${row.acquired_at})`;
}

export class SlotBusyError extends UserError {
  constructor(readonly heldBy: SlotRow) {
    super(
      `another job holds the ingest slot for this project: ${describeHolder(heldBy)}`,
      EXIT.tempfail,
      409,
    );
    this.name = "SlotBusyError";
  }
}

export interface SlotLease {
  release(): void;
}

/** Takes the slot or throws SlotBusyError naming the job that holds it. */
export function claimSlot(registry: RegistryStore, name: string, holder: string): SlotLease {
  const pid = process.pid;
  const claim = registry.slots.claim(name, holder, pid, (row) => stillHeld(row));
  if (!claim.ok) throw new SlotBusyError(claim.heldBy);
  const heartbeat = setInterval(() => {
    try {
      registry.slots.beat(name, pid, holder);
    } catch {
      // A busy or closing registry misses one beat; only a silence of STALE_AFTER_MS lets go.
    }
  }, HEARTBEAT_MS);
  // The heartbeat never keeps a process alive that has nothing else to do.
  heartbeat.unref();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      registry.slots.release(name, pid, holder);
    },
  };
}

/**
 * Takes the single-flight ingest slot of the project at `root`, after making sure this process
 * may write the project at all: its host lease is this svc's host's, or free and taken now
 * (HostedElsewhere, exit 75 / 503, names the host otherwise).
 */
export function claimIngestSlot(
  ctx: Pick<AppContext, "registry" | "hosts">,
  root: string,
  holder: string,
): SlotLease {
  ctx.hosts.requireWriter(root, folderLabel(root));
  return claimSlot(ctx.registry, ingestSlotName(root), holder);
}
