import type { Dirent } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, join, posix } from "node:path";
import {
  chainXml,
  type MhlChainEntry,
  type MhlFileHashOut,
  type MhlHash,
  type MhlProcess,
  type MhlReference,
  manifestXml,
  parseChain,
  parseManifest,
} from "../../formats/mhl.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { isErrno } from "../../state/errno.js";
import { c4Id } from "./c4.js";
import { type HashFormat, isHashFormat } from "./hash.js";
import { DEFAULT_MHL_IGNORE, type IgnoreMatcher, ignoreMatcher } from "./ignore.js";

export const MHL_DIR = "ascmhl";
export const CHAIN_FILE = "ascmhl_chain.xml";

/** One file an offload verified: what its manifest entry and the camera report say. */
export interface MhlEntry {
  rel: string;
  size: number;
  mtimeMs: number;
  format: HashFormat;
  hash: string;
}

/** Something wrong with a history or a file it covers; `path` relative to the folder checked. */
export interface HistoryProblem {
  path: string;
  problem: string;
}

/** Every hash a history records for one file, oldest first, under the file's latest path. */
export interface FileRecord {
  rel: string;
  size: number | null;
  hashes: MhlHash[];
}

/** One ASC MHL history (an `ascmhl` folder with its chain), top-level or nested. */
export interface History {
  /** Its folder, absolute. */
  root: string;
  /** Its folder relative to the folder checked; "" for the top. */
  at: string;
  chain: MhlChainEntry[];
  /** By path relative to `root`. */
  files: Map<string, FileRecord>;
  /** The ignore patterns of its latest readable generation, as recorded. */
  ignore: string[];
  isIgnored: IgnoreMatcher;
  /** References to nested histories, with the manifest (relative to the folder checked) that makes each. */
  references: { from: string; reference: MhlReference }[];
  parent: History | null;
  children: History[];
  problems: HistoryProblem[];
}

/** A history and its nested ones, parents before children, with the files present in each one's scope. */
export interface HistoryTree {
  histories: History[];
  /** Per history, the files on disk it covers (not ignored, not inside a nested history), relative to it. */
  present: Map<History, string[]>;
}

const at = (prefix: string, rel: string) => (prefix ? `${prefix}/${rel}` : rel);

/**
 * Whether a path a history records stays inside its folder: the standard's relative paths never
 * start with "/" nor have ".." segments, and one that does is not followed out of the folder.
 */
export const isInside = (rel: string): boolean =>
  rel.length > 0 && !rel.startsWith("/") && !/^[A-Za-z]:/.test(rel) && !rel.split(/[/\\]/).includes("..");

async function readOptional(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return null;
    throw error;
  }
}

const emptyHistory = (root: string, prefix: string, parent: History | null): History => ({
  root,
  at: prefix,
  chain: [],
  files: new Map(),
  ignore: [],
  isIgnored: ignoreMatcher([]),
  references: [],
  parent,
  children: [],
  problems: [],
});

/**
 * Reads the history whose `ascmhl` folder is in `root`: every generation its chain lists (each
 * manifest checked against its C4 id there), merged per file in sequence, a rename
 * (`previousPath`) carrying a file's hashes to its new path. What cannot be read is a problem of
 * the history, never skipped silently. Null when `root` has no chain file.
 */
export async function readHistory(
  root: string,
  prefix: string,
  parent: History | null,
): Promise<History | null> {
  const chainBytes = await readOptional(join(root, MHL_DIR, CHAIN_FILE));
  if (!chainBytes) return null;
  const history = emptyHistory(root, prefix, parent);
  const chainPath = at(prefix, `${MHL_DIR}/${CHAIN_FILE}`);
  try {
    history.chain = parseChain(chainBytes.toString("utf8")).sort((a, b) => a.sequence - b.sequence);
  } catch (error) {
    history.problems.push({
      path: chainPath,
      problem: `the chain file cannot be read: ${(error as Error).message}`,
    });
  }
  for (const generation of history.chain) {
    const path = at(prefix, `${MHL_DIR}/${generation.path}`);
    if (!isInside(generation.path)) {
      history.problems.push({ path, problem: "the chain lists a manifest outside its ascmhl folder" });
      continue;
    }
    const bytes = await readOptional(join(root, MHL_DIR, ...generation.path.split("/")));
    if (!bytes) {
      history.problems.push({ path, problem: "the manifest listed in the chain is missing" });
      continue;
    }
    if (c4Id(bytes) !== generation.c4)
      history.problems.push({ path, problem: "the manifest does not match its C4 id in the chain" });
    let manifest: ReturnType<typeof parseManifest>;
    try {
      manifest = parseManifest(bytes.toString("utf8"));
    } catch (error) {
      history.problems.push({ path, problem: `the manifest cannot be read: ${(error as Error).message}` });
      continue;
    }
    for (const file of manifest.files) {
      const before = file.previousPath ? history.files.get(file.previousPath) : undefined;
      if (file.previousPath) history.files.delete(file.previousPath);
      const record = history.files.get(file.path) ?? {
        rel: file.path,
        size: null,
        hashes: [...(before?.hashes ?? [])],
      };
      record.hashes.push(...file.hashes);
      if (file.size !== null) record.size = file.size;
      history.files.set(file.path, record);
    }
    for (const reference of manifest.references) history.references.push({ from: path, reference });
    history.ignore = manifest.ignore;
  }
  history.isIgnored = ignoreMatcher(history.ignore);
  return history;
}

