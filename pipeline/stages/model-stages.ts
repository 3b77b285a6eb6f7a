import type { Stage } from "./types.js";

// Speech recognition, vision and embeddings arrive with the model-host work. Until then these
// stages record an honest `not_configured` instead of inventing data.
export const transcriptStage: Stage = {
  name: "transcript",
  resource: "asr",
  async run(item) {
    if (item.kind === "image") return { status: "skipped", detail: "stills have no sound" };
    return { status: "not_configured", detail: "speech recognition is not available in this version" };
  },
};

export const visionStage: Stage = {
  name: "vision",
  resource: "modelhost",
  async run(item) {
    if (item.kind === "audio") return { status: "skipped", detail: "audio has no pictures" };
    return { status: "not_configured", detail: "vision analysis is not available in this version" };
  },
};

export const embedStage: Stage = {
  name: "embed",
  resource: "modelhost",
  async run(_item, deps) {
    if (deps.options.noEmbed) return { status: "skipped", detail: "--no-embed" };
    return { status: "not_configured", detail: "embedding is not available in this version" };
  },
};
