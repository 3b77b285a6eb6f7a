/**
 * Every request the app makes of svc: one function per route, so no component builds a URL. A
 * project's routes take the project first and add it here alone (`?project=`, or `project` in a
 * body), leaving it out when the app browses the default project.
 */

import type { z } from "zod";
import type {
  BIN_ITEMS_ADDED,
  BIN_ITEMS_REMOVED,
  BINS,
  BULK_DELETED,
  BULK_RATED,
  BULK_RESTORED,
  BULK_TAGGED,
  CHAT_REPLY,
  COLLECTIONS,
  COLOR_PROFILES,
  CONVERSATIONS,
  EDITOR_PROXIES_DONE,
  EDITOR_PROXY_ITEM,
  EDITOR_PROXY_STATUS,
  EMBED_STATUS,
  ENTITLEMENTS,
  HANDOFF_CREATED,
  HISTORY,
  INGEST_STARTED,
  INGEST_STATUS,
  LOG_TAIL,
  MEDIA_DETAIL,
  MEDIA_SEARCH_PAGE,
  OFFLOAD_STATUS,
  PROJECTS,
  RETRANSCRIBE_PROGRESS,
  SCENES,
  SEGMENTS,
  SHOOT_DATE_FACETS,
  STATS,
  STATUS,
  STREAM_GRANT,
  SYNC_PAIRS,
  SYNC_STATUS,
  TAG_CLOUD,
  TOKEN,
  TOKEN_CREATED,
  TOKEN_LIST,
  VERSION,
  WAVEFORM,
  WORDS,
} from "../../api/responses.js";
import type { Desqueeze } from "../../domain/desqueeze.js";
import type { MARKER, MARKER_COLORS, MARKER_KINDS, SUBCLIP } from "../../domain/schemas/marks.js";
import type { SYNC_PAIR, SYNC_STATES } from "../../domain/schemas/sync.js";
import { download, getJson, request, sendJson } from "./api.js";

// The answers' types come from the routes' own response schemas (type-only: nothing of the
// server is bundled), so the app cannot drift from what the API sends.
export type MediaPage = z.infer<typeof MEDIA_SEARCH_PAGE>;
export type MediaItem = MediaPage["items"][number];
export type MediaDetail = z.infer<typeof MEDIA_DETAIL>;
export type Scene = z.infer<typeof SCENES>[number];
export type Segment = z.infer<typeof SEGMENTS>[number];
export type Word = z.infer<typeof WORDS>["words"][number];
export type Facets = z.infer<typeof SHOOT_DATE_FACETS>;
export type CollectionsReport = z.infer<typeof COLLECTIONS>;
export type Bins = z.infer<typeof BINS>;
export type ProxyItem = z.infer<typeof EDITOR_PROXY_ITEM>;
export type ProxyJobs = z.infer<typeof EDITOR_PROXY_STATUS>;
export type Status = z.infer<typeof STATUS>;
export type Stats = z.infer<typeof STATS>;
export type EmbedStatus = z.infer<typeof EMBED_STATUS>;
export type OffloadJobs = z.infer<typeof OFFLOAD_STATUS>;
export type LogTail = z.infer<typeof LOG_TAIL>;
export type IngestJobs = z.infer<typeof INGEST_STATUS>;
export type RetranscribeStatus = z.infer<typeof RETRANSCRIBE_PROGRESS>;
export type Projects = z.infer<typeof PROJECTS>;
export type Entitlements = z.infer<typeof ENTITLEMENTS>;
export type TokenInfo = z.infer<typeof TOKEN>;
export type CreatedToken = z.infer<typeof TOKEN_CREATED>;
export type Conversation = z.infer<typeof CONVERSATIONS>["items"][number];
export type History = z.infer<typeof HISTORY>;
export type Marker = z.infer<typeof MARKER>;
export type Subclip = z.infer<typeof SUBCLIP>;
export type MarkerColor = (typeof MARKER_COLORS)[number];
export type MarkerKind = (typeof MARKER_KINDS)[number];
export type SyncPair = z.infer<typeof SYNC_PAIR>;
export type SyncState = (typeof SYNC_STATES)[number];
export type SyncStatus = z.infer<typeof SYNC_STATUS>;
export type Waveform = z.infer<typeof WAVEFORM>;
export type HandoffCreated = z.infer<typeof HANDOFF_CREATED>;
export type BulkTagged = z.infer<typeof BULK_TAGGED>;
export type BulkRated = z.infer<typeof BULK_RATED>;
export type BulkDeleted = z.infer<typeof BULK_DELETED>;
export type BulkRestored = z.infer<typeof BULK_RESTORED>;

