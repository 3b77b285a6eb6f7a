import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journalModeOf } from "../../state/db.js";
import { storageOf } from "../../state/storage-mode.js";
import { openLibrary } from "../../state/stores.js";
import { seedClips } from "../support/chat.js";
import { svc } from "../support/cli.js";
import { type FuseShare, mountShare } from "../support/fuse-share.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

// A share for real: a FUSE mount (bindfs), which statfs reports as FUSE, as it does sshfs or a
// cloud drive. A tmpfs is mounted beside it: memory of this machine, so local.
const canMount = process.platform === "linux" && process.getuid?.() === 0 && needTools("bindfs");

/** The journal a database file is in by its header: byte 18 is 2 in WAL mode, 1 with a rollback journal. */
function headerJournal(file: string): "wal" | "delete" {
  const header = Buffer.alloc(100);
  const fd = openSync(file, "r");
  try {
    readSync(fd, header, 0, 100, 0);
  } finally {
    closeSync(fd);
  }
  return header[18] === 2 ? "wal" : "delete";
}

const sidecars = (dir: string) => readdirSync(dir).filter((name) => /-(wal|shm)$/.test(name));

const clip = (name: string) => ({
  name,
  shot: "2026-03-01",
  duration_s: 4,
  tags: [],
  scenes: [{ description: `the scene of ${name}` }],
});

describe.skipIf(!canMount)("a library on a network file system", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let fuse: FuseShare | undefined;
  let share = "";
  let mount = "";
  let ram = "";
  let ramMounted = false;

  beforeAll(async () => {
    ws = await tempWorkspace("svc-netfs-");
    share = join(ws.base, "share");
    mount = join(ws.base, "mnt");
    ram = join(ws.base, "ram");
    for (const dir of [share, mount, ram]) mkdirSync(dir);
    fuse = await mountShare(share, mount);
    await execa("mount", ["-t", "tmpfs", "-o", "size=16m", "svc-test", ram]);
    ramMounted = true;
  }, 30_000);

  afterAll(async () => {
    await fuse?.unmount();
    if (ramMounted) await execa("umount", [ram], { reject: false });
    await ws?.cleanup();
  });

  it("reads a FUSE mount as network and a tmpfs as local", () => {
    expect(storageOf(mount)).toEqual({ mode: "network", fs: "fuse" });
    expect(storageOf(ram)).toEqual({ mode: "local", fs: "tmpfs" });
    expect(storageOf(share).mode).toBe("local");
  });

  it("switches a WAL library copied to the share to a rollback journal, whole, with nothing of WAL left", () => {
    const local = join(ws.base, "local-film");
    mkdirSync(local);
    seedClips(local, [clip("a.mov"), clip("b.mov")]);
    // A project copied while svc had it open: the last commit is only in the -wal beside it.
    const open = openLibrary(local);
    expect(journalModeOf(open.db)).toBe("wal");
    seedClips(local, [clip("c.mov")]);
    expect(sidecars(join(local, ".svc"))).toEqual(expect.arrayContaining(["library.db-wal"]));
    cpSync(local, join(share, "film"), { recursive: true });
    open.close();

    const onShare = openLibrary(join(mount, "film"));
    try {
      expect(journalModeOf(onShare.db)).toBe("delete");
      expect(onShare.db.pragma("synchronous", { simple: true })).toBe(2);
      expect(onShare.db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(onShare.media.count()).toBe(3);
    } finally {
      onShare.close();
    }
    expect(sidecars(join(share, "film", ".svc"))).toEqual([]);
    expect(headerJournal(join(share, "film", ".svc", "library.db"))).toBe("delete");

    // The original, on this machine's disk, stays in WAL.
    const again = openLibrary(local);
    expect(journalModeOf(again.db)).toBe("wal");
    again.close();
  });

  it("makes a new library on the share with a rollback journal, and one on a tmpfs with WAL", () => {
    for (const [dir, journal] of [
      [join(mount, "new-film"), "delete"],
      [join(ram, "new-film"), "wal"],
    ] as const) {
      mkdirSync(dir);
      const store = openLibrary(dir);
      try {
        expect(journalModeOf(store.db)).toBe(journal);
      } finally {
        store.close();
      }
    }
  });

  it("keeps SVC_HOME's registry on the share with a rollback journal too", async () => {
    const home = join(mount, "home");
    const result = await svc(["token", "list"], ws.env({ SVC_HOME: home }));
    expect(result.exitCode, result.stderr).toBe(0);
    expect(headerJournal(join(home, "registry.db"))).toBe("delete");
    expect(sidecars(home)).toEqual([]);
    expect(existsSync(join(share, "home", "registry.db"))).toBe(true);

    const localHome = join(ws.base, "local-home");
    expect((await svc(["token", "list"], ws.env({ SVC_HOME: localHome }))).exitCode).toBe(0);
    expect(headerJournal(join(localHome, "registry.db"))).toBe("wal");
  });
});
