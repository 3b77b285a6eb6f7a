import { mkdirSync } from "node:fs";
import { type Db, openDatabase } from "./db.js";
import { isErrno } from "./errno.js";
import { makeFolderSync } from "./folders.js";
import { LIBRARY_MIGRATIONS } from "./migrations/library.js";
import { REGISTRY_MIGRATIONS } from "./migrations/registry.js";
import { type HomePaths, homePaths, type ProjectPaths, projectPaths } from "./paths.js";
import { ensureProjectId } from "./project-id.js";
import { AnalyticsRepo } from "./repos/analytics.js";
import { BinsRepo } from "./repos/bins.js";
import { CollectionsRepo } from "./repos/collections.js";
import { ConversationsRepo } from "./repos/conversations.js";
import { FailuresRepo } from "./repos/failures.js";
import { HandoffsRepo } from "./repos/handoffs.js";
import { InstallRepo } from "./repos/install.js";
import { LibraryRecordRepo } from "./repos/library-record.js";
import { MarksRepo } from "./repos/marks.js";
import { MediaRepo } from "./repos/media.js";
import { MediaEditsRepo } from "./repos/media-edits.js";
import { MediaSearchRepo } from "./repos/media-search.js";
import { ProjectsRepo } from "./repos/projects.js";
import { ScenesRepo } from "./repos/scenes.js";
import { SlotsRepo } from "./repos/slots.js";
import { SyncPairsRepo } from "./repos/sync-pairs.js";
import { TagsRepo } from "./repos/tags.js";
import { TokensRepo } from "./repos/tokens.js";
import { TotalsRepo } from "./repos/totals.js";
import { TranscriptsRepo } from "./repos/transcripts.js";
import { TrashRepo } from "./repos/trash.js";
import { VectorsRepo } from "./repos/vectors.js";
import type { MountLookup } from "./storage-mode.js";

/** One project's library: its own SQLite handle, never shared with another project. */
export interface LibraryStore {
  readonly paths: ProjectPaths;
  readonly db: Db;
  readonly media: MediaRepo;
  /** Listing, filtering, text search and shoot-day counts. */
  readonly search: MediaSearchRepo;
  /** Editorial changes and deletion. */
  readonly edits: MediaEditsRepo;
  readonly scenes: ScenesRepo;
  readonly tags: TagsRepo;
  readonly failures: FailuresRepo;
  readonly transcripts: TranscriptsRepo;
  readonly vectors: VectorsRepo;
  /** Files in `.svc/trash`, restorable with their editorial work. */
  readonly trash: TrashRepo;
  /** Running totals for the stats and embed-status routes. */
  readonly totals: TotalsRepo;
  /** Fixed aggregate queries for chat's analytics answers. */
  readonly analytics: AnalyticsRepo;
  /** The release the library was first opened under (entitlements evidence). */
  readonly record: LibraryRecordRepo;
  /** What smart collection membership reads. */
  readonly collections: CollectionsRepo;
  /** Markers and subclips. */
  /** What editors chose for an NLE script to fetch. */
  readonly handoffs: HandoffsRepo;
  readonly marks: MarksRepo;
  /** Camera clips synced to sound recorded apart. */
  readonly sync: SyncPairsRepo;
  close(): void;
}

/** A project's root is not there (an unplugged drive, a renamed folder); nothing was made in its place. */
export class ProjectRootMissing extends Error {
  constructor() {
    super("the project folder is not there (an unplugged drive or a renamed folder?)");
    this.name = "ProjectRootMissing";
  }
}

/**
 * Opens a project's library, migrating it first when needed; `.svc/` is made inside an existing
 * root, and a missing root is a ProjectRootMissing, never made again. `readOnly` is for worker
 * threads that only read beside the connection that writes: such a handle refuses every write.
 * `mounts` tells a share where statfs cannot (adapters/mount-table.ts `mountedStorage`); every
 * handle of one database must be given it alike, or they would disagree on its journal.
 */
export function openLibrary(
  root: string,
  options: { readOnly?: boolean; mounts?: MountLookup } = {},
): LibraryStore {
  const paths = projectPaths(root);
  try {
    makeFolderSync(paths.dataDir);
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) throw new ProjectRootMissing();
    throw error;
  }
  const db = openDatabase(paths.libraryDb, LIBRARY_MIGRATIONS, paths.backups, options.mounts);
  if (options.readOnly) db.pragma("query_only = ON");
  // The project's id is made with its library, so every workstation that opens it later finds one.
  else ensureProjectId(paths);
  const search = new MediaSearchRepo(db);
  return {
    paths,
    db,
    media: new MediaRepo(db),
    search,
    edits: new MediaEditsRepo(db),
    scenes: new ScenesRepo(db),
    tags: new TagsRepo(db),
    failures: new FailuresRepo(db),
    transcripts: new TranscriptsRepo(db),
    vectors: new VectorsRepo(db),
    trash: new TrashRepo(db),
    totals: new TotalsRepo(db),
    analytics: new AnalyticsRepo(db),
    record: new LibraryRecordRepo(db),
    collections: new CollectionsRepo(db),
    handoffs: new HandoffsRepo(db),
    marks: new MarksRepo(db),
    sync: new SyncPairsRepo(db),
    close: () => {
      search.close();
      db.close();
    },
  };
}

/** The machine-wide registry in SVC_HOME. */
export interface RegistryStore {
  readonly paths: HomePaths;
  readonly db: Db;
  readonly projects: ProjectsRepo;
  readonly slots: SlotsRepo;
  readonly install: InstallRepo;
  readonly tokens: TokensRepo;
  readonly conversations: ConversationsRepo;
  /** Cross-project bins. */
  readonly bins: BinsRepo;
  close(): void;
}

export function openRegistry(home: string, mounts?: MountLookup): RegistryStore {
  const paths = homePaths(home);
  mkdirSync(paths.logs, { recursive: true });
  const db = openDatabase(paths.registryDb, REGISTRY_MIGRATIONS, paths.backups, mounts);
  return {
    paths,
    db,
    projects: new ProjectsRepo(db),
    slots: new SlotsRepo(db),
    install: new InstallRepo(db),
    tokens: new TokensRepo(db),
    conversations: new ConversationsRepo(db),
    bins: new BinsRepo(db),
    close: () => db.close(),
  };
}
