import { z } from "zod";

/**
 * What the routes answer, for the OpenAPI description (api/openapi.ts). The library builds these
 * answers as plain objects; the auth-matrix test checks every allowed call's real answer against
 * the schema its route documents, so a field added here or there without the other fails it.
 */

const timestamp = z.string().describe("ISO 8601 date and time (UTC)");
const nullableNumber = z.number().nullable();
const nullableString = z.string().nullable();

export const TAG = z.object({ name: z.string(), source: z.enum(["auto", "manual"]) }).meta({ id: "Tag" });

export const MEDIA_ITEM = z
  .object({
    id: z.int(),
    path: z.string().describe("Relative to the project root"),
    name: z.string(),
    type: z.enum(["video", "audio", "image"]),
    size: z.int(),
    duration_s: nullableNumber,
    codec: nullableString,
    audio_codec: nullableString,
    fps: nullableNumber,
    width: z.int().nullable(),
    height: z.int().nullable(),
    start_timecode: nullableString,
    audio_tracks: z.int(),
    creation_date: nullableString,
    shot_date: nullableString,
    rating: nullableString,
    rating_note: nullableString,
    in_point: nullableNumber,
    out_point: nullableNumber,
    camera_id: nullableString,
    angle: nullableString,
    language: nullableString,
    transcript: nullableString,
    tags: z.array(TAG),
    color_profile: nullableString,
    color_profile_suggested: nullableString,
    status: z.enum(["pending", "done", "failed"]),
    failed_stage: nullableString,
    missing: z.boolean(),
    missing_since: nullableString,
    thumbnail_url: nullableString,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "MediaItem" });

export const MEDIA_DETAIL = MEDIA_ITEM.extend({
  segments_json: nullableString.describe("The active transcript's segments as stored JSON text"),
});

export const MEDIA_SEARCH_PAGE = z.object({
  items: z.array(
    MEDIA_ITEM.extend({
      score: z.number().optional(),
      match: z
        .object({
          scene_index: z.int(),
          start_s: z.number(),
          end_s: z.number(),
          keyframe_url: z.string(),
          score: z.number(),
        })
        .optional()
        .describe("The scene that matched a semantic query best"),
    }),
  ),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
  next_cursor: nullableString.describe("Pass as `cursor` (same filters) for the next page; null on the last"),
  search_mode: z.enum(["list", "semantic", "text"]),
  search_note: z.string().optional(),
});

const MODEL = z
  .object({ name: z.string(), pulled: z.boolean(), pull: z.string().optional() })
  .meta({ id: "ModelReport" });

export const HEALTH = z.object({
  ready: z.boolean(),
  checks: z.object({
    ffmpeg: z.boolean(),
    ffprobe: z.boolean(),
    exiftool: z.boolean(),
    model_host: z.boolean(),
    speech_recognition: z.boolean(),
  }),
  asr: nullableString,
  models: z.object({ embed: MODEL, vision: MODEL, chat: MODEL, intent: MODEL.nullable() }),
  failing: z.array(z.string()),
});

export const VERSION = z.object({ version: z.string() });

const DERIVED_DIRS = { thumbs: z.int(), frames: z.int(), proxies: z.int() };

export const STATS = z.object({
  project: z.string(),
  items: z.object({ total: z.int(), video: z.int(), audio: z.int(), image: z.int() }),
  missing: z.int(),
  duration_s: z.number(),
  hours: z.number(),
  derived_bytes: z.object({ total: z.int(), ...DERIVED_DIRS }),
  failures: z.object({ items_by_stage: z.record(z.string(), z.int()), files: z.int() }),
});

const FRESHNESS = z.int().nullable();

export const EMBED_STATUS = z.object({
  model: z.string(),
  checked: z.boolean(),
  awaiting: z.int(),
  counts: z.object({
    new: FRESHNESS,
    stale: FRESHNESS,
    unverified: FRESHNESS,
    forced: FRESHNESS,
    unchanged: FRESHNESS,
  }),
  vectors: z.int(),
  not_indexed: z.int(),
});

export const ENTITLEMENTS = z.object({
  tier: z.literal("free"),
  armed: z.boolean(),
  licence_problem: z.enum(["unsigned", "signature mismatch", "unknown key", "revoked"]).optional(),
});

