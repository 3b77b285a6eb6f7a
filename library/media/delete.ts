import { lstat, mkdir, rename } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import { z } from "zod";
import { EXIT, UserError } from "../../domain/errors.js";
import type { BulkDeleteReport, DeleteResult } from "../../domain/schemas/media.js";
import { removeDerivedFiles } from "../../state/derived-files.js";
import { errnoOf } from "../../state/errno.js";
import type { Logger } from "../../state/logger.js";
import { relativeInside } from "../../state/paths.js";
import type { LibraryStore } from "../../state/stores.js";
import { realLocationInside } from "../containment.js";
import { moveWithoutReplacing } from "../move-without-replacing.js";
import { notFound } from "./ids.js";

type FileOutcome = Extract<DeleteResult, { status: "deleted" }>["file"];

export const MAX_BULK_IDS = 1000;

const mediaId = z
  .number()
  .int("expected whole numbers")
  .positive("expected positive ids")
  .max(Number.MAX_SAFE_INTEGER, "not a media id");

export const BULK_DELETE_BODY = z.strictObject({
  ids: z
    .array(mediaId, { error: "expected a list of media ids" })
    .min(1, "give at least one id")
    .max(MAX_BULK_IDS, `at most ${MAX_BULK_IDS} ids per request`),
});

/** Refused to move the file; the item is left exactly as it was. */
class TrashError extends Error {}

// Never beyond this many same-named files in one trash folder; past it something is wrong.
const MAX_SUFFIX = 10_000;

/** `name.ext`, `name (2).ext`, `name (3).ext`… */
function candidate(path: string, n: number): string {
  if (n === 1) return path;
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)} (${n})${ext}`;
}

/**
 * Moves `source` to `dest` or, when that name is taken, the first free `dest (n)`, never replacing
 * an earlier trashed file.
 */
async function moveIntoTrash(source: string, dest: string, isLink: boolean): Promise<string> {
  await mkdir(dirname(dest), { recursive: true });
  for (let n = 1; n <= MAX_SUFFIX; n += 1) {
    const target = candidate(dest, n);
    if ((await moveWithoutReplacing(source, target, isLink)) === "moved") return target;
  }
  throw new TrashError("too many trashed files of the same name");
}

interface Moved {
  outcome: FileOutcome;
  /** Absolute trash location when moved, to put the file back if the row cannot be deleted. */
  trashed: string | null;
  source: string;
}

/**
 * The item's file is the entry at `<root>/<rel_path>`. It goes to the trash only when both the
 * entry and what it resolves to are inside the project root: a symlink or symlinked folder
 * leading elsewhere is not the project's to move, so the file stays where it is.
 */
async function trashSource(store: LibraryStore, relPath: string): Promise<Moved> {
  const { root, trash } = store.paths;
  const source = join(root, relPath);
  if (relativeInside(root, source) === null) return { outcome: "outside_root", trashed: null, source };
  let isLink: boolean;
  try {
    isLink = (await lstat(source)).isSymbolicLink();
  } catch (error) {
    if (errnoOf(error) === "ENOENT") return { outcome: "already_gone", trashed: null, source };
    throw error;
  }
  const inside =
    (await realLocationInside(root, dirname(source))) && (await realLocationInside(root, source));
  if (!inside) return { outcome: "outside_root", trashed: null, source };
  const trashed = await moveIntoTrash(source, join(trash, relPath), isLink);
  return { outcome: "trashed", trashed, source };
}

async function deleteOne(store: LibraryStore, id: number, log: Logger): Promise<DeleteResult> {
  const row = store.media.get(id);
  if (!row) return { id, status: "not_found" };
  let moved: Moved;
  try {
    moved = await trashSource(store, row.rel_path);
  } catch (error) {
    const reason = error instanceof TrashError ? error.message : errnoOf(error);
    log.warn({ media_id: id, path: row.rel_path, reason }, "could not move a file to the trash");
    return {
      id,
      status: "failed",
      detail: `the file could not be moved to the trash (${reason}); nothing was deleted`,
    };
  }
  const trashPath = moved.trashed ? relativeInside(store.paths.root, moved.trashed) : null;
  let removed: ReturnType<LibraryStore["edits"]["remove"]>;
  try {
    // The trash record is written with the row's removal, so a restore finds its editorial work.
    removed = store.edits.remove(id, trashPath === null ? undefined : { trashPath });
  } catch (error) {
    if (moved.trashed) await rename(moved.trashed, moved.source);
    throw error;
  }
  if (removed)
    await removeDerivedFiles(
      store.paths,
      id,
      [removed.thumbPath, ...removed.keyframePaths, removed.waveformPath],
      (file, error) => log.warn({ media_id: id, file, reason: errnoOf(error) }, "derived file not removed"),
    );
  log.info(
    { media_id: id, path: row.rel_path, file: moved.outcome, trash_path: trashPath },
    "media item deleted",
  );
  // Cross-project bins are not built yet, so there is no bin membership to remove here.
  return {
    id,
    status: "deleted",
    file: moved.outcome,
    trash_path: trashPath,
    trash_id: removed?.trashId ?? null,
  };
}

/**
 * `DELETE /api/media/{id}`: the file goes to `.svc/trash/<relative path>` (restorable), the row,
 * its scenes, tags and derived images go. 404 for an unknown id, 409 when the file cannot be moved.
 */
export async function deleteMedia(store: LibraryStore, id: number, log: Logger): Promise<DeleteResult> {
  const result = await deleteOne(store, id, log);
  if (result.status === "not_found") throw notFound(id);
  if (result.status === "failed") throw new UserError(result.detail, EXIT.usage, 409);
  return result;
}

/** `POST /api/media/bulk-delete`: each id as `deleteMedia`, reported one by one, never all-or-nothing. */
export async function bulkDeleteMedia(
  store: LibraryStore,
  ids: readonly number[],
  log: Logger,
): Promise<BulkDeleteReport> {
  const results: DeleteResult[] = [];
  for (const id of new Set(ids)) results.push(await deleteOne(store, id, log));
  const count = (status: DeleteResult["status"]) => results.filter((r) => r.status === status).length;
  return { results, deleted: count("deleted"), not_found: count("not_found"), failed: count("failed") };
}
