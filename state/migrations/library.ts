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
  {
    version: 5,
    name: "running totals for the stats and embed-status routes",
    sql: `
      -- Present items, their running time (integer nanoseconds, so adding and taking away a clip
      -- leaves no rounding residue) and missing items per kind, kept by triggers: /api/stats reads
      -- three rows instead of scanning the library.
      CREATE TABLE media_totals (
        kind TEXT PRIMARY KEY,
        present INTEGER NOT NULL DEFAULT 0,
        missing INTEGER NOT NULL DEFAULT 0,
        duration_ns INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID;
      INSERT INTO media_totals (kind) VALUES ('video'), ('audio'), ('image');
      UPDATE media_totals SET
        present = (SELECT count(*) FROM media m WHERE m.kind = media_totals.kind AND m.missing_since IS NULL),
        missing = (SELECT count(*) FROM media m WHERE m.kind = media_totals.kind AND m.missing_since IS NOT NULL),
        duration_ns = (SELECT coalesce(sum(CAST(round(coalesce(m.duration_s, 0) * 1e9) AS INTEGER)), 0)
          FROM media m WHERE m.kind = media_totals.kind AND m.missing_since IS NULL);
      CREATE TRIGGER media_totals_insert AFTER INSERT ON media BEGIN
        UPDATE media_totals SET present = present + (new.missing_since IS NULL),
            missing = missing + (new.missing_since IS NOT NULL),
            duration_ns = duration_ns + CASE WHEN new.missing_since IS NULL
              THEN CAST(round(coalesce(new.duration_s, 0) * 1e9) AS INTEGER) ELSE 0 END
          WHERE kind = new.kind;
      END;
      CREATE TRIGGER media_totals_delete AFTER DELETE ON media BEGIN
        UPDATE media_totals SET present = present - (old.missing_since IS NULL),
            missing = missing - (old.missing_since IS NOT NULL),
            duration_ns = duration_ns - CASE WHEN old.missing_since IS NULL
              THEN CAST(round(coalesce(old.duration_s, 0) * 1e9) AS INTEGER) ELSE 0 END
          WHERE kind = old.kind;
      END;
      CREATE TRIGGER media_totals_update AFTER UPDATE OF kind, missing_since, duration_s ON media BEGIN
        UPDATE media_totals SET present = present - (old.missing_since IS NULL),
            missing = missing - (old.missing_since IS NOT NULL),
            duration_ns = duration_ns - CASE WHEN old.missing_since IS NULL
              THEN CAST(round(coalesce(old.duration_s, 0) * 1e9) AS INTEGER) ELSE 0 END
          WHERE kind = old.kind;
        UPDATE media_totals SET present = present + (new.missing_since IS NULL),
            missing = missing + (new.missing_since IS NOT NULL),
            duration_ns = duration_ns + CASE WHEN new.missing_since IS NULL
              THEN CAST(round(coalesce(new.duration_s, 0) * 1e9) AS INTEGER) ELSE 0 END
          WHERE kind = new.kind;
      END;

      -- Bytes of each item's thumbnail and key frames; NULL until measured. Writing a new file
      -- clears the size and the stats route measures what is unmeasured, so a request costs the
      -- files written since the last one, not a walk of the derived folders.
      ALTER TABLE media ADD COLUMN thumb_bytes INTEGER;
      ALTER TABLE scenes ADD COLUMN keyframe_bytes INTEGER;
      CREATE INDEX media_thumb_unmeasured ON media (id) WHERE thumb_path IS NOT NULL AND thumb_bytes IS NULL;
      CREATE INDEX scenes_keyframe_unmeasured ON scenes (id) WHERE keyframe_bytes IS NULL;
      CREATE TABLE derived_totals (
        dir TEXT PRIMARY KEY,
        bytes INTEGER NOT NULL DEFAULT 0,
        unmeasured INTEGER NOT NULL DEFAULT 0
      ) WITHOUT ROWID;
      INSERT INTO derived_totals (dir, unmeasured) VALUES
        ('thumbs', (SELECT count(*) FROM media WHERE thumb_path IS NOT NULL)),
        ('frames', (SELECT count(*) FROM scenes));
      CREATE TRIGGER media_thumb_bytes_insert AFTER INSERT ON media BEGIN
        UPDATE derived_totals SET bytes = bytes + coalesce(new.thumb_bytes, 0),
            unmeasured = unmeasured + (new.thumb_path IS NOT NULL AND new.thumb_bytes IS NULL)
          WHERE dir = 'thumbs';
      END;
      CREATE TRIGGER media_thumb_bytes_delete AFTER DELETE ON media BEGIN
        UPDATE derived_totals SET bytes = bytes - coalesce(old.thumb_bytes, 0),
            unmeasured = unmeasured - (old.thumb_path IS NOT NULL AND old.thumb_bytes IS NULL)
          WHERE dir = 'thumbs';
      END;
      CREATE TRIGGER media_thumb_bytes_update AFTER UPDATE OF thumb_path, thumb_bytes ON media BEGIN
        UPDATE derived_totals SET
            bytes = bytes - coalesce(old.thumb_bytes, 0) + coalesce(new.thumb_bytes, 0),
            unmeasured = unmeasured - (old.thumb_path IS NOT NULL AND old.thumb_bytes IS NULL)
              + (new.thumb_path IS NOT NULL AND new.thumb_bytes IS NULL)
          WHERE dir = 'thumbs';
      END;
      CREATE TRIGGER scenes_keyframe_bytes_insert AFTER INSERT ON scenes BEGIN
        UPDATE derived_totals SET bytes = bytes + coalesce(new.keyframe_bytes, 0),
            unmeasured = unmeasured + (new.keyframe_bytes IS NULL)
          WHERE dir = 'frames';
      END;
      CREATE TRIGGER scenes_keyframe_bytes_delete AFTER DELETE ON scenes BEGIN
        UPDATE derived_totals SET bytes = bytes - coalesce(old.keyframe_bytes, 0),
            unmeasured = unmeasured - (old.keyframe_bytes IS NULL)
          WHERE dir = 'frames';
      END;
      CREATE TRIGGER scenes_keyframe_bytes_update AFTER UPDATE OF keyframe_path, keyframe_bytes ON scenes BEGIN
        UPDATE derived_totals SET
            bytes = bytes - coalesce(old.keyframe_bytes, 0) + coalesce(new.keyframe_bytes, 0),
            unmeasured = unmeasured - (old.keyframe_bytes IS NULL) + (new.keyframe_bytes IS NULL)
          WHERE dir = 'frames';
      END;
      -- A key frame rewritten under the same path is a new file of unknown size.
      CREATE TRIGGER scenes_keyframe_rewritten AFTER UPDATE OF keyframe_path ON scenes BEGIN
        UPDATE scenes SET keyframe_bytes = NULL WHERE id = new.id;
      END;

      -- Each item's embedding freshness (library/embedding.ts planEmbedding), kept so the status
      -- route plans only items that changed since it last looked. What SQL can tell alone is set
      -- by the triggers below: no hash and no vectors is 'new', no hash with vectors 'unverified', a
      -- hash without vectors 'stale'. Everything else needs the item's text hashed: embed_state is
      -- NULL until the route plans it, and then embed_model names the model it was planned for.
      ALTER TABLE media ADD COLUMN embed_state TEXT
        CHECK (embed_state IS NULL OR embed_state IN ('new', 'stale', 'unverified', 'unchanged'));
      ALTER TABLE media ADD COLUMN embed_model TEXT;
      CREATE INDEX media_embed_unplanned ON media (id) WHERE embed_state IS NULL;
      CREATE INDEX media_embed_model ON media (embed_model) WHERE embed_model IS NOT NULL;
      UPDATE media SET embed_state = CASE
        WHEN embed_hash IS NULL THEN
          CASE WHEN EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id) THEN 'unverified' ELSE 'new' END
        WHEN NOT EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id) THEN 'stale'
      END;

      -- Items the builder looks at (probed ones) per freshness and planning model ('' for none
      -- and for unplanned items). Every change is a +1 or -1 upserted on its own: the triggers
      -- below set embed_state from inside other triggers, in an order SQLite chooses, so a
      -- decrement may come before the increment it cancels.
      CREATE TABLE embed_state_counts (
        state TEXT NOT NULL,
        model TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (state, model)
      ) WITHOUT ROWID;
      INSERT INTO embed_state_counts (state, model, n)
        SELECT coalesce(embed_state, ''), coalesce(embed_model, ''), count(*) FROM media
          WHERE next_stage <> 'probe' GROUP BY 1, 2;
      CREATE TRIGGER embed_counts_insert AFTER INSERT ON media WHEN new.next_stage <> 'probe' BEGIN
        INSERT INTO embed_state_counts (state, model, n)
          VALUES (coalesce(new.embed_state, ''), coalesce(new.embed_model, ''), 1)
          ON CONFLICT (state, model) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER embed_counts_delete AFTER DELETE ON media WHEN old.next_stage <> 'probe' BEGIN
        INSERT INTO embed_state_counts (state, model, n)
          VALUES (coalesce(old.embed_state, ''), coalesce(old.embed_model, ''), -1)
          ON CONFLICT (state, model) DO UPDATE SET n = n - 1;
      END;
      CREATE TRIGGER embed_counts_update AFTER UPDATE OF embed_state, embed_model, next_stage ON media BEGIN
        INSERT INTO embed_state_counts (state, model, n)
          SELECT coalesce(old.embed_state, ''), coalesce(old.embed_model, ''), -1 WHERE old.next_stage <> 'probe'
          ON CONFLICT (state, model) DO UPDATE SET n = n - 1;
        INSERT INTO embed_state_counts (state, model, n)
          SELECT coalesce(new.embed_state, ''), coalesce(new.embed_model, ''), 1 WHERE new.next_stage <> 'probe'
          ON CONFLICT (state, model) DO UPDATE SET n = n + 1;
      END;

      -- Whatever the embedded text is made of changed (library/embedding-text.ts: the file name,
      -- transcript and words, tags, scenes) or the vectors did: the state is what SQL can tell.
      CREATE TRIGGER embed_state_media_insert AFTER INSERT ON media BEGIN
        UPDATE media SET embed_state = CASE WHEN new.embed_hash IS NULL THEN 'new' ELSE 'stale' END,
            embed_model = NULL
          WHERE id = new.id;
      END;
      CREATE TRIGGER embed_state_media_update AFTER UPDATE OF rel_path, transcript, words_json, embed_hash ON media
      BEGIN
        UPDATE media SET embed_state = CASE
            WHEN embed_hash IS NULL THEN
              CASE WHEN EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = new.id) THEN 'unverified' ELSE 'new' END
            WHEN NOT EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = new.id) THEN 'stale'
          END, embed_model = NULL
          WHERE id = new.id;
      END;
      CREATE TRIGGER embed_state_tags_insert AFTER INSERT ON tags BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL WHERE id = new.media_id AND embed_hash IS NOT NULL
          AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = new.media_id);
      END;
      CREATE TRIGGER embed_state_tags_update AFTER UPDATE ON tags BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL
          WHERE id IN (old.media_id, new.media_id) AND embed_hash IS NOT NULL
            AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id);
      END;
      CREATE TRIGGER embed_state_tags_delete AFTER DELETE ON tags BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL WHERE id = old.media_id AND embed_hash IS NOT NULL
          AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = old.media_id);
      END;
      CREATE TRIGGER embed_state_scenes_insert AFTER INSERT ON scenes BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL WHERE id = new.media_id AND embed_hash IS NOT NULL
          AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = new.media_id);
      END;
      CREATE TRIGGER embed_state_scenes_update
        AFTER UPDATE OF media_id, idx, start_s, end_s, description, content_type, atmosphere, energy, tags_json ON scenes
      BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL
          WHERE id IN (old.media_id, new.media_id) AND embed_hash IS NOT NULL
            AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id);
      END;
      CREATE TRIGGER embed_state_scenes_delete AFTER DELETE ON scenes BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL WHERE id = old.media_id AND embed_hash IS NOT NULL
          AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = old.media_id);
      END;
      CREATE TRIGGER embed_state_vectors_insert AFTER INSERT ON vectors BEGIN
        UPDATE media SET embed_state = CASE WHEN embed_hash IS NULL THEN 'unverified' END, embed_model = NULL
          WHERE id = new.media_id;
      END;
      CREATE TRIGGER embed_state_vectors_update AFTER UPDATE ON vectors BEGIN
        UPDATE media SET embed_state = CASE
            WHEN embed_hash IS NULL THEN
              CASE WHEN EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id) THEN 'unverified' ELSE 'new' END
            WHEN NOT EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id) THEN 'stale'
          END, embed_model = NULL
          WHERE id IN (old.media_id, new.media_id);
      END;
      CREATE TRIGGER embed_state_vectors_delete AFTER DELETE ON vectors BEGIN
        UPDATE media SET embed_state = CASE
            WHEN embed_hash IS NULL THEN
              CASE WHEN EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = old.media_id) THEN 'unverified' ELSE 'new' END
            WHEN NOT EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = old.media_id) THEN 'stale'
          END, embed_model = NULL
          WHERE id = old.media_id;
      END;

      -- Stored vectors per model, so the status route need not count a million index entries.
      CREATE TABLE vector_counts (model TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO vector_counts (model, n) SELECT model, count(*) FROM vectors GROUP BY model;
      CREATE TRIGGER vector_counts_insert AFTER INSERT ON vectors BEGIN
        INSERT INTO vector_counts (model, n) VALUES (new.model, 1) ON CONFLICT (model) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER vector_counts_delete AFTER DELETE ON vectors BEGIN
        UPDATE vector_counts SET n = n - 1 WHERE model = old.model;
      END;
      CREATE TRIGGER vector_counts_update AFTER UPDATE OF model ON vectors BEGIN
        UPDATE vector_counts SET n = n - 1 WHERE model = old.model;
        INSERT INTO vector_counts (model, n) VALUES (new.model, 1) ON CONFLICT (model) DO UPDATE SET n = n + 1;
      END;
    `,
  },
  {
    version: 6,
    name: "shoot facts for chat's analytics",
    sql: `
      -- Present items counted per shoot day, kind, camera and rating, with their running time in
      -- integer nanoseconds, kept by triggers: hours per month or clips per camera read a few
      -- hundred rows instead of every media row (which carries transcripts and word timings).
      -- '' stands for "none" in the key columns.
      CREATE TABLE shoot_facts (
        day TEXT NOT NULL,
        kind TEXT NOT NULL,
        camera TEXT NOT NULL,
        rating TEXT NOT NULL,
        clips INTEGER NOT NULL,
        duration_ns INTEGER NOT NULL,
        PRIMARY KEY (day, kind, camera, rating)
      ) WITHOUT ROWID;
      INSERT INTO shoot_facts (day, kind, camera, rating, clips, duration_ns)
        SELECT coalesce(shot_date, ''), kind, coalesce(camera_id, ''), coalesce(rating, ''), count(*),
            sum(CAST(round(coalesce(duration_s, 0) * 1e9) AS INTEGER))
          FROM media WHERE missing_since IS NULL GROUP BY 1, 2, 3, 4;
      CREATE TRIGGER shoot_facts_insert AFTER INSERT ON media WHEN new.missing_since IS NULL BEGIN
        INSERT INTO shoot_facts (day, kind, camera, rating, clips, duration_ns)
          VALUES (coalesce(new.shot_date, ''), new.kind, coalesce(new.camera_id, ''), coalesce(new.rating, ''),
            1, CAST(round(coalesce(new.duration_s, 0) * 1e9) AS INTEGER))
          ON CONFLICT (day, kind, camera, rating) DO UPDATE SET clips = clips + 1,
            duration_ns = duration_ns + excluded.duration_ns;
      END;
      CREATE TRIGGER shoot_facts_delete AFTER DELETE ON media WHEN old.missing_since IS NULL BEGIN
        UPDATE shoot_facts SET clips = clips - 1,
            duration_ns = duration_ns - CAST(round(coalesce(old.duration_s, 0) * 1e9) AS INTEGER)
          WHERE day = coalesce(old.shot_date, '') AND kind = old.kind
            AND camera = coalesce(old.camera_id, '') AND rating = coalesce(old.rating, '');
        DELETE FROM shoot_facts WHERE clips <= 0 AND day = coalesce(old.shot_date, '') AND kind = old.kind
          AND camera = coalesce(old.camera_id, '') AND rating = coalesce(old.rating, '');
      END;
      CREATE TRIGGER shoot_facts_update_old
        AFTER UPDATE OF shot_date, kind, camera_id, rating, duration_s, missing_since ON media
        WHEN old.missing_since IS NULL BEGIN
        UPDATE shoot_facts SET clips = clips - 1,
            duration_ns = duration_ns - CAST(round(coalesce(old.duration_s, 0) * 1e9) AS INTEGER)
          WHERE day = coalesce(old.shot_date, '') AND kind = old.kind
            AND camera = coalesce(old.camera_id, '') AND rating = coalesce(old.rating, '');
        DELETE FROM shoot_facts WHERE clips <= 0 AND day = coalesce(old.shot_date, '') AND kind = old.kind
          AND camera = coalesce(old.camera_id, '') AND rating = coalesce(old.rating, '');
      END;
      CREATE TRIGGER shoot_facts_update_new
        AFTER UPDATE OF shot_date, kind, camera_id, rating, duration_s, missing_since ON media
        WHEN new.missing_since IS NULL BEGIN
        INSERT INTO shoot_facts (day, kind, camera, rating, clips, duration_ns)
          VALUES (coalesce(new.shot_date, ''), new.kind, coalesce(new.camera_id, ''), coalesce(new.rating, ''),
            1, CAST(round(coalesce(new.duration_s, 0) * 1e9) AS INTEGER))
          ON CONFLICT (day, kind, camera, rating) DO UPDATE SET clips = clips + 1,
            duration_ns = duration_ns + excluded.duration_ns;
      END;

      -- A tag filter or grouping still reads the items: their shoot facts alone, from this index.
      CREATE INDEX media_shoot_facts ON media (shot_date, kind, camera_id, rating, duration_s, missing_since)
        WHERE missing_since IS NULL;
    `,
  },
  {
    version: 7,
    name: "transcript revision",
    sql: `
      -- Bumped by every change to what a transcript answer is made from, so an answer kept for a
      -- long take (the MCP server keeps them) is checked with one read of a small row.
      ALTER TABLE media ADD COLUMN transcript_rev INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER media_transcript_rev
        AFTER UPDATE OF transcript, segments_json, words_json, language, duration_s ON media BEGIN
        UPDATE media SET transcript_rev = transcript_rev + 1 WHERE id = new.id;
      END;
    `,
  },
  {
    version: 8,
    name: "suggested colour profile",
    sql: `
      -- The camera log profile the file's own metadata names (Sony, Canon, Panasonic, ARRI gamma
      -- tags), offered beside color_profile, which only an editor sets.
      ALTER TABLE media ADD COLUMN color_profile_suggested TEXT;
    `,
  },
  {
    version: 9,
    name: "library record for entitlements",
    sql: `
      -- The release this library was first opened under: evidence for grandfathering an install
      -- whose own record is newer (a library made before the free-tier release was moved here).
      CREATE TABLE library_record (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        first_version TEXT NOT NULL,
        first_seen_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 10,
    name: "indexes for collection membership and tag counts",
    sql: `
      -- Smart collections and the tag cloud ask about every present item. The rows carry
      -- transcripts, so reading the table for them took ~0.2 s per question at 100,000 items,
      -- during which the API answered nothing else; these indexes hold what those questions read.
      CREATE INDEX media_members ON media (id, status, updated_at, rating, duration_s, audio_tracks)
        WHERE missing_since IS NULL;
      CREATE INDEX media_missing ON media (id) WHERE missing_since IS NOT NULL;
    `,
  },
  {
    version: 11,
    name: "audio channels and sample rate",
    sql: `
      -- The first audio stream's channel count and sample rate, which timeline exports state for
      -- each file. Items probed before this step keep NULL until re-probed; exports then say
      -- 2 channels at 48 kHz, as they did before.
      ALTER TABLE media ADD COLUMN audio_channels INTEGER;
      ALTER TABLE media ADD COLUMN audio_sample_rate INTEGER;
    `,
  },
  {
    version: 12,
    name: "camera originals",
    sql: `
      -- What camera originals carry beyond a phone clip (issue 29). Items probed before this step
      -- keep NULL (read as: square pixels, upright, progressive, unknown rate, no sequence or span)
      -- until re-probed with --refresh.
      -- Picture geometry: the displayed size (pixel aspect, rotation, desqueeze applied), the pixel
      -- aspect as a ratio string, the rotation a viewer applies, and the desqueeze the camera
      -- records. desqueeze is the editor's own choice (NULL: none, i.e. 1) and never set by a probe.
      ALTER TABLE media ADD COLUMN display_width INTEGER;
      ALTER TABLE media ADD COLUMN display_height INTEGER;
      ALTER TABLE media ADD COLUMN pixel_aspect TEXT;
      ALTER TABLE media ADD COLUMN rotation INTEGER CHECK (rotation IS NULL OR rotation IN (0, 90, 180, 270));
      ALTER TABLE media ADD COLUMN desqueeze REAL;
      ALTER TABLE media ADD COLUMN desqueeze_suggested REAL;
      ALTER TABLE media ADD COLUMN hdr TEXT CHECK (hdr IS NULL OR hdr IN ('pq', 'hlg'));
      -- Time: the exact rate, variable rate, field order, and where the start timecode came from
      -- with the other sources that disagree (JSON array of {source, timecode}).
      ALTER TABLE media ADD COLUMN fps_rational TEXT;
      ALTER TABLE media ADD COLUMN vfr INTEGER;
      ALTER TABLE media ADD COLUMN field_order TEXT CHECK (field_order IS NULL OR field_order IN ('progressive', 'tff', 'bff'));
      ALTER TABLE media ADD COLUMN timecode_source TEXT;
      ALTER TABLE media ADD COLUMN timecode_conflicts_json TEXT;
      -- Sound: every audio stream ({channels, layout, bit_depth, sample_rate, names}) and the slate
      -- ({scene, take, tape, note, circled}) from iXML or camera metadata, as JSON.
      ALTER TABLE media ADD COLUMN audio_streams_json TEXT;
      ALTER TABLE media ADD COLUMN slate_json TEXT;
      -- An image sequence item: {first, last, count, missing} as JSON.
      ALTER TABLE media ADD COLUMN sequence_json TEXT;
      -- One recording split over several files: the span's id, this part's place (from 1), parts.
      ALTER TABLE media ADD COLUMN span_id TEXT;
      ALTER TABLE media ADD COLUMN span_index INTEGER;
      ALTER TABLE media ADD COLUMN span_count INTEGER;
      CREATE INDEX media_span ON media (span_id, span_index) WHERE span_id IS NOT NULL;
      -- A file ffmpeg cannot decode (RAW): the scrubbed reason, which makes its status needs_proxy
      -- while no camera-made proxy is linked; camera_proxy is that proxy's path relative to the root.
      ALTER TABLE media ADD COLUMN status_reason TEXT;
      ALTER TABLE media ADD COLUMN camera_proxy TEXT;
    `,
  },
  {
    version: 13,
    name: "slate in text search",
    sql: `
      -- The slate (scene, take, tape, note, and the word "circled" for a circled take) is searched
      -- as text in a column of its own. FTS5 tables take no new column, so the table is made again
      -- with the same tokenizer; the tags and scenes triggers name it only when they run, so they
      -- stay as they are, and only the media triggers change to carry the slate.
      DROP TRIGGER media_fts_insert;
      DROP TRIGGER media_fts_update;
      DROP TABLE media_fts;
      CREATE VIRTUAL TABLE media_fts USING fts5 (
        name, transcript, tags, scenes, slate,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO media_fts (rowid, name, transcript, tags, scenes, slate)
        SELECT m.id, m.rel_path, m.transcript,
          (SELECT group_concat(t.name, ' ') FROM tags t WHERE t.media_id = m.id),
          (SELECT group_concat(concat_ws(' ', s.description, s.content_type, s.atmosphere, s.energy,
             s.edit_position, s.edit_reason), ' ') FROM scenes s WHERE s.media_id = m.id),
          CASE WHEN json_valid(m.slate_json) THEN concat_ws(' ',
            m.slate_json ->> '$.scene', m.slate_json ->> '$.take', m.slate_json ->> '$.tape',
            m.slate_json ->> '$.note', CASE WHEN m.slate_json ->> '$.circled' THEN 'circled' END) END
        FROM media m;
      CREATE TRIGGER media_fts_insert AFTER INSERT ON media BEGIN
        INSERT INTO media_fts (rowid, name, transcript, tags, scenes, slate)
          VALUES (new.id, new.rel_path, new.transcript, NULL, NULL,
            CASE WHEN json_valid(new.slate_json) THEN concat_ws(' ',
              new.slate_json ->> '$.scene', new.slate_json ->> '$.take', new.slate_json ->> '$.tape',
              new.slate_json ->> '$.note', CASE WHEN new.slate_json ->> '$.circled' THEN 'circled' END) END);
      END;
      CREATE TRIGGER media_fts_update AFTER UPDATE OF rel_path, transcript, slate_json ON media BEGIN
        UPDATE media_fts SET name = new.rel_path, transcript = new.transcript,
          slate = CASE WHEN json_valid(new.slate_json) THEN concat_ws(' ',
            new.slate_json ->> '$.scene', new.slate_json ->> '$.take', new.slate_json ->> '$.tape',
            new.slate_json ->> '$.note', CASE WHEN new.slate_json ->> '$.circled' THEN 'circled' END) END
          WHERE rowid = new.id;
      END;
    `,
  },
  {
    version: 14,
    name: "spanned recording facts",
    sql: `
      -- What a part of a spanned recording shares with the others, written when a pass groups
      -- them: {offset_s, duration_s, start_timecode, missing} as JSON (where this part starts in
      -- the recording, the recording's length and first timecode, the parts its names tell of
      -- that are absent). NULL outside a span.
      ALTER TABLE media ADD COLUMN span_json TEXT;
    `,
  },
  {
    version: 15,
    name: "markers, subclips, sound sync and waveforms",
    sql: `
      -- An editor's point markers and named ranges on an item (issue 31), in seconds of the file
      -- like the trims. One table for both: a marker has a kind and an optional end (a marker
      -- with a duration), a subclip an end after its start and no kind.
      CREATE TABLE marks (
        id INTEGER PRIMARY KEY,
        media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        type TEXT NOT NULL CHECK (type IN ('marker', 'subclip')),
        name TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        color TEXT NOT NULL,
        kind TEXT CHECK ((type = 'marker' AND kind IN ('marker', 'todo', 'chapter'))
          OR (type = 'subclip' AND kind IS NULL)),
        start_s REAL NOT NULL CHECK (start_s >= 0),
        end_s REAL CHECK (end_s IS NULL OR end_s > start_s),
        author TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        CHECK (type = 'marker' OR end_s IS NOT NULL)
      );
      CREATE INDEX marks_media ON marks (media_id, type, start_s, id);

      -- A camera clip and the sound recorded apart for it: where the clip's first frame falls in
      -- the sound file (samples at sound_rate, the sound file's rate when it was synced), how it
      -- was found and how sure svc is, and what the editor made of it. channels: JSON array of
      -- {index, name} (the recorder's channels, 1-based, iXML names where given).
      CREATE TABLE sync_pairs (
        id INTEGER PRIMARY KEY,
        camera_media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        sound_media_id INTEGER NOT NULL REFERENCES media (id) ON DELETE CASCADE,
        channels_json TEXT NOT NULL DEFAULT '[]',
        offset_samples INTEGER NOT NULL,
        sound_rate INTEGER NOT NULL CHECK (sound_rate > 0),
        method TEXT NOT NULL CHECK (method IN ('timecode', 'waveform', 'both')),
        confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
        state TEXT NOT NULL DEFAULT 'proposed' CHECK (state IN ('proposed', 'accepted', 'rejected')),
        reason TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (camera_media_id, sound_media_id)
      );
      CREATE INDEX sync_pairs_sound ON sync_pairs (sound_media_id);
      -- Camera clips a sync run looked at and claimed nothing for, and why (no scratch track, no
      -- sound in range, below the confidence floor): what the sync status reports per clip.
      CREATE TABLE sync_unmatched (
        camera_media_id INTEGER PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
        reason TEXT NOT NULL,
        checked_at TEXT NOT NULL
      );

      -- The waveform peaks made in the item's one decode pass, relative to .svc (NULL: not made
      -- yet, or no sound).
      ALTER TABLE media ADD COLUMN waveform_path TEXT;

      -- Marker and subclip names and notes are searched as text in a column of their own; FTS5
      -- tables take no new column, so the table is made again (as in step 13). Every trigger names
      -- media_fts only when it runs, so the media, tags and scenes triggers stay as they are.
      DROP TABLE media_fts;
      CREATE VIRTUAL TABLE media_fts USING fts5 (
        name, transcript, tags, scenes, slate, marks,
        tokenize = 'unicode61 remove_diacritics 2'
      );
      INSERT INTO media_fts (rowid, name, transcript, tags, scenes, slate, marks)
        SELECT m.id, m.rel_path, m.transcript,
          (SELECT group_concat(t.name, ' ') FROM tags t WHERE t.media_id = m.id),
          (SELECT group_concat(concat_ws(' ', s.description, s.content_type, s.atmosphere, s.energy,
             s.edit_position, s.edit_reason), ' ') FROM scenes s WHERE s.media_id = m.id),
          CASE WHEN json_valid(m.slate_json) THEN concat_ws(' ',
            m.slate_json ->> '$.scene', m.slate_json ->> '$.take', m.slate_json ->> '$.tape',
            m.slate_json ->> '$.note', CASE WHEN m.slate_json ->> '$.circled' THEN 'circled' END) END,
          NULL
        FROM media m;
      CREATE TRIGGER marks_fts_insert AFTER INSERT ON marks BEGIN
        UPDATE media_fts SET marks = (SELECT group_concat(concat_ws(' ', name, note), ' ') FROM marks
          WHERE media_id = new.media_id) WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER marks_fts_update AFTER UPDATE OF name, note, media_id ON marks BEGIN
        UPDATE media_fts SET marks = (SELECT group_concat(concat_ws(' ', name, note), ' ') FROM marks
          WHERE media_id = old.media_id) WHERE rowid = old.media_id;
        UPDATE media_fts SET marks = (SELECT group_concat(concat_ws(' ', name, note), ' ') FROM marks
          WHERE media_id = new.media_id) WHERE rowid = new.media_id;
      END;
      CREATE TRIGGER marks_fts_delete AFTER DELETE ON marks BEGIN
        UPDATE media_fts SET marks = (SELECT group_concat(concat_ws(' ', name, note), ' ') FROM marks
          WHERE media_id = old.media_id) WHERE rowid = old.media_id;
      END;
    `,
  },
  {
    version: 16,
    name: "markers and subclips make the item's embedding stale",
    sql: `
      -- Marker and subclip names and notes are part of the item's embedded text
      -- (domain/embedding-text.ts), so a change to them leaves its freshness to be planned again,
      -- as a change to its tags or scenes does.
      CREATE TRIGGER embed_state_marks_insert AFTER INSERT ON marks BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL WHERE id = new.media_id AND embed_hash IS NOT NULL
          AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = new.media_id);
      END;
      CREATE TRIGGER embed_state_marks_update AFTER UPDATE OF media_id, name, note, start_s ON marks BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL
          WHERE id IN (old.media_id, new.media_id) AND embed_hash IS NOT NULL
            AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = media.id);
      END;
      CREATE TRIGGER embed_state_marks_delete AFTER DELETE ON marks BEGIN
        UPDATE media SET embed_state = NULL, embed_model = NULL WHERE id = old.media_id AND embed_hash IS NOT NULL
          AND EXISTS (SELECT 1 FROM vectors v WHERE v.media_id = old.media_id);
      END;
    `,
  },
  {
    version: 17,
    name: "hand-offs to an editing application",
    sql: `
      -- What an editor chose in svc for an NLE script to fetch (issue 32): the request as given
      -- (JSON {ids, subclips}), the bin it goes into, who made it, and when a script took it. The
      -- answer is built when it is taken, so it carries the item's state of that moment and paths
      -- as the taker may see them.
      CREATE TABLE handoffs (
        id INTEGER PRIMARY KEY,
        target TEXT NOT NULL CHECK (target IN ('resolve')),
        bin TEXT NOT NULL,
        request_json TEXT NOT NULL,
        author TEXT NOT NULL,
        created_at TEXT NOT NULL,
        taken_at TEXT,
        taken_by TEXT
      );
      CREATE INDEX handoffs_pending ON handoffs (target, taken_at, id);
    `,
  },
  {
    version: 18,
    name: "scrub sprites",
    sql: `
      -- A video's scrub sprite made in its decode pass (issue 33): JSON {path (relative to .svc),
      -- frames, columns, rows, frame_width, frame_height, interval_s}; NULL until made. Items
      -- ingested before get one on the next pass (its "sprite" stage row says it was tried).
      -- Its bytes (JSON bytes, known when it is written) count in the thumbs folder's total, where
      -- the file lives.
      ALTER TABLE media ADD COLUMN sprite_json TEXT;
      CREATE TRIGGER media_sprite_bytes_insert AFTER INSERT ON media WHEN new.sprite_json IS NOT NULL BEGIN
        UPDATE derived_totals SET bytes = bytes + coalesce(CASE WHEN json_valid(new.sprite_json)
            THEN json_extract(new.sprite_json, '$.bytes') END, 0)
          WHERE dir = 'thumbs';
      END;
      CREATE TRIGGER media_sprite_bytes_delete AFTER DELETE ON media WHEN old.sprite_json IS NOT NULL BEGIN
        UPDATE derived_totals SET bytes = bytes - coalesce(CASE WHEN json_valid(old.sprite_json)
            THEN json_extract(old.sprite_json, '$.bytes') END, 0)
          WHERE dir = 'thumbs';
      END;
      CREATE TRIGGER media_sprite_bytes_update AFTER UPDATE OF sprite_json ON media BEGIN
        UPDATE derived_totals SET bytes = bytes
            - coalesce(CASE WHEN json_valid(old.sprite_json) THEN json_extract(old.sprite_json, '$.bytes') END, 0)
            + coalesce(CASE WHEN json_valid(new.sprite_json) THEN json_extract(new.sprite_json, '$.bytes') END, 0)
          WHERE dir = 'thumbs';
      END;
    `,
  },
  {
    version: 19,
    name: "items waiting for a model",
    sql: `
      -- Items whose stage ran without its model or tool (vision or embeddings with the model host
      -- lacking the model, a transcript without a recogniser) are found by this index alone when
      -- the model appears (issue 34), never by a pass over the library.
      CREATE INDEX media_stages_waiting ON media_stages (stage, media_id) WHERE status = 'not_configured';
    `,
  },
  {
    version: 20,
    name: "list filters and tag counts at half a million items",
    sql: `
      -- A rating, camera or language filter reads its few items from an index instead of every
      -- row (the rows carry transcripts): at 500,000 items counting one rating's items read the
      -- whole 1 GB table, 1.5 s. Partial, as most items have none; shot_date follows so the
      -- default order (newest shoot day first) reads the first page off the index; missing_since
      -- lets the collections' list of present ratings read the rating index alone.
      CREATE INDEX media_rating ON media (rating COLLATE NOCASE, shot_date, missing_since)
        WHERE rating IS NOT NULL;
      CREATE INDEX media_camera ON media (camera_id COLLATE NOCASE, shot_date) WHERE camera_id IS NOT NULL;
      CREATE INDEX media_language ON media (language COLLATE NOCASE, shot_date) WHERE language IS NOT NULL;

      -- Collections count their members over media_members (migration 10); with missing_since
      -- beside the columns they ask about, the index alone answers, instead of every counted
      -- item's wide row being read to see that it is present. The recently processed collection
      -- reads its few items off the newest end of media_recent.
      DROP INDEX media_members;
      CREATE INDEX media_members ON media (id, status, updated_at, rating, duration_s, audio_tracks, missing_since)
        WHERE missing_since IS NULL;
      CREATE INDEX media_recent ON media (updated_at, status, missing_since) WHERE missing_since IS NULL;

      -- Present items per status and rating spelling (NULL: none), kept by triggers: a collection
      -- that asks only about those (needs review, unusable) is counted from a few rows instead of
      -- the 450,000 unrated items of a 500,000-item library.
      CREATE TABLE review_counts (status TEXT NOT NULL, rating TEXT, n INTEGER NOT NULL);
      CREATE INDEX review_counts_key ON review_counts (status, rating);
      INSERT INTO review_counts (status, rating, n)
        SELECT status, rating, count(*) FROM media WHERE missing_since IS NULL GROUP BY status, rating;
      CREATE TRIGGER review_counts_insert AFTER INSERT ON media WHEN new.missing_since IS NULL BEGIN
        UPDATE review_counts SET n = n + 1 WHERE status = new.status AND rating IS new.rating;
        INSERT INTO review_counts (status, rating, n) SELECT new.status, new.rating, 1
          WHERE NOT EXISTS (SELECT 1 FROM review_counts WHERE status = new.status AND rating IS new.rating);
      END;
      CREATE TRIGGER review_counts_delete AFTER DELETE ON media WHEN old.missing_since IS NULL BEGIN
        UPDATE review_counts SET n = n - 1 WHERE status = old.status AND rating IS old.rating;
        DELETE FROM review_counts WHERE status = old.status AND rating IS old.rating AND n <= 0;
      END;
      CREATE TRIGGER review_counts_update_old AFTER UPDATE OF status, rating, missing_since ON media
        WHEN old.missing_since IS NULL BEGIN
        UPDATE review_counts SET n = n - 1 WHERE status = old.status AND rating IS old.rating;
        DELETE FROM review_counts WHERE status = old.status AND rating IS old.rating AND n <= 0;
      END;
      CREATE TRIGGER review_counts_update_new AFTER UPDATE OF status, rating, missing_since ON media
        WHEN new.missing_since IS NULL BEGIN
        UPDATE review_counts SET n = n + 1 WHERE status = new.status AND rating IS new.rating;
        INSERT INTO review_counts (status, rating, n) SELECT new.status, new.rating, 1
          WHERE NOT EXISTS (SELECT 1 FROM review_counts WHERE status = new.status AND rating IS new.rating);
      END;

      -- Items carrying each spelling of a tag (auto and manual counted once), missing ones
      -- included, kept by triggers: the tag cloud reads one row per spelling instead of grouping
      -- every tag row (0.2 s at 500,000 items), and takes the few missing items' tags away.
      CREATE TABLE tag_item_counts (name TEXT NOT NULL PRIMARY KEY, items INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO tag_item_counts (name, items) SELECT name, count(DISTINCT media_id) FROM tags GROUP BY name;
      CREATE TRIGGER tag_counts_insert AFTER INSERT ON tags
        WHEN NOT EXISTS (SELECT 1 FROM tags t WHERE t.media_id = new.media_id AND t.name = new.name
          AND t.rowid <> new.rowid) BEGIN
        INSERT INTO tag_item_counts (name, items) VALUES (new.name, 1)
          ON CONFLICT (name) DO UPDATE SET items = items + 1;
      END;
      CREATE TRIGGER tag_counts_delete AFTER DELETE ON tags
        WHEN NOT EXISTS (SELECT 1 FROM tags t WHERE t.media_id = old.media_id AND t.name = old.name) BEGIN
        UPDATE tag_item_counts SET items = items - 1 WHERE name = old.name;
        DELETE FROM tag_item_counts WHERE name = old.name AND items <= 0;
      END;
      CREATE TRIGGER tag_counts_update AFTER UPDATE OF media_id, name ON tags
        WHEN old.media_id IS NOT new.media_id OR old.name IS NOT new.name BEGIN
        UPDATE tag_item_counts SET items = items - 1 WHERE name = old.name
          AND NOT EXISTS (SELECT 1 FROM tags t WHERE t.media_id = old.media_id AND t.name = old.name);
        DELETE FROM tag_item_counts WHERE name = old.name AND items <= 0;
        INSERT INTO tag_item_counts (name, items) SELECT new.name, 1
          WHERE NOT EXISTS (SELECT 1 FROM tags t WHERE t.media_id = new.media_id AND t.name = new.name
            AND t.rowid <> new.rowid)
          ON CONFLICT (name) DO UPDATE SET items = items + 1;
      END;
    `,
  },
  {
    version: 21,
    name: "the catch-up lookup reads indexes alone",
    sql: `
      -- The catch-up pass looks up every scanned file by path (issue 34): the row's late columns
      -- (waveform_path, sprite_json, added by ALTER TABLE) sit past the transcript and JSON
      -- columns, so reaching them walked overflow pages. What the lookup decides on is kept here,
      -- with only the null-ness of the long columns, so it reads this index alone (about 90 bytes
      -- an item).
      CREATE INDEX media_catch_up ON media (rel_path, kind, size, mtime_ms, missing_since, status,
        thumb_path IS NULL, status_reason, camera_proxy, audio_tracks, waveform_path IS NULL,
        sprite_json IS NULL, codec, audio_codec, audio_channels);
      -- How an item's proxy, waveform and sprite stages ended, without reading the stage rows
      -- (their detail text) for each item.
      CREATE INDEX media_stages_derived ON media_stages (media_id, stage, status)
        WHERE stage IN ('proxy', 'waveform', 'sprite');
    `,
  },
];
