import { watch as watchPath } from "node:fs";
import { lstat, opendir, realpath, stat } from "node:fs/promises";
import { performance } from "node:perf_hooks";
import { watch } from "chokidar";
import type { Config } from "../state/config.js";
import { relativeInside } from "../state/paths.js";
import {
  FolderWatch,
  isIgnoredPath,
  isWatchedFile,
  type WatchHandlers,
  type WatchIO,
} from "./folder-watch.js";
import { settleSequences } from "./sequence-settle.js";

export type { WatchHandlers } from "./folder-watch.js";

export interface Watcher {
  /** Settles once the folders present at start are watched. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches one project root. Files are reported only once their size has been stable for
 * SVC_WATCH_SETTLE_MS, so a clip still being copied off a card is not ingested half-written; a
 * file renamed or moved in whole (unmodified for that long, or renamed after its last write) is
 * reported after one quick second look.
 */
export function watchProject(root: string, config: Config, handlers: WatchHandlers): Watcher {
  const io = folderIO();
  const settled = settleSequences(handlers, config.watchSettleMs, io.after);
  if (config.watchPoll) {
    const polled = pollProject(root, config, settled);
    return {
      ready: polled.ready,
      close: () => {
        settled.close();
        return polled.close();
      },
    };
  }
  const folders = new FolderWatch(root, config.watchSettleMs, io, settled);
  return {
    ready: folders.start(),
    close: async () => {
      folders.close();
      settled.close();
    },
  };
}

/**
 * One OS watch per folder: inotify, FSEvents and ReadDirectoryChangesW all report what happens to
 * a folder's entries by name, so nothing is held per file.
 */
function folderIO(): WatchIO {
  return {
    now: () => performance.now(),
    wall: () => Date.now(),
    after: (ms, fn) => {
      const timer = setTimeout(fn, ms);
      return { close: () => clearTimeout(timer) };
    },
    stat: (path) => stat(path),
    isSymlink: async (path) => (await lstat(path)).isSymbolicLink(),
    realpath: (path) => realpath(path),
    list: (path) => opendir(path),
    watchFolder: async (path, changed, failed) =>
      watchPath(path, (_event, name) => changed(name || null)).on("error", failed),
    watchFile: (path, changed, failed) => watchPath(path, () => changed()).on("error", failed),
  };
}

/**
 * Network shares send no change notifications: chokidar polls every file there. Its native mode
 * is not used: it opens an OS watch per file and keeps its state, 7–9 kB per file (70–90 MB of
 * resident memory for 10,000 files), more than the rest of the idle daemon.
 */
const POLL_MS = 1000;
const MIN_POLL_MS = 250;

function pollProject(root: string, config: Config, handlers: WatchHandlers): Watcher {
  const watcher = watch(root, {
    ignoreInitial: true,
    followSymlinks: true,
    usePolling: true,
    // A share is looked at about once a second, but no less often than files settle there: a
    // change seen only after its settle time has passed would wait a second poll for nothing.
    interval: Math.min(POLL_MS, Math.max(MIN_POLL_MS, config.watchSettleMs)),
    awaitWriteFinish: {
      stabilityThreshold: config.watchSettleMs,
      pollInterval: Math.min(250, config.watchSettleMs),
    },
    ignored: (path, stats) => {
      if (isIgnoredPath(root, path)) return true;
      return Boolean(stats?.isFile()) && !isWatchedFile(path);
    },
  });
  const on = (fn: (relPath: string) => void) => (path: string) => {
    const relPath = relativeInside(root, path);
    if (relPath !== null) fn(relPath);
  };
  watcher.on("add", on(handlers.changed));
  watcher.on("change", on(handlers.changed));
  watcher.on("unlink", on(handlers.removed));
  watcher.on("unlinkDir", on(handlers.removedDir));
  watcher.on("error", handlers.error);
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return { ready, close: () => watcher.close() };
}
