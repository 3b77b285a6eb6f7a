import type { Migration } from "../db.js";

/** Schema of `<root>/.svc/library.db`. Append only: never edit a released step. */
export const LIBRARY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "media, stages, scenes, tags, failures",
    sql: `
      CREATE TABLE media (
        id INTEGER PRIMARY KEY,
        rel_path TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('video', 'audio', 'image')),
        size INTEGER NOT NULL,
        mtime_ms INTEGER NOT NULL,
        fingerprint TEXT NOT NULL,
        missing_since TEXT,
        duration_s REAL,
        codec TEXT,
        fps REAL,
        width INTEGER,
        height INTEGER,
        start_timecode TEXT,
        audio_tracks INTEGER NOT NULL DEFAULT 0,
        creation_date TEXT,
        shot_date TEXT CHECK (shot_date IS NULL OR shot_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
        metadata_json TEXT,
        thumb_path TEXT,
        rating TEXT,
        rating_note TEXT,
        in_point REAL,
        out_point REAL,
        camera_id TEXT,
        angle TEXT,
        transcript TEXT,
        segments_json TEXT,
        words_json TEXT,
        language TEXT,
        embed_hash TEXT,
        color_profile TEXT,
        next_stage TEXT NOT NULL DEFAULT 'thumbnails',
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
        error_stage TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX media_shot_date ON media (shot_date);
      CREATE INDEX media_status ON media (status);

      CREATE TABLE media_stages (
        media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        stage TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('done', 'failed', 'not_configured', 'skipped')),
        detail TEXT,
        started_at TEXT NOT NULL,
        elapsed_ms INTEGER NOT NULL,
        PRIMARY KEY (media_id, stage)
      );

      CREATE TABLE scenes (
        id INTEGER PRIMARY KEY,
        media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        start_s REAL NOT NULL,
        end_s REAL NOT NULL,
        duration_s REAL NOT NULL,
        keyframe_path TEXT NOT NULL,
        description TEXT,
        shot_type TEXT,
        camera_motion TEXT,
        subjects TEXT,
        objects TEXT,
        setting TEXT,
        time_of_day TEXT,
        lighting TEXT,
        mood TEXT,
        UNIQUE (media_id, idx)
      );

      CREATE TABLE tags (
        media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('auto', 'manual')),
        created_at TEXT NOT NULL,
        PRIMARY KEY (media_id, name, source)
      );

      CREATE TABLE failures (
        rel_path TEXT PRIMARY KEY,
        stage TEXT NOT NULL,
        reason TEXT NOT NULL,
        size INTEGER,
        mtime_ms INTEGER,
        attempts INTEGER NOT NULL DEFAULT 1,
        failed_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "text search, shoot-day counts, sort indexes, audio codec",
    sql: `
      -- The file name as its own column, so sorting by name can use an index.
      ALTER TABLE media ADD COLUMN name TEXT COLLATE NOCASE
        GENERATED ALWAYS AS (substr(rel_path, length(rtrim(rel_path, replace(rel_path, '/', ''))) + 1)) VIRTUAL;
      -- The first audio stream's codec: the stream endpoint's browser allow-list needs it.
      ALTER TABLE media ADD COLUMN audio_codec TEXT;
      CREATE INDEX media_name ON media (name);
      CREATE INDEX media_path_nocase ON media (rel_path COLLATE NOCASE);
      CREATE INDEX media_duration ON media (duration_s);
      CREATE INDEX media_created ON media (created_at);
      CREATE INDEX media_kind ON media (kind, shot_date);
      CREATE INDEX tags_name ON tags (name COLLATE NOCASE, media_id);

      -- One row per item, rowid = media.id; the text of its tags and scenes is flattened into one
      -- column each and rebuilt by the triggers below whenever a tag or scene changes.
      CREATE VIRTUAL TABLE media_fts USING fts5 (
        name, transcript, tags, scenes,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO media_fts (rowid, name, transcript, tags, scenes)
        SELECT m.id, m.rel_path, m.transcript,
          (SELECT group_concat(t.name, ' ') FROM tags t WHERE t.media_id = m.id),
          (SELECT group_concat(concat_ws(' ', s.description, s.shot_type, s.camera_motion, s.subjects,
             s.objects, s.setting, s.time_of_day, s.lighting, s.mood), ' ') FROM scenes s WHERE s.media_id = m.id)
        FROM media m;

      CREATE TRIGGER media_fts_insert AFTER INSERT ON media BEGIN
        INSERT INTO media_fts (rowid, name, transcript, tags, scenes)
          VALUES (new.id, new.rel_path, new.transcript, NULL, NULL);
      END;
      CREATE TRIGGER media_fts_update AFTER UPDATE OF rel_path, transcript ON media BEGIN
        UPDATE media_fts SET name = new.rel_path, transcript = new.transcript WHERE rowid = new.id;
      END;
      CREATE TRIGGER media_fts_delete AFTER DELETE ON media BEGIN
        DELETE FROM media_fts WHERE rowid = old.id;
      END;

      CREATE TRIGGER tags_fts_insert AFTER INSERT ON tags BEGIN
        UPDATE media_fts SET tags = (SELECT group_concat(name, ' ') FROM tags WHERE media_id = new.media_id)
          WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER tags_fts_update AFTER UPDATE ON tags BEGIN
        UPDATE media_fts SET tags = (SELECT group_concat(name, ' ') FROM tags WHERE media_id = old.media_id)
          WHERE rowid = old.media_id;
        UPDATE media_fts SET tags = (SELECT group_concat(name, ' ') FROM tags WHERE media_id = new.media_id)
          WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER tags_fts_delete AFTER DELETE ON tags BEGIN
        UPDATE media_fts SET tags = (SELECT group_concat(name, ' ') FROM tags WHERE media_id = old.media_id)
          WHERE rowid = old.media_id;
      END;

      CREATE TRIGGER scenes_fts_insert AFTER INSERT ON scenes BEGIN
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, shot_type, camera_motion, subjects, objects, setting,
            time_of_day, lighting, mood), ' ') FROM scenes WHERE media_id = new.media_id
        ) WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER scenes_fts_update AFTER UPDATE ON scenes BEGIN
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, shot_type, camera_motion, subjects, objects, setting,
            time_of_day, lighting, mood), ' ') FROM scenes WHERE media_id = old.media_id
        ) WHERE rowid = old.media_id;
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, shot_type, camera_motion, subjects, objects, setting,
            time_of_day, lighting, mood), ' ') FROM scenes WHERE media_id = new.media_id
        ) WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER scenes_fts_delete AFTER DELETE ON scenes BEGIN
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, shot_type, camera_motion, subjects, objects, setting,
            time_of_day, lighting, mood), ' ') FROM scenes WHERE media_id = old.media_id
        ) WHERE rowid = old.media_id;
      END;

      -- Items per shoot day ('' = unknown), kept by triggers so the facet endpoint reads a few
      -- hundred rows instead of scanning the library.
      CREATE TABLE shot_day_counts (day TEXT NOT NULL PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO shot_day_counts (day, n) SELECT coalesce(shot_date, ''), count(*) FROM media GROUP BY 1;
      CREATE TRIGGER media_shot_count_insert AFTER INSERT ON media BEGIN
        INSERT INTO shot_day_counts (day, n) VALUES (coalesce(new.shot_date, ''), 1)
          ON CONFLICT (day) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER media_shot_count_delete AFTER DELETE ON media BEGIN
        UPDATE shot_day_counts SET n = n - 1 WHERE day = coalesce(old.shot_date, '');
        DELETE FROM shot_day_counts WHERE day = coalesce(old.shot_date, '') AND n <= 0;
      END;
      CREATE TRIGGER media_shot_count_update AFTER UPDATE OF shot_date ON media
        WHEN old.shot_date IS NOT new.shot_date BEGIN
        UPDATE shot_day_counts SET n = n - 1 WHERE day = coalesce(old.shot_date, '');
        DELETE FROM shot_day_counts WHERE day = coalesce(old.shot_date, '') AND n <= 0;
        INSERT INTO shot_day_counts (day, n) VALUES (coalesce(new.shot_date, ''), 1)
          ON CONFLICT (day) DO UPDATE SET n = n + 1;
      END;
    `,
  },
  {
    version: 3,
    name: "vision fields of issue 4, per-language transcripts, stored vectors",
    sql: `
      -- The placeholder scene columns of step 1 never held data; the nine fields are now the ones
      -- the vision stage fills. The scene triggers name columns, so they go first and come back.
      DROP TRIGGER scenes_fts_insert;
      DROP TRIGGER scenes_fts_update;
      DROP TRIGGER scenes_fts_delete;
      ALTER TABLE scenes DROP COLUMN shot_type;
      ALTER TABLE scenes DROP COLUMN camera_motion;
      ALTER TABLE scenes DROP COLUMN subjects;
      ALTER TABLE scenes DROP COLUMN objects;
      ALTER TABLE scenes DROP COLUMN setting;
      ALTER TABLE scenes DROP COLUMN time_of_day;
      ALTER TABLE scenes DROP COLUMN lighting;
      ALTER TABLE scenes DROP COLUMN mood;
      ALTER TABLE scenes ADD COLUMN content_type TEXT;
      ALTER TABLE scenes ADD COLUMN focus_score REAL;
      ALTER TABLE scenes ADD COLUMN exposure TEXT;
      ALTER TABLE scenes ADD COLUMN stability TEXT;
      ALTER TABLE scenes ADD COLUMN audio_quality TEXT;
      ALTER TABLE scenes ADD COLUMN atmosphere TEXT;
      ALTER TABLE scenes ADD COLUMN energy TEXT;
      ALTER TABLE scenes ADD COLUMN edit_position TEXT;
      ALTER TABLE scenes ADD COLUMN edit_reason TEXT;
      -- Auto tags the model gave this key frame (JSON array); the item's auto tags are their union.
      ALTER TABLE scenes ADD COLUMN tags_json TEXT;
      -- Why this key frame has no vision fields, when the model refused or failed on it.
      ALTER TABLE scenes ADD COLUMN vision_error TEXT;

      CREATE TRIGGER scenes_fts_insert AFTER INSERT ON scenes BEGIN
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, content_type, atmosphere, energy, edit_position,
            edit_reason), ' ') FROM scenes WHERE media_id = new.media_id
        ) WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER scenes_fts_update AFTER UPDATE ON scenes BEGIN
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, content_type, atmosphere, energy, edit_position,
            edit_reason), ' ') FROM scenes WHERE media_id = old.media_id
        ) WHERE rowid = old.media_id;
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, content_type, atmosphere, energy, edit_position,
            edit_reason), ' ') FROM scenes WHERE media_id = new.media_id
        ) WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER scenes_fts_delete AFTER DELETE ON scenes BEGIN
        UPDATE media_fts SET scenes = (
          SELECT group_concat(concat_ws(' ', description, content_type, atmosphere, energy, edit_position,
            edit_reason), ' ') FROM scenes WHERE media_id = old.media_id
        ) WHERE rowid = old.media_id;
      END;
      UPDATE media_fts SET scenes = (
        SELECT group_concat(concat_ws(' ', s.description, s.content_type, s.atmosphere, s.energy,
          s.edit_position, s.edit_reason), ' ') FROM scenes s WHERE s.media_id = media_fts.rowid
      );

      -- Every transcription, one per language; the active one is mirrored into media.transcript,
      -- segments_json and words_json, which is what search, embeddings and exports read.
      CREATE TABLE transcripts (
        media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        language TEXT NOT NULL,
        text TEXT NOT NULL,
        segments_json TEXT NOT NULL,
        words_json TEXT NOT NULL,
        backend TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (media_id, language)
      ) WITHOUT ROWID;
      INSERT INTO transcripts (media_id, language, text, segments_json, words_json, backend, created_at)
        SELECT id, coalesce(language, 'und'), transcript, coalesce(segments_json, '[]'), coalesce(words_json, '[]'),
          NULL, updated_at
        FROM media WHERE transcript IS NOT NULL AND trim(transcript) <> '';

      -- One vector per scene (scene_idx >= 0) and one per item (scene_idx = -1). SQLite is the
      -- source of truth; the USearch file beside it is a cache keyed by these ids.
      CREATE TABLE vectors (
        -- AUTOINCREMENT: an id is never reused, so a stale cache entry cannot alias a new vector.
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        scene_idx INTEGER NOT NULL,
        model TEXT NOT NULL,
        dim INTEGER NOT NULL,
        text_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        -- Last: columns after a 4 KB blob cost a walk of its overflow pages on every read.
        vector BLOB NOT NULL,
        UNIQUE (media_id, scene_idx)
      );
      CREATE INDEX vectors_model ON vectors (model);
    `,
  },
  {
    version: 4,
    name: "restorable trash",
    sql: `
      -- One row per file moved into .svc/trash, with the item's editorial work as it was then,
      -- so a restore brings both back.
      CREATE TABLE trash (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        rel_path TEXT NOT NULL,
        trash_path TEXT NOT NULL,
        kind TEXT NOT NULL,
        size INTEGER,
        deleted_at TEXT NOT NULL,
        editorial_json TEXT NOT NULL
      );
      CREATE INDEX trash_deleted_at ON trash (deleted_at);
      -- Editorial work of a restored file, applied when the file is next probed into a new row.
      CREATE TABLE pending_editorial (
        rel_path TEXT PRIMARY KEY,
        editorial_json TEXT NOT NULL,
        restored_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
];
