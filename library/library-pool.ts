import { mountedStorage } from "../adapters/mount-table.js";
import { EXIT, UserError } from "../domain/errors.js";
import { journalModeOf } from "../state/db.js";
import { projectPaths } from "../state/paths.js";
import { readProjectId } from "../state/project-id.js";
import type { ProjectRow } from "../state/repos/projects.js";
import { type LibraryStore, openLibrary, ProjectRootMissing } from "../state/stores.js";
import type { AppContext } from "./context.js";
import { CollectionFiles } from "./organise/collections.js";
import { libraryIdentity, lookAtRootSync } from "./organise/project-root.js";
import { defaultProjectName } from "./organise/projects.js";
import { IndexReader } from "./search/vector-index.js";

const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The 503 of a project whose folder is not there; nothing is created in its place. */
export function unreachableProject(name: string): UserError {
  return new UserError(
    `project "${name}": its folder is not reachable (an unplugged drive or a renamed folder?); svc waits for it to come back and creates nothing in its place`,
    EXIT.storage,
    503,
  );
}

/**
 * Open library databases of one daemon, one handle per project root, closed together on shutdown.
 * Requests name a project by its registered name; without one they get PROJECT_ROOT's project.
 * Each answer from an open handle is preceded by a stat of the project's `.svc` folder: a handle
 * whose folder was renamed away or unplugged is closed rather than read.
 */
export class LibraryPool {
  private readonly open = new Map<string, { store: LibraryStore; identity: string | null }>();
  private readonly readers = new Map<string, IndexReader>();

  /** Each project's smart collections file, read again when it changes. */
  readonly collectionFiles: CollectionFiles;

  constructor(private readonly ctx: AppContext) {
    this.collectionFiles = new CollectionFiles(ctx.log);
  }

  /**
   * The project a request addresses, by its registered name or by its id (`.svc/project.json`,
   * which seats send because each names and mounts the project its own way); 404 for an unknown
   * one, 503 when no default exists.
   */
  project(name?: string | null): ProjectRow {
    if (name) {
      const row = this.ctx.registry.projects.byName(name) ?? this.byProjectId(name);
      if (!row) throw new UserError(`no project named "${name.slice(0, 80)}"`, EXIT.usage, 404);
      return row;
    }
    const root = this.ctx.config.projectRoot;
    const row = root ? this.ctx.registry.projects.byRoot(root) : this.ctx.registry.projects.all()[0];
    if (!row && root) return this.unregisteredRoot(root);
    if (!row) throw new UserError("no project is registered yet (set PROJECT_ROOT)", EXIT.usage, 503);
    return row;
  }

  /** PROJECT_ROOT left unregistered by the free tier's project limit is still served. */
  private unregisteredRoot(root: string): ProjectRow {
    return { name: defaultProjectName(root), root, tags: [], created_at: "" };
  }

  /** The registered project (or PROJECT_ROOT's) whose `.svc/project.json` holds `id`. */
  private byProjectId(id: string): ProjectRow | undefined {
    if (!PROJECT_ID.test(id)) return undefined;
    const root = this.ctx.config.projectRoot;
    const rows = this.ctx.registry.projects.all();
    const candidates =
      root && !rows.some((row) => row.root === root) ? [...rows, this.unregisteredRoot(root)] : rows;
    return candidates.find((row) => readProjectId(projectPaths(row.root)) === id);
  }

  /** Whether `name` is a registered project (no error either way). */
  isRegistered(name: string): boolean {
    return this.ctx.registry.projects.byName(name) !== undefined;
  }

  library(name?: string | null): LibraryStore {
    const project = this.project(name);
    const held = this.open.get(project.root);
    if (held) {
      if (held.identity !== null && libraryIdentity(project.root) === held.identity) return held.store;
      this.release(project.root);
    }
    if (lookAtRootSync(project.root).state !== "ok") throw unreachableProject(project.name);
    // Only the project's library host opens its database: a seat's requests go to the host.
    this.ctx.hosts.requireWriter(project.root, `"${project.name}"`);
    let store: LibraryStore;
    try {
      store = openLibrary(project.root, { mounts: mountedStorage });
      store.record.ensure(this.ctx.version);
    } catch (error) {
      if (error instanceof ProjectRootMissing) throw unreachableProject(project.name);
      throw new UserError(
        `the project's library cannot be opened: ${(error as Error).message}`,
        EXIT.storage,
        503,
      );
    }
    this.open.set(project.root, { store, identity: libraryIdentity(project.root) });
    return store;
  }

  /** The journal mode of the database open for `root`, or null when none is open. */
  journalMode(root: string): string | null {
    const held = this.open.get(root);
    return held ? journalModeOf(held.store.db) : null;
  }

  /** Closes the handle of a root that is gone (or replaced), so nothing answers from the old files. */
  release(root: string): void {
    this.open.get(root)?.store.close();
    this.open.delete(root);
    this.readers.delete(root);
  }

  /** The search side of a project's vector index, loaded on first use and kept with its store. */
  indexReader(name?: string | null): IndexReader {
    const project = this.project(name);
    let reader = this.readers.get(project.root);
    if (!reader) {
      reader = new IndexReader(this.library(name).paths);
      this.readers.set(project.root, reader);
    }
    return reader;
  }

  closeAll(): void {
    for (const { store } of this.open.values()) store.close();
    this.open.clear();
    this.readers.clear();
  }
}
