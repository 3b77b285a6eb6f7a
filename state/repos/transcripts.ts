import { Repository } from "../statements.js";
import { DECODE_COLUMNS, type DecodeColumn, type MediaRow } from "./media.js";

/** An item with sound to transcribe, with the facts its decoding is planned from. */
export type AudioTarget = Pick<MediaRow, "id" | "duration_s" | DecodeColumn> & { kind: "video" | "audio" };

export interface TranscriptRow {
  media_id: number;
  language: string;
  text: string;
  segments_json: string;
  words_json: string;
  backend: string | null;
  created_at: string;
}

export interface TranscriptInput {
  language: string;
  text: string;
  segments_json: string;
  words_json: string;
  backend: string | null;
}

/** The transcript columns a correction or a snapshot touches, keyed by item and language. */
export interface TranscriptText {
  media_id: number;
  language: string;
  text: string;
  segments_json: string;
  words_json: string;
}

/** The item row's mirror of its active transcript (any column may be null on an old row). */
export interface MirrorText {
  id: number;
  transcript: string | null;
  segments_json: string | null;
  words_json: string | null;
}

/** Every transcription of an item, one per language; the item row mirrors the active one. */
export class TranscriptsRepo extends Repository {
  forMedia(mediaId: number): TranscriptRow[] {
    return this.prepare("SELECT * FROM transcripts WHERE media_id = ? ORDER BY language").all(
      mediaId,
    ) as TranscriptRow[];
  }

  get(mediaId: number, language: string): TranscriptRow | undefined {
    return this.prepare("SELECT * FROM transcripts WHERE media_id = ? AND language = ?").get(
      mediaId,
      language,
    ) as TranscriptRow | undefined;
  }

  /**
   * Archives a transcription and, when `activate`, mirrors it into the item and marks the item for
   * re-embedding (its text changes, so its embed_hash no longer matches), in one transaction.
   */
  save(mediaId: number, input: TranscriptInput, activate: boolean): void {
    this.db.transaction(() => {
      this.prepare(
        `INSERT INTO transcripts (media_id, language, text, segments_json, words_json, backend, created_at)
           VALUES (@media_id, @language, @text, @segments_json, @words_json, @backend, @created_at)
           ON CONFLICT (media_id, language) DO UPDATE SET text = excluded.text,
             segments_json = excluded.segments_json, words_json = excluded.words_json,
             backend = excluded.backend, created_at = excluded.created_at`,
      ).run({ ...input, media_id: mediaId, created_at: new Date().toISOString() });
      if (activate) this.mirror(mediaId, input.language);
    })();
  }

  /** Makes an archived language the active one; false when the item has no such transcript. */
  activate(mediaId: number, language: string): boolean {
    return this.db.transaction(() => this.mirror(mediaId, language))();
  }

  private mirror(mediaId: number, language: string): boolean {
    const info = this.prepare(
      `UPDATE media SET transcript = t.text, segments_json = t.segments_json, words_json = t.words_json,
           language = t.language, updated_at = ?
         FROM (SELECT text, segments_json, words_json, language FROM transcripts
               WHERE media_id = ? AND language = ?) AS t
         WHERE media.id = ?`,
    ).run(new Date().toISOString(), mediaId, language, mediaId);
    return info.changes > 0;
  }

  /**
   * Up to `limit` archived transcripts after (`media_id`, `language`) in key order: callers page
   * through the whole library without holding more than one page of text.
   */
  textPage(after: { media_id: number; language: string } | null, limit: number): TranscriptText[] {
    const columns = "media_id, language, text, segments_json, words_json";
    if (!after)
      return this.prepare(`SELECT ${columns} FROM transcripts ORDER BY media_id, language LIMIT ?`).all(
        limit,
      ) as TranscriptText[];
    return this.prepare(
      `SELECT ${columns} FROM transcripts WHERE (media_id, language) > (?, ?) ORDER BY media_id, language LIMIT ?`,
    ).all(after.media_id, after.language, limit) as TranscriptText[];
  }

  /** Up to `limit` item rows with a transcript mirror, after id `after`, in id order. */
  mirrorPage(after: number, limit: number): MirrorText[] {
    return this.prepare(
      `SELECT id, transcript, segments_json, words_json FROM media
         WHERE id > ? AND transcript IS NOT NULL ORDER BY id LIMIT ?`,
    ).all(after, limit) as MirrorText[];
  }

  /** Like mirrorPage, for items whose active transcript is Chinese. */
  chineseMirrorPage(after: number, limit: number): MirrorText[] {
    return this.prepare(
      `SELECT id, transcript, segments_json, words_json FROM media
         WHERE id > ? AND transcript IS NOT NULL AND (language LIKE 'zh%' OR language LIKE 'chinese%')
         ORDER BY id LIMIT ?`,
    ).all(after, limit) as MirrorText[];
  }

  getText(mediaId: number, language: string): TranscriptText | undefined {
    return this.prepare(
      "SELECT media_id, language, text, segments_json, words_json FROM transcripts WHERE media_id = ? AND language = ?",
    ).get(mediaId, language) as TranscriptText | undefined;
  }

  getMirror(mediaId: number): MirrorText | undefined {
    return this.prepare("SELECT id, transcript, segments_json, words_json FROM media WHERE id = ?").get(
      mediaId,
    ) as MirrorText | undefined;
  }

  /** Rewrites the text columns of one archived transcript; false when the row is gone. */
  putText(row: TranscriptText): boolean {
    return (
      this.prepare(
        `UPDATE transcripts SET text = @text, segments_json = @segments_json, words_json = @words_json
           WHERE media_id = @media_id AND language = @language`,
      ).run({
        media_id: row.media_id,
        language: row.language,
        text: row.text,
        segments_json: row.segments_json,
        words_json: row.words_json,
      }).changes > 0
    );
  }

  /** Rewrites an item's transcript mirror; false when the item is gone. */
  putMirror(row: MirrorText): boolean {
    return (
      this.prepare(
        `UPDATE media SET transcript = @transcript, segments_json = @segments_json, words_json = @words_json,
             updated_at = @updated_at
           WHERE id = @id`,
      ).run({
        id: row.id,
        transcript: row.transcript,
        segments_json: row.segments_json,
        words_json: row.words_json,
        updated_at: new Date().toISOString(),
      }).changes > 0
    );
  }

  /** Runs `work` in one write transaction (BEGIN IMMEDIATE): all of it lands or none. */
  inTransaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  /** Items whose sound a recogniser can read: present video and audio files with an audio track. */
  audioTargets(): AudioTarget[] {
    // A camera original waiting for its proxy has nothing ffmpeg can decode.
    return this.prepare(
      `SELECT id, duration_s, ${DECODE_COLUMNS.join(", ")} FROM media
         WHERE kind IN ('video', 'audio') AND audio_tracks > 0 AND missing_since IS NULL
           AND status_reason IS NULL ORDER BY id`,
    ).all() as AudioTarget[];
  }
}
