import { shotDateFrom } from "../../formats/capture-date.js";
import { readJsonColumn } from "../json-column.js";
import { Repository } from "../statements.js";
import { EDITORIAL } from "./trash.js";

export type MediaKind = "video" | "audio" | "image";
export type ItemStatus = "pending" | "done" | "failed";
export type StageStatus = "done" | "failed" | "not_configured" | "skipped";

export interface MediaRow extends Required<ProbeFields> {
  desqueeze: number | null;
  span_id: string | null;
  span_index: number | null;
  span_count: number | null;
  span_json: string | null;
  id: number;
  rel_path: string;
  /** The file name part of rel_path (a generated column). */
  name: string;
  kind: MediaKind;
  size: number;
  mtime_ms: number;
  fingerprint: string;
  missing_since: string | null;
  shot_date: string | null;
  thumb_path: string | null;
  /** Waveform peaks made in the decode pass, relative to .svc; null until made (or no sound). */
  waveform_path: string | null;
  /** The scrub sprite's layout and file (domain/schemas/media.ts SPRITE_LAYOUT), JSON; null until made. */
  sprite_json: string | null;
  rating: string | null;
  rating_note: string | null;
  in_point: number | null;
  out_point: number | null;
  camera_id: string | null;
  angle: string | null;
  transcript: string | null;
  segments_json: string | null;
  words_json: string | null;
  language: string | null;
  embed_hash: string | null;
  color_profile: string | null;
  color_profile_suggested: string | null;
  next_stage: string;
  status: ItemStatus;
  error_stage: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * What the catch-up pass decides on for a scanned file, all from the media_catch_up index
 * (migration 21): of the thumbnail, peaks and sprite only whether the row has none (1) or one (0).
 */
export type CatchUpRow = Pick<
  MediaRow,
  | "id"
  | "rel_path"
  | "kind"
  | "size"
  | "mtime_ms"
  | "missing_since"
  | "status"
  | "status_reason"
  | "camera_proxy"
  | "audio_tracks"
  | "codec"
  | "audio_codec"
  | "audio_channels"
> & {
  no_thumb: 0 | 1;
  no_waveform: 0 | 1;
  no_sprite: 0 | 1;
  /**
   * How the proxy, waveform and sprite stages ended, as `stage=status` joined by commas (null:
   * none ran): a string the caller reads in place, not a JSON object per row.
   */
  stages: string | null;
};

/** How a stage of an item ended last time it ran; undefined when it never did. */
export type StageStatusOf = (mediaId: number, stage: string) => StageStatus | undefined;

export interface StageRow {
  media_id: number;
  stage: string;
  status: StageStatus;
  detail: string | null;
  started_at: string;
  elapsed_ms: number;
}

/** What the file looked like on disk when it was read. */
export interface FileIdentity {
  relPath: string;
  kind: MediaKind;
  size: number;
  mtimeMs: number;
  fingerprint: string;
}

/** Probe results: the only source of the technical columns. */
export interface ProbeFields {
  duration_s: number | null;
  codec: string | null;
  /** First audio stream's codec, for every kind that has sound (null for items probed before v2). */
  audio_codec: string | null;
  fps: number | null;
  width: number | null;
  height: number | null;
  start_timecode: string | null;
  audio_tracks: number;
  creation_date: string | null;
  metadata_json: string | null;
  /** The log profile the camera metadata names; absent counts as none. */
  color_profile_suggested?: string | null;
  /** First audio stream's channel count and samples per second; absent counts as unknown (null). */
  audio_channels?: number | null;
  audio_sample_rate?: number | null;
  // Camera originals (migration 12); absent counts as unknown (null).
  display_width?: number | null;
  display_height?: number | null;
  pixel_aspect?: string | null;
  rotation?: number | null;
  desqueeze_suggested?: number | null;
  hdr?: string | null;
  fps_rational?: string | null;
  /** 1 for variable frame rate, 0 for constant. */
  vfr?: number | null;
  field_order?: string | null;
  timecode_source?: string | null;
  timecode_conflicts_json?: string | null;
  audio_streams_json?: string | null;
  slate_json?: string | null;
  sequence_json?: string | null;
  status_reason?: string | null;
  camera_proxy?: string | null;
}

/** What a probe reads of a camera original beyond a phone clip's facts (migration 12). */
export const CAMERA_COLUMNS = [
  "display_width",
  "display_height",
  "pixel_aspect",
  "rotation",
  "desqueeze_suggested",
  "hdr",
  "fps_rational",
  "vfr",
  "field_order",
  "timecode_source",
  "timecode_conflicts_json",
  "audio_streams_json",
  "slate_json",
  "sequence_json",
  "status_reason",
  "camera_proxy",
] as const satisfies readonly (keyof ProbeFields)[];

/**
 * The columns a probe writes beyond the original ones, each NULL when the probe did not say:
 * saveProbe writes them all, so a re-probe never keeps a stale value.
 */
export const PROBE_EXTRA_COLUMNS = [
  "audio_channels",
  "audio_sample_rate",
  "color_profile_suggested",
  ...CAMERA_COLUMNS,
] as const satisfies readonly (keyof ProbeFields)[];

/**
 * The columns that decide how an item is decoded and shown (pipeline/decode-input.ts): whoever
 * reads items to decode them selects these.
 */
export const DECODE_COLUMNS = [
  "kind",
  "rel_path",
  "camera_proxy",
  "sequence_json",
  "fps_rational",
  "width",
  "height",
  "display_width",
  "display_height",
  "rotation",
  "field_order",
  "hdr",
] as const satisfies readonly (keyof MediaRow)[];
export type DecodeColumn = (typeof DECODE_COLUMNS)[number];

/** What the span rules read of an item (pipeline/spans.ts). */
export interface SpanCandidateRow {
  rel_path: string;
  size: number;
  duration_s: number | null;
  start_timecode: string | null;
  creation_date: string | null;
  fps: number | null;
  codec: string | null;
  width: number | null;
  height: number | null;
}

/** One item's place in a spanned recording, as a pass grouped it. */
export interface SpanAssignment {
  relPath: string;
  id: string;
  index: number;
  count: number;
  /** {offset_s, duration_s, start_timecode, missing} as JSON. */
  json: string;
}

// The folder part of rel_path with its trailing slash ('' at the root), as SQLite can say it.
const FOLDER_OF = "rtrim(rel_path, replace(rel_path, '/', ''))";
const folderKey = (dir: string) => (dir === "." || dir === "" ? "" : `${dir}/`);

export interface StageOutcome {
  stage: string;
  status: StageStatus;
  detail: string | null;
  startedAt: string;
  elapsedMs: number;
}

const now = () => new Date().toISOString();

/** The item was deleted (`DELETE /api/media/{id}`) while a pass was working on it. */
export class ItemDeletedError extends Error {
  constructor(readonly mediaId: number) {
    super("deleted during the pass");
    this.name = "ItemDeletedError";
  }
}

export class MediaRepo extends Repository {
  get(id: number): MediaRow | undefined {
    return this.prepare("SELECT * FROM media WHERE id = ?").get(id) as MediaRow | undefined;
  }

