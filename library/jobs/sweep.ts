import { readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import type { Logger } from "pino";
import { WHISPER_TEMP_PREFIX } from "../../adapters/asr/whisper-cpp.js";
import { ATOMIC_TEMP } from "../../state/atomic.js";
import { errnoOf, isErrno } from "../../state/errno.js";
import type { ProjectPaths } from "../../state/paths.js";
import { isAlive } from "./slots.js";

/** Work folders the pipeline makes and removes itself; a crash or SIGKILL leaves them behind. */
const PROJECT_TEMP: readonly { dir: (paths: ProjectPaths) => string; prefix: string }[] = [
  { dir: (paths) => paths.frames, prefix: ".analyse-" },
  { dir: (paths) => paths.dataDir, prefix: ".asr-" },
];

// Only pipeline stages write here, under the ingest slot: a temp file in them is a killed write's.
const ATOMIC_WRITE_DIRS: readonly ((paths: ProjectPaths) => string)[] = [
  (paths) => paths.thumbs,
  (paths) => paths.frames,
  (paths) => paths.waveforms,
  (paths) => paths.proxies,
];

// A whisper folder whose name carries no PID (older releases) is only taken once it is this old.
const UNOWNED_AFTER_MS = 24 * 60 * 60 * 1000;

async function names(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isErrno(error, "ENOENT", "ENOTDIR")) return [];
    throw error;
  }
}

/** Atomic-write temp files in `dir` and in its item folders (key frames live in `frames/<id>/`). */
async function atomicTemps(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await names(dir)) {
    if (ATOMIC_TEMP.test(name)) found.push(join(dir, name));
    else if (/^\d+$/.test(name))
      for (const inner of await names(join(dir, name)))
        if (ATOMIC_TEMP.test(inner)) found.push(join(dir, name, inner));
  }
  return found;
}

/**
 * Index saves of processes that are gone (`vectors.usearch.tmp-<pid>-<uuid>`, state/vectors.ts).
 * The daemon's writer thread saves outside any pass, so a live process's temp file is left alone.
 */
async function abandonedIndexSaves(paths: ProjectPaths): Promise<string[]> {
  const dir = dirname(paths.vectors);
  const prefix = `${basename(paths.vectors)}.tmp-`;
  const found: string[] = [];
  for (const name of await names(dir)) {
    const pid = name.startsWith(prefix) ? /^(\d+)-/.exec(name.slice(prefix.length))?.[1] : undefined;
    if (pid !== undefined && !isAlive(Number(pid))) found.push(join(dir, name));
  }
  return found;
}

async function isAbandonedWhisperRun(dir: string, name: string, now: number): Promise<boolean> {
  const pid = /^(\d+)-/.exec(name.slice(WHISPER_TEMP_PREFIX.length))?.[1];
  if (pid !== undefined) return !isAlive(Number(pid));
  const { mtimeMs } = await stat(join(dir, name));
  return now - mtimeMs > UNOWNED_AFTER_MS;
}

/**
 * Removes what interrupted passes left: the project's work folders and the temp files of killed
 * atomic writes of thumbnails, key frames, waveform peaks and playback proxies (the caller holds its ingest slot, so no live pass of
 * this project owns one) and whisper.cpp folders in the system temp
 * folder whose process is gone. Returns how many folders went.
 */
export async function sweepInterruptedWork(
  paths: ProjectPaths,
  log: Logger,
  options: { tempDir?: string; now?: number } = {},
): Promise<number> {
  const leftovers: string[] = [];
  for (const { dir, prefix } of PROJECT_TEMP) {
    for (const name of await names(dir(paths)))
      if (name.startsWith(prefix)) leftovers.push(join(dir(paths), name));
  }
  for (const dir of ATOMIC_WRITE_DIRS) leftovers.push(...(await atomicTemps(dir(paths))));
  leftovers.push(...(await abandonedIndexSaves(paths)));
  const temp = options.tempDir ?? tmpdir();
  const now = options.now ?? Date.now();
  for (const name of await names(temp)) {
    if (!name.startsWith(WHISPER_TEMP_PREFIX)) continue;
    try {
      if (await isAbandonedWhisperRun(temp, name, now)) leftovers.push(join(temp, name));
    } catch (error) {
      if (!isErrno(error, "ENOENT")) throw error;
    }
  }
  let removed = 0;
  for (const path of leftovers) {
    try {
      await rm(path, { recursive: true, force: true });
      removed += 1;
    } catch (error) {
      log.warn({ reason: errnoOf(error) }, "could not remove what an interrupted pass left");
    }
  }
  if (removed > 0) log.info({ removed }, "removed what interrupted passes left");
  return removed;
}
