import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { z } from "zod";
import { LINK_UNSUPPORTED, tempBeside } from "./atomic.js";
import { errnoOf, isErrno } from "./errno.js";

// A project's host lease (`.svc/host.json`): the one file that says which svc may write the
// project's `.svc/`. Everything here works on what NFS (v3 and later) and SMB promise: a hard
// link or an exclusive create claims a name atomically on the server, and a rename is atomic.
// Nothing compares clocks: a lease is judged stale by its reader, who watches its bytes stay the
// same on its own monotonic clock (library/hosting), so machines whose clocks disagree by minutes
// still agree on who holds it.

/** Who holds a lease: two accounts, or two SVC_HOMEs, on one machine are two hosts. */
export const LEASE_HOST = z.object({
  hostname: z.string().max(255),
  machine_id: z.string().max(255),
  account: z.string().max(255),
  svc_home: z.string().max(4096),
});
export type LeaseHost = z.infer<typeof LEASE_HOST>;

/** The format this release writes; a lease of a later one is read as unreadable (held by an svc newer than this). */
export const LEASE_FORMAT = 1;

export const LEASE_RECORD = z.object({
  svc_lease: z.literal(LEASE_FORMAT),
  host: LEASE_HOST,
  pid: z.int().nonnegative(),
  /** What holds it: `svc serve`, or a command (`svc ingest`) that took it for its run. */
  process: z.string().max(200),
  /** Where seats reach the host's API (and MCP), when it serves them. */
  url: z.string().max(2048).nullable(),
  mcp_url: z.string().max(2048).nullable(),
  project_id: z.string().max(64).nullable(),
  /** Counts up at every renewal; what readers watch. */
  heartbeat: z.int().nonnegative(),
  /** The holder's own clock, for people reading the file; never compared by svc. */
  taken_at: z.string().max(64),
  beat_at: z.string().max(64),
});
export type LeaseRecord = z.infer<typeof LEASE_RECORD>;

export type LeaseState =
  | { readonly state: "absent" }
  | { readonly state: "held"; readonly record: LeaseRecord; readonly raw: string }
  /** Garbage, empty (an exclusive create whose content is not written yet), or from a newer svc. */
  | { readonly state: "unreadable"; readonly raw: string; readonly reason: string };

export const sameHost = (a: LeaseHost, b: LeaseHost): boolean =>
  a.machine_id === b.machine_id && a.account === b.account && a.svc_home === b.svc_home;

/** The same holding: the same host, process and taking (a process that took the lease again is a new holding). */
export const sameHolding = (a: LeaseRecord, b: LeaseRecord): boolean =>
  sameHost(a.host, b.host) && a.pid === b.pid && a.taken_at === b.taken_at;

// A lease is a few hundred bytes; anything far larger is not one, and is not read whole.
const MAX_LEASE_BYTES = 64 * 1024;

/** The lease at `file` as it is now. Read errors other than "not there" (a share gone) are thrown. */
export function readLease(file: string): LeaseState {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    if (isErrno(error, "ENOENT")) return { state: "absent" };
    throw error;
  }
  if (raw.length > MAX_LEASE_BYTES)
    return { state: "unreadable", raw: raw.slice(0, MAX_LEASE_BYTES), reason: "not a lease (too large)" };
  if (raw.trim() === "") return { state: "unreadable", raw, reason: "empty" };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { state: "unreadable", raw, reason: "not JSON" };
  }
  const format = (json as { svc_lease?: unknown } | null)?.svc_lease;
  if (typeof format === "number" && format > LEASE_FORMAT)
    return { state: "unreadable", raw, reason: `written by a newer svc (lease format ${format})` };
  const parsed = LEASE_RECORD.safeParse(json);
  if (!parsed.success) return { state: "unreadable", raw, reason: "not an svc lease" };
  return { state: "held", record: parsed.data, raw };
}

const serialise = (record: LeaseRecord) => `${JSON.stringify(record, null, 2)}\n`;