export const LOG_TAIL = z.object({ lines: z.array(z.string()), truncated: z.boolean() });

export const INGEST_STARTED = z.object({
  job: z.object({
    id: z.string(),
    kind: z.literal("ingest"),
    status: z.literal("running"),
    project: z.string(),
    dir: z.string(),
    refresh: z.boolean(),
    holder: z.string(),
    started_at: timestamp,
  }),
});

const TALLY = z.object({ files: z.int(), bytes: z.int() });

export const CACHE_CLEARED = z.object({
  project: z.string(),
  files_removed: z.int(),
  bytes_removed: z.int(),
  not_removed: z.int(),
  items_marked: z.int(),
  interrupted_work_removed: z.int(),
  folders: z.object({ thumbs: TALLY, frames: TALLY, proxies: TALLY }),
});

export const SHOOT_DATE_FACETS = z.object({
  total: z.int(),
  unknown: z.int(),
  years: z.array(z.object({ year: z.int(), count: z.int() })),
  days: z.array(z.object({ date: z.string(), count: z.int() })),
});

export const TAG_CLOUD = z.object({
  tags: z.array(z.object({ name: z.string(), count: z.int() })),
  total: z.int(),
});

const DELETED = z.discriminatedUnion("status", [
  z.object({
    id: z.int(),
    status: z.literal("deleted"),
    file: z.enum(["trashed", "outside_root", "already_gone"]),
    trash_path: nullableString,
  }),
  z.object({ id: z.int(), status: z.literal("not_found") }),
  z.object({ id: z.int(), status: z.literal("failed"), detail: z.string() }),
]);

export const DELETE_RESULT = DELETED;

export const BULK_DELETED = z.object({
  results: z.array(DELETED),
  deleted: z.int(),
  not_found: z.int(),
  failed: z.int(),
});

export const TAG_ADDED = z.object({ added: z.boolean(), tags: z.array(TAG) });

export const SEGMENTS = z.array(
  z.object({
    start: z.number(),
    end: z.number(),
    text: z.string(),
    speaker_id: z.union([z.string(), z.number()]).optional(),
  }),
);

const VISION_VALUE = z.union([z.string(), z.number()]).nullable();

export const SCENES = z.array(
  z.object({
    id: z.int(),
    index: z.int(),
    start_s: z.number(),
    end_s: z.number(),
    duration_s: z.number(),
    keyframe_url: z.string(),
    description: nullableString,
    tags: z.array(z.string()),
    content_type: VISION_VALUE,
    focus_score: VISION_VALUE,
    exposure: VISION_VALUE,
    stability: VISION_VALUE,
    audio_quality: VISION_VALUE,
    atmosphere: VISION_VALUE,
    energy: VISION_VALUE,
    edit_position: VISION_VALUE,
    edit_reason: VISION_VALUE,
  }),
);

export const TRANSCRIPTS = z.array(
  z.object({
    language: nullableString,
    active: z.boolean(),
    text: z.string(),
    segments: z.int(),
    backend: nullableString,
    created_at: nullableString,
  }),
);

const TRASH_ENTRY = z
  .object({
    id: z.int(),
    path: z.string(),
    trash_path: z.string(),
    kind: z.string(),
    size: z.int().nullable(),
    deleted_at: timestamp,
    purge_after: nullableString,
  })
  .meta({ id: "TrashEntry" });

export const TRASH = z.object({ items: z.array(TRASH_ENTRY) });

export const RESTORED = z.object({
  restored: TRASH_ENTRY,
  media_id: z.int().nullable(),
  ingest_note: nullableString,
});

const SCENE_REF = z
  .object({
    project: z.string(),
    media_id: z.int(),
    scene_id: z.int(),
    start_s: z.number(),
    end_s: z.number(),
  })
  .meta({ id: "SceneRef" });

export const CHAT_REPLY = z.object({
  conversation_id: z.string(),
  assistant_text: z.string(),
  scene_ids: z.array(z.int()),
  intent: z.enum(["compilation", "refinement", "similarity", "analytics", "general"]),
  tokens_used: z.int(),
  latency_ms: z.number(),
  scenes: z.array(SCENE_REF).optional(),
});

const CONVERSATION = z.object({
  id: z.string(),
  title: z.string(),
  project_scope: z.array(z.string()),
  created_at: timestamp,
  updated_at: timestamp,
  message_count: z.int(),
});

