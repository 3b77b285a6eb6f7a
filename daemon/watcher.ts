import { watch } from "chokidar";
import { IGNORED_DIRS, isIgnoredName, kindOf } from "../pipeline/media-types.js";
import type { Config } from "../state/config.js";
import { relativeInside } from "../state/paths.js";

export interface WatchHandlers {
  /** A media file appeared or changed and has stopped growing. */
  changed(relPath: string): void;
  removed(relPath: string): void;
  removedDir(relPath: string): void;
  error(error: unknown): void;
}

export interface Watcher {
  close(): Promise<void>;
}

/** True for anything under `.svc/`, `Proxy/`, a dot-name or a partial download. */
export function isIgnoredPath(root: string, path: string): boolean {
  const rel = relativeInside(root, path);
  if (rel === null) return false;
  return rel.split("/").some((part) => isIgnoredName(part) || IGNORED_DIRS.has(part));
}

/**
 * Watches one project root. Files are reported only once their size has been stable for
 * SVC_WATCH_SETTLE_MS, so a clip still being copied off a card is not ingested half-written.
 */
export function watchProject(root: string, config: Config, handlers: WatchHandlers): Watcher {
  const watcher = watch(root, {
    ignoreInitial: true,
    followSymlinks: true,
    usePolling: config.watchPoll,
    interval: 1000,
    awaitWriteFinish: {
      stabilityThreshold: config.watchSettleMs,
      pollInterval: Math.min(250, config.watchSettleMs),
    },
    ignored: (path, stats) => {
      if (isIgnoredPath(root, path)) return true;
      return Boolean(stats?.isFile()) && kindOf(path) === null;
    },
  });
  const rel = (path: string) => relativeInside(root, path);
  const on = (fn: (relPath: string) => void) => (path: string) => {
    const relPath = rel(path);
    if (relPath !== null) fn(relPath);
  };
  watcher.on("add", on(handlers.changed));
  watcher.on("change", on(handlers.changed));
  watcher.on("unlink", on(handlers.removed));
  watcher.on("unlinkDir", on(handlers.removedDir));
  watcher.on("error", handlers.error);
  return { close: () => watcher.close() };
}
