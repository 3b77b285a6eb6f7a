import type { AppContext } from "../context.js";
import { projectHosting } from "../hosting/hosting-view.js";

/**
 * Loads (maps) the saved vector index of every project this svc hosts on the search threads, so
 * the first searches after start do not wait for it; meanwhile health says `search: warming`
 * and those projects' searches answer from text. A seat's projects are searched by their host.
 * The daemon runs this at start, in the background.
 */
export async function warmSearch(ctx: AppContext, signal: AbortSignal): Promise<void> {
  const roots = ctx.registry.projects
    .all()
    .filter((project) => projectHosting(ctx, project.root).role === "host")
    .map((project) => project.root);
  await ctx.vectorThreads.warm(roots, ctx.config.models.embed, signal);
}
