import { folderUsage, REGENERABLE_DIRS, type RegenerableDir } from "./cache.js";
import type { LibraryPool } from "./library-pool.js";

export interface LibraryStats {
  project: string;
  /** Items whose file is present, by kind; missing ones are counted apart. */
  items: { total: number; video: number; audio: number; image: number };
  missing: number;
  /** Running time of the present video and audio items. */
  duration_s: number;
  hours: number;
  /** Disk used by regenerable derived files (what a cache clear can free). */
  derived_bytes: { total: number } & Record<RegenerableDir, number>;
  failures: {
    /** Items stopped at a stage, per stage. */
    items_by_stage: Record<string, number>;
    /** Files recorded in the failures table (including files that never became items). */
    files: number;
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export async function libraryStats(libraries: LibraryPool, projectName?: string): Promise<LibraryStats> {
  const project = libraries.project(projectName);
  const store = libraries.library(projectName);
  const items = { total: 0, video: 0, audio: 0, image: 0 };
  let seconds = 0;
  for (const row of store.media.kindTotals()) {
    items[row.kind] += row.items;
    items.total += row.items;
    if (row.kind !== "image") seconds += row.duration_s;
  }
  const derived = { total: 0, thumbs: 0, frames: 0, proxies: 0 };
  for (const name of REGENERABLE_DIRS) {
    derived[name] = (await folderUsage(store.paths[name])).bytes;
    derived.total += derived[name];
  }
  return {
    project: project.name,
    items,
    missing: store.media.missingCount(),
    duration_s: round(seconds, 3),
    hours: round(seconds / 3600, 4),
    derived_bytes: derived,
    failures: {
      items_by_stage: Object.fromEntries(store.media.failedByStage().map((r) => [r.stage, r.items])),
      files: store.failures.count(),
    },
  };
}
