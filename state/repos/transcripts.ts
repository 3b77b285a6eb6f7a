import { Repository } from "../statements.js";

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
}
