import { existsSync } from "node:fs";
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
    embed: ModelReport;
    vision: ModelReport;
    chat: ModelReport;
    intent: ModelReport | null;
  };
  failing: string[];
  /** Present when PROJECT_ROOT's project is served unregistered because of the free tier's project limit. */
  project_limit?: string;
}

/** A configured model, and the command that installs it when the host lacks it. */
export interface ModelReport {
  name: string;
  pulled: boolean;
  pull?: string;
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
  const status = await ctx.adapters.modelHost.status(
    configuredModels(ctx),
    AbortSignal.timeout(MODEL_HOST_TIMEOUT_MS),
  );
  const model = (name: string): ModelReport => {
    const shown = publicModelName(name);
    return status.pulled[name] === true
      ? { name: shown, pulled: true }
      : { name: shown, pulled: false, pull: `ollama pull ${shown}` };
  };
  const checks = {
    ffmpeg: binaries.ffmpeg !== null,
    ffprobe: binaries.ffprobe !== null,
    exiftool: binaries.exiftool !== null,
    model_host: status.reachable,
    speech_recognition: ctx.adapters.asr !== null,
  };
  const failing = (["ffmpeg", "ffprobe"] as const).filter((name) => !checks[name]);
  const root = ctx.config.projectRoot;
  const unregistered = root !== undefined && existsSync(root) && !ctx.registry.projects.byRoot(root);
  return {
    ...(unregistered
      ? {
          project_limit:
            "PROJECT_ROOT's project is served but not registered: the free tier's project limit is reached",
        }
      : {}),
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

const configuredModels = (ctx: AppContext) => {
  const { models } = ctx.config;
  return [models.embed, models.vision, models.chat, ...(models.intent ? [models.intent] : [])];
};

/**
 * The configured models a reachable model host lacks, each with its pull command (the daemon
 * says so at start). An unreachable host lists none: health reports that on its own.
 */
export async function missingModels(
  ctx: AppContext,
  signal?: AbortSignal,
): Promise<{ model: string; pull: string }[]> {
  const names = configuredModels(ctx);
  const status = await ctx.adapters.modelHost.status(names, signal);
  if (!status.reachable) return [];
  return [...new Set(names)]
    .filter((name) => !status.pulled[name])
    .map((name) => ({ model: publicModelName(name), pull: `ollama pull ${publicModelName(name)}` }));
}