/** The `GET /api/media` parameters the app sends; an empty value is no filter. */
export interface MediaQuery {
  q?: string;
  type?: string;
  rating?: string;
  tag?: string;
  camera?: string;
  shot_date?: string;
  sort?: string;
  /** A smart collection's key. */
  collection?: string;
  /** A bin's id. */
  bin?: string;
  /** A spanned recording's id: its parts. */
  span?: string;
  limit?: number;
  offset?: number;
}

type Params = Record<string, string | number | undefined>;

/** An API path with its query string; empty values (the default project among them) are left out. */
function url(path: string, params: Params = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") query.set(key, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A request body addressed to `project` (the default project's carries none). */
const inProject = <T extends object>(project: string, body: T): T & { project?: string } =>
  project ? { ...body, project } : body;

const item = (id: number, rest = "") => `/api/media/${id}${rest}`;

// Service

export const version = () => getJson<z.infer<typeof VERSION>>("/api/version");
/**
 * Settles once svc answers at all, whatever its status (a 503 while it warms up is an answer):
 * a bare fetch, so a refusal is not taken for a sign-out nor an error for an outage.
 */
export const reachable = () => fetch("/api/health").then(() => undefined);
export const status = () => getJson<Status>("/api/status");
export const stats = (project: string) => getJson<Stats>(url("/api/stats", { project }));
export const embedStatus = (project: string) => getJson<EmbedStatus>(url("/api/embed/status", { project }));
/** The `GET /api/logs/tail` filters; an empty value is no filter. */
export interface LogQuery {
  lines?: number;
  level?: string;
  text?: string;
  of_project?: string;
  since?: string;
}
export const logTail = (query: LogQuery) => getJson<LogTail>(url("/api/logs/tail", { ...query }));
export const ingestStatus = () => getJson<IngestJobs>("/api/ingest/status");
export const retranscribeStatus = () => getJson<RetranscribeStatus>("/api/retranscribe-all/status");
export const startIngest = (project: string) =>
  sendJson<z.infer<typeof INGEST_STARTED>>("POST", "/api/ingest", inProject(project, {}));
export const offloadStatus = () => getJson<OffloadJobs>("/api/offload/status");
export const projects = () => getJson<Projects>("/api/projects");
export const entitlements = () => getJson<Entitlements>("/api/entitlements");

// Tokens

export const tokens = () => getJson<z.infer<typeof TOKEN_LIST>>("/api/tokens");
export const createToken = (body: {
  name: string;
  scopes: readonly string[];
  ip_allowlist?: string[];
  expires_in_days?: number;
}) => sendJson<CreatedToken>("POST", "/api/tokens", body);
export const revokeToken = (id: string) =>
  request(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });

// The library

export const listMedia = (project: string, query: MediaQuery) =>
  getJson<MediaPage>(url("/api/media", { ...query, project }));

/** The pages of one `GET /api/media` query, `size` items each, until the last or `max` items. */
export async function* mediaPages(
  project: string,
  query: MediaQuery,
  size: number,
  max: number,
): AsyncGenerator<MediaPage> {
  for (let offset = 0; offset < max; offset += size) {
    const page = await listMedia(project, { ...query, limit: size, offset });
    yield page;
    if (page.items.length < size || offset + size >= page.total) return;
  }
}

export const shootDateFacets = (project: string) =>
  getJson<Facets>(url("/api/media/facets/shoot-date", { project }));
export const tagCloud = (project: string, limit: number) =>
  getJson<z.infer<typeof TAG_CLOUD>>(url("/api/tags", { project, limit }));
export const collections = (project: string, limit: number) =>
  getJson<CollectionsReport>(url("/api/collections", { project, limit }));
export const bins = () => getJson<Bins>("/api/bins");

// One item

