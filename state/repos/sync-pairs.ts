import { Repository } from "../statements.js";

export type SyncMethod = "timecode" | "waveform" | "both";
export type SyncState = "proposed" | "accepted" | "rejected";

/** One camera clip synced to one sound file, as stored (migration 15). */
export interface SyncPairRow {
  id: number;
  camera_media_id: number;
  sound_media_id: number;
  /** JSON array of {index, name}: the recorder's channels, 1-based. */
  channels_json: string;
  /** Where the camera clip's first frame falls in the sound file, samples at sound_rate. */
  offset_samples: number;
  sound_rate: number;
  method: SyncMethod;
  confidence: number;
  state: SyncState;
  reason: string;
  created_at: string;
  updated_at: string;
}

/** What a sync run found for a pair. */
export type FoundPair = Pick<
  SyncPairRow,
  | "camera_media_id"
  | "sound_media_id"
  | "channels_json"
  | "offset_samples"
  | "sound_rate"
  | "method"
  | "confidence"
  | "reason"
>;

export interface SyncPairFilter {
  state?: SyncState | undefined;
  /** Pairs this item is the camera or the sound of. */
  mediaId?: number | undefined;
  /** Page: pairs with an id above this. */
  afterId?: number | undefined;
  limit: number;
}

/** What a sync run reads of a camera clip or a sound file (kind video or audio, ingested, present). */
export interface SyncMediaRow {
  id: number;
  rel_path: string;
  kind: "video" | "audio";
  duration_s: number | null;
  start_timecode: string | null;
  fps: number | null;
  fps_rational: string | null;
  shot_date: string | null;
  audio_tracks: number;
  audio_sample_rate: number | null;
  audio_streams_json: string | null;
}

/** Sync pairs and the camera clips a run claimed nothing for (tables sync_pairs, sync_unmatched). */
export class SyncPairsRepo extends Repository {
  list(filter: SyncPairFilter): SyncPairRow[] {
    return this.prepare(
      `SELECT * FROM sync_pairs
        WHERE (@state IS NULL OR state = @state)
          AND (@media IS NULL OR camera_media_id = @media OR sound_media_id = @media)
          AND id > @after
        ORDER BY id LIMIT @limit`,
    ).all({
      state: filter.state ?? null,
      media: filter.mediaId ?? null,
      after: filter.afterId ?? 0,
      limit: filter.limit,
    }) as SyncPairRow[];
  }

  /**
   * Ingested, present items of `kind`, in path order; with `under`, only those in that folder
   * (relative to the project root) and its subfolders.
   */
  media(kind: "video" | "audio", under: string | null): SyncMediaRow[] {
    return this.prepare(
      `SELECT id, rel_path, kind, duration_s, start_timecode, fps, fps_rational, shot_date, audio_tracks,
              audio_sample_rate, audio_streams_json
         FROM media
        WHERE kind = @kind AND status = 'done' AND missing_since IS NULL
          AND (@under IS NULL OR substr(rel_path, 1, length(@under) + 1) = @under || '/')
        ORDER BY rel_path`,
    ).all({ kind, under }) as SyncMediaRow[];
  }

  /** A camera clip's proposed pairs with recordings a run no longer found; decided pairs stay. */
  prune(cameraMediaId: number, keptSoundIds: readonly number[]): void {
    this.prepare(
      `DELETE FROM sync_pairs WHERE camera_media_id = ? AND state = 'proposed'
          AND sound_media_id NOT IN (SELECT value FROM json_each(?))`,
    ).run(cameraMediaId, JSON.stringify(keptSoundIds));
  }

  get(id: number): SyncPairRow | undefined {
    return this.prepare("SELECT * FROM sync_pairs WHERE id = ?").get(id) as SyncPairRow | undefined;
  }

