import { posix, win32 } from "node:path";

/** Why a place is refused: `denied` (403, a protected place) or `malformed` (422). */
export type DestinationVerdict = { ok: true } | { ok: false; kind: "denied" | "malformed"; reason: string };

/** What the place is for, as the refusal names it: the deny-list guards all three alike. */
export type PlaceRole = "destination" | "source" | "project folder";

export interface DenyContext {
  /** The user's home folder (POSIX or Windows form). */
  home?: string | undefined;
  /** svc's own state folder. */
  svcHome?: string | undefined;
}

// Whole trees a copy must never land in: the system and where programs keep their state.
const POSIX_TREES = [
  "/bin",
  "/boot",
  "/dev",
  "/etc",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/opt",
  "/proc",
  "/sbin",
  "/snap",
  "/sys",
  "/usr",
  "/var",
  "/Applications",
  "/Library",
  "/System",
  "/private",
  "/cores",
];
// Folders that are fine to copy below but not into: a mount root or the parent of every home.
const POSIX_EXACT = [
  "/",
  "/home",
  "/Users",
  "/root",
  "/media",
  "/mnt",
  "/run",
  "/run/media",
  "/Volumes",
  "/tmp",
];
// Below /run only the removable-media mounts are destinations.
const POSIX_RUN_ALLOWED = "/run/media";

const WINDOWS_TREES = [
  "windows",
  "program files",
  "program files (x86)",
  "programdata",
  "system volume information",
  "$recycle.bin",
  "recovery",
  "boot",
  "perflogs",
];

const within = (path: string, tree: string) =>
  path === tree || path.startsWith(tree.endsWith("/") ? tree : `${tree}/`);

const deny = (reason: string): DestinationVerdict => ({ ok: false, kind: "denied", reason });
const malformed = (reason: string): DestinationVerdict => ({ ok: false, kind: "malformed", reason });

/** `C:\x`, `c:/x`, `\\host\share\x`, `\\?\…` and `\\.\…`: the Windows forms, whatever the host. */
function isWindowsForm(path: string): boolean {
  return /^[A-Za-z]:/.test(path) || /^[\\/]{2}[^\\/]/.test(path) || path.includes("\\");
}

/** Lower-case, forward slashes, no trailing slash, `..` folded: one spelling per Windows place. */
function windowsKey(path: string): string {
  const normal = win32.normalize(path).replace(/\\/g, "/").toLowerCase();
  return normal.length > 3 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}

function checkWindows(path: string, context: DenyContext, role: PlaceRole): DestinationVerdict {
  const raw = path.replace(/\\/g, "/");
  if (/^\/\/[?.]\//.test(raw) || /^\/\/[?.]$/.test(raw))
    return deny(`the \\\\?\\ and \\\\.\\ namespaces (raw devices and unparsed paths) are not ${role}s`);
  if (/^\/\/[^/]+\/[^/]*\$(\/|$)/.test(raw))
    return deny(`administrative shares (\\\\host\\C$, ADMIN$, IPC$) are not ${role}s`);
  if (/^[A-Za-z]:(?![\\/])/.test(path))
    return malformed(`a drive-relative path (C:folder) is not a ${role}; give C:\\folder`);
  const key = windowsKey(path);
  const drive = /^([a-z]:)\/?(.*)$/.exec(key);
  const rest = drive ? (drive[2] ?? "") : key.replace(/^\/\/[^/]+\/[^/]+\/?/, "");
  if (drive && rest === "") return deny(`a drive's root is not a ${role}; give a folder on it`);
  const parts = rest.split("/").filter(Boolean);
  const first = parts[0] ?? "";
  if (WINDOWS_TREES.includes(first)) return deny(`the system folder ${first} is not a ${role}`);
  if (first === "users") {
    if (parts.length <= 2) return deny(`the users folder and a home folder's root are not ${role}s`);
    if (parts[2] === "appdata")
      return deny("AppData holds programs' settings and start-up items, not footage");
  }
  if (parts.some((p) => p === ".svc")) return deny(`svc's own .svc folders are not ${role}s`);
  for (const [place, label] of [
    [context.home, "the home folder's root"],
    [context.svcHome, "SVC_HOME"],
  ] as const) {
    if (!place || !isWindowsForm(place)) continue;
    const own = windowsKey(place);
    if (label === "SVC_HOME" ? within(key, own) : key === own) return deny(`${label} is not a ${role}`);
  }
  return { ok: true };
}

function checkPosix(path: string, context: DenyContext, role: PlaceRole): DestinationVerdict {
  const key = posix.normalize(path).replace(/(.)\/+$/, "$1");
  if (POSIX_EXACT.includes(key))
    return deny(`${key} is a root or mount point, not a ${role}; give a folder below it`);
  for (const tree of POSIX_TREES)
    if (within(key, tree)) return deny(`${tree} is a system folder, not a ${role}`);
  if (within(key, "/run") && !within(key, POSIX_RUN_ALLOWED))
    return deny("/run holds runtime state, not footage");
  if (key.split("/").includes(".svc")) return deny(`svc's own .svc folders are not ${role}s`);
  const svcHome =
    context.svcHome && !isWindowsForm(context.svcHome) ? posix.normalize(context.svcHome) : null;
  if (svcHome && within(key, svcHome.replace(/(.)\/+$/, "$1"))) return deny(`SVC_HOME is not a ${role}`);
  const home =
    context.home && !isWindowsForm(context.home)
      ? posix.normalize(context.home).replace(/(.)\/+$/, "$1")
      : null;
  if (home && home !== "/") {
    if (key === home) return deny(`the home folder's root is not a ${role}; give a folder in it`);
    if (within(key, home)) {
      const first = key.slice(home.length + 1).split("/")[0] ?? "";
      // Dot-folders (.ssh, .config, .local) and ~/Library hold settings and start-up items.
      if (first.startsWith(".") || first === "Library") return deny(`~/${first} holds settings, not footage`);
    }
  }
  return { ok: true };
}

/**
 * Checks a place as given, before anything touches the disk: empty or NUL-bearing text is
 * malformed; system and persistence places are denied in both POSIX and Windows spellings whatever
 * the host runs (a Windows form on a POSIX host is then malformed: it is not a path there).
 * Callers check the resolved path again, so a symlink into a denied place is denied too.
 */
export function checkPlace(
  path: unknown,
  context: DenyContext,
  role: PlaceRole,
  host: NodeJS.Platform = process.platform,
): DestinationVerdict {
  if (typeof path !== "string" || path.trim() === "") return malformed(`the ${role} is empty`);
  if (path.includes("\0")) return malformed(`the ${role} contains a NUL byte`);
  if (path.length > 4096) return malformed(`the ${role} is longer than 4096 characters`);
  const windows = isWindowsForm(path);
  const verdict = windows ? checkWindows(path, context, role) : checkPosix(path, context, role);
  if (!verdict.ok) return verdict;
  const absolute = host === "win32" ? win32.isAbsolute(path) && windows : posix.isAbsolute(path) && !windows;
  if (!absolute) return malformed(`the ${role} must be an absolute folder path`);
  return { ok: true };
}

/** checkPlace for an offload destination. */
export function checkDestination(
  path: unknown,
  context: DenyContext,
  host: NodeJS.Platform = process.platform,
): DestinationVerdict {
  return checkPlace(path, context, "destination", host);
}
