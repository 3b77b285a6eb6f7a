import { z } from "zod";
import { nullableNumber, nullableString, timestamp } from "../library/schemas/common.js";
import { MEDIA_ITEM } from "../library/schemas/media.js";
import { SEARCH_PAGE } from "../library/schemas/search.js";

export {
  ENTITLEMENTS,
  STREAM_GRANT,
  TOKEN,
  TOKEN_CREATED,
  TOKEN_LIST,
  TOKEN_REVOKED,
} from "../library/schemas/access.js";
export {
  BULK_DELETED,
  DELETE_RESULT,
  MEDIA_DETAIL,
  MEDIA_ITEM,
  MEDIA_ITEMS,
  SCENES,
  SEGMENTS,
  SHOOT_DATE_FACETS,
  TAG,
  TAG_ADDED,
  TAG_CLOUD,
  TRANSCRIPTS,
  WORDS,
} from "../library/schemas/media.js";
export { SEARCH_ALL } from "../library/schemas/search.js";
export {
  CACHE_CLEARED,
  EMBED_STATUS,
  HEALTH,
  INGEST_STARTED,
  LOG_TAIL,
  SEED_ANSWER,
  SEED_STATUS,
  STATS,
  STATUS,
  VERSION,
} from "../library/schemas/system.js";
export const MEDIA_SEARCH_PAGE = SEARCH_PAGE;

/**
 * What the routes answer, for the OpenAPI description (api/openapi.ts). The library builds these
 * answers as plain objects; the auth-matrix test checks every allowed call's real answer against
 * the schema its route documents, so a field added here or there without the other fails it.
 */

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

const PROJECT = z
  .object({
    name: z.string(),
    path: z.string().describe("The absolute root for admins and local callers, the folder's name for others"),
    tags: z.array(z.string()),
    created_at: timestamp,
    health: z.object({
      reachable: z.boolean(),
      state: z
        .enum(["ok", "missing", "unreadable"])
        .describe(
          "`missing`: nothing at the project's path (an unplugged drive, a folder renamed away); svc waits for it, creates nothing there, and the project's routes answer 503 until it is back. `unreadable`: something is there but cannot be used",
        ),
      database_readable: z.boolean(),
      items: z.int().nullable(),
      missing_items: z.int().nullable(),
    }),
    nested_with: z
      .array(z.string())
      .describe(
        "Other projects whose folders lie inside or around this one's (registered before nesting was refused); empty normally",
      ),
  })
  .meta({ id: "Project" });

export const PROJECTS = z.object({
  projects: z.array(PROJECT),
  project_limit: z
    .string()
    .optional()
    .describe("Present when PROJECT_ROOT's project is served unregistered: the free tier's project limit"),
});
export const PROJECT_ADDED = PROJECT;
export const PROJECT_REMOVED = z.object({ removed: z.string() });

const BIN_ITEM = z
  .object({
    project: z.string(),
    media_id: z.int(),
    path: z.string().describe("Relative to the project root, as it was when added"),
    added_at: timestamp,
    status: z.enum(["ok", "project_unregistered", "row_missing", "file_missing", "id_reused"]),
    item: MEDIA_ITEM.optional().describe("The item as it is now, when `status` is `ok` or `file_missing`"),
  })
  .meta({ id: "BinItem" });

const BIN = z
  .object({
    id: z.int(),
    name: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    items: z.array(BIN_ITEM),
  })
  .meta({ id: "Bin" });

export const BINS = z.object({ bins: z.array(BIN) });
export const BIN_VIEW = BIN;
export const BIN_DELETED = z.object({ deleted: z.int() });
export const BIN_ITEM_ADDED = z.object({
  added: z.boolean().describe("False when the bin held the item already"),
  item: BIN_ITEM,
});
export const BIN_ITEM_REMOVED = z.object({ removed: z.literal(true) });

export const COLLECTIONS = z.object({
  project: z.string(),
  collections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      builtin: z.boolean(),
      tags: z.array(z.string()).optional(),
      exclude_tags: z.array(z.string()).optional(),
      min_duration: z.number().optional(),
      require_audio: z.boolean().optional(),
      count: z.int().describe("Members in all; `items` holds at most `limit` of them"),
      items: z.array(MEDIA_ITEM),
    }),
  ),
  dropped: z
    .array(z.object({ index: z.int(), key: z.string().optional(), reason: z.string() }))
    .describe("Entries of collections.json that were left out, with why"),
  file_problem: z.string().optional().describe("Why collections.json was ignored whole"),
});

export const CORRECTIONS = z
  .object({
    rules: z.array(
      z.object({
        from: z.string(),
        to: z.string(),
        scope: z.enum(["word", "line", "global"]),
        pre: z.boolean(),
        post: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Corrections" });

export const RECORRECTED = z.object({
  dry_run: z.boolean(),
  rules: z.array(
    z.object({
      index: z.int().describe("Position of the rule in the dictionary, from 0"),
      from: z.string(),
      to: z.string(),
      scope: z.enum(["word", "line", "global"]),
      hits: z.int(),
      items: z.int(),
    }),
  ),
  transcripts: z.int(),
  items: z.int(),
  backup: nullableString.describe("The backup written before applying; null on a dry run"),
  rebuild: z
    .union([z.object({ embedded: z.int(), failed: z.int() }), z.object({ error: z.string() })])
    .nullable(),
});

const BACKUP_KIND = z.enum(["recorrect", "retranscribe"]);

export const BACKUPS = z.object({
  backups: z.array(
    z.object({
      id: z.string(),
      created_at: timestamp,
      kind: BACKUP_KIND,
      items: z.int(),
    }),
  ),
});

export const REVERTED = z.object({
  backup: z.string(),
  kind: BACKUP_KIND,
  restored: z.int(),
  skipped: z.int().describe("Saved rows whose item has been deleted since"),
  items: z.int(),
});

const RETRANSCRIBE_STATUS = z
  .object({
    total: z.int(),
    done: z.int(),
    failed: z.int(),
    current: nullableString.describe("The item being transcribed, relative to the project root"),
    running: z.boolean(),
    backup: nullableString.describe(
      "The snapshot taken before the run (GET /api/recorrect/backups); null when no target had a transcript to save",
    ),
    project: nullableString,
    language: nullableString,
    errors: z.array(z.object({ path: z.string(), reason: z.string() })),
    started_at: nullableString,
    finished_at: nullableString,
  })
  .meta({ id: "RetranscribeStatus" });

export const RETRANSCRIBE_STARTED = RETRANSCRIBE_STATUS;
export const RETRANSCRIBE_PROGRESS = RETRANSCRIBE_STATUS;
