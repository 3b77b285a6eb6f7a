import { statfsSync } from "node:fs";

/** Where a folder's files live: this machine's own disks, or storage other machines reach too. */
export type StorageMode = "local" | "network";

export interface StorageInfo {
  readonly mode: StorageMode;
  /** The file system's kind as far as it is known (`nfs`, `cifs`, `fuse`, `ext4`…), else `unknown`. */
  readonly fs: string;
}

/**
 * Linux `statfs` magic numbers (linux/magic.h and the file systems' own headers) of file systems
 * that another machine may reach at the same time, or whose locking SQLite cannot trust: network
 * clients, cluster file systems on a shared SAN, and FUSE (sshfs, rclone, gluster and bindfs all
 * look alike from here, so a FUSE mount is taken as shared).
 */
const NETWORK_MAGIC: ReadonlyMap<number, string> = new Map([
  [0x6969, "nfs"],
  [0x517b, "smb"],
  [0xff534d42, "cifs"],
  [0xfe534d42, "smb2"],
  [0x65735546, "fuse"],
  [0x73757245, "coda"],
  [0x5346414f, "afs"],
  [0x6b414653, "afs"],
  [0x00c36400, "ceph"],
  [0x01021997, "9p"],
  [0x564c, "ncp"],
  [0x7461636f, "ocfs2"],
  [0x01161970, "gfs2"],
  [0x0bd00bd0, "lustre"],
  [0x47504653, "gpfs"],
  [0x20030528, "orangefs"],
  [0x013111a8, "ibrix"],
]);

const LOCAL_MAGIC: ReadonlyMap<number, string> = new Map([
  [0xef53, "ext4"],
  [0x58465342, "xfs"],
  [0x9123683e, "btrfs"],
  [0x01021994, "tmpfs"],
  [0x2fc12fc1, "zfs"],
  [0xf2f52010, "f2fs"],
  [0x794c7630, "overlay"],
  [0x4d44, "vfat"],
  [0x2011bab0, "exfat"],
  [0x5346544e, "ntfs"],
  [0x65735543, "fuseblk"],
  [0x9660, "iso9660"],
  [0x3153464a, "jfs"],
  [0x52654973, "reiserfs"],
]);

/**
 * A Windows path of a share (`\\server\share\…`, `//server/share/…`, `\\?\UNC\server\share\…`):
 * network whatever the platform says. `\\?\C:\…` and `\\.\…` are local paths in long form.
 */
const UNC = /^(\\\\|\/\/)(?![?.][\\/])[^\\/]+[\\/][^\\/]+|^[\\/]{2}[?.][\\/]UNC[\\/]/i;

/**
 * What the mount table says of a folder on platforms whose `statfs` type numbers are not fixed
 * (macOS) or do not exist (Windows); undefined where it cannot tell.
 */
export type MountLookup = (dir: string) => StorageInfo | undefined;

/**
 * Whether `dir` is on this machine's own storage or on a share. Linux reads the file system's
 * magic number; other platforms ask `lookup` (the mount table, the drive type); a folder that
 * cannot be told is taken as local, the mode every release before this one assumed.
 */
export function storageOf(dir: string, lookup?: MountLookup): StorageInfo {
  if (UNC.test(dir)) return { mode: "network", fs: "smb" };
  if (process.platform === "linux") {
    let type: number;
    try {
      type = Number(statfsSync(dir).type) >>> 0;
    } catch {
      return { mode: "local", fs: "unknown" };
    }
    const network = NETWORK_MAGIC.get(type);
    if (network) return { mode: "network", fs: network };
    return { mode: "local", fs: LOCAL_MAGIC.get(type) ?? `0x${type.toString(16)}` };
  }
  return lookup?.(dir) ?? { mode: "local", fs: "unknown" };
}
