import { lstat, mkdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import { mountedStorage } from "../../adapters/mount-table.js";
import { EXIT, UserError } from "../../domain/errors.js";
import type { BulkRestoreReport, RestoreReport, TrashEntry } from "../../domain/schemas/organise.js";
import { pathExists } from "../../state/atomic.js";
import { errnoOf } from "../../state/errno.js";
import { relativeInside } from "../../state/paths.js";
import type { TrashRow } from "../../state/repos/trash.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";
import type { AppContext } from "../context.js";
import { runIngest } from "../jobs/ingest.js";
import { SlotBusyError } from "../jobs/slots.js";
import { MAX_BULK_EDIT_IDS, mediaId, requireAll } from "../media/bulk-ids.js";
import { moveWithoutReplacing } from "../move-without-replacing.js";

const DAY_MS = 86_400_000;

const view = (row: TrashRow, trashDays: number): TrashEntry => ({
  id: row.id,
  path: row.rel_path,
  trash_path: row.trash_path,
  kind: row.kind,
  size: row.size,
  deleted_at: row.deleted_at,
  purge_after: trashDays > 0 ? new Date(Date.parse(row.deleted_at) + trashDays * DAY_MS).toISOString() : null,
});

/** `GET /api/trash`, `svc trash list`: newest first. */
export function listTrash(store: LibraryStore, trashDays: number): TrashEntry[] {
  return store.trash.all().map((row) => view(row, trashDays));
}

/** Puts the file back where it was, never over what stands there now. */
async function putBack(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const isLink = (await lstat(from)).isSymbolicLink();
  if ((await moveWithoutReplacing(from, to, isLink)) === "taken")
    throw new UserError("something else now stands at its place", EXIT.partial, 409);
}

/**
 * `POST /api/trash/{id}/restore`, `svc trash restore ID`: the file goes back to its original
 * path and is ingested again as a new item that gets the editorial work it had (trims, camera,
 * angle, rating and note, manual tags). Refused, changing nothing, when another file now stands
 * at that path or the trashed file is gone. When another job holds the project's ingest slot the
 * file waits for the next pass (the daemon's watcher sees it arrive), editorial work included.
 */
export async function restoreFromTrash(
  ctx: AppContext,
  store: LibraryStore,
  id: number,
  holder: string,
): Promise<RestoreReport> {
  const row = store.trash.get(id);
  if (!row) throw new UserError(`no trash entry ${id}`, EXIT.usage, 404);
  const { root } = store.paths;
  const from = join(root, row.trash_path);
  const to = join(root, row.rel_path);
  if (relativeInside(root, from) === null || relativeInside(root, to) === null)
    throw new UserError(
      `trash entry ${id} points outside the project; it cannot be restored`,
      EXIT.usage,
      409,
    );
  if (!(await pathExists(from)))
    throw new UserError(`the trashed file of entry ${id} is gone from .svc/trash`, EXIT.partial, 409);
  try {
    await putBack(from, to);
  } catch (error) {
    if (error instanceof UserError)
      throw new UserError(
        `cannot restore ${row.rel_path}: ${error.message}; move it away first`,
        error.exitCode,
        409,
      );
    throw new UserError(
      `cannot restore ${row.rel_path} (${errnoOf(error)}); nothing changed`,
      EXIT.partial,
      409,
    );
  }
  store.trash.restored(row);
  const restored = view(row, ctx.config.trashDays);
  try {
    await runIngest(ctx, {
      root,
      paths: [row.rel_path],
      options: { refresh: false, regenerateThumbnails: false, noEmbed: false },
      holder,
    });
  } catch (error) {
    if (!(error instanceof SlotBusyError)) throw error;
    return { restored, media_id: null, ingest_note: `${error.message}; the next pass ingests it` };
  }
  return { restored, media_id: store.media.byPath(row.rel_path)?.id ?? null, ingest_note: null };
}

/** Trash entries to put back at once: the undo of a bulk delete. */
export const BULK_RESTORE_BODY = z.strictObject({
  ids: z
    .array(mediaId, { error: "expected a list of trash entry ids" })
    .min(1, "give at least one id")
    .max(MAX_BULK_EDIT_IDS, `at most ${MAX_BULK_EDIT_IDS} ids per request`),
});

/** Why an entry cannot go back, or null once its file is back at its place. */
async function putEntryBack(root: string, row: TrashRow): Promise<string | null> {
  const from = join(root, row.trash_path);
  const to = join(root, row.rel_path);
  if (relativeInside(root, from) === null || relativeInside(root, to) === null)
    return "the entry points outside the project";
  if (!(await pathExists(from))) return "the trashed file is gone from .svc/trash";
  try {
    await putBack(from, to);
  } catch (error) {
    return error instanceof UserError
      ? `${error.message}; move it away first`
      : `the file could not be moved back (${errnoOf(error)})`;
  }
  return null;
}

/**
 * `POST /api/trash/bulk-restore`: each entry as `restoreFromTrash`, reported one by one (a file
 * that cannot go back leaves the others going), then one ingest pass for all the files put back.
 * An unknown entry id (404) restores nothing.
 */
export async function restoreManyFromTrash(
  ctx: AppContext,
  store: LibraryStore,
  ids: readonly number[],
  holder: string,
): Promise<BulkRestoreReport> {
  const wanted = [...new Set(ids)];
  const rows = wanted.map((id) => store.trash.get(id));
  requireAll(wanted, new Set(rows.flatMap((row) => (row ? [row.id] : []))), "trash entries");
  const { root } = store.paths;
  const back: TrashRow[] = [];
  const failed = new Map<number, string>();
  for (const row of rows as TrashRow[]) {
    const reason = await putEntryBack(root, row);
    if (reason === null) {
      store.trash.restored(row);
      back.push(row);
    } else failed.set(row.id, `cannot restore ${row.rel_path}: ${reason}`);
  }
  let ingestNote: string | null = null;
  if (back.length > 0) {
    try {
      await runIngest(ctx, {
        root,
        paths: back.map((row) => row.rel_path),
        options: { refresh: false, regenerateThumbnails: false, noEmbed: false },
        holder,
      });
    } catch (error) {
      if (!(error instanceof SlotBusyError)) throw error;
      ingestNote = `${error.message}; the next pass ingests them`;
    }
  }
  const results = (rows as TrashRow[]).map((row): BulkRestoreReport["results"][number] => {
    const detail = failed.get(row.id);
    if (detail !== undefined) return { id: row.id, status: "failed", path: row.rel_path, detail };
    const media = ingestNote === null ? (store.media.byPath(row.rel_path)?.id ?? null) : null;
    return { id: row.id, status: "restored", path: row.rel_path, media_id: media };
  });
  return { results, restored: back.length, failed: failed.size, ingest_note: ingestNote };
}

export interface PurgeReport {
  purged: number;
  /** Entries whose file could not be removed (they stay, and the next purge tries again). */
  failed: number;
}

/**
 * Removes trashed files for good: those deleted more than `olderThanDays` ago (0: all of them).
 * An entry whose file is already gone just loses its record.
 */
export async function purgeTrash(
  store: LibraryStore,
  olderThanDays: number,
  now = new Date(),
): Promise<PurgeReport> {
  const before = new Date(now.getTime() - olderThanDays * DAY_MS).toISOString();
  const report: PurgeReport = { purged: 0, failed: 0 };
  for (const row of olderThanDays === 0 ? store.trash.all() : store.trash.deletedBefore(before)) {
    const file = join(store.paths.root, row.trash_path);
    if (relativeInside(store.paths.trash, file) !== null) {
      try {
        await rm(file, { force: true });
      } catch {
        report.failed += 1;
        continue;
      }
    }
    store.trash.forget(row.id);
    report.purged += 1;
  }
  return report;
}

/**
 * The daemon's daily purge: in every project, trashed files older than SVC_TRASH_DAYS go for good.
 * A project that cannot be opened (a drive unplugged) is skipped until the next run.
 */
export async function purgeExpiredTrash(
  ctx: AppContext,
  projects: readonly { root: string; name: string }[],
): Promise<void> {
  if (ctx.config.trashDays === 0) return;
  for (const project of projects) {
    let store: LibraryStore;
    try {
      store = openLibrary(project.root, { mounts: mountedStorage });
    } catch (error) {
      ctx.log.warn(
        { project: project.name, reason: errnoOf(error, (error as Error).message) },
        "trash purge skipped",
      );
      continue;
    }
    try {
      const report = await purgeTrash(store, ctx.config.trashDays);
      if (report.purged > 0 || report.failed > 0)
        ctx.log.info({ project: project.name, ...report, days: ctx.config.trashDays }, "trash purged");
    } catch (error) {
      ctx.log.error({ project: project.name, err: error }, "trash purge failed");
    } finally {
      store.close();
    }
  }
}
