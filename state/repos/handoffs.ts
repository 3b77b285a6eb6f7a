import { Repository } from "../statements.js";

/** The applications a hand-off can be for. */
export type HandoffTarget = "resolve";

/** A hand-off as stored: the request as given, and whether a script has taken it. */
export interface HandoffRow {
  id: number;
  target: HandoffTarget;
  bin: string;
  /** JSON of what was asked for: `{ids, subclips}`. */
  request_json: string;
  author: string;
  created_at: string;
  /** When a script took it; null while it is pending. */
  taken_at: string | null;
  /** The name of the token (or the local user) that took it. */
  taken_by: string | null;
}

export type NewHandoff = Pick<HandoffRow, "target" | "bin" | "request_json" | "author">;

/** Hand-offs kept at most: the oldest taken ones go first when a new one is made. */
const KEEP = 200;

/** Hand-offs to an editing application (table `handoffs`). */
export class HandoffsRepo extends Repository {
  /** Records a pending hand-off and prunes taken ones beyond the newest KEEP; returns it. */
  add(handoff: NewHandoff): HandoffRow {
    const created = new Date().toISOString();
    const row = this.prepare(
      `INSERT INTO handoffs (target, bin, request_json, author, created_at) VALUES (?, ?, ?, ?, ?)
        RETURNING *`,
    ).get(handoff.target, handoff.bin, handoff.request_json, handoff.author, created) as HandoffRow;
    this.prepare(
      `DELETE FROM handoffs WHERE taken_at IS NOT NULL
        AND id NOT IN (SELECT id FROM handoffs ORDER BY id DESC LIMIT ?)`,
    ).run(KEEP);
    return row;
  }

  get(id: number): HandoffRow | undefined {
    return this.prepare("SELECT * FROM handoffs WHERE id = ?").get(id) as HandoffRow | undefined;
  }

  /**
   * Takes the newest pending hand-off for `target` in one statement, so two scripts asking at
   * once never both get it; undefined when none is pending.
   */
  takeNewest(target: HandoffTarget, takenBy: string): HandoffRow | undefined {
    return this.prepare(
      `UPDATE handoffs SET taken_at = ?, taken_by = ?
        WHERE id = (SELECT id FROM handoffs WHERE target = ? AND taken_at IS NULL ORDER BY id DESC LIMIT 1)
        RETURNING *`,
    ).get(new Date().toISOString(), takenBy, target) as HandoffRow | undefined;
  }

  /** The newest hand-offs first, pending and taken. */
  list(limit: number): HandoffRow[] {
    return this.prepare("SELECT * FROM handoffs ORDER BY id DESC LIMIT ?").all(limit) as HandoffRow[];
  }
}