  /**
   * A stamp that changes whenever the item's transcript does (a trigger counts the changes; the
   * creation time tells a new item that reused a deleted one's id); undefined for no such item.
   */
  transcriptStamp(id: number): string | undefined {
    const row = this.prepare(
      "SELECT created_at || ':' || transcript_rev AS stamp FROM media WHERE id = ?",
    ).get(id) as { stamp: string } | undefined;
    return row?.stamp;
  }

  /**
   * The rows of those of `ids` that are items, in one query, without the heavy text an export
   * never reads (transcript, word timings, metadata: null here), and without segment timing
   * unless `withSegments` (subtitles).
   */
  exportRows(ids: readonly number[], withSegments: boolean): Map<number, MediaRow> {
    const light = (
      this.prepare(
        `SELECT name FROM pragma_table_xinfo('media')
          WHERE name NOT IN ('transcript', 'words_json', 'metadata_json', 'segments_json')`,
      ).all() as { name: string }[]
    ).map(({ name }) => `"${name}"`);
    const rows = this.prepare(
      `SELECT ${light.join(", ")}, NULL AS transcript, NULL AS words_json, NULL AS metadata_json,
              ${withSegments ? "segments_json" : "NULL AS segments_json"}
         FROM media WHERE id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify([...new Set(ids)])) as MediaRow[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** File names of those of `ids` that are items (one query, no heavy columns). */
  names(ids: readonly number[]): Map<number, string> {
    const rows = this.prepare(
      "SELECT m.id AS id, m.name AS name FROM json_each(?) j JOIN media m ON m.id = j.value",
    ).all(JSON.stringify(ids)) as { id: number; name: string }[];
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Path and creation time of those of `ids` that are items (one query): what a bin records of each. */
  identities(ids: readonly number[]): Map<number, Pick<MediaRow, "rel_path" | "created_at">> {
    const rows = this.prepare(
      "SELECT m.id AS id, m.rel_path AS rel_path, m.created_at AS created_at FROM json_each(?) j JOIN media m ON m.id = j.value",
    ).all(JSON.stringify(ids)) as { id: number; rel_path: string; created_at: string }[];
    return new Map(rows.map(({ id, rel_path, created_at }) => [id, { rel_path, created_at }]));
  }

  /** Kind and frame timing of those of `ids` that are items (one query): what export warnings need. */
  timing(ids: readonly number[]): Map<number, Pick<MediaRow, "kind" | "vfr">> {
    const rows = this.prepare(
      "SELECT m.id AS id, m.kind AS kind, m.vfr AS vfr FROM json_each(?) j JOIN media m ON m.id = j.value",
    ).all(JSON.stringify(ids)) as { id: number; kind: MediaKind; vfr: number | null }[];
    return new Map(rows.map(({ id, kind, vfr }) => [id, { kind, vfr }]));
  }

  byPath(relPath: string): MediaRow | undefined {
    return this.prepare("SELECT * FROM media WHERE rel_path = ?").get(relPath) as MediaRow | undefined;
  }

  all(): MediaRow[] {
    return this.prepare("SELECT * FROM media ORDER BY id").all() as MediaRow[];
  }

  count(): number {
    return (this.prepare("SELECT count(*) AS n FROM media").get() as { n: number }).n;
  }

  stages(mediaId: number): StageRow[] {
    return this.prepare("SELECT * FROM media_stages WHERE media_id = ? ORDER BY started_at, stage").all(
      mediaId,
    ) as StageRow[];
  }

  /**
   * The single write path for probe data: inserts a new item or refreshes an existing one, and
   * derives shot_date from creation_date here and nowhere else. Editorial fields (trim, camera,
   * angle, rating, note, manual tags) are never touched, and the item restarts at thumbnails.
   * Refreshing item `existingId` that was deleted meanwhile writes nothing: ItemDeletedError.
   */
  saveProbe(file: FileIdentity, probe: ProbeFields, probeOutcome: StageOutcome, existingId?: number): number {
    const write = this.db.transaction(() => {
      if (existingId !== undefined && !this.get(existingId)) throw new ItemDeletedError(existingId);
      const stamp = now();
      const extra = PROBE_EXTRA_COLUMNS;
      const row = this.prepare(
        `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, duration_s, codec, audio_codec, fps,
             width, height, start_timecode, audio_tracks, creation_date, shot_date, metadata_json,
             ${extra.join(", ")}, next_stage, status, created_at, updated_at)
           VALUES (@relPath, @kind, @size, @mtimeMs, @fingerprint, @duration_s, @codec, @audio_codec, @fps,
             @width, @height, @start_timecode, @audio_tracks, @creation_date, @shot_date, @metadata_json,
             ${extra.map((c) => `@${c}`).join(", ")}, 'thumbnails', 'pending', @stamp, @stamp)
           ON CONFLICT (rel_path) DO UPDATE SET
             kind = excluded.kind, size = excluded.size, mtime_ms = excluded.mtime_ms,
             fingerprint = excluded.fingerprint, missing_since = NULL, duration_s = excluded.duration_s,
             codec = excluded.codec, audio_codec = excluded.audio_codec, fps = excluded.fps,
             width = excluded.width, height = excluded.height,
             start_timecode = excluded.start_timecode, audio_tracks = excluded.audio_tracks,
             creation_date = excluded.creation_date, shot_date = excluded.shot_date,
             metadata_json = excluded.metadata_json,
             ${extra.map((c) => `${c} = excluded.${c}`).join(", ")},
             next_stage = 'thumbnails', status = 'pending',
             error_stage = NULL, error = NULL, updated_at = excluded.updated_at
           RETURNING id`,
      ).get({
        ...file,
        ...probe,
        ...Object.fromEntries(extra.map((c) => [c, probe[c] ?? null])),
        shot_date: shotDateFrom(probe.creation_date),
        stamp,
      }) as { id: number };
      this.prepare("DELETE FROM media_stages WHERE media_id = ?").run(row.id);
      this.recordStage(row.id, probeOutcome);
      this.applyRestoredEditorial(row.id, file.relPath, stamp);
      return row.id;
    });
    return write.immediate();
  }

  /**
   * The desqueeze a file restored from the trash had, waiting for its probe (which works the
   * display size out from it); null when none waits.
   */
  restoredDesqueeze(relPath: string): number | null {
    const pending = this.prepare("SELECT editorial_json FROM pending_editorial WHERE rel_path = ?").get(
      relPath,
    ) as { editorial_json: string } | undefined;
    return readJsonColumn(pending?.editorial_json, EDITORIAL, null)?.desqueeze ?? null;
  }

  /** A file restored from the trash gets back the editorial work it had when it was deleted. */
  private applyRestoredEditorial(mediaId: number, relPath: string, stamp: string): void {
    const pending = this.prepare("SELECT editorial_json FROM pending_editorial WHERE rel_path = ?").get(
      relPath,
    ) as { editorial_json: string } | undefined;
    if (!pending) return;
    const editorial = readJsonColumn(pending.editorial_json, EDITORIAL, null);
    if (editorial) {
      this.prepare(
        `UPDATE media SET in_point = @in_point, out_point = @out_point, camera_id = @camera_id, angle = @angle,
           rating = @rating, rating_note = @rating_note, desqueeze = @desqueeze WHERE id = @id`,
      ).run({ ...editorial, desqueeze: editorial.desqueeze ?? null, id: mediaId });
      for (const name of editorial.manual_tags)
        this.prepare(
          "INSERT OR IGNORE INTO tags (media_id, name, source, created_at) VALUES (?, ?, 'manual', ?)",
        ).run(mediaId, name, stamp);
      for (const mark of editorial.marks ?? [])
        this.prepare(
          `INSERT INTO marks (media_id, type, name, note, color, kind, start_s, end_s, author, created_at, updated_at)
           VALUES (@media_id, @type, @name, @note, @color, @kind, @start_s, @end_s, @author, @created_at, @stamp)`,
        ).run({ ...mark, media_id: mediaId, stamp });
      // A pair comes back only while its other item is still an item.
      for (const pair of editorial.sync_pairs ?? [])
        this.prepare(
          `INSERT OR IGNORE INTO sync_pairs (camera_media_id, sound_media_id, channels_json, offset_samples,
               sound_rate, method, confidence, state, reason, created_at, updated_at)
           SELECT CASE WHEN @role = 'camera' THEN @id ELSE o.id END,
                  CASE WHEN @role = 'camera' THEN o.id ELSE @id END,
                  @channels_json, @offset_samples, @sound_rate, @method, @confidence, @state, @reason, @stamp, @stamp
             FROM media o WHERE o.rel_path = @other_path`,
        ).run({ ...pair, id: mediaId, stamp });
    }
    this.prepare("DELETE FROM pending_editorial WHERE rel_path = ?").run(relPath);
  }

  /**
   * Records a finished stage and moves the item to `next`, with the stage's own column updates.
   * ItemDeletedError, with nothing written, when the item was deleted meanwhile.
   */
  completeStage(
    mediaId: number,
    outcome: StageOutcome,
    next: string,
    columns: Partial<Pick<MediaRow, "thumb_path">> = {},
  ): void {
    this.db.transaction(() => {
      const done = next === "done";
      const moved = this.prepare(
        `UPDATE media SET next_stage = @next, status = @status, error_stage = NULL, error = NULL,
             thumb_path = coalesce(@thumb_path, thumb_path),
             -- A thumbnail just written: its size is measured when the stats next ask.
             thumb_bytes = CASE WHEN @thumb_path IS NULL THEN thumb_bytes END,
             updated_at = @stamp WHERE id = @id`,
      ).run({
        id: mediaId,
        next,
        status: done ? "done" : "pending",
        thumb_path: columns.thumb_path ?? null,
        stamp: now(),
      });
      if (moved.changes === 0) throw new ItemDeletedError(mediaId);
      this.recordStage(mediaId, outcome);
    })();
  }

  /**
   * Records the item's waveform peaks (`path` relative to `.svc`, null: none could be made) with
   * how making them went, as the `waveform` row of its stages: a row there says peaks were tried,
   * so a library's backfill asks each item once. ItemDeletedError when the item is gone.
   */
  recordWaveform(mediaId: number, path: string | null, outcome: StageOutcome): void {
    this.db.transaction(() => {
      const set = this.prepare("UPDATE media SET waveform_path = ? WHERE id = ?").run(path, mediaId);
      if (set.changes === 0) throw new ItemDeletedError(mediaId);
      this.recordStage(mediaId, outcome);
    })();
  }

  /** Records the item's scrub sprite (JSON, or null when none was made) with its stage row. */
  recordSprite(mediaId: number, json: string | null, outcome: StageOutcome): void {
    this.db.transaction(() => {
      const set = this.prepare("UPDATE media SET sprite_json = ? WHERE id = ?").run(json, mediaId);
      if (set.changes === 0) throw new ItemDeletedError(mediaId);
      this.recordStage(mediaId, outcome);
    })();
  }

  /**
   * Forgets the item's scrub sprite and that it was tried (its `sprite` stage row), so the next
   * pass makes it again as the picture is now shown.
   */
  forgetSprite(mediaId: number): void {
    this.db.transaction(() => {
      this.prepare("UPDATE media SET sprite_json = NULL WHERE id = ?").run(mediaId);
      this.prepare("DELETE FROM media_stages WHERE media_id = ? AND stage = 'sprite'").run(mediaId);
    })();
  }

  /**
   * Marks the item failed at `outcome.stage`; it resumes from that stage on the next pass.
   * ItemDeletedError, with nothing written, when the item was deleted meanwhile.
   */
  failStage(mediaId: number, outcome: StageOutcome): void {
    this.db.transaction(() => {
      const marked = this.prepare(
        `UPDATE media SET next_stage = @stage, status = 'failed', error_stage = @stage, error = @detail,
             updated_at = @stamp WHERE id = @id`,
      ).run({ id: mediaId, stage: outcome.stage, detail: outcome.detail, stamp: now() });
      if (marked.changes === 0) throw new ItemDeletedError(mediaId);
      this.recordStage(mediaId, outcome);
    })();
  }

  /** Sends an item back to an earlier stage (for example to redo thumbnails). */
  rewind(mediaId: number, stage: string): void {
    this.prepare("UPDATE media SET next_stage = ?, status = 'pending', updated_at = ? WHERE id = ?").run(
      stage,
      now(),
      mediaId,
    );
  }

  /** The file is unchanged in content: remember its new mtime and that it is present. */
  touch(mediaId: number, mtimeMs: number): void {
    this.prepare("UPDATE media SET mtime_ms = ?, missing_since = NULL WHERE id = ?").run(mtimeMs, mediaId);
  }

  /** Vanished files keep their row (and their editorial work); they are only flagged. */
  markMissing(relPath: string): boolean {
    const info = this.prepare(
      "UPDATE media SET missing_since = ? WHERE rel_path = ? AND missing_since IS NULL",
    ).run(now(), relPath);
    return info.changes > 0;
  }

  /** Marks every item under `prefix` (a folder, relative) missing; used when a folder vanishes. */
  markMissingUnder(prefix: string): number {
    const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
    return this.prepare(
      "UPDATE media SET missing_since = ? WHERE rel_path LIKE ? ESCAPE '\\' AND missing_since IS NULL",
    ).run(now(), like).changes;
  }

  /** The present video items in `dirs` (folders relative to the root, "." for the root itself). */
  spanCandidates(dirs: readonly string[]): SpanCandidateRow[] {
    return this.prepare(
      `SELECT rel_path, size, duration_s, start_timecode, creation_date, fps, codec, width, height
         FROM media WHERE kind = 'video' AND missing_since IS NULL
           AND ${FOLDER_OF} IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(dirs.map(folderKey))) as SpanCandidateRow[];
  }

