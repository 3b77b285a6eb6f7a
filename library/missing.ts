import { openLibrary } from "../state/stores.js";

/** Flags items whose files vanished; rows (and the editorial work on them) are kept. */
export function markMissing(root: string, relPaths: readonly string[], dirs: readonly string[]): number {
  const store = openLibrary(root);
  try {
    let count = 0;
    for (const rel of relPaths) if (store.media.markMissing(rel)) count += 1;
    for (const dir of dirs) count += store.media.markMissingUnder(dir);
    return count;
  } finally {
    store.close();
  }
}
