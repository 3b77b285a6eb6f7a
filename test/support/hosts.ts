import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { SEAT_TOKEN_SCOPES } from "../../library/hosting/forward.js";
import { CLI, svc } from "./cli.js";
import { childEnv } from "./env.js";
import { type FuseShare, mountShare } from "./fuse-share.js";
import { childrenOf, expectGone, isRunning } from "./processes.js";
import { until } from "./until.js";

// An edit house on one machine: one share (a plain folder standing for the NAS), seen by each
// workstation through its own FUSE mount (bindfs, so statfs says "not local" and the library
// takes the rollback journal), and one `svc serve` per workstation in a PID namespace of its own
// (`unshare --pid --fork --mount-proc`), with its own SVC_HOME and machine id: two hosts in the
// lease's eyes whose PIDs say nothing about each other. SIGKILL of a namespace's init (the daemon)
// takes everything it started with it, as a workstation losing power would.

/** Who holds a lease, as the test reads `.svc/host.json` from the share. */
export interface LeaseOnShare {
  host: { machine_id: string; svc_home: string; hostname: string };
  pid: number;
  url: string | null;
  heartbeat: number;
  taken_at: string;
  beat_at: string;
}

export interface Answer {
  status: number;
  text: string;
  headers: Headers;
  json<T = unknown>(): T;
}