  /**
   * The spans of every item in `dirs`, in one transaction: the items `spans` names get their
   * place, every other item there is in no span.
   */
  writeSpans(dirs: readonly string[], spans: readonly SpanAssignment[]): void {
    this.db
      .transaction(() => {
        const folders = JSON.stringify(dirs.map(folderKey));
        this.prepare(
          `UPDATE media SET span_id = NULL, span_index = NULL, span_count = NULL, span_json = NULL
           WHERE span_id IS NOT NULL AND ${FOLDER_OF} IN (SELECT value FROM json_each(?))
             AND rel_path NOT IN (SELECT value FROM json_each(?))`,
        ).run(folders, JSON.stringify(spans.map((s) => s.relPath)));
        const set = this.prepare(
          `UPDATE media SET span_id = @id, span_index = @index, span_count = @count, span_json = @json
           WHERE rel_path = @relPath AND (span_id IS NOT @id OR span_index IS NOT @index
             OR span_count IS NOT @count OR span_json IS NOT @json)`,
        );
        for (const span of spans) set.run(span);
      })
      .immediate();
  }

  /**
   * The paths of the items not flagged missing, one at a time: a pass compares them with what it
   * found without holding every row at once. Nothing may be written while they are read.
   */
  *presentPaths(): Generator<string> {
    const rows = this.prepare("SELECT rel_path FROM media WHERE missing_since IS NULL", true).iterate();
    for (const [relPath] of rows as Iterable<[string]>) yield relPath;
  }

