import { z } from "zod";
import { readJsonColumn } from "../json-column.js";
import { Repository } from "../statements.js";

/** An item's editorial work, as kept with its trashed file. */
export interface Editorial {
  in_point: number | null;
  out_point: number | null;
  camera_id: string | null;
  angle: string | null;
  rating: string | null;
  rating_note: string | null;
  manual_tags: string[];
  /** The anamorphic desqueeze an editor set (entries trashed before it was kept have none). */
  desqueeze?: number | null | undefined;
  /** Its markers and subclips (entries trashed before they existed have none). */
  marks?: KeptMark[] | undefined;
  /** Its sync pairs, the other item named by path (it may be gone by the restore). */
  sync_pairs?: KeptSyncPair[] | undefined;
}

const KEPT_MARK = z.object({
  type: z.enum(["marker", "subclip"]),
  name: z.string(),
  note: z.string(),
  color: z.string(),
  kind: z.enum(["marker", "todo", "chapter"]).nullable(),
  start_s: z.number(),
  end_s: z.number().nullable(),
  author: z.string(),
  created_at: z.string(),
});
export type KeptMark = z.infer<typeof KEPT_MARK>;

const KEPT_SYNC_PAIR = z.object({
  /** Which side of the pair the trashed item was. */
  role: z.enum(["camera", "sound"]),
  other_path: z.string(),
  channels_json: z.string(),
  offset_samples: z.number(),
  sound_rate: z.number(),
  method: z.enum(["timecode", "waveform", "both"]),
  confidence: z.number(),
  state: z.enum(["proposed", "accepted", "rejected"]),
  reason: z.string(),
});
export type KeptSyncPair = z.infer<typeof KEPT_SYNC_PAIR>;

export interface TrashRow {
  id: number;
  rel_path: string;
  trash_path: string;
  kind: string;
  size: number | null;
  deleted_at: string;
  editorial: Editorial;
}

export const EDITORIAL = z.object({
  in_point: z.number().nullable(),
  out_point: z.number().nullable(),
  camera_id: z.string().nullable(),
  angle: z.string().nullable(),
  rating: z.string().nullable(),
  rating_note: z.string().nullable(),
  manual_tags: z.array(z.string()),
  desqueeze: z.number().nullable().optional(),
  marks: z.array(KEPT_MARK).optional(),
  sync_pairs: z.array(KEPT_SYNC_PAIR).optional(),
});

/** An item without editorial work. */
export const NO_EDITORIAL: Editorial = Object.freeze({
  in_point: null,
  out_point: null,
  camera_id: null,
  angle: null,
  rating: null,
  rating_note: null,
  manual_tags: [],
});

type StoredRow = Omit<TrashRow, "editorial"> & { editorial_json: string };
const fromRow = ({ editorial_json, ...row }: StoredRow): TrashRow => ({
  ...row,
  editorial: readJsonColumn(editorial_json, EDITORIAL, NO_EDITORIAL),
});

/** Files in `.svc/trash` and the editorial work waiting for restored files to be ingested again. */
export class TrashRepo extends Repository {
  all(): TrashRow[] {
    return (this.prepare("SELECT * FROM trash ORDER BY deleted_at DESC, id DESC").all() as StoredRow[]).map(
      fromRow,
    );
  }

  get(id: number): TrashRow | undefined {
    const row = this.prepare("SELECT * FROM trash WHERE id = ?").get(id) as StoredRow | undefined;
    return row && fromRow(row);
  }

  /** Entries deleted before `before` (ISO time). */
  deletedBefore(before: string): TrashRow[] {
    return (
      this.prepare("SELECT * FROM trash WHERE deleted_at < ? ORDER BY id").all(before) as StoredRow[]
    ).map(fromRow);
  }

  forget(id: number): void {
    this.prepare("DELETE FROM trash WHERE id = ?").run(id);
  }

  /**
   * The file is back at its place: the entry goes and its editorial work waits, keyed by path,
   * for the probe that makes the file an item again.
   */
  restored(entry: TrashRow): void {
    this.db
      .transaction(() => {
        this.prepare("DELETE FROM trash WHERE id = ?").run(entry.id);
        this.prepare(
          "INSERT OR REPLACE INTO pending_editorial (rel_path, editorial_json, restored_at) VALUES (?, ?, ?)",
        ).run(entry.rel_path, JSON.stringify(entry.editorial), new Date().toISOString());
      })
      .immediate();
  }
}
