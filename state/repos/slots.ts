import { Repository } from "../statements.js";

export interface SlotRow {
  name: string;
  holder: string;
  pid: number;
  acquired_at: string;
  /** Refreshed by the holder while it runs; a holder that stops refreshing it has let go. */
  heartbeat_at: string | null;
}

export type SlotClaim = { ok: true } | { ok: false; heldBy: SlotRow };

/**
 * Single-flight slots shared by every svc process on the machine (daemon, CLI). A slot whose
 * holder no longer holds it (`holds` says no: its process is gone or stopped beating) is taken
 * over, so a crash never wedges ingest.
 */
export class SlotsRepo extends Repository {
  claim(name: string, holder: string, pid: number, holds: (row: SlotRow) => boolean): SlotClaim {
    const attempt = this.db.transaction((): SlotClaim => {
      const current = this.prepare("SELECT * FROM slots WHERE name = ?").get(name) as SlotRow | undefined;
      if (current && holds(current)) return { ok: false, heldBy: current };
      const stamp = new Date().toISOString();
      this.prepare(
        "INSERT OR REPLACE INTO slots (name, holder, pid, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?)",
      ).run(name, holder, pid, stamp, stamp);
      return { ok: true };
    });
    return attempt.immediate();
  }

  /** Refreshes the holder's heartbeat; false when the slot is no longer its own. */
  beat(name: string, pid: number, holder: string): boolean {
    return (
      this.prepare("UPDATE slots SET heartbeat_at = ? WHERE name = ? AND pid = ? AND holder = ?").run(
        new Date().toISOString(),
        name,
        pid,
        holder,
      ).changes > 0
    );
  }

  release(name: string, pid: number, holder: string): void {
    this.prepare("DELETE FROM slots WHERE name = ? AND pid = ? AND holder = ?").run(name, pid, holder);
  }

  get(name: string): SlotRow | undefined {
    return this.prepare("SELECT * FROM slots WHERE name = ?").get(name) as SlotRow | undefined;
  }
}
