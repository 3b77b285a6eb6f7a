import { accessSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, join } from "node:path";
import type { ToolVersionCache } from "../state/tool-versions.js";
import { run } from "./process.js";

export type BinarySource = "env" | "path" | "bundled";

/** Where a program was found and what it says its version is. */
export interface ResolvedBinary {
  readonly name: string;
  readonly path: string;
  readonly source: BinarySource;
  readonly version: string;
}

/** A regular file this process may execute (a folder with the x bit is not a program). */
export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findOnPath(name: string, pathVar = process.env.PATH ?? ""): string | undefined {
  const exts = process.platform === "win32" ? ["", ".exe", ".cmd"] : [""];
  for (const dir of pathVar.split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = join(dir, name + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

const BUNDLED: Record<string, string> = {
  ffmpeg: "@ffmpeg-installer/ffmpeg",
  ffprobe: "@ffprobe-installer/ffprobe",
};

function findBundled(name: string): string | undefined {
  const pkg = BUNDLED[name];
  if (!pkg) return undefined;
  try {
    const found = createRequire(import.meta.url)(pkg) as { path?: string };
    return found.path && isExecutable(found.path) ? found.path : undefined;
  } catch {
    return undefined;
  }
}

/** How a program is asked its version: by default a run of it with `-version`. */
export type VersionAsker = (path: string) => Promise<string>;

/** Asks a program its version with one run of it with `flag`: the first line it prints. */
export const versionFlagAsker =
  (flag: string): VersionAsker =>
  async (path) => {
    const { stdout } = await run(path, [flag], { timeoutMs: 15_000 });
    return stdout.split(/\r?\n/)[0]?.trim() ?? "";
  };

async function versionOf(path: string, ask: VersionAsker, cache?: ToolVersionCache): Promise<string> {
  const known = cache?.get(path);
  if (known !== undefined) return known;
  const first = await ask(path);
  const match = /version\s+(\S+)/i.exec(first);
  const version = match?.[1] ?? first;
  cache?.set(path, version);
  return version;
}

/**
 * Resolution order: the explicit variable, then PATH, then the copy shipped by the optional
 * installer package. An explicit variable that points nowhere is an error, not a silent fallback.
 * A program is run (`-version`) to learn that it works; with `cache`, only when its file changed.
 */
export async function resolveBinary(
  name: string,
  explicit: string | undefined,
  passedOver: (source: BinarySource, reason: string) => void = () => {},
  cache?: ToolVersionCache,
  ask: VersionAsker = versionFlagAsker("-version"),
): Promise<ResolvedBinary | null> {
  if (explicit) {
    if (!isExecutable(explicit)) {
      throw new Error(`SVC_${name.toUpperCase()}: ${explicit} is not an executable file`);
    }
    return { name, path: explicit, source: "env", version: await versionOf(explicit, ask, cache) };
  }
  const candidates: [BinarySource, string | undefined][] = [
    ["path", findOnPath(name)],
    ["bundled", findBundled(name)],
  ];
  for (const [source, path] of candidates) {
    if (!path) continue;
    try {
      return { name, path, source, version: await versionOf(path, ask, cache) };
    } catch (error) {
      // A broken copy (wrong architecture, missing libraries) is passed over for the next one,
      // and said so: "ffmpeg not found" while one sits on PATH would be a puzzle.
      passedOver(source, (error as Error).message.split("\n")[0] ?? "");
    }
  }
  return null;
}
