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
];
