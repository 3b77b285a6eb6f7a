import { z } from "zod";
import { nullableString, timestamp } from "./common.js";

const modelRoles = <T extends z.ZodType>(model: T) =>
  z.object({ embed: model, vision: model, chat: model, intent: model.nullable() });

/** A configured model as the public health check shows it: its name and whether it is installed. */
const MODEL_STATE = z.object({ name: z.string(), pulled: z.boolean() }).meta({ id: "ModelState" });
export type ModelState = z.infer<typeof MODEL_STATE>;

const SCALAR = z
  .enum(["f16", "i8"])
  .nullable()
  .describe("How the project's saved vector index stores its vectors; null without one");

/** What semantic search of one project answers from (docs/media.md, "Semantic search"). */
export const PROJECT_SEARCH = z
  .object({
    state: z
      .enum(["warming", "ready", "none"])
      .describe(
        "`warming`: the saved index is still being loaded after start, and searches answer from text with a note; `ready`: searches use it; `none`: no usable saved index (nothing embedded yet, or one being rebuilt)",
      ),
    vectors: z.int().nullable().describe("Vectors the saved index holds; null while warming or without one"),
    scalar: SCALAR,
  })
  .meta({ id: "ProjectSearch" });
export type ProjectSearch = z.infer<typeof PROJECT_SEARCH>;

/**
 * The public readiness report (SPEC.md, "Health report"): booleans and model names only, since
 * anyone who can reach the port may read it.
 */
export const HEALTH = z.object({
  ready: z.boolean(),
  checks: z.object({
    ffmpeg: z.boolean(),
    ffprobe: z.boolean(),
    exiftool: z.boolean(),
    model_host: z.boolean(),
    speech_recognition: z.boolean(),
  }),
  models: modelRoles(MODEL_STATE),
  failing: z.array(z.string()).describe("The required checks that fail"),
  search: z
    .enum(["warming", "ready"])
    .describe(
      "`warming` while the daemon is still loading some project's vector index after start (those projects' searches answer from text meanwhile); it does not gate `ready`",
    ),
});
export type HealthReport = z.infer<typeof HEALTH>;

/** A configured model for an operator: also the command that installs it when the host lacks it. */
const MODEL_REPORT = z
  .object({
    ...MODEL_STATE.shape,
    pull: z.string().optional().describe("The command that installs the model, when the model host lacks it"),
  })
  .meta({ id: "ModelReport" });
export type ModelReport = z.infer<typeof MODEL_REPORT>;

/** Readiness in detail, for authenticated callers: what the public report leaves out. */
export const STATUS = HEALTH.extend({
  asr: nullableString.describe("The speech recogniser in use (whisper-cpp, openai, pocketsphinx)"),
  models: modelRoles(MODEL_REPORT),
  search_by_project: z
    .record(z.string(), PROJECT_SEARCH)
    .describe("Each registered project's semantic search, by project name"),
});
export type StatusReport = z.infer<typeof STATUS>;

export const VERSION = z.object({ version: z.string() });

// The derived folders whose files the pipeline can always produce again (library/cache.ts).
const DERIVED_DIRS = { thumbs: z.int(), frames: z.int(), proxies: z.int() };

export const STATS = z.object({
  project: z.string(),
  // Items whose file is present, by kind; missing ones are counted apart.
  items: z.object({ total: z.int(), video: z.int(), audio: z.int(), image: z.int() }),
  missing: z.int(),
  // Running time of the present video and audio items.
  duration_s: z.number(),
  hours: z.number(),
  // Disk used by regenerable derived files (what a cache clear can free).
  derived_bytes: z.object({ total: z.int(), ...DERIVED_DIRS }),
  // Items stopped at a stage, per stage; files recorded in the failures table (including files
  // that never became items).
  failures: z.object({ items_by_stage: z.record(z.string(), z.int()), files: z.int() }),
});
export type LibraryStats = z.infer<typeof STATS>;

const FRESHNESS = z.int().nullable();

export const EMBED_STATUS = z.object({
  model: z.string(),
  checked: z.boolean(),
  // Items whose vectors are missing or older than their text (new + stale + unverified).
  awaiting: z.int(),
  counts: z.object({
    new: FRESHNESS,
    stale: FRESHNESS,
    unverified: FRESHNESS,
    forced: FRESHNESS,
    unchanged: FRESHNESS,
  }),
  vectors: z.int(),
  scalar: SCALAR,
  // Stored vectors the search index does not hold yet.
  not_indexed: z.int(),
});
export type EmbedStatus = z.infer<typeof EMBED_STATUS>;

