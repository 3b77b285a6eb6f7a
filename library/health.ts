import { posix, win32 } from "node:path";
import type { AppContext } from "./context.js";

export interface HealthReport {
  ready: boolean;
  checks: {
    ffmpeg: boolean;
    ffprobe: boolean;
    exiftool: boolean;
    model_host: boolean;
    speech_recognition: boolean;
  };
  /** The speech recogniser in use (whisper-cpp, openai, pocketsphinx), or null. */
  asr: string | null;
  models: {
    embed: { name: string; pulled: boolean };
    vision: { name: string; pulled: boolean };
    chat: { name: string; pulled: boolean };
    intent: { name: string; pulled: boolean } | null;
  };
  failing: string[];
}

// Health is polled by load balancers and scripts: a host that does not answer fast is down.
const MODEL_HOST_TIMEOUT_MS = 2_000;

/**
 * Model names come from the environment and are reported as configured, except that a name
 * given as an absolute file path is cut to its last segment: health is public.
 */
export function publicModelName(name: string): string {
  return posix.isAbsolute(name) || win32.isAbsolute(name) ? win32.basename(name) : name;
}

/**
 * Readiness: ffmpeg and ffprobe are required, exiftool is optional. The model host and speech
 * recognition are reported but do not gate readiness (ingest and browsing work without them).
 * Booleans and names only.
 */
export async function healthReport(ctx: AppContext): Promise<HealthReport> {
  const { binaries } = ctx.adapters;
  const { models } = ctx.config;
  const names = [models.embed, models.vision, models.chat, ...(models.intent ? [models.intent] : [])];
  const status = await ctx.adapters.modelHost.status(names, AbortSignal.timeout(MODEL_HOST_TIMEOUT_MS));
  const model = (name: string) => ({ name: publicModelName(name), pulled: status.pulled[name] === true });
  const checks = {
    ffmpeg: binaries.ffmpeg !== null,
    ffprobe: binaries.ffprobe !== null,
    exiftool: binaries.exiftool !== null,
    model_host: status.reachable,
    speech_recognition: ctx.adapters.asr !== null,
  };
  const failing = (["ffmpeg", "ffprobe"] as const).filter((name) => !checks[name]);
  return {
    ready: failing.length === 0,
    checks,
    asr: ctx.adapters.asr?.name ?? null,
    models: {
      embed: model(models.embed),
      vision: model(models.vision),
      chat: model(models.chat),
      intent: models.intent ? model(models.intent) : null,
    },
    failing,
  };
}
