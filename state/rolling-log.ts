import { lstatSync, readlinkSync, statSync, symlinkSync, unlinkSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import pino from "pino";
import { isErrno } from "./errno.js";
import { makeFolders } from "./folders.js";

export type LogDestination = ReturnType<typeof pino.destination>;

export interface RollingLogOptions {
  /** A file at or past this size is followed by the next number. */
  maxBytes: number;
  /** Numbered files kept besides the one being written; older ones are removed at a roll. */
  keep: number;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `svc.log` → `svc.3.log`, and the pattern that finds the numbered files. */
function naming(logFile: string) {
  const ext = extname(logFile);
  const stem = basename(logFile, ext);
  return {
    file: (n: number) => join(dirname(logFile), `${stem}.${n}${ext}`),
    pattern: new RegExp(`^${literal(stem)}\\.(\\d+)${literal(ext)}$`),
  };
}

/** The numbered files of `logFile` with their numbers, oldest first. */
async function numberedFiles(logFile: string): Promise<{ path: string; n: number }[]> {
  const { pattern } = naming(logFile);
  let names: string[];
  try {
    names = await readdir(dirname(logFile));
  } catch (error) {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  }
  return names
    .flatMap((name) => {
      const match = pattern.exec(name);
      return match ? [{ path: join(dirname(logFile), name), n: Number(match[1]) }] : [];
    })
    .sort((a, b) => a.n - b.n);
}

/** The numbered files of `logFile`, oldest first: `svc.1.log`, `svc.2.log`, … */
export async function rolledLogFiles(logFile: string): Promise<string[]> {
  return (await numberedFiles(logFile)).map(({ path }) => path);
}

const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** `current.log` names the file being written, where the platform allows links. */
function pointCurrent(file: string) {
  const link = join(dirname(file), "current.log");
  try {
    if (lstatSync(link).isSymbolicLink() && readlinkSync(link) === basename(file)) return;
    unlinkSync(link);
  } catch (error) {
    if (!isErrno(error, "ENOENT")) return;
  }
  try {
    symlinkSync(basename(file), link);
  } catch {
    // Windows without the privilege, or a file system without links: the numbers still order the files.
  }
}

/**
 * JSON lines appended to `svc.N.log` in the log folder, the next number once a file reaches
 * `maxBytes`, the oldest removed beyond `keep`. The daemon and short commands append to the same
 * newest file. Written here on pino's own destination rather than with pino-roll, whose date
 * library (three hundred modules, for rotation by time that svc does not use) was a third of
 * `svc ingest`'s start-up.
 */
export async function rollingLog(logFile: string, options: RollingLogOptions): Promise<LogDestination> {
  await makeFolders(dirname(logFile));
  const { file } = naming(logFile);
  let n = (await numberedFiles(logFile)).at(-1)?.n ?? 1;
  let current = file(n);
  let size = sizeOf(current);
  if (size >= options.maxBytes) {
    current = file(++n);
    size = 0;
  }
  const destination = pino.destination({ dest: current, append: true, sync: false });
  pointCurrent(current);
  // By number, not by count: the file just reopened may not exist yet when the folder is read.
  const prune = async (newest: number) => {
    const stale = (await numberedFiles(logFile)).filter(({ n: number }) => number < newest - options.keep);
    await Promise.all(stale.map(({ path }) => rm(path, { force: true })));
  };
  let rolling = false;
  let closed = false;
  destination.once("close", () => {
    closed = true;
  });
  destination.on("write", (written: number) => {
    size += written;
    if (size < options.maxBytes || rolling || closed) return;
    rolling = true;
    destination.flush((error) => {
      rolling = false;
      if (error || closed) return;
      current = file(++n);
      size = 0;
      destination.reopen(current);
      pointCurrent(current);
      void prune(n).catch(() => undefined);
    });
  });
  return destination;
}
