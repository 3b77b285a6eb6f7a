import { posix, win32 } from "node:path";
import type {
  HealthReport,
  ModelReport,
  ModelState,
  ProjectSearch,
  StatusReport,
} from "../../domain/schemas/system.js";
import { projectPaths } from "../../state/paths.js";
import { savedIndexInfo } from "../../state/vectors.js";
import type { AppContext } from "../context.js";

export const MODEL_HOST_TIMEOUT_MS = 2_000;

/**
 * Model names come from the environment and are reported as configured, except that a name
 * given as an absolute file path is cut to its last segment: health is public.
 */
export function publicModelName(name: string): string {
  return posix.isAbsolute(name) || win32.isAbsolute(name) ? win32.basename(name) : name;
}

/** The status report but each project's search state, which public health leaves out. */
type Readiness = Omit<StatusReport, "search_by_project">;

/**
 * Readiness: ffmpeg and ffprobe are required, exiftool is optional. The model host and speech
 * recognition are reported but do not gate readiness (ingest and browsing work without them).
 */
export async function statusReport(ctx: AppContext): Promise<StatusReport> {
  const searchByProject: Record<string, ProjectSearch> = {};
  for (const project of ctx.registry.projects.all())
    searchByProject[project.name] = await projectSearchHealth(ctx, project.root);
  return { ...(await readiness(ctx)), search_by_project: searchByProject };
}

async function readiness(ctx: AppContext): Promise<Readiness> {
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
    search: ctx.vectorThreads.overall(),
  };
}

/**
 * What semantic search of the project at `root` answers from: what the search threads hold once
 * the daemon has warmed it, else what its saved index's stamp file says (the threads open it on
 * the first query).
 */
export async function projectSearchHealth(ctx: AppContext, root: string): Promise<ProjectSearch> {
  const warmth = ctx.vectorThreads.warmthOf(root);
  if (warmth?.state === "warming") return { state: "warming", vectors: null, scalar: null };
  if (warmth?.state === "ready") return { state: "ready", vectors: warmth.vectors, scalar: warmth.scalar };
  if (warmth?.state === "none") return { state: "none", vectors: null, scalar: null };
  const saved = await savedIndexInfo(projectPaths(root).vectors);
  return saved
    ? { state: "ready", vectors: saved.count, scalar: saved.scalar }
    : { state: "none", vectors: null, scalar: null };
}

/** What anyone may read of the status: the booleans and the model names, and nothing else. */
export function publicHealth(status: Readiness): HealthReport {
  const state = ({ name, pulled }: ModelReport): ModelState => ({ name, pulled });
  const { embed, vision, chat, intent } = status.models;
  return {
    ready: status.ready,
    checks: { ...status.checks },
    models: {
      embed: state(embed),
      vision: state(vision),
      chat: state(chat),
      intent: intent && state(intent),
    },
    failing: [...status.failing],
    search: status.search,
  };
}

/** `GET /api/health`: the public readiness report. */
export async function healthReport(ctx: AppContext): Promise<HealthReport> {
  // Not the status report: each registered project's search state (a stamp file read per
  // project, some on shares) would be worked out on every public probe and thrown away.
  return publicHealth(await readiness(ctx));
}

/** The models svc uses: embed, vision, chat and intent when set. */
export const configuredModels = (ctx: AppContext) => {
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