export const LOG_TAIL = z.object({
  lines: z.array(z.string()),
  // True when older log content exists that this answer leaves out.
  truncated: z.boolean(),
});
export type LogTail = z.infer<typeof LOG_TAIL>;

const TALLY = z.object({ files: z.int(), bytes: z.int() });
export type FolderTally = z.infer<typeof TALLY>;

export const CACHE_CLEARED = z.object({
  project: z.string(),
  files_removed: z.int(),
  bytes_removed: z.int(),
  // Files that matched but could not be deleted (permissions); the next clear tries again.
  not_removed: z.int(),
  // Items whose thumbnails and key frames the next ingest pass makes again.
  items_marked: z.int(),
  // Work folders of interrupted passes (key-frame analysis, transcription) that went too.
  interrupted_work_removed: z.int(),
  folders: z.object({ thumbs: TALLY, frames: TALLY, proxies: TALLY }),
});
export type CacheClearReport = z.infer<typeof CACHE_CLEARED>;

export const SEED_ANSWER = z.object({
  status: z.enum(["already_seeded", "started"]),
  project: z.string(),
  dir: z.string().describe("Relative to the project root"),
});
export type SeedAnswer = z.infer<typeof SEED_ANSWER>;

export const SEED_STATUS = z.object({
  state: z.enum(["idle", "running", "seeded", "failed"]),
  project: nullableString,
  dir: z.string().describe("Relative to the project root"),
  files: z.int(),
  total: z.int(),
  // The ingest pass's counts once it ended.
  ingested: z.int().nullable(),
  failed: z.int().nullable(),
  error: nullableString,
  started_at: nullableString,
  finished_at: nullableString,
});
export type SeedStatus = z.infer<typeof SEED_STATUS>;

/** The answer to a started ingest pass: names and relative paths only. */
const INGEST_JOB = z.object({
  id: z.string(),
  kind: z.literal("ingest"),
  // "running" in the answer to the start; cancelled: stopped by a shutdown.
  status: z.enum(["running", "done", "failed", "cancelled"]),
  project: z.string(),
  // Relative to the project root; "." for all of it.
  dir: z.string(),
  refresh: z.boolean(),
  // How the slot names this pass to anyone who finds it taken.
  holder: z.string(),
  started_at: timestamp,
  finished_at: timestamp.nullable(),
  files_total: z
    .int()
    .nullable()
    .describe("Files the pass found (skipped ones included); null until counted"),
  files_done: z.int().describe("Files the pass is through with, whatever became of them"),
  failed: z.int(),
});
export type IngestJob = z.infer<typeof INGEST_JOB>;

export const INGEST_STARTED = z.object({ job: INGEST_JOB });
export const INGEST_STATUS = z.object({ running: z.int(), jobs: z.array(INGEST_JOB) });

/** What every pooled server reports: how it fares and how busy it is. */
const SERVER_STATE = {
  url: z.string().describe("The server's URL, without any credentials"),
  reachable: z.boolean().nullable().describe("Whether it answered last time; null before it was first asked"),
  last_error: nullableString.describe("Its last failure, kept after it recovers"),
  out_until: timestamp.nullable().describe("Taken out after failing until then; null when in use"),
  in_flight: z.int().describe("Requests it is serving now"),
  failures: z.int().describe("Failures in a row (the time out doubles with each)"),
};

const MODEL_HOST_STATE = z
  .object({
    ...SERVER_STATE,
    models: z
      .array(z.object({ name: z.string(), digest: nullableString }))
      .nullable()
      .describe("The models the host listed last, with their digests; null before it ever answered"),
    serving: z
      .array(z.string())
      .describe("The configured models it holds in the build in use, so the ones it may be given work for"),
  })
  .meta({ id: "ModelHostState" });

/** `GET /api/models/hosts`: every model host (SVC_MODEL_HOSTS) and transcription server (SVC_ASR_URLS). */
export const MODEL_HOSTS = z.object({
  model_hosts: z.array(MODEL_HOST_STATE),
  asr_servers: z
    .array(z.object(SERVER_STATE).meta({ id: "AsrServerState" }))
    .describe("Empty unless the OpenAI-compatible recogniser is in use"),
});
export type ModelHostsReport = z.infer<typeof MODEL_HOSTS>;
