import { lstat, mkdir, readdir, rename, rmdir } from "node:fs/promises";
import { join } from "node:path";
import { mountedStorage } from "../../adapters/mount-table.js";
import { EXIT, UserError } from "../../domain/errors.js";
import { errnoOf } from "../../state/errno.js";
import { archiveAndCheckpoint, inspectLibraryDb, type LibraryCounts } from "../../state/legacy.js";
import type { ProjectPaths } from "../../state/paths.js";
import { openLibrary } from "../../state/stores.js";

/**
 * The layout svc kept before `.svc/` existed: the database at `<root>/library.db` with its
 * derived folders beside it at the project root.
 */
const LEGACY_DB = "library.db";
const LEGACY_SIDE_FILES = ["library.db-wal", "library.db-shm"] as const;
const LEGACY_DIRS = ["thumbs", "frames", "proxies"] as const;
const MIGRATE_COMMAND = "svc ingest --migrate-storage";

async function isRealFile(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isFile();
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return false;
    throw error;
  }
}

/** The legacy database's counts, or null when the root holds no svc library of the old layout. */
async function legacyCounts(paths: ProjectPaths): Promise<LibraryCounts | null> {
  const file = join(paths.root, LEGACY_DB);
  if (!(await isRealFile(file))) return null;
  return inspectLibraryDb(file);
}

const shellMessage =
  `.svc/library.db is a library with no media over a legacy library.db at the project root that holds media; ` +
  `svc will not merge them. Move the empty .svc folder aside (e.g. \`mv .svc .svc.empty\`) and run \`${MIGRATE_COMMAND}\``;

/**
 * Exit 4 for `svc serve` and `svc ingest`: a legacy library at the root must be migrated first,
 * or a new, empty `.svc/` library would shadow it (and its thumbs/ and frames/ would be ingested
 * as stills). Cheap when there is no legacy database: one lstat.
 */
export async function refuseLegacyLayout(paths: ProjectPaths): Promise<void> {
  const legacy = await legacyCounts(paths);
  if (!legacy) return;
  const current = (await isRealFile(paths.libraryDb)) ? inspectLibraryDb(paths.libraryDb) : null;
  if (current === null)
    throw new UserError(
      `this project keeps its library in the legacy layout (library.db at the project root); run \`${MIGRATE_COMMAND}\` to move it into .svc/ first`,
      EXIT.storage,
      503,
    );
  if (current.media === 0 && legacy.media > 0) throw new UserError(shellMessage, EXIT.storage, 503);
}

export interface MigrationReport {
  status: "migrated" | "already_migrated" | "nothing_to_migrate";
  /** The legacy database's archive, relative to the project root. */
  backup: string | null;
  counts: LibraryCounts | null;
  /** Legacy folders moved into `.svc/`. */
  moved: string[];
}

const stamp = () => new Date().toISOString().replace(/[-:.]/g, "");

/**
 * `svc ingest --migrate-storage`: moves a legacy library into `.svc/`. Refuses (exit 6, touching
 * nothing) when `.svc/` already holds a database while the legacy one holds media; writes a
 * timestamped archive of the legacy database before moving anything (exit 5 when it cannot);
 * checks the moved database's row counts against the ones read before.
 */
export async function migrateStorage(paths: ProjectPaths): Promise<MigrationReport> {
  const legacy = await legacyCounts(paths);
  const hasCurrent = await isRealFile(paths.libraryDb);
  if (!legacy)
    return {
      status: hasCurrent ? "already_migrated" : "nothing_to_migrate",
      backup: null,
      counts: null,
      moved: [],
    };
  if (hasCurrent) {
    if (legacy.media === 0) return { status: "already_migrated", backup: null, counts: null, moved: [] };
    const current = inspectLibraryDb(paths.libraryDb);
    const what =
      current && current.media === 0
        ? shellMessage
        : `both .svc/library.db and a legacy library.db at the project root hold media; svc will not merge them. ` +
          `Keep the one you want: move the other out of the project (the legacy one with its thumbs/, frames/ and proxies/ folders) and run \`${MIGRATE_COMMAND}\` again`;
    throw new UserError(what, EXIT.migrationBlocked, 409);
  }
  const moves: { from: string; to: string; name: string }[] = [];
  for (const name of LEGACY_DIRS) {
    const from = join(paths.root, name);
    if (!(await exists(from))) continue;
    const to = join(paths.dataDir, name);
    if (await exists(to)) {
      const empty = (await lstat(to)).isDirectory() && (await readdir(to)).length === 0;
      if (!empty)
        throw new UserError(
          `.svc/${name} already holds files, and so does the legacy ${name}/ at the project root; svc will not merge them. Move one of them out of the project and run \`${MIGRATE_COMMAND}\` again`,
          EXIT.migrationBlocked,
          409,
        );
    }
    moves.push({ from, to, name });
  }

  const archive = join(paths.backups, `legacy-library-${stamp()}.db`);
  try {
    await mkdir(paths.backups, { recursive: true });
    archiveAndCheckpoint(join(paths.root, LEGACY_DB), archive);
  } catch (error) {
    throw new UserError(
      `the backup of the legacy library.db cannot be written to .svc/backups (${errnoOf(error, (error as Error).message)}); nothing was moved`,
      EXIT.migrationBackup,
      503,
    );
  }
  const before = inspectLibraryDb(archive);
  if (!before || before.media !== legacy.media)
    throw new UserError(
      "the backup of the legacy library.db does not hold the same media as the original; nothing was moved",
      EXIT.migrationBackup,
      503,
    );

  // Moves of files and folders that exist, within one file system, not writes: the one file
  // written, the archive, went through the atomic-write helper above.
  for (const side of LEGACY_SIDE_FILES) {
    // After the checkpoint the log is empty; a leftover must not be mistaken for the new file's.
    if (await exists(join(paths.root, side))) await rename(join(paths.root, side), join(paths.dataDir, side));
  }
  await rename(join(paths.root, LEGACY_DB), paths.libraryDb);
  for (const move of moves) {
    if (await exists(move.to)) await rmdir(move.to);
    await rename(move.from, move.to);
  }

  // Opening it brings an older schema up to date (with its own snapshot) before the counts.
  openLibrary(paths.root, { mounts: mountedStorage }).close();
  const after = inspectLibraryDb(paths.libraryDb) ?? { media: 0, scenes: 0, transcripts: 0 };
  const backup = `.svc/backups/${archive.slice(paths.backups.length + 1)}`;
  if (after.media !== legacy.media || after.scenes !== legacy.scenes)
    throw new UserError(
      `the moved library does not match the legacy one (media ${legacy.media} → ${after.media}, scenes ${legacy.scenes} → ${after.scenes}); the original is kept in ${backup}`,
      EXIT.software,
      500,
    );
  return { status: "migrated", backup, counts: after, moved: moves.map((m) => m.name) };
}
