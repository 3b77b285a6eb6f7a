import { EXIT, UserError } from "../../domain/errors.js";
import { contentTypeOf, unplayableReason } from "../../domain/playback.js";
import { SPRITE_LAYOUT } from "../../domain/schemas/media.js";
import { SPRITE_STAGE } from "../../pipeline/index.js";
import { proxyFile } from "../../state/derived-files.js";
import { readJsonColumn } from "../../state/json-column.js";
import { derivedRelative } from "../../state/paths.js";
import type { LibraryStore } from "../../state/stores.js";
import { derivedFile, type MediaFile, mediaFile } from "../containment.js";
import { requireItem } from "./ids.js";
import { parseRange } from "./range.js";

/** A file (or a byte range of it) for a transport to send. */
export interface ServedFile {
  /** Absolute, for opening only: never sent to a client. */
  path: string;
  size: number;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** Inclusive byte range; null for the whole file. */
  range: { start: number; end: number } | null;
}

export type StreamOutcome = { kind: "file"; file: ServedFile } | { kind: "unsatisfiable"; size: number };

const missing = (message: string) => new UserError(message, EXIT.usage, 404);

/** A checked file (see containment.ts) with the type its stored name gives it. */
function served(file: MediaFile | null, name: string): Omit<ServedFile, "range"> | null {
  if (!file) return null;
  const { info } = file;
  return {
    path: file.path,
    size: info.size,
    contentType: contentTypeOf(name),
    etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    lastModified: info.mtime,
  };
}

const derived = async (store: LibraryStore, rel: string | null) =>
  rel === null ? null : served(await derivedFile(store.paths.dataDir, rel), rel);

/** `GET /api/media/{id}/thumbnail`: the JPEG under `.svc/thumbs`. */
export async function thumbnailFile(store: LibraryStore, id: number): Promise<ServedFile> {
  const row = requireItem(store, id);
  const file = await derived(store, row.thumb_path);
  if (!file) throw missing(`media item ${id} has no thumbnail`);
  return { ...file, range: null };
}

/** `GET /api/media/{id}/sprite`: the scrub sprite under `.svc/thumbs`, or a 404 saying why there is none. */
export async function spritePicture(store: LibraryStore, id: number): Promise<ServedFile> {
  const row = requireItem(store, id);
  if (row.kind !== "video")
    throw missing(
      `media item ${id} is ${row.kind === "audio" ? "audio" : "a still"}: only videos have a scrub sprite`,
    );
  const layout = readJsonColumn(row.sprite_json, SPRITE_LAYOUT.nullable(), null);
  const file = await derived(store, layout?.path ?? null);
  if (file) return { ...file, range: null };
  const stage = store.media.stages(id).find((s) => s.stage === SPRITE_STAGE);
  const why =
    stage?.status === "skipped"
      ? `none could be made: ${stage.detail ?? "no reason was recorded"}`
      : "it is made at ingest; the next ingest pass makes it";
  throw missing(`media item ${id} has no scrub sprite yet: ${why}`);
}

/** `GET /api/media/{id}/keyframes/{index}`: one scene's key frame under `.svc/frames`. */
export async function keyframeFile(store: LibraryStore, id: number, index: number): Promise<ServedFile> {
  requireItem(store, id);
  const scene = store.scenes.at(id, index);
  const file = await derived(store, scene?.keyframe_path ?? null);
  if (!file) throw missing(`media item ${id} has no key frame ${index}`);
  return { ...file, range: null };
}

export interface RangeHeaders {
  range?: string | null;
  ifRange?: string | null;
}

/** The finished playback proxy of an unplayable item, or a 409 saying why there is none yet. */
async function proxyOf(store: LibraryStore, id: number, reason: string): Promise<Omit<ServedFile, "range">> {
  const status = store.media.stageStatus(id, "proxy");
  if (status === "done") {
    const file = served(
      await derivedFile(store.paths.dataDir, derivedRelative(store.paths, proxyFile(store.paths, id))),
      "proxy.mp4",
    );
    if (file) return file;
  }
  if (status === "failed") {
    const detail =
      store.media.stages(id).find((s) => s.stage === "proxy")?.detail ?? "no reason was recorded";
    throw new UserError(
      `browsers cannot play ${reason} of media item ${id}, and its playback proxy failed: ${detail}`,
      EXIT.usage,
      409,
    );
  }
  throw new UserError(
    `browsers cannot play ${reason} of media item ${id}; its playback proxy is pending (the next ingest pass makes it)`,
    EXIT.usage,
    409,
  );
}

/**
 * `GET /api/stream?id=`: the original file, whole or one byte range, when a browser can play it;
 * else its playback proxy the same way; else 409 saying the proxy is pending or failed. An
 * `If-Range` that no longer matches sends the whole file.
 */
export async function streamFile(
  store: LibraryStore,
  id: number,
  headers: RangeHeaders,
): Promise<StreamOutcome> {
  const row = requireItem(store, id);
  const reason = unplayableReason({
    path: row.rel_path,
    kind: row.kind,
    codec: row.codec,
    audio_codec: row.audio_codec,
    audio_channels: row.audio_channels,
  });
  // Only what the scanner would reach, and outside the root only the very file it ingested.
  const file =
    reason === null
      ? served(await mediaFile(store.paths.root, row), row.rel_path)
      : await proxyOf(store, id, reason);
  if (!file) throw missing(`the file of media item ${id} is missing or no longer the one ingested`);
  const rangeHeader = headers.ifRange && headers.ifRange !== file.etag ? null : headers.range;
  const range = parseRange(rangeHeader, file.size);
  if (range.kind === "unsatisfiable") return { kind: "unsatisfiable", size: file.size };
  const slice = range.kind === "partial" ? { start: range.start, end: range.end } : null;
  return { kind: "file", file: { ...file, range: slice } };
}
