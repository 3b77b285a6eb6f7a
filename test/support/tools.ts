import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Self-contained on purpose: test support must not depend on the adapters it is used to test.
function isOnPath(name: string): boolean {
  if (isAbsolute(name) || name.includes("/")) return isExecutableFile(name);
  const exts =
    process.platform === "win32" ? ["", ...(process.env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      if (isExecutableFile(join(dir, name + ext))) return true;
    }
  }
  return false;
}

/**
 * The daemon lets `SVC_FFMPEG`, `SVC_FFPROBE`, `SVC_EXIFTOOL` point at a binary outside PATH; a
 * tool configured that way counts as installed, otherwise tests would be skipped on exactly the
 * machines that went to the trouble of configuring it.
 */
function isAvailable(name: string): boolean {
  const explicit = process.env[`SVC_${name.toUpperCase()}`];
  if (explicit) return isExecutableFile(explicit);
  return isOnPath(name);
}

/** Names of the given executables that cannot be found (synchronous, no shell). */
function missingTools(...names: string[]): string[] {
  return names.filter((name) => !isAvailable(name));
}

/**
 * True when every tool is available. Locally a missing tool skips the suite with a note on stderr;
 * in CI it throws, because a silently skipped suite there would hide a broken runner image.
 */
export function needTools(...names: string[]): boolean {
  const missing = missingTools(...names);
  if (missing.length === 0) return true;
  if (process.env.CI === "true") {
    throw new Error(`required tools not installed: ${missing.join(", ")}`);
  }
  for (const tool of missing) process.stderr.write(`skipping: ${tool} not installed\n`);
  return false;
}
