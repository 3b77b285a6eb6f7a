import { z } from "zod";
import { nullableString, timestamp } from "./common.js";
import { MEDIA_ITEM } from "./media.js";
import { PROJECT_SEARCH } from "./system.js";

const PROJECT_HEALTH = z.object({
  // The folder is there (an unplugged drive or removed folder is not).
  reachable: z.boolean(),
  state: z
    .enum(["ok", "missing", "unreadable"])
    .describe(
      "`missing`: nothing at the project's path (an unplugged drive, a folder renamed away); svc waits for it, creates nothing there, and the project's routes answer 503 until it is back. `unreadable`: something is there but cannot be used",
    ),
  database_readable: z
    .boolean()
    .describe(
      "Its library database exists and opens read-only; false on a seat, which never opens a database another svc hosts",
    ),
  items: z.int().nullable().describe("null when the database is not read (see database_readable)"),
  missing_items: z.int().nullable(),
  search: PROJECT_SEARCH,
});
export type ProjectHealth = z.infer<typeof PROJECT_HEALTH>;

/** Who writes a project and where it is stored: the edit house's view of it (docs/edit-house.md). */
export const PROJECT_HOSTING = z.object({
  id: z
    .string()
    .nullable()
    .describe(
      "The project's own id (.svc/project.json), the same on every workstation whatever path it mounts the share at; null until the host writes it",
    ),
  role: z
    .enum(["host", "seat"])
    .describe(
      "host: this svc writes the project (it holds its lease, or will take it when it first writes); seat: another svc hosts it and this one forwards the project's requests there",
    ),
  host: z
    .object({
      name: z.string().describe("The lease holder's hostname"),
      url: z
        .string()
        .nullable()
        .describe("Where its API answers; null when a command (svc ingest) holds the lease for its run"),
    })
    .nullable()
    .describe("The project's library host as its lease names it; null while nobody holds the lease"),
  storage: z
    .enum(["local", "network"])
    .describe(
      "Where the project's .svc (else its folder) lives: this machine's disks, or a share or FUSE mount",
    ),
  file_system: z.string().describe("The file system's kind (ext4, apfs, nfs, smb, fuse…), or unknown"),
  journal_mode: z
    .string()
    .describe(
      "The database's journal: as its open handle reports it when this svc has the project open, else the one svc uses on this storage (wal locally, delete on a share)",
    ),
});
export type ProjectHosting = z.infer<typeof PROJECT_HOSTING>;

export const PROJECT = z
  .object({
    name: z.string(),
    path: z.string().describe("The absolute root for admins and local callers, the folder's name for others"),
    tags: z.array(z.string()),
    created_at: timestamp,
    health: PROJECT_HEALTH,
    nested_with: z
      .array(z.string())
      .describe(
        "Other projects whose folders lie inside or around this one's (registered before nesting was refused); empty normally",
      ),
  })
  .extend(PROJECT_HOSTING.shape)
  .meta({ id: "Project" });
export type ProjectView = z.infer<typeof PROJECT>;

export const PROJECTS = z.object({
  projects: z.array(PROJECT),
  project_limit: z
    .string()
    .optional()
    .describe("Present when PROJECT_ROOT's project is served unregistered: the free tier's project limit"),
});
export type ProjectsReport = z.infer<typeof PROJECTS>;

export const PROJECT_REMOVED = z.object({ removed: z.string() });

/**
 * `ok`; `project_unregistered`: its project left the registry; `row_missing`: the project no
 * longer has that item (or cannot be read); `file_missing`: the row is there, its file is not;
 * `id_reused`: the id now names another item than the one added.
 */
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
export type BinItemView = z.infer<typeof BIN_ITEM>;

export const BIN = z
  .object({
    id: z.int(),
    name: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    items: z.array(BIN_ITEM),
  })
  .meta({ id: "Bin" });
export type BinView = z.infer<typeof BIN>;