export const mediaDetail = (project: string, id: number) => getJson<MediaDetail>(url(item(id), { project }));
export const scenes = (project: string, id: number) =>
  getJson<Scene[]>(url(item(id, "/scenes"), { project }));
export const segments = (project: string, id: number) =>
  getJson<Segment[]>(url(item(id, "/segments"), { project }));
export const words = (project: string, id: number) =>
  getJson<z.infer<typeof WORDS>>(url(item(id, "/words"), { project }));

const edit = (project: string, id: number, what: string, body: object) =>
  sendJson<MediaDetail>("PATCH", url(item(id, `/${what}`), { project }), body);
export const setTrim = (
  project: string,
  id: number,
  marks: { in_point?: number | null; out_point?: number | null },
) => edit(project, id, "inout", marks);
export const setCamera = (
  project: string,
  id: number,
  camera: { camera_id: string | null; angle: string | null },
) => edit(project, id, "camera", camera);
export const setRating = (project: string, id: number, rating: string | null) =>
  edit(project, id, "rating", { rating });
export const setColorProfile = (project: string, id: number, profile: string | null) =>
  edit(project, id, "color-profile", { profile });
export const setDesqueeze = (project: string, id: number, desqueeze: Desqueeze) =>
  edit(project, id, "desqueeze", { desqueeze });
export const addTag = (project: string, id: number, name: string) =>
  sendJson("POST", url(item(id, "/tags"), { project }), { name });
export const deleteMedia = (project: string, id: number) =>
  request(url(item(id), { project }), { method: "DELETE" });
export const restoreFromTrash = (project: string, id: number) =>
  request(url(`/api/trash/${id}/restore`, { project }), { method: "POST" });

// Bulk edits: each answer says exactly what changed, so the same route undoes it.

/** One tag name to put on `add` and take off `remove`. */
export interface TagChange {
  name: string;
  add?: readonly number[];
  remove?: readonly number[];
}
export const bulkTags = (project: string, changes: readonly TagChange[]) =>
  sendJson<BulkTagged>("POST", url("/api/media/bulk-tags", { project }), { changes });
export const bulkRating = (
  project: string,
  body:
    | { ids: readonly number[]; rating: string | null }
    | { items: readonly { id: number; rating: string | null; rating_note: string | null }[] },
) => sendJson<BulkRated>("POST", url("/api/media/bulk-rating", { project }), body);
export const bulkDelete = (project: string, ids: readonly number[]) =>
  sendJson<BulkDeleted>("POST", url("/api/media/bulk-delete", { project }), { ids });
export const bulkRestore = (project: string, trashIds: readonly number[]) =>
  sendJson<BulkRestored>("POST", url("/api/trash/bulk-restore", { project }), { ids: trashIds });
export const addToBin = (bin: number, project: string, mediaIds: readonly number[]) =>
  sendJson<z.infer<typeof BIN_ITEMS_ADDED>>(
    "POST",
    `/api/bins/${bin}/bulk-items`,
    inProject(project, { media_ids: mediaIds }),
  );
export const removeFromBin = (bin: number, project: string, mediaIds: readonly number[]) =>
  sendJson<z.infer<typeof BIN_ITEMS_REMOVED>>(
    "POST",
    `/api/bins/${bin}/bulk-items/remove`,
    inProject(project, { media_ids: mediaIds }),
  );

/** What a `<video>` plays where no grant is needed (local trust): the stream itself. */
export const streamUrl = (project: string, id: number) => url("/api/stream", { id, project });
/** The stream's first byte, for the reason it cannot be played (the 409's message). */
export const probeStream = (project: string, id: number) =>
  request(streamUrl(project, id), { headers: { range: "bytes=0-0" } });
export const streamGrant = (project: string, id: number) =>
  sendJson<z.infer<typeof STREAM_GRANT>>("POST", "/api/stream/grant", inProject(project, { id }));

export const colorProfiles = () => getJson<z.infer<typeof COLOR_PROFILES>>("/api/color-profiles");

// Markers and subclips

/** What a marker or subclip can be given or changed; `end_s: null` makes a marker a point again. */
export interface MarkChange {
  name?: string;
  note?: string;
  color?: MarkerColor;
  kind?: MarkerKind;
  start_s?: number;
  end_s?: number | null;
}

