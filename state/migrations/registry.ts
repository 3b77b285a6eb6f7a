import type { Migration } from "../db.js";

/** Schema of `$SVC_HOME/registry.db`. Append only: never edit a released step. */
export const REGISTRY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "install record, projects, job slots",
    sql: `
      CREATE TABLE install (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        first_version TEXT NOT NULL,
        installed_at TEXT NOT NULL
      );

      CREATE TABLE projects (
        name TEXT PRIMARY KEY,
        root TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );

      CREATE TABLE slots (
        name TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        pid INTEGER NOT NULL,
        acquired_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "access tokens",
    sql: `
      CREATE TABLE tokens (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        hash TEXT NOT NULL UNIQUE,
        scopes TEXT NOT NULL,
        ip_allowlist TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        expires_at TEXT,
        revoked_at TEXT,
        last_used_at TEXT,
        is_bootstrap INTEGER NOT NULL DEFAULT 0 CHECK (is_bootstrap IN (0, 1))
      );

      -- At most one bootstrap token ever, even when two processes start at once.
      CREATE UNIQUE INDEX tokens_single_bootstrap ON tokens (is_bootstrap) WHERE is_bootstrap = 1;
    `,
  },
  {
    version: 3,
    name: "slot heartbeats",
    sql: `
      ALTER TABLE slots ADD COLUMN heartbeat_at TEXT;
      UPDATE slots SET heartbeat_at = acquired_at;
    `,
  },
  {
    version: 4,
    name: "chat conversations",
    sql: `
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        -- The project names the latest turn was limited to (JSON list).
        project_scope TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        message_count INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX conversations_updated ON conversations (updated_at DESC, id);

      CREATE TABLE chat_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
        content TEXT NOT NULL,
        intent TEXT,
        -- The scenes an assistant turn returned: [{project, media_id, scene_id, start_s, end_s}].
        scenes_json TEXT,
        tokens_used INTEGER,
        latency_ms INTEGER,
        created_at TEXT NOT NULL
      );
      CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
    `,
  },
  {
    version: 5,
    name: "grandfathering, cross-project bins",
    sql: `
      -- Set once when evidence shows the install predates the free-tier release; never cleared.
      ALTER TABLE install ADD COLUMN grandfathered_at TEXT;

      -- Free labels of a project (client, year…), a JSON list of strings.
      ALTER TABLE projects ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';

      CREATE TABLE bins (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      -- Items name their project by its registered name, so a relocated project keeps its bins;
      -- media_created_at tells a row that took over a deleted row's id from the one added.
      CREATE TABLE bin_items (
        bin_id INTEGER NOT NULL REFERENCES bins (id) ON DELETE CASCADE,
        project TEXT NOT NULL,
        media_id INTEGER NOT NULL,
        media_created_at TEXT NOT NULL,
        rel_path TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (bin_id, project, media_id)
      );
      CREATE INDEX bin_items_media ON bin_items (project, media_id);
    `,
  },
];
