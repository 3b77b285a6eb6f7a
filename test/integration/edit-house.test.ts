import { readFileSync } from "node:fs";
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type EditHouse,
  editHouse,
  type HostDaemon,
  type LeaseOnShare,
  seatToken,
  type Workstation,
} from "../support/hosts.js";
import { makeCameraClip } from "../support/media.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

// Two workstations on one machine, each a host in the lease's eyes (its own SVC_HOME, machine id
// and PID namespace), sharing one project through two FUSE mounts of one folder (docs/edit-house.md).
// A PID namespace of its own needs root.
const hasTools = process.platform === "linux" && process.getuid?.() === 0 && needTools("bindfs", "unshare");

const LEASE_TIMEOUT_S = 2;
// Beyond the lease timeout: one look of the lease keeper, and a start-up's catch-up on a loaded
// two-core runner. The bench (bench/edit-house.mjs) measures the real figure.
const TAKEOVER_MARGIN_MS = 4_000;
const LOCKED = /database is locked/i;
const CLOCK_OFFSET = join(import.meta.dirname, "..", "support", "clock-offset.mjs");

interface Item {
  id: number;
  path: string;
  name: string;
  status: string;
  rating: string | null;
  tags: { name: string; source: string }[];
}

/** Tiny distinct clips (1 s, 160×120), made once per file into a local folder and copied in. */
async function makeClips(dir: string, first: number, count: number): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (let i = first; i < first + count; i += 1) {
    const name = `shot-${String(i).padStart(2, "0")}.mov`;
    // A start timecode of its own: no two clips are the same bytes.
    await makeCameraClip(dir, name, {
      width: 160,
      height: 120,
      seconds: 1,
      audioTracks: 1,
      timecode: `01:${String(i).padStart(2, "0")}:00:00`,
      codec: "libx264",
    });
    names.push(name);
  }
  return names;
}

/** Copies clips into the project as the workstation's user would, through its own mount. */
async function dropIn(station: Workstation, staging: string, names: string[]): Promise<void> {
  for (const name of names) await copyFile(join(staging, name), join(station.root, name));
}

async function items(daemon: HostDaemon): Promise<Item[]> {
  const res = await daemon.request("GET", "/api/media?limit=200");
  expect(res.status, res.text).toBe(200);
  return res.json<{ items: Item[] }>().items;
}

/** The items once every one of `count` is past ingest (done, or failed: a failure fails the test later). */
const ingested = (daemon: HostDaemon, count: number) =>
  until(`${count} items ingested by ${daemon.workstation.name}`, async () => {
    const res = await daemon.request("GET", "/api/media?limit=200");
    if (res.status !== 200) return undefined;
    const list = res.json<{ items: Item[] }>().items;
    return list.length === count && list.every((i) => i.status !== "pending") && list;
  });

interface ProjectHosting {
  role: "host" | "seat";
  host: { name: string; url: string | null } | null;
  storage: string;
  journal_mode: string;
}

/** The shared project as a daemon's GET /api/projects shows it. */
async function projectOn(daemon: HostDaemon): Promise<ProjectHosting> {
  const res = await daemon.request("GET", "/api/projects");
  expect(res.status, res.text).toBe(200);
  return res.json<{ projects: ProjectHosting[] }>().projects[0] as ProjectHosting;
}

function leaseOn(house: EditHouse): LeaseOnShare | null {
  try {
    return JSON.parse(readFileSync(join(house.share, ".svc", "host.json"), "utf8")) as LeaseOnShare;
  } catch {
    return null;
  }
}

const holds = (house: EditHouse, station: Workstation) =>
  leaseOn(house)?.host.machine_id === station.machineId;

/** What the library on the share holds, read-only, once every daemon has stopped. */
function libraryOnShare(house: EditHouse) {
  const db = new Database(join(house.share, ".svc", "library.db"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT rel_path, status FROM media").all() as {
      rel_path: string;
      status: string;
    }[];
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      journal: db.pragma("journal_mode", { simple: true }),
      paths: rows.map((r) => r.rel_path).sort(),
      failed: rows.filter((r) => r.status === "failed").map((r) => r.rel_path),
    };
  } finally {
    db.close();
  }
}

const lockedLines = (house: EditHouse) =>
  house.daemons.flatMap((d) =>
    d
      .log()
      .split("\n")
      .filter((l) => LOCKED.test(l)),
  );

