import type { Db } from "../db.js";

export interface ProjectRow {
  name: string;
  root: string;
  created_at: string;
}

export class ProjectsRepo {
  constructor(private readonly db: Db) {}

  all(): ProjectRow[] {
    return this.db.prepare("SELECT * FROM projects ORDER BY name").all() as ProjectRow[];
  }

  byName(name: string): ProjectRow | undefined {
    return this.db.prepare("SELECT * FROM projects WHERE name = ?").get(name) as ProjectRow | undefined;
  }

  byRoot(root: string): ProjectRow | undefined {
    return this.db.prepare("SELECT * FROM projects WHERE root = ?").get(root) as ProjectRow | undefined;
  }

  add(name: string, root: string): ProjectRow {
    const row = { name, root, created_at: new Date().toISOString() };
    this.db
      .prepare("INSERT INTO projects (name, root, created_at) VALUES (@name, @root, @created_at)")
      .run(row);
    return row;
  }

  remove(name: string): boolean {
    return this.db.prepare("DELETE FROM projects WHERE name = ?").run(name).changes > 0;
  }
}
