import type { Db } from "../db.js";

export interface SlotRow {
  name: string;
  holder: string;
  pid: number;
  acquired_at: string;
}

export type SlotClaim = { ok: true } | { ok: false; heldBy: SlotRow };

/**
 * Single-flight slots shared by every svc process on the machine (daemon, CLI). A slot whose
 * holder process is gone is taken over, so a crash never wedges ingest.
 */
export class SlotsRepo {
  constructor(private readonly db: Db) {}

  claim(name: string, holder: string, pid: number, isAlive: (pid: number) => boolean): SlotClaim {
    const attempt = this.db.transaction((): SlotClaim => {
      const current = this.db.prepare("SELECT * FROM slots WHERE name = ?").get(name) as SlotRow | undefined;
      if (current && isAlive(current.pid)) return { ok: false, heldBy: current };
      this.db
        .prepare("INSERT OR REPLACE INTO slots (name, holder, pid, acquired_at) VALUES (?, ?, ?, ?)")
        .run(name, holder, pid, new Date().toISOString());
      return { ok: true };
    });
    return attempt.immediate();
  }

  release(name: string, pid: number, holder: string): void {
    this.db.prepare("DELETE FROM slots WHERE name = ? AND pid = ? AND holder = ?").run(name, pid, holder);
  }

  get(name: string): SlotRow | undefined {
    return this.db.prepare("SELECT * FROM slots WHERE name = ?").get(name) as SlotRow | undefined;
  }
}
