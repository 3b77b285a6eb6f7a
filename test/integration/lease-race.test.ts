import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLease, type LeaseRecord, readLease } from "../../state/lease-file.js";
import { storageOf } from "../../state/storage-mode.js";
import { type FuseShare, mountShare } from "../support/fuse-share.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const RACERS = 6;
const ROUNDS = 4;
const DIST = (file: string) => pathToFileURL(resolve("dist", file)).href;

// One seat in its own process: the keeper's takeover, as a daemon runs it, of the lease whose
// bytes it saw stale; all seats start at the same wall-clock instant. Prints whether it won.
const RACER = `
const { LeaseKeeper } = await import(${JSON.stringify(DIST("library/hosting/lease-keeper.js"))});
const { monotonicClock } = await import(${JSON.stringify(DIST("library/jobs/clock.js"))});
const [file, observed, name, startAt] = process.argv.slice(1);
const host = { hostname: name, machine_id: name, account: "editor", svc_home: "/h/" + name };
const stamp = new Date().toISOString();
const record = { svc_lease: 1, host, pid: process.pid, process: "racer", url: null, mcp_url: null,
  project_id: null, heartbeat: 0, taken_at: stamp, beat_at: stamp };
const quiet = { info() {}, warn() {} };
const keeper = new LeaseKeeper({ timeoutMs: 1200, clock: monotonicClock, log: quiet, host, takes: true,
  fileOf: () => file, newRecord: () => record, reasonFor: () => new Error("lost"), changed() {} });
while (Date.now() < Number(startAt));
const won = await keeper.takeOver("project", observed);
keeper.close();
process.stdout.write(JSON.stringify({ name, won }));
`;

function staleRecord(): LeaseRecord {
  return {
    svc_lease: 1,
    host: { hostname: "dead", machine_id: "dead", account: "editor", svc_home: "/h/dead" },
    pid: 1,
    process: "svc serve",
    url: null,
    mcp_url: null,
    project_id: null,
    heartbeat: 3,
    taken_at: "2026-01-01T00:00:00.000Z",
    beat_at: "2026-01-01T00:00:00.000Z",
  };
}

/** Rounds of RACERS processes taking over one stale lease in `dir`: the winners of each round. */
async function race(dir: string): Promise<string[][]> {
  const file = join(dir, "host.json");
  const rounds: string[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const stale = staleRecord();
    stale.heartbeat = round;
    await execa("rm", ["-f", file]);
    expect(createLease(file, stale)).toBe(true);
    const observed = await readFile(file, "utf8");
    const startAt = String(Date.now() + 700);
    const results = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        execa(process.execPath, ["--input-type=module", "-e", RACER, file, observed, `seat-${i}`, startAt]),
      ),
    );
    const winners = results
      .map((r) => JSON.parse(r.stdout) as { name: string; won: boolean })
      .filter((r) => r.won)
      .map((r) => r.name);
    const now = readLease(file);
    expect(now.state).toBe("held");
    expect(winners).toEqual([now.state === "held" ? now.record.host.hostname : "none"]);
    rounds.push(winners);
  }
  return rounds;
}

describe("racing seats take a stale lease over: exactly one wins", () => {
  let workspace: Awaited<ReturnType<typeof tempWorkspace>>;
  let share: FuseShare | undefined;

  beforeAll(async () => {
    workspace = await tempWorkspace("svc-lease-race-");
  });

  afterAll(async () => {
    await share?.unmount();
    await workspace.cleanup();
  });

  it("on a local folder", async () => {
    const rounds = await race(workspace.root);
    expect(rounds.map((r) => r.length)).toEqual(Array(ROUNDS).fill(1));
  }, 60_000);

  it.skipIf(!needTools("bindfs"))(
    "on a FUSE mount (bindfs), which svc reads as network storage",
    async () => {
      const source = join(workspace.base, "share");
      await mkdir(source);
      share = await mountShare(source, join(workspace.base, "mnt"));
      const mount = share.mountPoint;
      expect(storageOf(mount).mode).toBe("network");
      const rounds = await race(mount);
      expect(rounds.map((r) => r.length)).toEqual(Array(ROUNDS).fill(1));
    },
    60_000,
  );
});
