import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { win32 } from "node:path";
import type { StorageInfo } from "../state/storage-mode.js";
import { guarded } from "./process.js";

/** One line of the mount table: what is mounted where, and as which file system. */
export interface MountEntry {
  readonly device: string;
  readonly mountPoint: string;
  readonly fstype: string;
}

/**
 * macOS file system types that reach another machine: the network clients, and FUSE (sshfs,
 * rclone, cloud drives), whose locking SQLite cannot trust. FUSE-T mounts through a local NFS or
 * SMB server, so it reads as `nfs`/`smbfs` too.
 */
const MAC_NETWORK_FS = new Set([
  "smbfs",
  "nfs",
  "afpfs",
  "webdav",
  "ftp",
  "cifs",
  "macfuse",
  "osxfuse",
  "osxfusefs",
  "fuse-t",
  "fusefs",
]);

// `/dev/disk3s1 on / (apfs, sealed, local, read-only, journaled)`; device and mount point may hold
// spaces (`//me@nas/My Share on /Volumes/My Share (smbfs, …)`), so the last parentheses are the options.
const MOUNT_LINE = /^(.+?) on (\/.*) \(([^,()]+)(?:,[^()]*)?\)$/;

/** The lines of `mount` as macOS (and the BSDs) print it; lines of another shape are passed over. */
export function parseMountTable(text: string): MountEntry[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const match = MOUNT_LINE.exec(line.trim());
    if (!match) return [];
    const [, device = "", mountPoint = "", fstype = ""] = match;
    return [{ device, mountPoint, fstype: fstype.trim().toLowerCase() }];
  });
}

const contains = (mountPoint: string, dir: string) =>
  mountPoint === "/" || dir === mountPoint || dir.startsWith(`${mountPoint.replace(/\/+$/, "")}/`);

/** The mount a folder (a real path) is on: the longest mount point that contains it. */
export function mountOf(dir: string, entries: readonly MountEntry[]): MountEntry | undefined {
  let best: MountEntry | undefined;
  for (const entry of entries)
    if (contains(entry.mountPoint, dir) && entry.mountPoint.length > (best?.mountPoint.length ?? -1))
      best = entry;
  return best;
}

/** A macOS mount as svc treats it. */
export function storageOfMount(entry: MountEntry): StorageInfo {
  return { mode: MAC_NETWORK_FS.has(entry.fstype) ? "network" : "local", fs: entry.fstype };
}

/** Win32_LogicalDisk.DriveType values (3: a disk of this machine; 4: a network drive). */
const DRIVE_TYPES: Readonly<Record<number, string>> = {
  1: "no-root",
  2: "removable",
  3: "fixed",
  4: "network",
  5: "cdrom",
  6: "ramdisk",
};

/** What PowerShell printed for a drive's DriveType; undefined when it is not a drive type. */
export function storageOfDriveType(output: string): StorageInfo | undefined {
  const text = output.trim();
  if (!/^\d$/.test(text)) return undefined;
  const fs = DRIVE_TYPES[Number(text)];
  if (!fs) return undefined;
  return { mode: fs === "network" ? "network" : "local", fs };
}

/**
 * `openDatabase` is synchronous and runs once per database handle, so this is a one-off blocking
 * look-up rather than an async one: `mount` answers in milliseconds, PowerShell in well under a
 * second, and the timeout bounds a hung one. The child is guarded like every other, and ends with
 * this call in any case.
 */
const LOOKUP_TIMEOUT_MS = 5000;

function output(bin: string, args: readonly string[]): string {
  const command = guarded(bin, args);
  return execFileSync(command.file, command.args, {
    encoding: "utf8",
    timeout: LOOKUP_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "ignore"],
    windowsHide: true,
  });
}

function macStorage(dir: string): StorageInfo | undefined {
  // The mount table names real paths: /tmp is /private/tmp, and a share may be reached by a link.
  const entry = mountOf(realpathSync.native(dir), parseMountTable(output("/sbin/mount", [])));
  return entry && storageOfMount(entry);
}

function windowsStorage(dir: string): StorageInfo | undefined {
  const drive = /^([A-Za-z]:)[\\/]?/.exec(win32.resolve(dir))?.[1];
  if (!drive) return undefined;
  const query = `(Get-CimInstance Win32_LogicalDisk -Filter "DeviceID='${drive.toUpperCase()}'").DriveType`;
  return storageOfDriveType(output("powershell.exe", ["-NoProfile", "-NonInteractive", "-Command", query]));
}

/**
 * Where a folder is as the platform's mount table says: macOS's `mount`, Windows' drive type of
 * the folder's drive letter. Undefined where that cannot be told (Linux reads statfs itself, in
 * `storageOf`; a look-up that fails leaves the folder as local, what svc assumed before).
 */
export function mountedStorage(dir: string): StorageInfo | undefined {
  try {
    if (process.platform === "darwin") return macStorage(dir);
    if (process.platform === "win32") return windowsStorage(dir);
  } catch {
    // No answer in time, or no such tool: undefined below.
  }
  return undefined;
}
