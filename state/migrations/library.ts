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
];