  private recordStage(mediaId: number, outcome: StageOutcome): void {
    this.prepare(
      `INSERT INTO media_stages (media_id, stage, status, detail, started_at, elapsed_ms)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (media_id, stage) DO UPDATE SET status = excluded.status, detail = excluded.detail,
           started_at = excluded.started_at, elapsed_ms = excluded.elapsed_ms`,
    ).run(mediaId, outcome.stage, outcome.status, outcome.detail, outcome.startedAt, outcome.elapsedMs);
  }

  /** Items still on disk, per kind, with their summed duration in seconds. */
  /** Failed items per stage they failed at. */
  failedByStage(): { stage: string; items: number }[] {
    return this.prepare(
      `SELECT coalesce(error_stage, next_stage) AS stage, count(*) AS items FROM media
         WHERE status = 'failed' GROUP BY stage ORDER BY stage`,
    ).all() as { stage: string; items: number }[];
  }

  /**
   * Derived files are about to be deleted: every item forgets its thumbnail (a finished item
   * without one gets thumbnails and key frames again on the next pass, then returns to done), and
   * unfinished items already past thumbnails (`laterStages`) are sent back to that stage.
   */
  forgetDerived(laterStages: readonly string[]): number {
    // The key frame files go right after this; counting them as gone already means a stats
    // request during the clear cannot record the size of a file about to be removed.
    this.prepare("UPDATE scenes SET keyframe_bytes = 0 WHERE keyframe_bytes IS NOT 0").run();
    return this.prepare(
      `UPDATE media SET thumb_path = NULL, thumb_bytes = NULL, sprite_json = NULL,
           next_stage = CASE WHEN status <> 'done' AND next_stage IN (SELECT value FROM json_each(@later))
             THEN 'thumbnails' ELSE next_stage END,
           updated_at = @stamp
         WHERE thumb_path IS NOT NULL
           OR (status <> 'done' AND next_stage IN (SELECT value FROM json_each(@later)))`,
    ).run({ later: JSON.stringify(laterStages), stamp: now() }).changes;
  }

