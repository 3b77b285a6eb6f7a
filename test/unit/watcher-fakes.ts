import { basename, dirname, join } from "node:path";
import type { FileInfo, FolderEntry, WatchIO } from "../../daemon/folder-watch.js";
import type { FakeClock } from "../support/fake-clock.js";
import { recordWatchEvents } from "../support/watch-events.js";

type Node =
  | { type: "dir" }
  | { type: "file"; size: number; mtimeMs: number; ctimeMs: number }
  | { type: "link"; target: string };

const fsError = (code: string, path: string) => Object.assign(new Error(`${code}: ${path}`), { code });

interface FolderWatchRecord {
  real: string;
  changed: (name: string | null) => void;
  failed: (error: unknown) => void;
  closed: boolean;
}

/**
 * An in-memory file system that notifies watchers as inotify does: a folder watch hears each
 * change to its own entries by name, a file watch hears changes to its file. Every stat, list and watch is counted.
 */
export class FakeFs {
  readonly nodes = new Map<string, Node>([["/", { type: "dir" }]]);
  readonly folderWatches: FolderWatchRecord[] = [];
  readonly fileWatches: { path: string; real: string; changed: () => void; closed: boolean }[] = [];
  readonly stats: string[] = [];
  /** Paths whose stat fails with this code (EACCES, EIO…) instead of answering. */
  readonly failing = new Map<string, string>();
  /** Paths whose stat waits until `release()`, as a slow disk's would. */
  readonly held = new Set<string>();
  private readonly waiting: (() => void)[] = [];
  /** Paths whose watch cannot be set up, with this error code. */
  readonly unwatchable = new Map<string, string>();

  constructor(readonly clock: FakeClock) {}

  /** The real path of `path`, following every symlink on the way, at most 40 of them as Linux does. */
  resolve(path: string, budget = { links: 40 }): string {
    const parts = path.split("/").filter(Boolean);
    let real = "/";
    parts.forEach((part, i) => {
      const next = join(real, part);
      const node = this.nodes.get(next);
      if (!node) throw fsError("ENOENT", path);
      if (node.type === "link" && --budget.links < 0) throw fsError("ELOOP", path);
      real = node.type === "link" ? this.resolve(node.target, budget) : next;
      if (i < parts.length - 1 && this.nodes.get(real)?.type !== "dir") throw fsError("ENOTDIR", path);
    });
    return real;
  }

  /** Creates folders (paths ending in `/`) and one-byte files, with their parents, announcing nothing. */
  seed(...paths: string[]): void {
    for (const path of paths) {
      const parts = path.split("/").filter(Boolean);
      const folders = path.endsWith("/") ? parts.length : parts.length - 1;
      for (let i = 1; i <= folders; i++) this.nodes.set(`/${parts.slice(0, i).join("/")}`, { type: "dir" });
      if (!path.endsWith("/"))
        this.nodes.set(path, { type: "file", size: 1, mtimeMs: this.clock.now(), ctimeMs: this.clock.now() });
    }
  }

  private nodeAt(path: string): Node {
    const node = this.nodes.get(this.resolve(path));
    if (!node) throw fsError("ENOENT", path);
    return node;
  }

