import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { EXIT, UserError } from "../errors.js";
import { c4Id } from "./c4.js";
import { hashFile } from "./hash.js";
import { MHL_DIR, readHistory } from "./mhl.js";

export interface VerifyProblem {
  /** A file of the folder, or a manifest under ascmhl/. */
  path: string;
  problem: string;
}

export interface VerifyReport {
  generations: number;
  files: number;
  bytes: number;
  problems: VerifyProblem[];
}

/**
 * Re-checks a folder against its ASC MHL history: each manifest's C4 id against the chain, then
 * every file the history lists against its recorded size and hash (recomputed from the disk).
 * Refuses (exit 2) a folder without a history.
 */
export async function verifyDestination(root: string, signal?: AbortSignal): Promise<VerifyReport> {
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new UserError("the folder to verify does not exist", EXIT.usage, 422);
  const { generations, entries } = await readHistory(root);
  if (generations.length === 0)
    throw new UserError(`no ASC MHL history (${MHL_DIR}/ascmhl_chain.xml) in that folder`, EXIT.usage, 422);
  const problems: VerifyProblem[] = [];
  for (const generation of generations) {
    const path = `${MHL_DIR}/${generation.file}`;
    try {
      const c4 = c4Id(await readFile(join(root, MHL_DIR, generation.file)));
      if (c4 !== generation.c4)
        problems.push({ path, problem: "the manifest does not match its C4 id in the chain" });
    } catch {
      problems.push({ path, problem: "the manifest listed in the chain is missing" });
    }
  }
  let bytes = 0;
  for (const entry of entries.values()) {
    signal?.throwIfAborted();
    const file = join(root, ...entry.rel.split("/"));
    try {
      const there = await stat(file);
      if (Number.isFinite(entry.size) && there.size !== entry.size) {
        problems.push({
          path: entry.rel,
          problem: `size ${there.size} differs from the recorded ${entry.size}`,
        });
        continue;
      }
      const { hash, bytes: read } = await hashFile(file, entry.format, signal, there.size);
      bytes += read;
      if (hash !== entry.hash)
        problems.push({
          path: entry.rel,
          problem: `${entry.format} ${hash} differs from the recorded ${entry.hash}`,
        });
    } catch (error) {
      if (signal?.aborted) throw error;
      problems.push({ path: entry.rel, problem: "missing or unreadable" });
    }
  }
  return { generations: generations.length, files: entries.size, bytes, problems };
}