/** Whether this history or one around it ignores `rel` (relative to `history`). */
export function isIgnored(history: History, rel: string, isDirectory: boolean): boolean {
  const full = at(history.at, rel);
  for (let h: History | null = history; h; h = h.parent)
    if (h.isIgnored(h.at ? full.slice(h.at.length + 1) : full, isDirectory)) return true;
  return false;
}

/** The deepest history of the tree that covers `rel` (relative to the top), and the path relative to it. */
export function historyFor(tree: HistoryTree, rel: string): { history: History; rel: string } {
  let best = tree.histories[0] as History;
  for (const history of tree.histories)
    if (history.at && rel.startsWith(`${history.at}/`) && history.at.length > best.at.length) best = history;
  return { history: best, rel: best.at ? rel.slice(best.at.length + 1) : rel };
}

/**
 * Reads the history of `root` and every history nested in its folders (found as the reference
 * tool finds them: any folder holding an `ascmhl` folder), listing the files each one covers;
 * ignored folders are not entered. References between them are checked: a referenced nested
 * history that is missing, or a referenced manifest it does not list with that C4 id, is a
 * problem. A folder without a history gives an empty one (no generations).
 */
export async function loadHistoryTree(root: string, signal?: AbortSignal): Promise<HistoryTree> {
  const top = (await readHistory(root, "", null)) ?? emptyHistory(root, "", null);
  const tree: HistoryTree = { histories: [top], present: new Map([[top, []]]) };
  const walk = async (dir: string, rel: string, owner: History): Promise<void> => {
    signal?.throwIfAborted();
    let entries: Dirent[];
    try {
      entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
    } catch (error) {
      // What cannot be listed cannot be checked for unreferenced files: a problem, not a pass.
      owner.problems.push({
        path: rel || ".",
        problem: `the folder cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      });
      return;
    }
    let history = owner;
    if (rel && entries.some((e) => e.name === MHL_DIR && e.isDirectory())) {
      const nested = (await readHistory(dir, rel, owner)) ?? {
        ...emptyHistory(dir, rel, owner),
        problems: [{ path: `${rel}/${MHL_DIR}`, problem: `an ${MHL_DIR} folder without its chain file` }],
      };
      owner.children.push(nested);
      tree.histories.push(nested);
      tree.present.set(nested, []);
      history = nested;
    }
    const local = (name: string) => (history.at ? at(rel, name).slice(history.at.length + 1) : at(rel, name));
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!isIgnored(history, local(entry.name), true))
          await walk(join(dir, entry.name), at(rel, entry.name), history);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && !isIgnored(history, local(entry.name), false))
        tree.present.get(history)?.push(local(entry.name));
    }
  };
  await walk(root, "", top);
  for (const history of tree.histories) {
    for (const { from, reference } of history.references) {
      const childAt = at(history.at, posix.dirname(posix.dirname(reference.path)));
      const child = tree.histories.find((h) => h.at === childAt);
      const listed = child?.chain.find((g) => g.path === posix.basename(reference.path));
      if (!child)
        history.problems.push({
          path: from,
          problem: `the nested ASC MHL history it references (${childAt}) is missing`,
        });
      else if (!listed)
        history.problems.push({
          path: from,
          problem: `references ${reference.path}, which the nested history's chain does not list`,
        });
      else if (listed.c4 !== reference.c4)
        history.problems.push({
          path: from,
          problem: `references ${reference.path} with a C4 id that does not match it`,
        });
    }
  }
  return tree;
}

/** One generation to add to a history. */
export interface GenerationOut {
  process: MhlProcess;
  ignore: readonly string[];
  files: readonly MhlFileHashOut[];
  references: readonly MhlReference[];
}

export interface Generation {
  sequence: number;
  file: string;
  c4: string;
}