  /** Records the hash of the text the item's vectors were made from. */
  setEmbedHash(mediaId: number, hash: string | null): void {
    this.prepare("UPDATE media SET embed_hash = ? WHERE id = ?").run(hash, mediaId);
  }

  /** Ids of items whose probe has finished, the ones the index builder looks at. */
  embeddableIds(): number[] {
    return (
      this.prepare("SELECT id FROM media WHERE next_stage <> 'probe' ORDER BY id").all() as {
        id: number;
      }[]
    ).map((r) => r.id);
  }

  /** How one stage of an item ended last time it ran; undefined when it never did. */
  stageStatus(mediaId: number, stage: string): StageStatus | undefined {
    const row = this.prepare("SELECT status FROM media_stages WHERE media_id = ? AND stage = ?").get(
      mediaId,
      stage,
    ) as { status: StageStatus } | undefined;
    return row?.status;
  }

  /** Items with a stage that ran without a tool it needs; they resume there once it is available. */
  unconfiguredStages(mediaId: number): string[] {
    return (
      this.prepare("SELECT stage FROM media_stages WHERE media_id = ? AND status = 'not_configured'").all(
        mediaId,
      ) as { stage: string }[]
    ).map((r) => r.stage);
  }

  /**
   * What a catch-up pass needs to know of the items at `relPaths`, in one query on the path's
   * unique index and the stages' key: whether each is unchanged and finished, how its proxy,
   * peaks and sprite stages ended and which stages wait for a tool, without the heavy columns
   * (about 8 µs an item at 200,000; the stages as three lookups of their own took 11).
   */
  catchUpRows(relPaths: readonly string[]): CatchUpRow[] {
    // INDEXED BY: without statistics the planner takes the path's unique index and reads each
    // wide row; the covering index answers from itself.
    return this.prepare(
      `SELECT id, rel_path, kind, size, mtime_ms, missing_since, status, status_reason, camera_proxy,
           audio_tracks, codec, audio_codec, audio_channels,
           thumb_path IS NULL AS no_thumb, waveform_path IS NULL AS no_waveform,
           sprite_json IS NULL AS no_sprite,
           (SELECT group_concat(stage || '=' || status) FROM media_stages s
              WHERE s.media_id = media.id AND s.stage IN ('proxy', 'waveform', 'sprite')) AS stages
         FROM media INDEXED BY media_catch_up WHERE rel_path IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(relPaths)) as CatchUpRow[];
  }

  /** Which of `ids` have one of `stages` waiting for its tool or model: their partial index alone. */
  waitingAmong(ids: readonly number[], stages: readonly string[]): Set<number> {
    const rows = this.prepare(
      `SELECT DISTINCT media_id FROM media_stages
         WHERE status = 'not_configured' AND stage IN (SELECT value FROM json_each(?))
           AND media_id IN (SELECT value FROM json_each(?))`,
      true,
    ).all(JSON.stringify(stages), JSON.stringify(ids)) as [number][];
    return new Set(rows.map(([id]) => id));
  }

  /** The folders holding a spanned recording (relative, "." for the root), from the spans' index. */
  spanFolders(): string[] {
    return (
      this.prepare(`SELECT DISTINCT ${FOLDER_OF} AS dir FROM media WHERE span_id IS NOT NULL`).all() as {
        dir: string;
      }[]
    ).map((r) => (r.dir === "" ? "." : r.dir.slice(0, -1)));
  }

  /** Whether any item has `stage` waiting for its tool or model: one probe of their partial index. */
  anyWaitingFor(stage: string): boolean {
    return (
      this.prepare("SELECT 1 FROM media_stages WHERE status = 'not_configured' AND stage = ? LIMIT 1").get(
        stage,
      ) !== undefined
    );
  }

  /**
   * A page of the present items whose `stage` ran without its tool or model, by id after
   * `afterId`, read in the order of their partial index (no sort, whatever their number): what
   * resumes when the model appears.
   */
  waitingFor(stage: string, afterId: number, limit: number): { id: number; rel_path: string }[] {
    return this.prepare(
      `SELECT s.media_id AS id, m.rel_path FROM media_stages s JOIN media m ON m.id = s.media_id
         WHERE s.status = 'not_configured' AND s.stage = ? AND s.media_id > ? AND m.missing_since IS NULL
         ORDER BY s.media_id LIMIT ?`,
    ).all(stage, afterId, limit) as { id: number; rel_path: string }[];
  }

  /** Whether `stage` finished for any item since `sinceIso` (a pass's start). */
  stageRanSince(stage: string, sinceIso: string): boolean {
    return (
      this.prepare(
        "SELECT 1 FROM media_stages WHERE stage = ? AND status = 'done' AND started_at >= ? LIMIT 1",
      ).get(stage, sinceIso) !== undefined
    );
  }
}
