import { frameNameOf, frameStemOf } from "../domain/frame-sequences.js";
import type { WatchHandle, WatchHandlers } from "./folder-watch.js";

export interface SettlingHandlers extends WatchHandlers {
  /** Forgets the sequences still settling, reporting none of them. */
  close(): void;
}

/**
 * A sequence still being rendered is a growing file made of many: each frame is reported once it
 * has settled, and the sequence (as its latest frame, which a pass widens to the whole sequence)
 * only once no frame of it has settled for `settleMs`. Anything else passes straight through.
 * One timer is held per sequence while it settles, nothing per frame.
 */
export function settleSequences(
  handlers: WatchHandlers,
  settleMs: number,
  after: (ms: number, fn: () => void) => WatchHandle,
): SettlingHandlers {
  const settling = new Map<string, WatchHandle>();
  return {
    ...handlers,
    changed(relPath) {
      const frame = frameNameOf(relPath);
      if (!frame) return handlers.changed(relPath);
      const stem = frameStemOf(frame);
      settling.get(stem)?.close();
      settling.set(
        stem,
        after(settleMs, () => {
          settling.delete(stem);
          handlers.changed(relPath);
        }),
      );
    },
    close() {
      for (const timer of settling.values()) timer.close();
      settling.clear();
    },
  };
}