/**
 * Adds a generation to the ASC MHL history of `root` (starting one if there is none), then
 * rewrites the chain with its C4 id. Both files are written atomically; the chain last, so a crash
 * between them leaves an unlisted manifest, never a chain naming a missing or half-written one.
 */
export async function writeGeneration(
  root: string,
  generation: GenerationOut,
  toolVersion: string,
  now = new Date(),
): Promise<Generation> {
  const chainBytes = await readOptional(join(root, MHL_DIR, CHAIN_FILE));
  // A chain that cannot be read is not replaced: that would drop the generations it lists.
  const previous = chainBytes ? parseChain(chainBytes.toString("utf8")) : [];
  const onDisk = await readdir(join(root, MHL_DIR)).catch(() => [] as string[]);
  const highest = Math.max(
    0,
    ...previous.map((g) => g.sequence),
    ...onDisk.map((f) => Number(/^(\d{4,})_/.exec(f)?.[1] ?? 0)),
  );
  const sequence = highest + 1;
  const folder = basename(root).replace(/[^A-Za-z0-9._-]/g, "_") || "root";
  const stamp = now.toISOString().replace(/\.\d+Z$/, "Z");
  const file = `${String(sequence).padStart(4, "0")}_${folder}_${stamp.slice(0, 10)}_${stamp.slice(11, 19).replace(/:/g, "")}Z.mhl`;
  const xml = Buffer.from(
    manifestXml({
      creationDate: now,
      hostname: hostname(),
      tool: { name: "svc", version: toolVersion },
      ...generation,
    }),
  );
  await writeFileAtomic(join(root, MHL_DIR, file), xml);
  const c4 = c4Id(xml);
  await writeFileAtomic(
    join(root, MHL_DIR, CHAIN_FILE),
    chainXml([...previous, { sequence, path: file, c4 }]),
  );
  return { sequence, file, c4 };
}

/** The ignore patterns a new generation of `history` records: its latest ones (or the default list) and `extra`. */
export const generationIgnore = (history: History, extra: readonly string[] = []): string[] => [
  ...new Set([...(history.ignore.length > 0 ? history.ignore : DEFAULT_MHL_IGNORE), ...extra]),
];

/**
 * Adds one generation to each history of the tree that has new file hashes or a nested history
 * that got one, nested histories first so each parent references its children's new manifests
 * (as the standard asks when a whole data set is verified). Files a history ignores are left out.
 * Returns the manifests written, relative to the top folder.
 */
export async function appendGenerations(
  tree: HistoryTree,
  files: ReadonlyMap<History, readonly MhlFileHashOut[]>,
  process: MhlProcess,
  toolVersion: string,
  extraIgnore: (history: History) => readonly string[] = () => [],
  now = new Date(),
): Promise<string[]> {
  const written = new Map<History, Generation>();
  const deepestFirst = [...tree.histories].sort((a, b) => depth(b) - depth(a));
  for (const history of deepestFirst) {
    const references = history.children.flatMap((child) => {
      const generation = written.get(child);
      if (!generation) return [];
      const childAt = history.at ? child.at.slice(history.at.length + 1) : child.at;
      return [{ path: `${childAt}/${MHL_DIR}/${generation.file}`, c4: generation.c4 }];
    });
    const ignore = generationIgnore(history, extraIgnore(history));
    const matcher = ignoreMatcher(ignore);
    const own = (files.get(history) ?? []).filter((file) => !matcher(file.path, false));
    if (own.length === 0 && references.length === 0) continue;
    written.set(
      history,
      await writeGeneration(history.root, { process, ignore, files: own, references }, toolVersion, now),
    );
  }
  return tree.histories.flatMap((h) => {
    const generation = written.get(h);
    return generation ? [at(h.at, `${MHL_DIR}/${generation.file}`)] : [];
  });
}

const depth = (history: History) => (history.at ? history.at.split("/").length : 0);

/**
 * What to check a recorded file against: one of its hashes that is not marked failed, in a format
 * svc knows (`preferred` if recorded, else the original's), or why there is none.
 */
export function checkFor(
  record: FileRecord,
  preferred?: HashFormat,
): { format: HashFormat; value: string } | { problem: string } {
  const usable = record.hashes.filter((h) => h.action !== "failed");
  const known = usable.filter((h) => isHashFormat(h.format));
  const pick =
    known.find((h) => h.format === preferred) ?? known.find((h) => h.action === "original") ?? known[0];
  if (pick) return { format: pick.format as HashFormat, value: pick.value };
  if (usable.length === 0)
    return { problem: "the history records only failed hashes for it: nothing to check against" };
  const formats = [...new Set(usable.map((h) => h.format))].join(", ");
  return { problem: `recorded only in a hash format svc cannot check (${formats}): not checked` };
}
