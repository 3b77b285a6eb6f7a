import { Repository } from "../statements.js";

export interface ProjectRow {
  name: string;
  root: string;
  created_at: string;
}

export class ProjectsRepo extends Repository {
  all(): ProjectRow[] {
    return this.prepare("SELECT * FROM projects ORDER BY name").all() as ProjectRow[];
  }

  byName(name: string): ProjectRow | undefined {
    return this.prepare("SELECT * FROM projects WHERE name = ?").get(name) as ProjectRow | undefined;
  }

  byRoot(root: string): ProjectRow | undefined {
    return this.prepare("SELECT * FROM projects WHERE root = ?").get(root) as ProjectRow | undefined;
  }

  add(name: string, root: string): ProjectRow {
    const row = { name, root, created_at: new Date().toISOString() };
    this.prepare("INSERT INTO projects (name, root, created_at) VALUES (@name, @root, @created_at)").run(row);
    return row;
  }

  remove(name: string): boolean {
    return this.prepare("DELETE FROM projects WHERE name = ?").run(name).changes > 0;
  }
}