export const markers = (project: string, id: number) =>
  getJson<{ items: Marker[] }>(url(item(id, "/markers"), { project }));
export const addMarker = (project: string, id: number, marker: MarkChange & { start_s: number }) =>
  sendJson<Marker>("POST", url(item(id, "/markers"), { project }), marker);
export const editMarker = (project: string, markerId: number, change: MarkChange) =>
  sendJson<Marker>("PATCH", url(`/api/markers/${markerId}`, { project }), change);
export const deleteMarker = (project: string, markerId: number) =>
  request(url(`/api/markers/${markerId}`, { project }), { method: "DELETE" });

export const subclips = (project: string, id: number) =>
  getJson<{ items: Subclip[] }>(url(item(id, "/subclips"), { project }));
export const addSubclip = (
  project: string,
  id: number,
  subclip: Omit<MarkChange, "kind"> & { start_s: number; end_s: number },
) => sendJson<Subclip>("POST", url(item(id, "/subclips"), { project }), subclip);
export const editSubclip = (project: string, subclipId: number, change: Omit<MarkChange, "kind">) =>
  sendJson<Subclip>("PATCH", url(`/api/subclips/${subclipId}`, { project }), change);
export const deleteSubclip = (project: string, subclipId: number) =>
  request(url(`/api/subclips/${subclipId}`, { project }), { method: "DELETE" });

// Sound: peaks and sync

/**
 * An item's peaks (audiowaveform's JSON): at the stored resolution, 100 min/max pairs a second,
 * or coarsened to `samplesPerPixel` (a whole multiple of the stored one).
 */
export const waveform = (project: string, id: number, samplesPerPixel?: number) =>
  getJson<Waveform>(url(item(id, "/waveform"), { project, samples_per_pixel: samplesPerPixel }));

export interface SyncPairQuery {
  state?: SyncState;
  media_id?: number;
  cursor?: string;
  limit?: number;
}
export const startSync = (project: string) =>
  sendJson<SyncStatus>("POST", "/api/sync", inProject(project, {}));
/** The service's last sync run, whichever project it synced. */
export const syncStatus = () => getJson<SyncStatus>("/api/sync/status");
export const syncPairs = (project: string, query: SyncPairQuery) =>
  getJson<z.infer<typeof SYNC_PAIRS>>(url("/api/sync/pairs", { ...query, project }));
export const editSyncPair = (
  project: string,
  pairId: number,
  change: { state?: SyncState; nudge_frames?: number },
) => sendJson<SyncPair>("PATCH", url(`/api/sync/pairs/${pairId}`, { project }), change);

// Editor proxies and exports

export const editorProxy = (project: string, id: number) =>
  getJson<ProxyItem>(url(`/api/proxy/editor/${id}`, { project }));
export const editorProxyStatus = () => getJson<ProxyJobs>("/api/proxy/editor/status");
export const makeEditorProxies = (project: string, ids: number[]) =>
  sendJson<z.infer<typeof EDITOR_PROXIES_DONE>>("POST", "/api/proxy/editor", inProject(project, { ids }));

/** Downloads a timeline of the clips; answers the saved file's name. */
export const downloadTimeline = (project: string, format: string, ids: readonly number[]) =>
  download(url(`/api/export/timeline/${format}`, { ids: ids.join(","), project }));
/** Downloads the batch zip of the clips in the formats; answers the saved file's name. */
export const downloadBatch = (project: string, ids: readonly number[], formats: readonly string[]) =>
  download("/api/export/batch", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(inProject(project, { ids, formats })),
  });

/** Prepares a hand-off of the clips for the Resolve script; an empty bin is the project's name. */
export const sendToResolve = (project: string, ids: readonly number[], bin: string) =>
  sendJson<HandoffCreated>("POST", url("/api/handoff", { project }), bin.trim() ? { ids, bin } : { ids });

// Chat

export const conversations = () => getJson<z.infer<typeof CONVERSATIONS>>("/api/chat/conversations");
export const chatHistory = (id: string) => getJson<History>(`/api/chat/history/${encodeURIComponent(id)}`);
export const chat = (body: { prompt: string; conversation_id?: string }) =>
  sendJson<z.infer<typeof CHAT_REPLY>>("POST", "/api/chat", body);
