import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HostIdentity } from "../../adapters/host-identity.js";
import { type LeaseChange, lookInterval, MAX_SETTLE_MS } from "../../library/hosting/lease-keeper.js";
import { HostedElsewhere, ProjectHosts, WritesSuspended } from "../../library/hosting/project-hosts.js";
import { createLease, type LeaseRecord, readLease } from "../../state/lease-file.js";
import { FakeClock } from "../support/fake-clock.js";
import { tempWorkspace } from "../support/temp.js";

const TIMEOUT = 4_000;
const BEAT = TIMEOUT / 4;

const identity = (name: string): HostIdentity => ({
  hostname: name,
  machine_id: `machine-${name}`,
  account: "editor",
  svc_home: `/home/editor/.svc-${name}`,
});

function hostsOn(clock: FakeClock, name: string, role: "auto" | "seat" = "auto") {
  const changes: LeaseChange["kind"][] = [];
  const hosts = new ProjectHosts({
    config: { hostRole: role, leaseTimeoutMs: TIMEOUT },
    identity: identity(name),
    process: `svc serve (${name})`,
    clock,
  });
  hosts.onChange((_root, change) => changes.push(change.kind));
  return { hosts, changes };
}

/** A lease of a host that is gone: nobody renews it. */
function foreignRecord(overrides: Partial<LeaseRecord> = {}): LeaseRecord {
  return {
    svc_lease: 1,
    host: identity("gone"),
    pid: 1,
    process: "svc serve",
    url: "http://gone.local:8501",
    mcp_url: null,
    project_id: null,
    heartbeat: 7,
    taken_at: "2019-01-01T00:00:00.000Z",
    beat_at: "2019-01-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("the lease keeper (fake monotonic clock, real files)", () => {
  let workspace: Awaited<ReturnType<typeof tempWorkspace>>;
  let lease: string;
  let clock: FakeClock;
  const everyone: ProjectHosts[] = [];
  const make = (name: string, role: "auto" | "seat" = "auto") => {
    const made = hostsOn(clock, name, role);
    everyone.push(made.hosts);
    return made;
  };

  beforeEach(async () => {
    workspace = await tempWorkspace("svc-lease-");
    mkdirSync(join(workspace.root, ".svc"));
    lease = join(workspace.root, ".svc", "host.json");
    clock = new FakeClock(1_000_000);
  });

  afterEach(async () => {
    for (const hosts of everyone.splice(0)) hosts.releaseAll();
    await workspace.cleanup();
  });

  const heartbeat = () => {
    const now = readLease(lease);
    return now.state === "held" ? now.record.heartbeat : null;
  };

  it("renews the lease it holds every timeout/4", async () => {
    const { hosts } = make("a");
    expect(hosts.track(workspace.root).role).toBe("host");
    expect(heartbeat()).toBe(0);
    await clock.advance(BEAT - 1);
    expect(heartbeat()).toBe(0);
    await clock.advance(1);
    expect(heartbeat()).toBe(1);
    await clock.advance(BEAT * 3);
    expect(heartbeat()).toBe(4);
  });

  it("never takes over a lease whose holder keeps renewing it", async () => {
    const a = make("a");
    const b = make("b");
    a.hosts.track(workspace.root);
    expect(b.hosts.track(workspace.root)).toMatchObject({ role: "seat", holder: { hostname: "a" } });
    await clock.advance(TIMEOUT * 5);
    expect(b.changes).toEqual([]);
    expect(a.changes).toEqual([]);
    expect(b.hosts.heldLease(workspace.root)).toBeUndefined();
  });

  it("takes a lease over once its bytes stay the same for the whole timeout, whatever its timestamps say", async () => {
    // Timestamps in the file and on it years off: a clock minutes (or years) away changes nothing.
    createLease(lease, foreignRecord({ beat_at: "2099-01-01T00:00:00.000Z" }));
    utimesSync(lease, new Date("2001-01-01"), new Date("2001-01-01"));
    const b = make("b");
    expect(b.hosts.track(workspace.root).role).toBe("seat");
    await clock.advance(TIMEOUT - 1);
    expect(b.changes).toEqual([]);
    await clock.advance(BEAT + 1_000);
    expect(b.changes).toEqual(["hosting"]);
    expect(readLease(lease)).toMatchObject({ state: "held", record: { host: { hostname: "b" } } });
    expect(b.hosts.current(workspace.root).role).toBe("host");
  });

  it("neither hosts nor lets anything write while a takeover waits to confirm its win", async () => {
    createLease(lease, foreignRecord());
    const b = make("b");
    b.hosts.track(workspace.root);
    await clock.advance(TIMEOUT);
    // The new lease already names b, but its win is not read back yet.
    expect(readLease(lease)).toMatchObject({ state: "held", record: { host: { hostname: "b" } } });
    expect(b.changes).toEqual([]);
    expect(b.hosts.track(workspace.root).role).toBe("seat");
    expect(() => b.hosts.requireWriter(workspace.root, '"p"')).toThrow(HostedElsewhere);
    await clock.advance(MAX_SETTLE_MS);
    expect(b.changes).toEqual(["hosting"]);
    expect(b.hosts.track(workspace.root).role).toBe("host");
    expect(() => b.hosts.requireWriter(workspace.root, '"p"')).not.toThrow();
  });

  it("waits for the read back too when it takes a lease its holder gave up", async () => {
    const a = make("a");
    const b = make("b");
    a.hosts.track(workspace.root);
    b.hosts.track(workspace.root);
    a.hosts.releaseAll();
    await clock.advance(lookInterval(TIMEOUT));
    expect(readLease(lease)).toMatchObject({ state: "held", record: { host: { hostname: "b" } } });
    expect(b.hosts.current(workspace.root).role).toBe("seat");
    expect(() => b.hosts.requireWriter(workspace.root, '"p"')).toThrow(HostedElsewhere);
    await clock.advance(MAX_SETTLE_MS);
    expect(b.changes).toEqual(["hosting"]);
    expect(b.hosts.current(workspace.root).role).toBe("host");
  });

  it("starts the timeout again whenever the bytes change", async () => {
    createLease(lease, foreignRecord());
    const b = make("b");
    b.hosts.track(workspace.root);
    await clock.advance(TIMEOUT - BEAT);
    writeFileSync(lease, JSON.stringify(foreignRecord({ heartbeat: 8 })));
    await clock.advance(TIMEOUT - BEAT);
    expect(b.changes).toEqual([]);
    await clock.advance(BEAT * 2 + 1_000);
    expect(b.changes).toEqual(["hosting"]);
  });

  it.each([
    ["garbage", "{{{ not json"],
    ["empty", ""],
    ["from a newer svc", JSON.stringify({ ...foreignRecord(), svc_lease: 9, more: true })],
    ["too large to be a lease", "x".repeat(70_000)],
  ])(
    "reads a %s lease as held by an unknown svc, and takes it over only after the timeout",
    async (_kind, text) => {
      writeFileSync(lease, text);
      const b = make("b");
      const view = b.hosts.track(workspace.root);
      expect(view.role).toBe("seat");
      expect(view.unreadable).toBeTruthy();
      expect(() => b.hosts.requireWriter(workspace.root, '"p"')).toThrow(HostedElsewhere);
      await clock.advance(TIMEOUT - 1);
      expect(readFileSync(lease, "utf8")).toBe(text);
      await clock.advance(BEAT + 1_000);
      expect(b.changes).toEqual(["hosting"]);
      expect(b.hosts.heldLease(workspace.root)?.host.hostname).toBe("b");
    },
  );

  it("stops writing at once when its lease is found another's: the fence aborts with the new host named", async () => {
    const a = make("a");
    a.hosts.track(workspace.root);
    const fence = a.hosts.fence(workspace.root);
    writeFileSync(
      lease,
      JSON.stringify(foreignRecord({ host: identity("thief"), url: "http://thief:8501" })),
    );
    await clock.advance(BEAT);
    expect(fence.aborted).toBe(true);
    expect(fence.reason).toBeInstanceOf(HostedElsewhere);
    expect(String(fence.reason.message)).toContain("thief at http://thief:8501");
    expect(a.changes).toEqual(["lost"]);
    expect(a.hosts.heldLease(workspace.root)).toBeUndefined();
    expect(() => a.hosts.requireWriter(workspace.root, '"p"')).toThrow(HostedElsewhere);
    // Still tracked: it watches the new lease, and takes it back only once that one lapses.
    await clock.advance(TIMEOUT + BEAT + 1_000);
    expect(a.changes).toEqual(["lost", "hosting"]);
  });

  it("suspends writing while its lease cannot be read, keeps trying, and resumes when it is still its own", async () => {
    const a = make("a");
    a.hosts.track(workspace.root);
    const mine = readFileSync(lease, "utf8");
    // A lease that cannot be read (EISDIR stands in for a share gone: EIO, ESTALE).
    rmSync(lease);
    mkdirSync(lease);
    const fence = a.hosts.fence(workspace.root);
    await clock.advance(BEAT);
    expect(fence.aborted).toBe(true);
    expect(fence.reason).toBeInstanceOf(WritesSuspended);
    expect(a.changes).toEqual(["suspended"]);
    expect(a.hosts.view(workspace.root)).toMatchObject({
      role: "host",
      problem: expect.stringContaining("EISDIR"),
    });
    expect(() => a.hosts.requireWriter(workspace.root, '"p"')).toThrow(WritesSuspended);
    await clock.advance(BEAT * 2);
    expect(a.changes).toEqual(["suspended"]);
    rmSync(lease, { recursive: true });
    writeFileSync(lease, mine);
    await clock.advance(BEAT);
    expect(a.changes).toEqual(["suspended", "resumed"]);
    expect(a.hosts.fence(workspace.root).aborted).toBe(false);
    expect(() => a.hosts.requireWriter(workspace.root, '"p"')).not.toThrow();
  });

  it("fences itself when its renewals fell behind (a frozen process), until one succeeds", async () => {
    // A clock that moves while no timer runs: the process was stopped.
    let frozen = 0;
    const thawing = { now: () => clock.now() + frozen, after: clock.after.bind(clock) };
    const hosts = new ProjectHosts({
      config: { hostRole: "auto", leaseTimeoutMs: TIMEOUT },
      identity: identity("a"),
      process: "svc serve",
      clock: thawing,
    });
    everyone.push(hosts);
    hosts.track(workspace.root);
    frozen = TIMEOUT;
    const fence = hosts.fence(workspace.root);
    expect(fence.aborted).toBe(true);
    expect(fence.reason).toBeInstanceOf(WritesSuspended);
    expect(() => hosts.requireWriter(workspace.root, '"p"')).toThrow(WritesSuspended);
    await clock.advance(BEAT);
    expect(hosts.fence(workspace.root).aborted).toBe(false);
  });

  it("a command refuses at once while the lease is fresh by the file server's clock", async () => {
    createLease(lease, foreignRecord());
    const { hosts } = make("cli");
    await expect(hosts.acquire(workspace.root)).rejects.toThrow(/hosted by gone at http:\/\/gone.local:8501/);
    expect(readLease(lease)).toMatchObject({ record: { host: { hostname: "gone" } } });
  });

  it("a command takes over a lease old by the server's clock once its bytes stay the same for the timeout", async () => {
    createLease(lease, foreignRecord());
    utimesSync(lease, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const { hosts } = make("cli");
    let done = false;
    const taking = hosts.acquire(workspace.root).then(() => {
      done = true;
    });
    await clock.advance(TIMEOUT - BEAT);
    expect(done).toBe(false);
    await clock.advance(BEAT * 2 + 1_000);
    await taking;
    expect(hosts.heldLease(workspace.root)?.host.hostname).toBe("cli");
    expect(hosts.fence(workspace.root).aborted).toBe(false);
  });

  it("a command refuses a lease old by the server's clock whose bytes change while it watches", async () => {
    createLease(lease, foreignRecord());
    utimesSync(lease, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    const { hosts } = make("cli");
    const taking = hosts.acquire(workspace.root);
    const refused = expect(taking).rejects.toThrow(HostedElsewhere);
    await clock.advance(BEAT);
    writeFileSync(lease, JSON.stringify(foreignRecord({ heartbeat: 99 })));
    await clock.advance(BEAT);
    await refused;
    expect(hosts.heldLease(workspace.root)).toBeUndefined();
  });

  it("under SVC_HOST_ROLE=seat never takes a lease, free or stale", async () => {
    const s = make("s", "seat");
    expect(s.hosts.track(workspace.root).role).toBe("seat");
    expect(readLease(lease).state).toBe("absent");
    createLease(lease, foreignRecord());
    await clock.advance(TIMEOUT * 3);
    expect(s.changes).toEqual([]);
    expect(readLease(lease)).toMatchObject({ record: { host: { hostname: "gone" } } });
  });

  it("gives its lease up at a clean stop, and leaves another's alone", async () => {
    const a = make("a");
    a.hosts.track(workspace.root);
    a.hosts.releaseAll();
    expect(readLease(lease).state).toBe("absent");
    createLease(lease, foreignRecord());
    const b = make("b");
    b.hosts.track(workspace.root);
    b.hosts.releaseAll();
    expect(readLease(lease).state).toBe("held");
  });
});
