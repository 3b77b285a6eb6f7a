import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, posix, win32 } from "node:path";
import { EXIT, UserError } from "../../domain/errors.js";
import { pathExists, writeFileAtomic, writeFileNew } from "../../state/atomic.js";
import { reachableUrls } from "../access/addresses.js";
import { packageDir } from "../system/version.js";

export const RESOLVE_SCRIPT = "svc_resolve.py";
export const RESOLVE_CONFIG = "svc_resolve.json";

/** What the folder of Resolve's per-user scripts is derived from. */
export interface ScriptsEnv {
  HOME?: string | undefined;
  /** Windows: the roaming application data folder. */
  APPDATA?: string | undefined;
  USERPROFILE?: string | undefined;
}

const missing = (variable: string) =>
  new UserError(`${variable} is not set: say where the script goes with --dir`, EXIT.usage);

/**
 * Where DaVinci Resolve looks for a user's own scripts (its Workspace → Scripts menu lists the
 * Utility ones): under HOME on Linux and macOS, under APPDATA on Windows. Other systems have no
 * Resolve, and are refused.
 */
export function resolveScriptsFolder(platform: NodeJS.Platform, env: ScriptsEnv): string {
  if (platform === "win32") {
    const appData =
      env.APPDATA || (env.USERPROFILE ? win32.join(env.USERPROFILE, "AppData", "Roaming") : undefined);
    if (!appData) throw missing("APPDATA");
    return win32.join(
      appData,
      "Blackmagic Design",
      "DaVinci Resolve",
      "Support",
      "Fusion",
      "Scripts",
      "Utility",
    );
  }
  if (platform !== "linux" && platform !== "darwin")
    throw new UserError(
      `DaVinci Resolve runs on Linux, macOS and Windows, not ${platform}: say where the script goes with --dir`,
      EXIT.usage,
    );
  if (!env.HOME) throw missing("HOME");
  if (platform === "darwin")
    return posix.join(
      env.HOME,
      "Library",
      "Application Support",
      "Blackmagic Design",
      "DaVinci Resolve",
      "Fusion",
      "Scripts",
      "Utility",
    );
  return posix.join(env.HOME, ".local", "share", "DaVinciResolve", "Fusion", "Scripts", "Utility");
}

/**
 * The script's starter configuration: where this svc answers (loopback when it listens on every
 * address, as Resolve on this machine reaches it best), and the rest for the editor to fill in.
 */
export function starterConfig(bindHost: string, port: number): string {
  const url = reachableUrls(bindHost, port, "")[0] ?? `http://127.0.0.1:${port}`;
  return `${JSON.stringify({ url, token: "", project: "", path_map: [], roots: {} }, null, 2)}\n`;
}

export interface ResolveInstall {
  script: string;
  config: string;
  /** Whether the script (and a starter config where none was) were written: false for --print. */
  written: boolean;
  /** Whether a config was already there and kept as it is. */
  configKept: boolean;
}

/** The script as shipped in svc's package folder. */
function shippedScript(): string {
  const file = join(packageDir(), "assets", "resolve", RESOLVE_SCRIPT);
  if (existsSync(file)) return file;
  throw new UserError(
    `assets/resolve/${RESOLVE_SCRIPT} is missing from this installation; reinstall svc`,
    EXIT.software,
  );
}

/**
 * Copies svc_resolve.py into `dir` (replacing an older copy, atomically), and a starter config
 * beside it only where none is (readable by its owner alone: the editor puts a token in it); an
 * existing config is never touched. `print`: only says where both go.
 */
export async function installResolveScript(
  dir: string,
  config: string,
  print: boolean,
): Promise<ResolveInstall> {
  const source = shippedScript();
  const script = join(dir, RESOLVE_SCRIPT);
  const configFile = join(dir, RESOLVE_CONFIG);
  if (print) return { script, config: configFile, written: false, configKept: await pathExists(configFile) };
  await writeFileAtomic(script, await readFile(source));
  const placed = await writeFileNew(configFile, config, 0o600);
  return { script, config: configFile, written: true, configKept: !placed };
}
