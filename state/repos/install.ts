import { Repository } from "../statements.js";

export interface InstallRow {
  first_version: string;
  installed_at: string;
  /** When evidence first showed this install predates the free-tier release; never cleared. */
  grandfathered_at: string | null;
}

const SELECT = "SELECT first_version, installed_at, grandfathered_at FROM install WHERE id = 1";

/** The first-start record; entitlements compare against the version that first ran here. */
export class InstallRepo extends Repository {
  ensure(version: string): InstallRow {
    this.prepare("INSERT OR IGNORE INTO install (id, first_version, installed_at) VALUES (1, ?, ?)").run(
      version,
      new Date().toISOString(),
    );
    return this.prepare(SELECT).get() as InstallRow;
  }

  get(): InstallRow | undefined {
    return this.prepare(SELECT).get() as InstallRow | undefined;
  }

  /** Records the grandfathering for good (a later release or a removed library cannot undo it). */
  grandfather(): void {
    this.prepare("UPDATE install SET grandfathered_at = coalesce(grandfathered_at, ?) WHERE id = 1").run(
      new Date().toISOString(),
    );
  }
}
