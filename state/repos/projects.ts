import { Repository } from "../statements.js";

export interface ProjectRow {
  name: string;
  root: string;
  tags: string[];
  created_at: string;
}

interface StoredProject {
  name: string;
  root: string;
  tags: string;
  created_at: string;
}

function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

const toRow = (row: StoredProject | undefined): ProjectRow | undefined =>
  row && { name: row.name, root: row.root, tags: parseTags(row.tags), created_at: row.created_at };

export class ProjectsRepo extends Repository {
  all(): ProjectRow[] {
    return (this.prepare("SELECT * FROM projects ORDER BY name").all() as StoredProject[]).map(
      (row) => toRow(row) as ProjectRow,
    );
  }

  count(): number {
    return (this.prepare("SELECT count(*) AS n FROM projects").get() as { n: number }).n;
  }

  byName(name: string): ProjectRow | undefined {
    return toRow(
      this.prepare("SELECT * FROM projects WHERE name = ?").get(name) as StoredProject | undefined,
    );
  }

  byRoot(root: string): ProjectRow | undefined {
    return toRow(
      this.prepare("SELECT * FROM projects WHERE root = ?").get(root) as StoredProject | undefined,
    );
  }

  add(name: string, root: string, tags: readonly string[] = []): ProjectRow {
    const row = { name, root, tags: JSON.stringify(tags), created_at: new Date().toISOString() };
    this.prepare(
      "INSERT INTO projects (name, root, tags, created_at) VALUES (@name, @root, @tags, @created_at)",
    ).run(row);
    return toRow(row) as ProjectRow;
  }

  /** A moved project: same name (so its bins and history), new root; tags replaced when given. */
  relocate(name: string, root: string, tags?: readonly string[]): ProjectRow | undefined {
    if (tags) this.prepare("UPDATE projects SET tags = ? WHERE name = ?").run(JSON.stringify(tags), name);
    this.prepare("UPDATE projects SET root = ? WHERE name = ?").run(root, name);
    return this.byName(name);
  }

  remove(name: string): boolean {
    return this.prepare("DELETE FROM projects WHERE name = ?").run(name).changes > 0;
  }
}
