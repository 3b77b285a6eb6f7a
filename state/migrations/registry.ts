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
];
