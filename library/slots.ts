import type { SlotRow } from "../state/repos/slots.js";
import type { RegistryStore } from "../state/stores.js";
import { EXIT, UserError } from "./errors.js";

/** The single-flight ingest slot of one project root, shared by the daemon, the CLI and the API. */
export const ingestSlotName = (root: string) => `ingest:${root}`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else, so it still holds the slot.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
  const claim = registry.slots.claim(name, holder, pid, isAlive);
  if (!claim.ok) throw new SlotBusyError(claim.heldBy);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      registry.slots.release(name, pid, holder);
    },
  };
}
