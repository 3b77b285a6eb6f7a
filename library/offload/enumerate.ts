import { lstat, opendir } from "node:fs/promises";
import { join } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";

/** One file of a card: its path relative to the card (forward slashes), size and mtime. */
export interface CardFile {
  rel: string;
  size: number;
  mtimeMs: number;
}

/** Prefix of an offload's temp files: hidden, so the watcher and the scanner never see them. */
export const TEMP_PREFIX = ".svc-offload-";

// Operating-system bookkeeping that is not footage: Finder, Spotlight, Windows, the trash.
const BOOKKEEPING = new Set([
  ".ds_store",
  ".spotlight-v100",
  ".fseventsd",
  ".trashes",
  ".temporaryitems",
  ".documentrevisions-v100",
  ".apdisk",
  ".volumeicon.icns",
  "system volume information",
  "$recycle.bin",
  "thumbs.db",
  "desktop.ini",
  "lost+found",
]);
// Previous manifests and partial copies (of svc or of other offload tools and browsers).
const PARTIAL = /\.(part|partial|crdownload|download|tmp|temp|filepart)$|^~\$|\.!sync$/i;
const MANIFEST_DIR = "ascmhl";
const MANIFEST_FILE = /\.(mhl|md5|xxhash|xxh64|sha1)$/i;

/** Whether a card entry is left out of an offload, and so of its manifest. */
export function isSkipped(name: string, isDirectory: boolean): boolean {
  const lower = name.toLowerCase();
  if (BOOKKEEPING.has(lower) || name.startsWith("._") || name.startsWith(TEMP_PREFIX)) return true;
  if (isDirectory) return lower === MANIFEST_DIR;
  return PARTIAL.test(name) || MANIFEST_FILE.test(name);
}

/**
 * The ignore patterns an offload's manifest records for what `isSkipped` leaves out of the copy
 * and might still be found at a destination: OS bookkeeping, manifests, svc's temps. None has a
 * slash but at its end, so each matches at any depth in every ASC MHL tool (the reference tool
 * v1.1 matches patterns against absolute paths, where an anchored one never matches).
 */
export const MHL_IGNORE = [
  ".DS_Store",
  "._*",
  ".Spotlight-V100",
  ".fseventsd",
  ".Trashes",
  ".TemporaryItems",
  ".DocumentRevisions-V100",
  ".apdisk",
  ".VolumeIcon.icns",
  "System Volume Information",
  "$RECYCLE.BIN",
  "Thumbs.db",
  "desktop.ini",
  "ascmhl",
  "ascmhl/",
  `${TEMP_PREFIX}*`,
];

/**
 * Lists a card's files depth-first in a stable order. Symbolic links are not followed (a card has
 * none; a link could lead outside it). Refuses a card that has no file to copy.
 */
export async function enumerateCard(source: string, signal?: AbortSignal): Promise<CardFile[]> {
  const files: CardFile[] = [];
  const walk = async (dir: string, prefix: string) => {
    signal?.throwIfAborted();
    const entries = [];
    for await (const entry of await opendir(dir)) entries.push(entry);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (isSkipped(entry.name, entry.isDirectory())) continue;
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, rel);
      else if (entry.isFile()) {
        const info = await lstat(full);
        files.push({ rel, size: info.size, mtimeMs: info.mtimeMs });
      }
    }
  };
  await walk(source, "");
  if (files.length === 0)
    throw new UserError("the source has no files to offload (an empty or unmounted card?)", EXIT.usage, 422);
  return files;
}
