import { Repository } from "../statements.js";

export interface FailureRow {
  rel_path: string;
  stage: string;
  reason: string;
  size: number | null;
  mtime_ms: number | null;
  attempts: number;
  failed_at: string;
}

/** Files that could not become an item (bad or unreadable media) and why. */
export class FailuresRepo extends Repository {
  record(relPath: string, stage: string, reason: string, size: number | null, mtimeMs: number | null): void {
    this.prepare(
      `INSERT INTO failures (rel_path, stage, reason, size, mtime_ms, attempts, failed_at)
         VALUES (?, ?, ?, ?, ?, 1, ?)
         ON CONFLICT (rel_path) DO UPDATE SET stage = excluded.stage, reason = excluded.reason,
           size = excluded.size, mtime_ms = excluded.mtime_ms, attempts = attempts + 1,
           failed_at = excluded.failed_at`,
    ).run(relPath, stage, reason, size, mtimeMs, new Date().toISOString());
  }

  clear(relPath: string): void {
    this.prepare("DELETE FROM failures WHERE rel_path = ?").run(relPath);
  }

  get(relPath: string): FailureRow | undefined {
    return this.prepare("SELECT * FROM failures WHERE rel_path = ?").get(relPath) as FailureRow | undefined;
  }

  all(): FailureRow[] {
    return this.prepare("SELECT * FROM failures ORDER BY rel_path").all() as FailureRow[];
  }

  count(): number {
    return (this.prepare("SELECT count(*) AS n FROM failures").get() as { n: number }).n;
  }
}
