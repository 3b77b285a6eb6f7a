import { join, sep } from "node:path";
import { frameNameOf } from "../domain/frame-sequences.js";
import { IGNORED_DIRS, isIgnoredName, kindOf } from "../domain/media-types.js";
import { isErrno } from "../state/errno.js";
import { relativeInside } from "../state/paths.js";

export interface WatchHandlers {
  /** A media file appeared or changed and has stopped growing. */
  changed(relPath: string): void;
  removed(relPath: string): void;
  removedDir(relPath: string): void;
  error(error: unknown): void;
}

export interface WatchHandle {
  close(): void;
}

/** What `stat` answers (node's `Stats` fits). */
export interface FileInfo {
  isDirectory(): boolean;
  isFile(): boolean;
  readonly size: number;
  readonly mtimeMs: number;
  /** Last change of the entry itself: a write moves it with mtimeMs, a rename or chmod alone. */
  readonly ctimeMs: number;
}

/** One folder entry (node's `Dirent` fits). */
export interface FolderEntry {
  readonly name: string;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** Everything the watcher asks of the operating system, so its decisions can be tested without one. */
export interface WatchIO {
  /** Monotonic milliseconds. */
  now(): number;
  /** Wall-clock milliseconds, the clock file modification times are on. */
  wall(): number;
  after(ms: number, fn: () => void): WatchHandle;
  /** Follows symlinks. */
  stat(path: string): Promise<FileInfo>;
  isSymlink(path: string): Promise<boolean>;
  realpath(path: string): Promise<string>;
  list(path: string): Promise<AsyncIterable<FolderEntry>>;
  /** Watches a folder's entries; `changed` gets an entry's name, or null when the OS lost track of which. */
  watchFolder(
    path: string,
    changed: (name: string | null) => void,
    failed: (error: unknown) => void,
  ): Promise<WatchHandle>;
  watchFile(path: string, changed: () => void, failed: (error: unknown) => void): WatchHandle;
}

// An editor's atomic save deletes the file and writes it anew within this window: not a removal.
export const ATOMIC_MS = 100;
// A file that looks whole on arrival is looked at once more after this, to see it is not growing.
export const RECHECK_MS = 100;

/** True for anything under `.svc/`, `Proxy/`, a dot-name or a partial download. */
export function isIgnoredPath(root: string, path: string): boolean {
  const rel = relativeInside(root, path);
  if (rel === null) return false;
  return rel.split("/").some((part) => isIgnoredName(part) || IGNORED_DIRS.has(part));
}

/** A file the watcher follows: a media type, or a frame of an image sequence (DPX, EXR, TIFF too). */
export const isWatchedFile = (path: string): boolean => kindOf(path) !== null || frameNameOf(path) !== null;

const gone = (error: unknown) => isErrno(error, "ENOENT", "ENOTDIR");

const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}${sep}`);

/**
 * The watcher's decisions, with the OS behind `io`. Each real folder is watched once, so a
 * symlink cannot loop; symlinked folders are followed and reported under the link's path. A new
 * or changed media file is polled until its size and mtime have not moved for `settleMs`, then
 * reported once; one that arrived whole (renamed or moved in) after one quick second look. Nothing is held per file except while it settles, and a watch of its own for a
 * symlinked file, whose target no folder watch sees.
 */
export class FolderWatch {
  private readonly folders = new Map<string, { real: string; handle: WatchHandle }>();
  private readonly reals = new Set<string>();
  private readonly links = new Map<string, WatchHandle>();
  private readonly settling = new Map<string, { timer: WatchHandle }>();
  private readonly pollMs: number;
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly settleMs: number,
    private readonly io: WatchIO,
    private readonly handlers: WatchHandlers,
  ) {
    this.pollMs = Math.min(250, settleMs);
  }

  /** Watches the root and every folder beneath it; settles once the folders present now are watched. */
  start(): Promise<void> {
    return this.addFolder(this.root, false);
  }

  close(): void {
    this.closed = true;
    for (const { timer } of this.settling.values()) timer.close();
    this.settling.clear();
    for (const folder of [...this.folders.keys()]) this.unwatch(folder);
    for (const handle of this.links.values()) handle.close();
    this.links.clear();
  }

  /** The folders watched, by path. */
  watchedFolders(): string[] {
    return [...this.folders.keys()];
  }

  private unwatch(abs: string): void {
    const folder = this.folders.get(abs);
    if (!folder) return;
    folder.handle.close();
    this.folders.delete(abs);
    this.reals.delete(folder.real);
  }

  private async addFolder(abs: string, report: boolean): Promise<void> {
    if (this.closed || this.folders.has(abs) || isIgnoredPath(this.root, abs)) return;
    let real: string;
    try {
      real = await this.io.realpath(abs);
    } catch (error) {
      if (!gone(error)) this.handlers.error(error);
      return;
    }
    if (this.closed || this.folders.has(abs) || this.reals.has(real)) return;
    // Claimed before the await, so a second path to the same real folder cannot watch it too.
    this.reals.add(real);
    let handle: WatchHandle;
    try {
      handle = await this.io.watchFolder(
        real,
        (name) => void (name === null ? this.list(abs, true) : this.look(join(abs, name))),
        (error) => {
          this.unwatch(abs);
          if (!gone(error)) this.handlers.error(error);
        },
      );
    } catch (error) {
      this.reals.delete(real);
      if (!gone(error)) this.handlers.error(error);
      return;
    }
    if (this.closed) return handle.close();
    this.folders.set(abs, { real, handle });
    // Listed after the watch is in place, so nothing written in between is missed.
    await this.list(abs, report);
  }

  private async list(abs: string, report: boolean): Promise<void> {
    try {
      for await (const entry of await this.io.list(abs)) {
        if (this.closed) return;
        const child = join(abs, entry.name);
        if (entry.isDirectory()) await this.addFolder(child, report);
        else if (report || entry.isSymbolicLink()) await this.look(child, report);
      }
    } catch (error) {
      if (!gone(error)) this.handlers.error(error);
    }
  }

  private async look(abs: string, report = true): Promise<void> {
    const relPath = relativeInside(this.root, abs);
    if (this.closed || relPath === null || isIgnoredPath(this.root, abs)) return;
    try {
      const info = await this.io.stat(abs);
      if (info.isDirectory()) return await this.addFolder(abs, report);
      if (!info.isFile() || !isWatchedFile(abs)) return;
      if (!this.links.has(abs) && (await this.io.isSymlink(abs))) this.watchLink(abs);
      if (report) this.settle(abs, relPath);
    } catch (error) {
      if (gone(error)) this.io.after(ATOMIC_MS, () => void this.vanished(abs, relPath));
      else this.handlers.error(error);
    }
  }

  private watchLink(abs: string): void {
    if (this.closed) return;
    try {
      const handle = this.io.watchFile(
        abs,
        () => void this.look(abs),
        () => {
          handle.close();
          this.links.delete(abs);
        },
      );
      this.links.set(abs, handle);
    } catch (error) {
      if (!gone(error)) this.handlers.error(error);
    }
  }

  private async vanished(abs: string, relPath: string): Promise<void> {
    if (this.closed) return;
    try {
      await this.io.stat(abs);
      return void this.look(abs);
    } catch {}
    if (this.closed) return;
    for (const path of [...this.settling.keys()].filter((p) => under(p, abs))) {
      this.settling.get(path)?.timer.close();
      this.settling.delete(path);
    }
    for (const path of [...this.links.keys()].filter((p) => under(p, abs))) {
      this.links.get(path)?.close();
      this.links.delete(path);
    }
    const subtree = [...this.folders.keys()].filter((p) => under(p, abs));
    if (subtree.length > 0) {
      for (const folder of subtree) this.unwatch(folder);
      this.handlers.removedDir(relPath);
    } else if (kindOf(abs) !== null) {
      this.handlers.removed(relPath);
    }
  }

  // Polls size and mtime until neither has moved for settleMs; later events for the same file
  // while it settles only restart the clock through the poll itself. A file that arrives whole
  // needs only one quick second look that finds it unchanged: one last modified longer than
  // settleMs ago (moved in, copied with its times), or one whose entry changed after its last
  // write (ctime after mtime): renamed in once written, as browsers (.crdownload), rsync and copy
  // tools finish a file. A tool writing in place moves mtime with ctime on every write, so a file
  // being written, even one paused between writes, waits the full settleMs.
  private settle(abs: string, relPath: string): void {
    if (this.settling.has(abs)) return;
    let last = { size: -1, mtimeMs: -1 };
    let since = this.io.now();
    let whole = false;
    const poll = async () => {
      let info: FileInfo | null = null;
      try {
        info = await this.io.stat(abs);
      } catch {}
      // Closed, or the file vanished (and was forgotten) while stat was running.
      if (this.settling.get(abs) !== entry) return;
      if (!info) return void this.settling.delete(abs);
      if (info.size !== last.size || info.mtimeMs !== last.mtimeMs) {
        whole =
          last.size === -1 && (this.io.wall() - info.mtimeMs >= this.settleMs || info.ctimeMs > info.mtimeMs);
        last = { size: info.size, mtimeMs: info.mtimeMs };
        since = this.io.now();
      } else if (whole || this.io.now() - since >= this.settleMs) {
        this.settling.delete(abs);
        return this.handlers.changed(relPath);
      }
      entry.timer = this.io.after(whole ? Math.min(RECHECK_MS, this.pollMs) : this.pollMs, () => void poll());
    };
    const entry = { timer: this.io.after(0, () => void poll()) };
    this.settling.set(abs, entry);
  }
}
