import type { AppContext } from "./context.js";

export interface HealthReport {
  ready: boolean;
  checks: {
    ffmpeg: boolean;
    ffprobe: boolean;
    exiftool: boolean;
    model_host: boolean;
  };
  models: {
    embed: { name: string; pulled: boolean };
    vision: { name: string; pulled: boolean };
    chat: { name: string; pulled: boolean };
    intent: { name: string; pulled: boolean } | null;
  };
  failing: string[];
}

/**
 * Readiness: ffmpeg and ffprobe are required, exiftool is optional. The model host is reported
 * but does not gate readiness (ingest and browsing work without it). Booleans and names only.
 */
export function healthReport(ctx: AppContext): HealthReport {
  const { binaries } = ctx.adapters;
  const { models } = ctx.config;
  // The model-host client is not wired yet: say so honestly rather than guess.
  const modelHost = false;
  const checks = {
    ffmpeg: binaries.ffmpeg !== null,
    ffprobe: binaries.ffprobe !== null,
    exiftool: binaries.exiftool !== null,
    model_host: modelHost,
  };
  const failing = (["ffmpeg", "ffprobe"] as const).filter((name) => !checks[name]);
  return {
    ready: failing.length === 0,
    checks,
    models: {
      embed: { name: models.embed, pulled: false },
      vision: { name: models.vision, pulled: false },
      chat: { name: models.chat, pulled: false },
      intent: models.intent ? { name: models.intent, pulled: false } : null,
    },
    failing,
  };
}
