import { type FSWatcher, watch as watchFolder } from "node:fs";
import { lstat, opendir, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { performance } from "node:perf_hooks";
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
  /** Settles once the folders present at start are watched. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

// An editor's atomic save deletes the file and writes it anew within this window: not a removal.
const ATOMIC_MS = 100;

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
  return config.watchPoll ? pollProject(root, config, handlers) : watchFolders(root, config, handlers);
}

/**
 * Network shares send no change notifications: chokidar polls every file there. Its native mode
 * is not used: it opens an OS watch per file and keeps its state, 7–9 kB per file (70–90 MB of
 * resident memory for 10,000 files), more than the rest of the idle daemon.
 */
function pollProject(root: string, config: Config, handlers: WatchHandlers): Watcher {
  const watcher = watch(root, {
    ignoreInitial: true,
    followSymlinks: true,
    usePolling: true,
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

const gone = (error: unknown) => ["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

/**
 * One OS watch per folder: inotify, FSEvents and ReadDirectoryChangesW all report what happens to
 * a folder's entries by name, so nothing is held per file except while a new file settles.
 * Symlinked folders are followed; each real folder is watched once, so a link cannot loop. A
 * symlinked file gets a watch of its own: its target may change where no folder watch sees it.
 */
function watchFolders(root: string, config: Config, handlers: WatchHandlers): Watcher {
  const folders = new Map<string, { watcher: FSWatcher; real: string }>();
  const reals = new Set<string>();
  const links = new Map<string, FSWatcher>();
  const settling = new Map<string, NodeJS.Timeout>();
  const pollMs = Math.min(250, config.watchSettleMs);
  let closed = false;

  const unwatch = (abs: string) => {
    const folder = folders.get(abs);
    if (!folder) return;
    folder.watcher.close();
    folders.delete(abs);
    reals.delete(folder.real);
  };

  const addFolder = async (abs: string, report: boolean): Promise<void> => {
    if (closed || folders.has(abs) || isIgnoredPath(root, abs)) return;
    let real: string;
    try {
      real = await realpath(abs);
    } catch (error) {
      if (!gone(error)) handlers.error(error);
      return;
    }
    if (closed || folders.has(abs) || reals.has(real)) return;
    let watcher: FSWatcher;
    try {
      watcher = watchFolder(abs, (_event, name) => {
        if (name) void look(join(abs, name));
        else void list(abs, true);
      });
    } catch (error) {
      if (!gone(error)) handlers.error(error);
      return;
    }
    watcher.on("error", (error) => {
      unwatch(abs);
      if (!gone(error)) handlers.error(error);
    });
    folders.set(abs, { watcher, real });
    reals.add(real);
    // Listed after the watch is in place, so nothing written in between is missed.
    await list(abs, report);
  };

  const list = async (abs: string, report: boolean): Promise<void> => {
    try {
      for await (const entry of await opendir(abs)) {
        if (closed) return;
        if (isIgnoredName(entry.name)) continue;
        const child = join(abs, entry.name);
        if (entry.isDirectory()) await addFolder(child, report);
        else if (report || entry.isSymbolicLink()) await look(child, report);
      }
    } catch (error) {
      if (!gone(error)) handlers.error(error);
    }
  };

  const look = async (abs: string, report = true): Promise<void> => {
    const relPath = relativeInside(root, abs);
    if (closed || relPath === null || isIgnoredPath(root, abs)) return;
    try {
      const info = await stat(abs);
      if (info.isDirectory()) return await addFolder(abs, report);
      if (!info.isFile() || kindOf(abs) === null) return;
      if (!links.has(abs) && (await lstat(abs)).isSymbolicLink()) watchLink(abs);
      if (report) settle(abs, relPath);
    } catch (error) {
      if (gone(error)) setTimeout(() => void vanished(abs, relPath), ATOMIC_MS);
    }
  };

  const watchLink = (abs: string) => {
    if (closed) return;
    try {
      const watcher = watchFolder(abs, () => void look(abs));
      watcher.on("error", () => {
        watcher.close();
        links.delete(abs);
      });
      links.set(abs, watcher);
    } catch (error) {
      if (!gone(error)) handlers.error(error);
    }
  };

  const vanished = async (abs: string, relPath: string) => {
    if (closed) return;
    try {
      await stat(abs);
      return void look(abs);
    } catch {}
    const inside = `${abs}${sep}`;
    const under = (path: string) => path === abs || path.startsWith(inside);
    for (const path of [...settling.keys()].filter(under)) {
      clearTimeout(settling.get(path));
      settling.delete(path);
    }
    for (const path of [...links.keys()].filter(under)) {
      links.get(path)?.close();
      links.delete(path);
    }
    const subtree = [...folders.keys()].filter(under);
    if (subtree.length > 0) {
      for (const folder of subtree) unwatch(folder);
      handlers.removedDir(relPath);
    } else if (kindOf(abs) !== null) {
      handlers.removed(relPath);
    }
  };

  // Polls size and mtime until neither has moved for SVC_WATCH_SETTLE_MS; later events for the
  // same file while it settles only restart the clock through the poll itself.
  const settle = (abs: string, relPath: string) => {
    if (settling.has(abs)) return;
    let last = { size: -1, mtimeMs: -1 };
    let since = performance.now();
    const poll = async () => {
      if (closed) return;
      let info: Awaited<ReturnType<typeof stat>>;
      try {
        info = await stat(abs);
      } catch {
        settling.delete(abs);
        return;
      }
      if (info.size !== last.size || info.mtimeMs !== last.mtimeMs) {
        last = { size: info.size, mtimeMs: info.mtimeMs };
        since = performance.now();
      } else if (performance.now() - since >= config.watchSettleMs) {
        settling.delete(abs);
        handlers.changed(relPath);
        return;
      }
      if (!closed) settling.set(abs, setTimeout(poll, pollMs));
    };
    settling.set(abs, setTimeout(poll, 0));
  };

  return {
    ready: addFolder(root, false),
    close: async () => {
      closed = true;
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
      for (const folder of [...folders.keys()]) unwatch(folder);
      for (const watcher of links.values()) watcher.close();
      links.clear();
    },
  };
}
