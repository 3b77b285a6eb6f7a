import { randomUUID } from "node:crypto";
import { mkdir, readdir, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, posix } from "node:path";
import type { Ffmpeg, Source } from "../../adapters/ffmpeg.js";
import { proxyTimeoutMs } from "../../adapters/proxy-encode.js";
import { frameFileName, sequencePatternOf } from "../../domain/frame-sequences.js";
import { PROXY_FOLDER } from "../../domain/media-types.js";
import { labelPaths, scrubText } from "../../domain/redact.js";
import { AUDIO_STREAMS } from "../../domain/schemas/media.js";
import type { EditorProxyResult } from "../../domain/schemas/proxy.js";
import { decodeInputOf, proxyIn, sequenceOf } from "../../pipeline/index.js";
import { placeNew } from "../../state/atomic.js";
import { errnoOf, isErrno } from "../../state/errno.js";
import { readJsonColumn } from "../../state/json-column.js";
import type { MediaRow } from "../../state/repos/media.js";
import type { LibraryStore } from "../../state/stores.js";
import { mediaFile, realLocationInside } from "../containment.js";

export interface EditorProxyOptions {
  ffmpeg: Ffmpeg | null;
  maxHeight: number;
  signal: AbortSignal;
  /** Seconds of the current item encoded so far. */
  onProgress?: (encodedS: number) => void;
}

/** A file's name without its extension; an image sequence's name without its frame field. */
const stemOf = (relPath: string) => {
  const sequence = sequencePatternOf(relPath);
  return sequence ? sequence.prefix.slice(0, -1) : posix.basename(relPath, posix.extname(relPath));
};

/**
 * What the encode reads: the item's file, or an image sequence's frames (through the same input
 * as its thumbnails and playback proxy) while its folder is inside the root and its first frame
 * is there; null when neither is.
 */
async function proxySource(root: string, row: MediaRow): Promise<Source | null> {
  const sequence = sequenceOf(row);
  const pattern = sequencePatternOf(row.rel_path);
  if (!sequence || !pattern) return (await mediaFile(root, row))?.path ?? null;
  const folder = join(root, pattern.dir);
  const first = await stat(join(folder, frameFileName(pattern, sequence.first))).catch(() => null);
  if (!first?.isFile() || !(await realLocationInside(root, folder))) return null;
  return decodeInputOf(row, join(root, row.rel_path));
}

// `Proxy/` beside the source (SPEC.md, editor proxies rule 1). A proxy already there in any of
// .mov, .mp4 or .mxf, by the source's stem, wins (proxyIn, the rule the camera-made proxies the
// pipeline links are found by): nothing is ever overwritten.

// An encode writes its temporary file continuously; one untouched this long was left by a process
// that was killed (SIGKILL leaves no chance to clean up).
const STALE_TEMP_MS = 2 * 60_000;
const tempPrefix = (stem: string) => `.${stem}.svc-`;

/** Removes temporary files of `stem` that a killed process left behind in `folder`. */
async function removeStaleTemps(folder: string, stem: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    if (!name.startsWith(tempPrefix(stem)) || !name.endsWith(".part")) continue;
    const path = join(folder, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true }).catch(() => {});
  }
}

/** Creates `folder` unless it exists; true when this call made it (so a failure may remove it). */
async function claimFolder(folder: string): Promise<boolean> {
  try {
    await mkdir(folder);
    return true;
  } catch (error) {
    if (isErrno(error, "EEXIST")) return false;
    throw error;
  }
}

/** Why an item gets no proxy before any work, or null when it is a video. */
function notProxyable(row: MediaRow): string | null {
  if (row.kind === "audio") return "skipped: an audio-only item has no picture to make a proxy of";
  if (row.kind === "image") return "skipped: a still image needs no editor proxy";
  return null;
}

/**
 * One item's editor proxy, by SPEC.md's four rules: `Proxy/<stem>.mov` beside the source, skipped
 * when a same-stem `.mov`, `.mp4` or `.mxf` is there before or appears during the encode, written
 * to a hidden temporary name and moved into place without replacing anything; on failure the
 * temporary file and a `Proxy/` folder this call created are removed. The source is only read.
 */
export async function makeEditorProxy(
  store: LibraryStore,
  row: MediaRow,
  options: EditorProxyOptions,
): Promise<EditorProxyResult> {
  const root = store.paths.root;
  const relDir = posix.dirname(row.rel_path);
  const relProxy = (name: string) => posix.join(relDir === "." ? "" : relDir, PROXY_FOLDER, name);
  const failed = (reason: string): EditorProxyResult => ({ id: row.id, status: "failed", reason });
  const skip = notProxyable(row);
  if (skip) return failed(skip);
  if (!options.ffmpeg) return failed("ffmpeg is not available on this machine");
  const source = await proxySource(root, row);
  if (!source) return failed("the source file is missing or is no longer the one ingested");
  const folder = join(root, relDir, PROXY_FOLDER);
  const stem = stemOf(row.rel_path);
  const already = await proxyIn(folder, stem);
  if (already) return { id: row.id, status: "skipped_exists", path: relProxy(already) };

  let created = false;
  const temp = join(folder, `${tempPrefix(stem)}${randomUUID().slice(0, 8)}.mov.part`);
  try {
    created = await claimFolder(folder);
    if (!created) await removeStaleTemps(folder, stem);
    await options.ffmpeg.editorProxy(source, temp, {
      maxHeight: options.maxHeight,
      timecode: row.start_timecode,
      audio: readJsonColumn(row.audio_streams_json, AUDIO_STREAMS, []),
      fieldOrder: row.field_order,
      timeoutMs: proxyTimeoutMs(row.duration_s),
      signal: options.signal,
      onProgress: options.onProgress,
    });
    const target = join(folder, `${stem}.mov`);
    const appeared = await proxyIn(folder, stem);
    if (appeared || (await placeNew(temp, target)) === "taken") {
      await rm(temp, { force: true });
      return { id: row.id, status: "skipped_exists", path: relProxy(appeared ?? `${stem}.mov`) };
    }
    return { id: row.id, status: "written", path: relProxy(`${stem}.mov`) };
  } catch (error) {
    await rm(temp, { force: true }).catch(() => {});
    if (created) await rmdir(folder).catch(() => {});
    return failed(reasonOf(error, root));
  }
}

/** A failure as an editor can act on it, with no absolute path in it. */
function reasonOf(error: unknown, root: string): string {
  const code = errnoOf(error, "");
  const message =
    code === "EPERM" || code === "EACCES" || code === "EROFS"
      ? `the source folder is not writable (${code}): no proxy can be made beside it`
      : code === "ENOSPC" || /no space left/i.test(String((error as Error)?.message))
        ? "the disk filled up while writing the proxy"
        : error instanceof Error
          ? error.message
          : String(error);
  return scrubText(labelPaths([{ path: root, label: "." }])(message)).slice(0, 500);
}

/** Where the item's proxy lives or will live: the folder and the stem, for locks and lookups. */
export function proxyKey(root: string, row: Pick<MediaRow, "rel_path">): string {
  return join(root, dirname(row.rel_path), PROXY_FOLDER, stemOf(row.rel_path)).toLowerCase();
}

/** The proxy of an item that already has one, relative to the project root, or null. */
export async function findEditorProxy(store: LibraryStore, row: MediaRow): Promise<string | null> {
  const relDir = posix.dirname(row.rel_path);
  const found = await proxyIn(join(store.paths.root, relDir, PROXY_FOLDER), stemOf(row.rel_path));
  return found ? posix.join(relDir === "." ? "" : relDir, PROXY_FOLDER, found) : null;
}
