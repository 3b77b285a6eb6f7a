import type { AppContext } from "../context.js";
import type { LibraryPool } from "../library-pool.js";
import { libraryStats } from "../system/stats.js";
import { embedStatus } from "./embed.js";

/**
 * Brings every project's running totals up to date: after an upgrade (migration 5 marks every
 * item unplanned) or a big pass, the first status or stats request would otherwise plan and
 * measure what changed while a client waits (13.7 s at 100,000 items). The daemon runs this at
 * start, in the background.
 */
export async function warmTotals(
  ctx: AppContext,
  libraries: LibraryPool,
  signal: AbortSignal,
): Promise<void> {
  for (const project of ctx.registry.projects.all()) {
    if (signal.aborted) return;
    try {
      await libraryStats(libraries, project.name);
      await embedStatus(ctx, libraries.library(project.name), libraries.indexReader(project.name));
    } catch (error) {
      ctx.log.warn(
        { project: project.name, reason: (error as Error).message },
        "could not bring the running totals up to date",
      );
    }
  }
}