  io(): WatchIO {
    return {
      now: () => this.clock.now(),
      wall: () => this.clock.now(),
      after: (ms, fn) => this.clock.after(ms, fn),
      stat: async (path) => {
        this.stats.push(path);
        if (this.held.has(path)) await new Promise<void>((resolve) => this.waiting.push(resolve));
        const code = this.failing.get(path);
        if (code) throw fsError(code, path);
        const node = this.nodeAt(path);
        return info(node);
      },
      isSymlink: async (path) => {
        const node = this.nodes.get(this.realOrNew(path));
        if (!node) throw fsError("ENOENT", path);
        return node.type === "link";
      },
      realpath: async (path) => this.resolve(path),
      list: async (path) => {
        const real = this.resolve(path);
        if (this.nodeAt(path).type !== "dir") throw fsError("ENOTDIR", path);
        const entries: FolderEntry[] = [];
        for (const [p, node] of this.nodes)
          if (p !== "/" && dirname(p) === real)
            entries.push({
              name: p.slice(real.length + (real === "/" ? 0 : 1)),
              isDirectory: () => node.type === "dir",
              isSymbolicLink: () => node.type === "link",
            });
        return (async function* () {
          yield* entries;
        })();
      },
      watchFolder: async (real, changed, failed) => {
        const code = this.unwatchable.get(real);
        if (code) throw fsError(code, real);
        const record = { real, changed, failed, closed: false };
        this.folderWatches.push(record);
        return {
          close: () => {
            record.closed = true;
          },
        };
      },
      watchFile: (path, changed) => {
        const record = { path, real: this.resolve(path), changed, closed: false };
        this.fileWatches.push(record);
        return {
          close: () => {
            record.closed = true;
          },
        };
      },
    };
  }

  /** Lets the stats held so far answer. */
  release(): void {
    this.held.clear();
    for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Open watches on real folders. */
  watching(): string[] {
    return this.folderWatches.filter((w) => !w.closed).map((w) => w.real);
  }

  mkdir(path: string): void {
    this.nodes.set(path, { type: "dir" });
    this.notify(path);
  }

  /** Creates or rewrites a file with this size, touching its mtime and ctime, as a write does. */
  write(path: string, size: number): void {
    const real =
      this.nodes.get(this.realOrNew(path))?.type === "link" ? this.resolve(path) : this.realOrNew(path);
    this.nodes.set(real, { type: "file", size, mtimeMs: this.clock.now(), ctimeMs: this.clock.now() });
    this.notify(real);
    for (const w of this.fileWatches) if (!w.closed && w.real === real) w.changed();
  }

  symlink(target: string, path: string): void {
    this.nodes.set(path, { type: "link", target });
    this.notify(path);
  }

  /** Removes a file, link or whole folder, announcing the deepest entries first. */
  rm(path: string): void {
    const doomed = [...this.nodes.keys()].filter((p) => p === path || p.startsWith(`${path}/`));
    for (const p of doomed.sort((a, b) => b.length - a.length)) {
      this.nodes.delete(p);
      this.notify(p);
    }
  }

  /** Moves an entry and what lies below it; the moved entry's own ctime is touched, as Linux does. */
  rename(from: string, to: string): void {
    const moving = [...this.nodes].filter(([p]) => p === from || p.startsWith(`${from}/`));
    for (const [p] of moving) this.nodes.delete(p);
    for (const [p, node] of moving)
      this.nodes.set(
        to + p.slice(from.length),
        p === from && node.type === "file" ? { ...node, ctimeMs: this.clock.now() } : node,
      );
    this.notify(from);
    this.notify(to);
  }

  /** Tells the folder watches that `path` changed, by its real path. */
  notify(path: string): void {
    const real = this.realOrNew(path);
    const parent = dirname(real);
    for (const w of this.folderWatches) {
      if (w.closed) continue;
      if (parent === w.real) w.changed(basename(real));
    }
  }

  /** The real path of an entry, not following the entry itself when it is a link or is gone. */
  private realOrNew(path: string): string {
    try {
      return join(this.resolve(dirname(path)), basename(path));
    } catch {
      return path;
    }
  }
}

function info(node: Node): FileInfo {
  return {
    isDirectory: () => node.type === "dir",
    isFile: () => node.type === "file",
    size: node.type === "file" ? node.size : 0,
    mtimeMs: node.type === "file" ? node.mtimeMs : 0,
    ctimeMs: node.type === "file" ? node.ctimeMs : 0,
  };
}

/** Handlers that record what the watcher reported, and when by the fake clock. */
export const recorder = (clock: FakeClock) => recordWatchEvents(() => clock.now());
