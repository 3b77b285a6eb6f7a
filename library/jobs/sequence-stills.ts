import type { ScannedFile } from "../../pipeline/index.js";
import { removeDerivedFiles } from "../../state/derived-files.js";
import { errnoOf } from "../../state/errno.js";
import type { Logger } from "../../state/logger.js";
import type { LibraryStore } from "../../state/stores.js";

/**
 * Frames that were items of their own (PNG or JPEG stills ingested before their sequence was
 * grouped) while a scan keeps them apart: a pass groups them only when asked to (`--refresh`).
 */
export const stillsKeptApart =
  (store: LibraryStore, refresh: boolean) =>
  (relPath: string): boolean =>
    !refresh && store.media.byPath(relPath) !== undefined;

/**
 * `--refresh` grouped frames that were items of their own: their rows go, with their derived
 * pictures and any editorial work on a single frame; their files stay where they are, as frames
 * of the sequence item that replaces them. Returns how many rows went.
 */
export async function retireFrameItems(
  store: LibraryStore,
  files: readonly ScannedFile[],
  log: Logger,
): Promise<number> {
  let retired = 0;
  for (const file of files) {
    let items = 0;
    for (const frame of file.sequence?.frames ?? []) {
      const row = store.media.byPath(frame.relPath);
      if (!row) continue;
      const removed = store.edits.remove(row.id);
      if (!removed) continue;
      items += 1;
      await removeDerivedFiles(
        store.paths,
        row.id,
        [removed.thumbPath, ...removed.keyframePaths],
        (path, error) =>
          log.warn({ media_id: row.id, file: path, reason: errnoOf(error) }, "derived file not removed"),
      );
    }
    if (items > 0)
      log.info({ sequence: file.relPath, items }, "frames ingested as stills are now one sequence item");
    retired += items;
  }
  return retired;
}