export const CONVERSATIONS = z.object({
  items: z.array(CONVERSATION),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
});

export const HISTORY = CONVERSATION.extend({
  conversation_id: z.string(),
  messages: z.array(
    z.object({
      role: z.enum(["user", "assistant"]),
      content: z.string(),
      created_at: timestamp,
      intent: nullableString.optional(),
      scene_ids: z.array(z.int()).optional(),
      scenes: z.array(SCENE_REF).optional(),
      tokens_used: z.int().nullable().optional(),
      latency_ms: z.number().nullable().optional(),
    }),
  ),
  limit: z.int(),
  offset: z.int(),
});

const PROXY_RESULT = z
  .object({
    id: z.int(),
    status: z.enum(["written", "skipped_exists", "failed"]),
    path: z.string().optional().describe("Relative to the project root"),
    reason: z.string().optional(),
  })
  .meta({ id: "EditorProxyResult" });

export const EDITOR_PROXIES_DONE = z.object({ results: z.array(PROXY_RESULT) });

export const EDITOR_PROXY_STATUS = z.object({
  running: z.int(),
  jobs: z.array(
    z.object({
      id: z.string(),
      project: z.string(),
      state: z.enum(["running", "done", "cancelled"]),
      started_at: timestamp,
      finished_at: nullableString,
      total: z.int(),
      done: z.int(),
      current: z.object({ media_id: z.int(), encoded_s: z.number(), duration_s: nullableNumber }).nullable(),
      results: z.array(PROXY_RESULT),
    }),
  ),
});

export const EDITOR_PROXY_ITEM = z.object({
  id: z.int(),
  status: z.enum(["exists", "encoding", "none", "not_applicable"]),
  path: z.string().optional().describe("Relative to the project root"),
});

const COLOR_PROFILE = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(["builtin", "imported", "lut_dir"]),
    camera: z.string().optional(),
    gamma: z.string().optional(),
  })
  .meta({ id: "ColorProfile" });

export const COLOR_PROFILES = z.object({ profiles: z.array(COLOR_PROFILE) });
export const COLOR_PROFILE_IMPORTED = COLOR_PROFILE;
export const MEDIA_ITEMS = z.object({ items: z.array(MEDIA_ITEM) });

const OFFLOAD_JOB = z
  .object({
    id: z.string(),
    kind: z.literal("offload"),
    state: z.enum(["running", "done", "failed", "interrupted"]),
    source: z.string().describe("The card folder's name only"),
    hash: z.string(),
    verify: z.boolean(),
    started_at: timestamp,
    finished_at: nullableString,
    dests: z.array(
      z.object({
        name: z.string(),
        files_total: z.int(),
        files_done: z.int(),
        bytes_done: z.int(),
        failed: z.int(),
        copy_mib_s: nullableNumber,
      }),
    ),
    error: z.string().optional(),
  })
  .meta({ id: "OffloadJob" });

export const OFFLOAD_STARTED = z.object({ job: OFFLOAD_JOB });
export const OFFLOAD_STATUS = z.object({ running: z.int(), jobs: z.array(OFFLOAD_JOB) });

export const TOKEN = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    ip_allowlist: z
      .array(z.string())
      .describe("CIDR ranges the token is accepted from; empty for any address"),
    created_at: timestamp,
    expires_at: nullableString,
    revoked_at: nullableString,
    last_used_at: nullableString.describe("Updated at most once a minute"),
    bootstrap: z.boolean().describe("Seeded from SVC_ADMIN_BOOTSTRAP_TOKEN"),
    status: z.enum(["active", "revoked", "expired"]),
  })
  .meta({ id: "Token" });

export const TOKEN_LIST = z.object({ tokens: z.array(TOKEN) });
export const TOKEN_CREATED = TOKEN.extend({
  secret: z.string().describe("Shown in this answer only; only its SHA-256 is kept"),
});
export const TOKEN_REVOKED = z.object({ token: TOKEN, already_revoked: z.boolean() });

export const WORDS = z.object({
  words: z.array(
    z.object({
      word: z.string(),
      start: z.number(),
      end: z.number(),
      score: nullableNumber.describe("The recogniser's confidence, null when it gave none"),
    }),
  ),
  truncated: z.boolean().describe("More words exist than the 5,000 one answer carries"),
});
