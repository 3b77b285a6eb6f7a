import { lstatSync } from "node:fs";
import { join } from "node:path";
import { setImmediate as yieldToEvents } from "node:timers/promises";
import type { LibraryStats } from "../../domain/schemas/system.js";
import { isErrno } from "../../state/errno.js";
import type { LibraryPool } from "../library-pool.js";

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Bytes of a regular file under the data folder as counted towards `dir`; 0 when it is gone, not
 * a file, or lies in another folder (a still's key frame is its thumbnail, counted once there).
 */
function fileBytes(dataDir: string, rel: string, dir: string): number {
  if (!rel.startsWith(`${dir}/`)) return 0;
  try {
    const stat = lstatSync(join(dataDir, rel));
    return stat.isFile() ? stat.size : 0;
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR", "EACCES")) return 0;
    throw error;
  }
}

/**
 * `GET /api/stats`: the running totals the database keeps. Only thumbnails and key frames written
 * since the last request are measured here, never the whole derived folders. svc writes no
 * playback proxies, so that folder holds nothing of its own to count.
 */
export async function libraryStats(libraries: LibraryPool, projectName?: string): Promise<LibraryStats> {
  const project = libraries.project(projectName);
  const store = libraries.library(projectName);
  const items = { total: 0, video: 0, audio: 0, image: 0 };
  let missing = 0;
  let seconds = 0;
  for (const row of store.totals.kinds()) {
    items[row.kind] += row.present;
    items.total += row.present;
    missing += row.missing;
    if (row.kind !== "image") seconds += row.duration_s;
  }
  let totals = store.totals.derived();
  // Measuring takes the write lock, so it is only done when something is unmeasured.
  while (totals.some((row) => row.unmeasured > 0)) {
    if (store.totals.measureDerived((rel, dir) => fileBytes(store.paths.dataDir, rel, dir)) === 0) break;
    await yieldToEvents();
    totals = store.totals.derived();
  }
  const derived = { total: 0, thumbs: 0, frames: 0, proxies: 0 };
  for (const row of totals) {
    derived[row.dir] = row.bytes;
    derived.total += row.bytes;
  }
  return {
    project: project.name,
    items,
    missing,
    duration_s: round(seconds, 3),
    hours: round(seconds / 3600, 4),
    derived_bytes: derived,
    failures: {
      items_by_stage: Object.fromEntries(store.media.failedByStage().map((r) => [r.stage, r.items])),
      files: store.failures.count(),
    },
  };
}
