import { ModelHostError } from "../../adapters/modelhost.js";
import { embedItem } from "../embedding.js";
import type { Stage } from "./types.js";

/** One vector per item and per scene, so a search can land on the moment, not just the file. */
export const embedStage: Stage = {
  name: "embed",
  resource: "modelhost",
  async run(item, deps, signal) {
    if (deps.options.noEmbed) return { status: "skipped", detail: "--no-embed" };
    if (!deps.models.embed.ok) return { status: "not_configured", detail: deps.models.embed.reason };
    try {
      const expectedDim = deps.store.vectors.counts(deps.config.models.embed).dim;
      const outcome = await embedItem(deps, item.mediaId, {
        force: deps.options.refresh,
        signal,
        expectedDim,
      });
      return {
        status: "done",
        detail:
          outcome.freshness === "unchanged"
            ? "embeddings up to date"
            : `${outcome.vectors} vector${outcome.vectors === 1 ? "" : "s"} (${outcome.freshness})`,
      };
    } catch (error) {
      if (error instanceof ModelHostError && (error.kind === "unreachable" || error.kind === "model_missing"))
        return { status: "not_configured", detail: error.message };
      throw error;
    }
  },
};
