import { describe, expect, it } from "vitest";
import { mountOf, parseMountTable, storageOfDriveType, storageOfMount } from "../../adapters/mount-table.js";
import { storageOf } from "../../state/storage-mode.js";

// What `/sbin/mount` prints on a Mac with a NAS share, an NFS export, an sshfs mount and a card.
const MAC_MOUNT = [
  "/dev/disk3s1s1 on / (apfs, sealed, local, read-only, journaled)",
  "devfs on /dev (devfs, local, nobrowse)",
  "/dev/disk3s6 on /System/Volumes/VM (apfs, local, noexec, journaled, noatime, nobrowse)",
  "/dev/disk3s5 on /System/Volumes/Data (apfs, local, journaled, nobrowse, protect, root data)",
  "map auto_home on /System/Volumes/Data/home (autofs, automounted, nobrowse)",
  "//editor@nas.local/Projects on /Volumes/Projects (smbfs, nodev, nosuid, mounted by editor)",
  "//editor@nas.local/My Share on /Volumes/My Share (smbfs, nodev, nosuid, mounted by editor)",
  "nas:/export/media on /Volumes/media (nfs, asynchronous)",
  "afp_0TQ8hY0vCMXO2lzMmC0Rz0ZG-1.2d000004 on /Volumes/Archive (afpfs, nodev, nosuid, mounted by editor)",
  "editor@render:/srv on /Users/editor/render (macfuse, nodev, nosuid, synchronous, mounted by editor)",
  "/dev/disk4s1 on /Volumes/A001 (exfat, local, nodev, nosuid, noowners, mounted by editor)",
  "",
].join("\n");

describe("the macOS mount table", () => {
  const table = parseMountTable(MAC_MOUNT);

  it("reads every mount line, spaces in device and mount point included", () => {
    expect(table).toHaveLength(11);
    expect(table[6]).toEqual({
      device: "//editor@nas.local/My Share",
      mountPoint: "/Volumes/My Share",
      fstype: "smbfs",
    });
    expect(table[4]).toMatchObject({ device: "map auto_home", fstype: "autofs" });
  });

  it("takes the longest mount point that holds the folder, never a mere name prefix", () => {
    expect(mountOf("/Volumes/Projects/film/.svc", table)?.mountPoint).toBe("/Volumes/Projects");
    expect(mountOf("/Volumes/My Share/a", table)?.mountPoint).toBe("/Volumes/My Share");
    expect(mountOf("/Volumes/Projects2/x", table)?.mountPoint).toBe("/");
    expect(mountOf("/Volumes/Projects", table)?.mountPoint).toBe("/Volumes/Projects");
    expect(mountOf("/System/Volumes/Data/Users/me", table)?.mountPoint).toBe("/System/Volumes/Data");
    expect(mountOf("relative", [])).toBeUndefined();
  });

  it("counts SMB, NFS, AFP and FUSE as network, APFS and a card's exFAT as local", () => {
    const at = (dir: string) => {
      const entry = mountOf(dir, table);
      return entry && storageOfMount(entry);
    };
    expect(at("/Volumes/Projects/film")).toEqual({ mode: "network", fs: "smbfs" });
    expect(at("/Volumes/media/day1")).toEqual({ mode: "network", fs: "nfs" });
    expect(at("/Volumes/Archive")).toEqual({ mode: "network", fs: "afpfs" });
    expect(at("/Users/editor/render/x")).toEqual({ mode: "network", fs: "macfuse" });
    expect(at("/Volumes/A001/CLIP")).toEqual({ mode: "local", fs: "exfat" });
    expect(at("/System/Volumes/Data/Users/editor")).toEqual({ mode: "local", fs: "apfs" });
  });

  it("passes over lines of another shape", () => {
    expect(parseMountTable("mount: no such thing\nnot a mount line\n")).toEqual([]);
  });
});

describe("the Windows drive type", () => {
  it("reads DriveType 4 as network and the others as this machine's", () => {
    expect(storageOfDriveType("4\r\n")).toEqual({ mode: "network", fs: "network" });
    expect(storageOfDriveType("3\r\n")).toEqual({ mode: "local", fs: "fixed" });
    expect(storageOfDriveType("2")).toEqual({ mode: "local", fs: "removable" });
    expect(storageOfDriveType("6")).toEqual({ mode: "local", fs: "ramdisk" });
  });

  it("has no answer for output that is not a drive type", () => {
    expect(storageOfDriveType("")).toBeUndefined();
    expect(storageOfDriveType("0")).toBeUndefined();
    expect(storageOfDriveType("Get-CimInstance : Access denied")).toBeUndefined();
  });
});

describe("storageOf", () => {
  const never = () => {
    throw new Error("a share's path needs no look-up");
  };

  it("takes share paths as network on any platform, long local paths not", () => {
    expect(storageOf("\\\\nas\\projects\\film", never).mode).toBe("network");
    expect(storageOf("//nas/projects/film", never).mode).toBe("network");
    expect(storageOf("\\\\?\\UNC\\nas\\projects\\film", never).mode).toBe("network");
    expect(storageOf("\\\\?\\C:\\film").mode).toBe("local");
  });
});
