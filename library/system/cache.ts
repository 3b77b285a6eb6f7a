import { lstat, readdir, rmdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import type { CacheClearReport, FolderTally } from "../../domain/schemas/system.js";
import { STAGES } from "../../pipeline/index.js";
import { ATOMIC_TEMP } from "../../state/atomic.js";
import { isErrno } from "../../state/errno.js";
import type { AppContext } from "../context.js";
import { claimIngestSlot } from "../jobs/slots.js";
import { sweepInterruptedWork } from "../jobs/sweep.js";
import type { LibraryPool } from "../library-pool.js";

/** Derived folders whose files the pipeline can always produce again from the media. */
export const REGENERABLE_DIRS = ["thumbs", "frames", "proxies"] as const;

// Only names svc itself gives derived files are deleted: `<item id>.<ext>` files, `<item id>/`
// folders of such files (key frames), and the temp files of interrupted atomic writes. A derived
// folder symlinked somewhere else can therefore never lose a file svc did not make.
const ITEM_FILE = /^\d+(?:[._-][A-Za-z0-9]+)+$/;
const ITEM_DIR = /^\d+$/;

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) return [];
    throw error;
  }
}

async function removeDerived(dir: string, nested: boolean, out: FolderTally & { failed: number }) {
  for (const entry of await entries(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (nested || !ITEM_DIR.test(entry.name)) continue;
      await removeDerived(path, true, out);
      // Left in place when something svc did not make is inside.
      await rmdir(path).catch(() => {});
      continue;
    }
    if (!ITEM_FILE.test(entry.name) && !ATOMIC_TEMP.test(entry.name)) continue;
    try {
      const { size } = await lstat(path);
      await unlink(path);
      out.files += 1;
      out.bytes += size;
    } catch (error) {
      if (!isErrno(error, "ENOENT")) out.failed += 1;
    }
  }
}

/**
 * Deletes the regenerable derived files of one project (thumbnails, key frames, playback
 * proxies) — never media, the database, trash or backups. Runs in the project's ingest slot so
 * no pass writes a thumbnail while its folder is emptied (409 naming the holder otherwise). Items
 * are marked before any file goes, so an interrupted clear still leads to regeneration.
 */
export async function clearCache(
  ctx: AppContext,
  libraries: LibraryPool,
  projectName?: string,
): Promise<CacheClearReport> {
  const project = libraries.project(projectName);
  const store = libraries.library(projectName);
  const lease = claimIngestSlot(ctx, project.root, "API cache clear");
  try {
    const later = STAGES.slice(STAGES.indexOf("thumbnails") + 1);
    const marked = store.media.forgetDerived(later);
    const swept = await sweepInterruptedWork(store.paths, ctx.log);
    const report: CacheClearReport = {
      project: project.name,
      files_removed: 0,
      bytes_removed: 0,
      not_removed: 0,
      items_marked: marked,
      interrupted_work_removed: swept,
      folders: {
        thumbs: { files: 0, bytes: 0 },
        frames: { files: 0, bytes: 0 },
        proxies: { files: 0, bytes: 0 },
      },
    };
    for (const name of REGENERABLE_DIRS) {
      const tally = { files: 0, bytes: 0, failed: 0 };
      await removeDerived(store.paths[name], false, tally);
      report.folders[name] = { files: tally.files, bytes: tally.bytes };
      report.files_removed += tally.files;
      report.bytes_removed += tally.bytes;
      report.not_removed += tally.failed;
    }
    ctx.log.info(
      {
        project: project.name,
        files_removed: report.files_removed,
        bytes_removed: report.bytes_removed,
        items_marked: marked,
      },
      "derived-file cache cleared",
    );
    return report;
  } finally {
    lease.release();
  }
}