function syncedTemp(file: string, text: string): string {
  const temp = tempBeside(file);
  writeFileSync(temp, text);
  const fd = openSync(temp, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/**
 * Claims the lease when nobody holds it: true when `record` is now the lease, false when any file
 * (a lease, garbage) already stands there. A hard link of a finished temp file claims the name
 * with its whole content at once; where links are refused (some SMB servers, exFAT) an exclusive
 * create does, and a reader may then see it empty for a moment, which it treats as unreadable.
 */
export function createLease(file: string, record: LeaseRecord): boolean {
  const text = serialise(record);
  const temp = syncedTemp(file, text);
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if (isErrno(error, "EEXIST")) return false;
    if (!LINK_UNSUPPORTED.includes(errnoOf(error))) throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  let fd: number;
  try {
    fd = openSync(file, "wx");
  } catch (error) {
    if (isErrno(error, "EEXIST")) return false;
    throw error;
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

export type Renewal =
  | { readonly ok: true; readonly record: LeaseRecord }
  /** The lease is another's now, unreadable, or gone: the holder must stop writing. */
  | { readonly ok: false; readonly now: LeaseState };

/**
 * The holder's heartbeat: when the lease is still `mine`, it is replaced (temp file, rename) by
 * the same holding with the counter one up. Read and write errors (a share gone) are thrown.
 */
export function renewLease(file: string, mine: LeaseRecord): Renewal {
  const now = readLease(file);
  if (now.state !== "held" || !sameHolding(now.record, mine)) return { ok: false, now };
  const next: LeaseRecord = {
    ...mine,
    heartbeat: now.record.heartbeat + 1,
    beat_at: new Date().toISOString(),
  };
  const temp = syncedTemp(file, serialise(next));
  try {
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
  return { ok: true, record: next };
}

/**
 * Removes a lease its reader has seen unchanged (`observed`, its bytes) for the whole timeout, so
 * that the exclusive `createLease` can decide who takes over: of several seats racing, each moves
 * the file to a name of its own (a rename succeeds for one of them only) and removes it only when
 * it holds the bytes seen stale. A seat that moved a fresh lease instead (one another seat had
 * just taken) puts it back where nothing has taken the name since. True when this call removed
 * the stale lease; either way the caller then tries `createLease`, which exactly one seat wins.
 */
export function removeStaleLease(file: string, observed: string): boolean {
  const aside = `${file}.stale-${randomBytes(6).toString("hex")}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return false;
    throw error;
  }
  try {
    // Compared as readLease reads it: a file too large to be a lease, by its first part.
    if (readFileSync(aside, "utf8").slice(0, MAX_LEASE_BYTES) === observed) return true;
    try {
      linkSync(aside, file);
    } catch (error) {
      // EEXIST: a lease taken since stands, and the one moved is lost to its holder, who sees so
      // at its next heartbeat. Without links, the name is put back only while free.
      if (LINK_UNSUPPORTED.includes(errnoOf(error))) {
        if (readLease(file).state === "absent") renameSync(aside, file);
      } else if (!isErrno(error, "EEXIST")) throw error;
    }
    return false;
  } finally {
    rmSync(aside, { force: true });
  }
}

/** Gives the lease up at a clean stop, only while it is still `mine`. */
export function releaseLease(file: string, mine: LeaseRecord): void {
  const now = readLease(file);
  if (now.state === "held" && sameHolding(now.record, mine)) rmSync(file, { force: true });
}

/**
 * How long ago the lease at `file` was last written, by the file server's own clock: the age of
 * its modification time against that of a probe file written beside it now. Both times are
 * stamped by the server that holds the folder, so no client's clock takes part. Null when there
 * is no lease. Read and write errors (a share gone) are thrown.
 */
export function leaseAgeOnServer(file: string): number | null {
  const probe = tempBeside(file);
  try {
    writeFileSync(probe, "");
    const written = statSync(probe).mtimeMs;
    return written - statSync(file).mtimeMs;
  } catch (error) {
    if (isErrno(error, "ENOENT")) return null;
    throw error;
  } finally {
    rmSync(probe, { force: true });
  }
}
