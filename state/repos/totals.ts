import { Repository } from "../statements.js";
import type { MediaKind } from "./media.js";

export type EmbedState = "new" | "stale" | "unverified" | "unchanged";

export interface KindTotal {
  kind: MediaKind;
  present: number;
  missing: number;
  duration_s: number;
}

/** A derived file whose size is not recorded yet: `rel` is relative to the data folder. */
export interface UnmeasuredFile {
  id: number;
  rel: string;
}

// Files measured, or items planned, per write transaction: a first request after an upgrade
// catches up in steps instead of holding the write lock for the whole library.
const BATCH = 500;

/**
 * The running totals the migration-5 triggers keep (items per kind, derived bytes, embedding
 * freshness, stored vectors), and the catching up on what only JavaScript can tell: file sizes
 * and text hashes.
 */
export class TotalsRepo extends Repository {
  kinds(): KindTotal[] {
    return (
      this.prepare("SELECT kind, present, missing, duration_ns FROM media_totals ORDER BY kind").all() as {
        kind: MediaKind;
        present: number;
        missing: number;
        duration_ns: number;
      }[]
    ).map((r) => ({ kind: r.kind, present: r.present, missing: r.missing, duration_s: r.duration_ns / 1e9 }));
  }

  derived(): { dir: "thumbs" | "frames"; bytes: number; unmeasured: number }[] {
    return this.prepare("SELECT dir, bytes, unmeasured FROM derived_totals ORDER BY dir").all() as {
      dir: "thumbs" | "frames";
      bytes: number;
      unmeasured: number;
    }[];
  }

  /**
   * Records the size of up to one batch of unmeasured thumbnails and key frames; `size` gives a
   * file's bytes as counted towards `dir` (0 when it is gone). Sizes are taken inside the write transaction, so a file
   * rewritten meanwhile cannot have its old size recorded after the rewrite cleared it.
   * Returns how many were measured; 0 when none are left.
   */
  measureDerived(size: (rel: string, dir: "thumbs" | "frames") => number): number {
    return this.db
      .transaction(() => {
        const thumbs = this.prepare(
          `SELECT id, thumb_path AS rel FROM media WHERE thumb_path IS NOT NULL AND thumb_bytes IS NULL LIMIT ${BATCH}`,
        ).all() as UnmeasuredFile[];
        const setThumb = this.prepare("UPDATE media SET thumb_bytes = ? WHERE id = ?");
        for (const file of thumbs) setThumb.run(size(file.rel, "thumbs"), file.id);
        const frames = this.prepare(
          `SELECT id, keyframe_path AS rel FROM scenes WHERE keyframe_bytes IS NULL LIMIT ${BATCH}`,
        ).all() as UnmeasuredFile[];
        const setFrame = this.prepare("UPDATE scenes SET keyframe_bytes = ? WHERE id = ?");
        for (const file of frames) setFrame.run(size(file.rel, "frames"), file.id);
        return thumbs.length + frames.length;
      })
      .immediate();
  }

  /** Probed items per freshness state and the model it was planned for ('' for none). */
  embedCounts(): { state: EmbedState | ""; model: string; n: number }[] {
    return this.prepare("SELECT state, model, n FROM embed_state_counts WHERE n > 0").all() as {
      state: EmbedState | "";
      model: string;
      n: number;
    }[];
  }

  /** Stored vectors of one model. */
  vectorCount(model: string): number {
    const row = this.prepare("SELECT n FROM vector_counts WHERE model = ?").get(model) as
      | { n: number }
      | undefined;
    return row?.n ?? 0;
  }

  /**
   * Plans up to one batch of probed items whose freshness is unknown for `model` (never planned,
   * changed since, or planned for another model) and records the answers, all in one write
   * transaction so no change can slip between a plan and its record. Returns how many were planned.
   */
  planEmbeds(model: string, plan: (mediaId: number) => EmbedState): number {
    return this.db
      .transaction(() => {
        // Disjoint parts (an unplanned item has no model), each searched on its own index.
        const ids = (
          this.prepare(
            `SELECT id FROM media WHERE embed_state IS NULL AND next_stage <> 'probe'
             UNION ALL SELECT id FROM media WHERE embed_model < @model AND next_stage <> 'probe'
             UNION ALL SELECT id FROM media WHERE embed_model > @model AND next_stage <> 'probe'
             LIMIT ${BATCH}`,
            true,
          ).all({ model }) as [number][]
        ).map((r) => r[0]);
        const record = this.prepare("UPDATE media SET embed_state = ?, embed_model = ? WHERE id = ?");
        for (const id of ids) {
          const state = plan(id);
          // Only these two depend on the model; the others are what the triggers would set.
          record.run(state, state === "stale" || state === "unchanged" ? model : null, id);
        }
        return ids.length;
      })
      .immediate();
  }
}
