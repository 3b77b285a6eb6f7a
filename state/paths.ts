import { isAbsolute, join, relative, sep } from "node:path";

/** Where svc keeps the derived data of one project root. */
export interface ProjectPaths {
  readonly root: string;
  readonly dataDir: string;
  readonly libraryDb: string;
  readonly vectors: string;
  readonly thumbs: string;
  readonly frames: string;
  /** Waveform peaks, one `.dat` per item with sound. */
  readonly waveforms: string;
  readonly proxies: string;
  readonly trash: string;
  readonly backups: string;
  /** The project's correction dictionary. */
  readonly corrections: string;
  /** The project's stable id, the same from every workstation that mounts it. */
  readonly projectFile: string;
  /** The lease naming the one process that writes this `.svc/` (its library host). */
  readonly hostLease: string;
}

export const DATA_DIR_NAME = ".svc";
/** Derived-data folders that ingest writes into; an unusable one stops a pass with exit 3. */
export const DERIVED_DIRS = ["thumbs", "frames", "waveforms"] as const;

export function projectPaths(root: string): ProjectPaths {
  const dataDir = join(root, DATA_DIR_NAME);
  return Object.freeze({
    root,
    dataDir,
    libraryDb: join(dataDir, "library.db"),
    vectors: join(dataDir, "vectors.usearch"),
    thumbs: join(dataDir, "thumbs"),
    frames: join(dataDir, "frames"),
    waveforms: join(dataDir, "waveforms"),
    proxies: join(dataDir, "proxies"),
    trash: join(dataDir, "trash"),
    backups: join(dataDir, "backups"),
    corrections: join(dataDir, "corrections.json"),
    projectFile: join(dataDir, "project.json"),
    hostLease: join(dataDir, "host.json"),
  });
}

export interface HomePaths {
  readonly home: string;
  readonly registryDb: string;
  readonly logs: string;
  readonly logFile: string;
  readonly licence: string;
  readonly backups: string;
  /** Colour LUTs: built-ins generated at first use, imported ones, checked copies of SVC_LUT_DIR files. */
  readonly luts: string;
  /** The versions ffmpeg, ffprobe and exiftool gave, per program file (`state/tool-versions.ts`). */
  readonly toolVersions: string;
}

export function homePaths(home: string): HomePaths {
  return Object.freeze({
    home,
    registryDb: join(home, "registry.db"),
    logs: join(home, "logs"),
    logFile: join(home, "logs", "svc.log"),
    licence: join(home, "licence.json"),
    backups: join(home, "backups"),
    luts: join(home, "luts"),
    toolVersions: join(home, "tool-versions.json"),
  });
}

/** Relative path with forward slashes, or null when `target` is not inside `root`. */
export function relativeInside(root: string, target: string): string | null {
  const rel = relative(root, target);
  // `..foo` is a name inside the root; only `..` itself or `../…` leaves it.
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return rel.split(sep).join("/");
}

/** Derived files are stored relative to the project's `.svc/` folder. */
export function derivedRelative(paths: ProjectPaths, file: string): string {
  const rel = relativeInside(paths.dataDir, file);
  if (rel === null) throw new Error("derived file outside the project's data folder");
  return rel;
}
