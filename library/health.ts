import { posix, win32 } from "node:path";
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
 * Model names come from the environment and are reported as configured, except that a name
 * given as an absolute file path is cut to its last segment: health is public.
 */
export function publicModelName(name: string): string {
  return posix.isAbsolute(name) || win32.isAbsolute(name) ? win32.basename(name) : name;
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
      embed: { name: publicModelName(models.embed), pulled: false },
      vision: { name: publicModelName(models.vision), pulled: false },
      chat: { name: publicModelName(models.chat), pulled: false },
      intent: models.intent ? { name: publicModelName(models.intent), pulled: false } : null,
    },
    failing,
  };
}