/** A running `svc serve` of one workstation. */
export interface HostDaemon {
  readonly workstation: Workstation;
  readonly url: string;
  /** The daemon's PID as this test sees it (in its own namespace it is 1). */
  readonly pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  log(): string;
  /** Lines of its JSON log whose message contains `text`. */
  logged(text: string): Record<string, unknown>[];
  request(method: string, path: string, body?: unknown): Promise<Answer>;
  /** SIGKILL of the namespace's init: the daemon and everything it started end at once. */
  kill(): Promise<void>;
  /** SIGTERM, as a service manager stops it; resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** One workstation: its SVC_HOME, machine id, and the mount it sees the share at. */
export interface Workstation {
  readonly name: string;
  readonly home: string;
  readonly machineId: string;
  /** The project root as this workstation sees it (its own mount of the share). */
  readonly root: string;
  /** Starts `svc serve` in a PID namespace of its own; `env` adds to or overrides the house's. */
  serve(env?: Record<string, string>, nodeArgs?: string[]): Promise<HostDaemon>;
  /** Runs the `svc` CLI as this workstation (its SVC_HOME, machine id and mount). */
  cli(
    args: string[],
    env?: Record<string, string>,
  ): Promise<{ exitCode: number; stdout: string; stderr: string }>;
}

export interface EditHouseOptions {
  /** SVC_LEASE_TIMEOUT_S of every daemon. */
  leaseTimeoutS: number;
}

export interface EditHouse {
  /** The share's own folder (the NAS): what the test reads the library from once every daemon stopped. */
  readonly share: string;
  readonly leaseTimeoutMs: number;
  /** A workstation mounting the share at a path of its own (the mount is made now). */
  workstation(name: string): Promise<Workstation>;
  /** Every daemon started, oldest first. */
  readonly daemons: readonly HostDaemon[];
  /** Kills every daemon, unmounts every mount and removes the temp folder; safe to call twice. */
  close(): Promise<void>;
}

const PROJECT = "share";

/**
 * `svc serve` in a PID namespace of its own. `--kill-child` ends the daemon with unshare, so a
 * test runner that dies leaves nothing behind either.
 */
async function startDaemon(
  workstation: Workstation,
  env: Record<string, string | undefined>,
  nodeArgs: string[],
): Promise<HostDaemon> {
  const child = execa(
    "unshare",
    ["--pid", "--fork", "--mount-proc", "--kill-child", process.execPath, ...nodeArgs, CLI, "serve"],
    { env: childEnv(env), extendEnv: false, reject: false, stdin: "ignore", all: true },
  );
  let out = "";
  child.all?.on("data", (chunk: Buffer) => {
    out += chunk.toString();
  });
  const lines = () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return {};
        }
      });
  try {
    const listening = await until(
      `${workstation.name}'s daemon listening`,
      () => {
        if (child.exitCode !== null) throw new Error(`svc serve exited ${child.exitCode} first: ${out}`);
        return lines().find((line) => line.msg === "svc listening") as { url: string } | undefined;
      },
      { timeoutMs: 30_000 },
    );
    const pid = await until(`${workstation.name}'s daemon in its namespace`, () => {
      const inner = childrenOf(child.pid as number).find((c) => c.command === process.execPath);
      return inner?.pid;
    });
    const daemon: HostDaemon = {
      workstation,
      url: listening.url,
      pid,
      log: () => out,
      logged: (text) => lines().filter((line) => String(line.msg ?? "").includes(text)),
      request: async (method, path, body) => {
        const res = await fetch(new URL(path, listening.url), {
          method,
          headers: body === undefined ? {} : { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        return { status: res.status, text, headers: res.headers, json: <T>() => JSON.parse(text) as T };
      },
      kill: async () => {
        if (isRunning(pid)) process.kill(pid, "SIGKILL");
        await child;
        await expectGone(pid);
      },
      stop: async () => {
        if (isRunning(pid)) process.kill(pid, "SIGTERM");
        const result = await child;
        return result.exitCode ?? null;
      },
    };
    return daemon;
  } catch (error) {
    child.kill("SIGKILL");
    await child;
    throw error;
  }
}

/**
 * A share and the workstations that mount it. Close it in afterAll/afterEach: it kills every
 * daemon it started and unmounts every mount, also when the test failed half-way.
 */
export async function editHouse({ leaseTimeoutS }: EditHouseOptions): Promise<EditHouse> {
  const base = await mkdtemp(join(tmpdir(), "svc-edit-house-"));
  const share = join(base, "nas", PROJECT);
  await mkdir(share, { recursive: true });
  const mounts: FuseShare[] = [];
  const daemons: HostDaemon[] = [];
  let closed = false;

  const workstation = async (name: string): Promise<Workstation> => {
    // Each workstation mounts the share at a path of its own, under the same folder name, as two
    // machines mounting one NAS share at /Volumes/… and /mnt/… would.
    const root = join(base, name, "mnt", PROJECT);
    mounts.push(await mountShare(share, root));
    const home = join(base, name, "home");
    const machineId = `${name}-machine-0000000000000000`.slice(0, 32);
    const own = (extra: Record<string, string>) => ({
      PROJECT_ROOT: root,
      SVC_HOME: home,
      SVC_MACHINE_ID: machineId,
      SVC_LEASE_TIMEOUT_S: String(leaseTimeoutS),
      ...extra,
    });
    const station: Workstation = {
      name,
      home,
      machineId,
      root,
      serve: async (extra = {}, nodeArgs = []) => {
        if (closed) throw new Error("the edit house is closed");
        const daemon = await startDaemon(
          station,
          { SVC_PORT: "0", SVC_MCP_PORT: "0", ...own(extra) },
          nodeArgs,
        );
        daemons.push(daemon);
        return daemon;
      },
      cli: (args, extra = {}) => svc(args, own(extra)),
    };
    return station;
  };

  return {
    share,
    leaseTimeoutMs: leaseTimeoutS * 1000,
    workstation,
    daemons,
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all(daemons.map((daemon) => daemon.kill().catch(() => undefined)));
      for (const mount of mounts.reverse()) await mount.unmount();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** Creates a seat token in `host`'s SVC_HOME, as the host's admin would, and returns its secret. */
export async function seatToken(host: Workstation, seatName: string): Promise<string> {
  const res = await host.cli([
    "token",
    "create",
    "--name",
    `seat-${seatName}`,
    "--scopes",
    SEAT_TOKEN_SCOPES,
    "--json",
  ]);
  if (res.exitCode !== 0) throw new Error(`svc token create exited ${res.exitCode}: ${res.stderr}`);
  return (JSON.parse(res.stdout) as { secret: string }).secret;
}