  /** Every pair any of `mediaIds` is the camera of, accepted ones only when `acceptedOnly` (exports). */
  forCameras(mediaIds: readonly number[], acceptedOnly: boolean): SyncPairRow[] {
    return this.prepare(
      `SELECT * FROM sync_pairs WHERE camera_media_id IN (SELECT value FROM json_each(?))
         AND (? = 0 OR state = 'accepted') ORDER BY camera_media_id, confidence DESC, id`,
    ).all(JSON.stringify([...new Set(mediaIds)]), acceptedOnly ? 1 : 0) as SyncPairRow[];
  }

  /**
   * Records what a run found for a pair. A pair an editor accepted or rejected keeps its
   * decision and its offset; a proposed one takes the new finding. The clip is no longer
   * unmatched. The pair as stored.
   */
  record(found: FoundPair): SyncPairRow {
    const write = this.db.transaction((): SyncPairRow => {
      const stamp = new Date().toISOString();
      this.prepare("DELETE FROM sync_unmatched WHERE camera_media_id = ?").run(found.camera_media_id);
      return (
        (this.prepare(
          `INSERT INTO sync_pairs (camera_media_id, sound_media_id, channels_json, offset_samples, sound_rate,
             method, confidence, state, reason, created_at, updated_at)
         VALUES (@camera_media_id, @sound_media_id, @channels_json, @offset_samples, @sound_rate, @method,
             @confidence, 'proposed', @reason, @stamp, @stamp)
         ON CONFLICT (camera_media_id, sound_media_id) DO UPDATE SET
             channels_json = excluded.channels_json, offset_samples = excluded.offset_samples,
             sound_rate = excluded.sound_rate, method = excluded.method, confidence = excluded.confidence,
             reason = excluded.reason, updated_at = excluded.updated_at
           WHERE sync_pairs.state = 'proposed'
         RETURNING *`,
        ).get({ ...found, stamp }) as SyncPairRow | undefined) ??
        (this.prepare("SELECT * FROM sync_pairs WHERE camera_media_id = ? AND sound_media_id = ?").get(
          found.camera_media_id,
          found.sound_media_id,
        ) as SyncPairRow)
      );
    });
    return write.immediate();
  }

  /** A camera clip a run looked at and claimed nothing for; its proposed pairs go. */
  unmatched(cameraMediaId: number, reason: string): void {
    this.db
      .transaction(() => {
        this.prepare("DELETE FROM sync_pairs WHERE camera_media_id = ? AND state = 'proposed'").run(
          cameraMediaId,
        );
        this.prepare(
          "INSERT OR REPLACE INTO sync_unmatched (camera_media_id, reason, checked_at) VALUES (?, ?, ?)",
        ).run(cameraMediaId, reason, new Date().toISOString());
      })
      .immediate();
  }

  unmatchedClips(limit: number): { camera_media_id: number; reason: string; checked_at: string }[] {
    return this.prepare("SELECT * FROM sync_unmatched ORDER BY camera_media_id LIMIT ?").all(limit) as {
      camera_media_id: number;
      reason: string;
      checked_at: string;
    }[];
  }

  /**
   * An editor's decision and nudge, in one write transaction: `check` sees the pair as it would be
   * and throws to refuse (nothing written). Undefined for no such pair.
   */
  update(
    id: number,
    change: Partial<Pick<SyncPairRow, "state" | "offset_samples">>,
    check: (merged: SyncPairRow) => void,
  ): SyncPairRow | undefined {
    const write = this.db.transaction((): SyncPairRow | undefined => {
      const row = this.get(id);
      if (!row) return undefined;
      const merged: SyncPairRow = { ...row, ...change };
      check(merged);
      return this.prepare(
        `UPDATE sync_pairs SET state = @state, offset_samples = @offset_samples, updated_at = @stamp
          WHERE id = @id RETURNING *`,
      ).get({
        id,
        state: merged.state,
        offset_samples: merged.offset_samples,
        stamp: new Date().toISOString(),
      }) as SyncPairRow;
    });
    return write.immediate();
  }
}
