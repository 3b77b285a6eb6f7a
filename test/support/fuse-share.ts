import { mkdir } from "node:fs/promises";
import { execa, type ResultPromise } from "execa";
import { until } from "./until.js";

/** A share for real: a FUSE mount (bindfs), which statfs reports as FUSE, as it does sshfs. */
export interface FuseShare {
  readonly mountPoint: string;
  /** bindfs's own process (SIGSTOP it for a share that stops answering). */
  readonly pid: number | undefined;
  /** Detaches the mount (lazily, so open handles do not hold it) and waits for bindfs to end. */
  unmount(): Promise<void>;
}

/**
 * Mounts `source` at `mountPoint` (made when missing) with bindfs in the foreground, so the test
 * owns the process, and waits until the kernel lists the mount.
 */
export async function mountShare(source: string, mountPoint: string): Promise<FuseShare> {
  await mkdir(mountPoint, { recursive: true });
  const bindfs: ResultPromise = execa("bindfs", ["-f", source, mountPoint], { reject: false });
  await until(
    `${mountPoint} mounted`,
    async () => {
      if (bindfs.exitCode !== null) throw new Error(`bindfs exited ${bindfs.exitCode}`);
      return (await execa("mountpoint", ["-q", mountPoint], { reject: false })).exitCode === 0;
    },
    { timeoutMs: 10_000 },
  );
  let unmounted: Promise<void> | undefined;
  return {
    mountPoint,
    pid: bindfs.pid,
    unmount: () => {
      unmounted ??= (async () => {
        await execa("umount", ["--lazy", mountPoint], { reject: false });
        await bindfs;
      })();
      return unmounted;
    },
  };
}