export const BINS = z.object({ bins: z.array(BIN) });
export type BinList = z.infer<typeof BINS>;
export const BIN_DELETED = z.object({ deleted: z.int() });
export type BinDeleted = z.infer<typeof BIN_DELETED>;
export const BIN_ITEM_ADDED = z.object({
  added: z.boolean().describe("False when the bin held the item already"),
  item: BIN_ITEM,
});
export type BinItemAdded = z.infer<typeof BIN_ITEM_ADDED>;
export const BIN_ITEM_REMOVED = z.object({ removed: z.literal(true) });
export type BinItemRemoved = z.infer<typeof BIN_ITEM_REMOVED>;

/** `added`: the media ids the bin did not hold before; `present`: those it held already. */
export const BIN_ITEMS_ADDED = z.object({ added: z.array(z.int()), present: z.array(z.int()) });
export type BinItemsAdded = z.infer<typeof BIN_ITEMS_ADDED>;
/** `removed`: the media ids the bin held; `absent`: those it did not. */
export const BIN_ITEMS_REMOVED = z.object({ removed: z.array(z.int()), absent: z.array(z.int()) });
export type BinItemsRemoved = z.infer<typeof BIN_ITEMS_REMOVED>;

const DROPPED_ENTRY = z.object({ index: z.int(), key: z.string().optional(), reason: z.string() });
export type DroppedEntry = z.infer<typeof DROPPED_ENTRY>;

const COLLECTION = z.object({
  key: z.string(),
  title: z.string(),
  builtin: z.boolean(),
  tags: z.array(z.string()).optional(),
  exclude_tags: z.array(z.string()).optional(),
  min_duration: z.number().optional(),
  require_audio: z.boolean().optional(),
  count: z.int().describe("Members in all; `items` holds at most `limit` of them"),
  items: z.array(MEDIA_ITEM),
});
export type CollectionView = z.infer<typeof COLLECTION>;

/** One project's collections as the library reports them; the API answer names the project too. */
const COLLECTIONS_REPORT = z.object({
  collections: z.array(COLLECTION),
  dropped: z.array(DROPPED_ENTRY).describe("Entries of collections.json that were left out, with why"),
  file_problem: z.string().optional().describe("Why collections.json was ignored whole"),
});
export type CollectionsReport = z.infer<typeof COLLECTIONS_REPORT>;

export const COLLECTIONS = z.object({ project: z.string(), ...COLLECTIONS_REPORT.shape });

/** One trashed file as callers see it: paths relative to the project root, never absolute. */
const TRASH_ENTRY = z
  .object({
    id: z.int(),
    path: z.string(),
    trash_path: z.string(),
    kind: z.string(),
    size: z.int().nullable(),
    deleted_at: timestamp,
    // When the scheduled purge removes it for good; null when SVC_TRASH_DAYS is 0.
    purge_after: nullableString,
  })
  .meta({ id: "TrashEntry" });
export type TrashEntry = z.infer<typeof TRASH_ENTRY>;

export const TRASH = z.object({ items: z.array(TRASH_ENTRY) });

export const RESTORED = z.object({
  restored: TRASH_ENTRY,
  // The restored item's new id when it was ingested at once; null when a pass will pick it up.
  media_id: z.int().nullable(),
  // Why it was not ingested at once (another job holds the ingest slot).
  ingest_note: nullableString,
});
export type RestoreReport = z.infer<typeof RESTORED>;

/** Per trash entry: put back (with the new item's id once ingested), or why not. */
export const BULK_RESTORED = z.object({
  results: z.array(
    z.discriminatedUnion("status", [
      z.object({
        id: z.int(),
        status: z.literal("restored"),
        path: z.string(),
        media_id: z.int().nullable(),
      }),
      z.object({ id: z.int(), status: z.literal("failed"), path: z.string(), detail: z.string() }),
    ]),
  ),
  restored: z.int(),
  failed: z.int(),
  // Why the restored files were not ingested at once (another job holds the ingest slot).
  ingest_note: nullableString,
});
export type BulkRestoreReport = z.infer<typeof BULK_RESTORED>;