// One story, in order: the library the first cases ingest and edit is the one the host is killed
// over, and handed back, in the last.
describe.skipIf(!hasTools)("an edit house: two hosts, one shared project", { shuffle: false }, () => {
  let house: EditHouse;
  let a: Workstation;
  let b: Workstation;
  let host: HostDaemon;
  let seat: HostDaemon;
  let staging = "";
  const first: string[] = [];
  const more: string[] = [];
  const last: string[] = [];
  let fromB = "";

  beforeAll(async () => {
    house = await editHouse({ leaseTimeoutS: LEASE_TIMEOUT_S });
    a = await house.workstation("a");
    b = await house.workstation("b");
    staging = join(house.share, "..", "..", "staging");
    first.push(...(await makeClips(staging, 1, 3)));
    more.push(...(await makeClips(staging, 4, 4)));
    last.push(...(await makeClips(staging, 8, 2)));
    // Each host's admin issues the other a seat token: whichever is host, the other forwards to it.
    const fromA = await seatToken(a, "b");
    fromB = await seatToken(b, "a");
    host = await a.serve({ SVC_SEAT_TOKEN: fromB });
    await until("a holding the lease", () => holds(house, a));
    seat = await b.serve({ SVC_SEAT_TOKEN: fromA });
  }, 60_000);

  afterAll(async () => {
    await house?.close();
  });

  it("has exactly one host ingesting: the seat never writes the project", async () => {
    expect(await projectOn(seat)).toMatchObject({
      role: "seat",
      host: { url: expect.stringContaining(new URL(host.url).host) },
      storage: "network",
    });
    await dropIn(a, staging, first);
    const list = await ingested(host, first.length);
    expect(list.map((i) => i.path).sort()).toEqual(first);
    expect(list.filter((i) => i.status === "failed")).toEqual([]);
    expect(leaseOn(house)).toMatchObject({ host: { machine_id: a.machineId } });
    expect(seat.logged("watching project")).toEqual([]);
    expect(await projectOn(host)).toMatchObject({ role: "host", storage: "network", journal_mode: "delete" });
  });

  it("answers searches and exports on the seat, forwarded to the host", async () => {
    const list = await items(host);
    const target = list.find((i) => i.path === first[1]) as Item;
    const found = await seat.request("GET", `/api/media?q=${encodeURIComponent("shot-02")}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json<{ items: Item[] }>().items.map((i) => i.id)).toContain(target.id);
    const edl = await seat.request("GET", `/api/export/timeline/edl?ids=${list.map((i) => i.id).join(",")}`);
    expect(edl.status, edl.text).toBe(200);
    for (const name of first) expect(edl.text).toContain(name);
  });

  it("lands edits made on the seat on the host", async () => {
    const target = (await items(host))[0] as Item;
    const rated = await seat.request("PATCH", `/api/media/${target.id}/rating`, { rating: "circled" });
    expect(rated.status, rated.text).toBe(200);
    const tagged = await seat.request("POST", `/api/media/${target.id}/tags`, { name: "select" });
    expect(tagged.status, tagged.text).toBe(201);
    const onHost = (await host.request("GET", `/api/media/${target.id}`)).json<Item>();
    expect(onHost.rating).toBe("circled");
    expect(onHost.tags).toContainEqual({ name: "select", source: "manual" });
  });

  /**
   * Drops `names` in through the host's mount, SIGKILLs the host while it ingests them, and waits
   * for `next` to serve writes; how long that took after the host died.
   */
  async function killMidIngest(dying: HostDaemon, next: HostDaemon, names: string[]): Promise<number> {
    const known = (await items(dying)).length;
    await dropIn(dying.workstation, staging, names);
    // Killed while it ingests the new clips: at least one is known and at least one is not done.
    await until(
      `${dying.workstation.name} ingesting the new clips`,
      async () => {
        const list = await items(dying);
        return list.length > known && list.some((i) => i.status === "pending");
      },
      { intervalMs: 20 },
    );
    await dying.kill();
    const died = performance.now();
    await until(
      `${next.workstation.name} serving writes`,
      async () => {
        const res = await next.request("PATCH", "/api/media/1/rating", { rating: "taken over" });
        return res.status === 200;
      },
      { timeoutMs: house.leaseTimeoutMs + TAKEOVER_MARGIN_MS + 10_000 },
    );
    return performance.now() - died;
  }

  it("takes over on the seat when the host is killed mid-ingest, finishes the work, and hands it back the same way", async () => {
    const all = [...first, ...more, ...last].sort();
    expect(await killMidIngest(host, seat, more)).toBeLessThanOrEqual(
      house.leaseTimeoutMs + TAKEOVER_MARGIN_MS,
    );
    expect(holds(house, b)).toBe(true);
    expect((await ingested(seat, first.length + more.length)).every((i) => i.status === "done")).toBe(true);
    // The killed workstation comes back as the seat, and takes the project back when b dies in
    // turn: in its fresh PID namespace it is PID 1 again, like the predecessor it replaces.
    const back = await a.serve({ SVC_SEAT_TOKEN: fromB });
    await until("a back as a seat", async () => (await projectOn(back)).role === "seat");
    expect(await killMidIngest(seat, back, last)).toBeLessThanOrEqual(
      house.leaseTimeoutMs + TAKEOVER_MARGIN_MS,
    );
    expect(holds(house, a)).toBe(true);
    const list = await ingested(back, all.length);
    expect(list.map((i) => i.path).sort()).toEqual(all);
    expect(await back.stop()).toBe(0);
    const library = libraryOnShare(house);
    expect(library.integrity).toBe("ok");
    expect(library.journal).toBe("delete");
    expect(library.paths).toEqual(all);
    expect(new Set(library.paths).size).toBe(all.length);
    expect(library.failed).toEqual([]);
    expect(lockedLines(house)).toEqual([]);
  });
});

describe.skipIf(!hasTools)("an edit house under faults", () => {
  let house: EditHouse | undefined;
  let a: Workstation;
  let b: Workstation;

  const twoStations = async () => {
    house = await editHouse({ leaseTimeoutS: LEASE_TIMEOUT_S });
    a = await house.workstation("a");
    b = await house.workstation("b");
    return house;
  };

  afterEach(async () => {
    await house?.close();
    house = undefined;
  });

  it("takes over a garbage lease only after the timeout", async () => {
    const h = await twoStations();
    await mkdir(join(h.share, ".svc"), { recursive: true });
    await writeFile(join(h.share, ".svc", "host.json"), "\u0000garbage{not a lease");
    const started = performance.now();
    const daemon = await a.serve();
    await until("a taking the garbage lease over", () => holds(h, a), {
      timeoutMs: h.leaseTimeoutMs + TAKEOVER_MARGIN_MS + 10_000,
    });
    const tookMs = performance.now() - started;
    expect(tookMs).toBeGreaterThanOrEqual(h.leaseTimeoutMs);
    expect(tookMs).toBeLessThanOrEqual(h.leaseTimeoutMs + TAKEOVER_MARGIN_MS);
    await until("a hosting the project", async () => (await projectOn(daemon)).role === "host");
  });

  it("never judges a lease by its timestamps: a host whose clock is 5 minutes behind keeps it", async () => {
    const h = await twoStations();
    const host = await a.serve({ SVC_TEST_CLOCK_OFFSET_MS: String(-5 * 60_000) }, ["--import", CLOCK_OFFSET]);
    await until("a holding the lease", () => holds(h, a));
    const seat = await b.serve();
    const before = leaseOn(h) as LeaseOnShare;
    // Its beat_at reads 5 minutes old to the seat; the heartbeat still moves, so it is live.
    expect(Date.parse(before.beat_at)).toBeLessThan(Date.now() - 4 * 60_000);
    await until("three more heartbeats", () => (leaseOn(h)?.heartbeat ?? 0) >= before.heartbeat + 3, {
      timeoutMs: 3 * h.leaseTimeoutMs + TAKEOVER_MARGIN_MS,
    });
    expect(holds(h, a)).toBe(true);
    expect(seat.logged("watching project")).toEqual([]);
    await host.kill();
    await until("b taking over once a is gone", () => holds(h, b), {
      timeoutMs: h.leaseTimeoutMs + TAKEOVER_MARGIN_MS,
    });
  });

  it("answers a forwarded request to a host that just died with a 503 naming it, then takes over", async () => {
    const h = await twoStations();
    const fromA = await seatToken(a, "b");
    const host = await a.serve();
    await until("a holding the lease", () => holds(h, a));
    const seat = await b.serve({ SVC_SEAT_TOKEN: fromA });
    await until("the seat forwarding", async () => (await seat.request("GET", "/api/media")).status === 200);
    await host.kill();
    const refused = await seat.request("GET", "/api/media");
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json<{ detail: string }>().detail).toContain(new URL(host.url).host);
    expect(refused.headers.get("retry-after")).toBe(String(LEASE_TIMEOUT_S));
    await until("b taking over", () => holds(h, b), { timeoutMs: h.leaseTimeoutMs + TAKEOVER_MARGIN_MS });
    await until(
      "the new host answering for the project",
      async () => (await seat.request("GET", "/api/media")).status === 200,
    );
  });
});
