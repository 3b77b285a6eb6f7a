import { Repository } from "../statements.js";

export interface InstallRow {
  first_version: string;
  installed_at: string;
}

/** The first-start record; entitlements compare against the version that first ran here. */
export class InstallRepo extends Repository {
  ensure(version: string): InstallRow {
    this.prepare("INSERT OR IGNORE INTO install (id, first_version, installed_at) VALUES (1, ?, ?)").run(
      version,
      new Date().toISOString(),
    );
    return this.prepare("SELECT first_version, installed_at FROM install WHERE id = 1").get() as InstallRow;
  }

  get(): InstallRow | undefined {
    return this.prepare("SELECT first_version, installed_at FROM install WHERE id = 1").get() as
      | InstallRow
      | undefined;
  }
}
