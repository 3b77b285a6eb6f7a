import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createLease,
  type LeaseRecord,
  leaseAgeOnServer,
  readLease,
  releaseLease,
  removeStaleLease,
  renewLease,
} from "../../state/lease-file.js";
import { tempWorkspace } from "../support/temp.js";

const record = (name: string, taken = "2026-03-01T10:00:00.000Z"): LeaseRecord => ({
  svc_lease: 1,
  host: { hostname: name, machine_id: `m-${name}`, account: "editor", svc_home: `/h/${name}` },
  pid: 4242,
  process: "svc serve",
  url: `http://${name}:8501`,
  mcp_url: null,
  project_id: null,
  heartbeat: 0,
  taken_at: taken,
  beat_at: taken,
});

describe("the lease file primitives", () => {
  let workspace: Awaited<ReturnType<typeof tempWorkspace>>;
  let file: string;

  beforeEach(async () => {
    workspace = await tempWorkspace("svc-lease-file-");
    mkdirSync(join(workspace.root, ".svc"));
    file = join(workspace.root, ".svc", "host.json");
  });
  afterEach(() => workspace.cleanup());

  it("reads absent, held, and unreadable leases (garbage, empty, a newer format, too large)", () => {
    expect(readLease(file)).toEqual({ state: "absent" });
    createLease(file, record("a"));
    expect(readLease(file)).toMatchObject({ state: "held", record: { host: { hostname: "a" } } });
    for (const [text, reason] of [
      ["garbage", "not JSON"],
      ["", "empty"],
      [JSON.stringify({ svc_lease: 2 }), "written by a newer svc (lease format 2)"],
      [JSON.stringify({ svc_lease: 1 }), "not an svc lease"],
      ["x".repeat(70_000), "not a lease (too large)"],
    ]) {
      writeFileSync(file, text as string);
      expect(readLease(file)).toMatchObject({ state: "unreadable", reason });
    }
  });

  it("creates a lease only where none stands", () => {
    expect(createLease(file, record("a"))).toBe(true);
    expect(createLease(file, record("b"))).toBe(false);
    writeFileSync(file, "garbage");
    expect(createLease(file, record("b"))).toBe(false);
    expect(readFileSync(file, "utf8")).toBe("garbage");
  });

  it("renews only the same holding, counting the heartbeat up", () => {
    const mine = record("a");
    createLease(file, mine);
    const first = renewLease(file, mine);
    expect(first).toMatchObject({ ok: true, record: { heartbeat: 1 } });
    expect(renewLease(file, mine)).toMatchObject({ ok: true, record: { heartbeat: 2 } });
    // The same host taking the lease again is a new holding: the old one is lost.
    expect(renewLease(file, record("a", "2026-03-01T11:00:00.000Z"))).toMatchObject({ ok: false });
    expect(renewLease(file, record("b"))).toMatchObject({ ok: false, now: { state: "held" } });
    releaseLease(file, record("b"));
    expect(readLease(file).state).toBe("held");
    releaseLease(file, mine);
    expect(readLease(file).state).toBe("absent");
    expect(renewLease(file, mine)).toEqual({ ok: false, now: { state: "absent" } });
  });

  it("removes a stale lease only while its bytes are the ones seen stale, and puts a fresh one back", () => {
    createLease(file, record("old"));
    const stale = readFileSync(file, "utf8");
    renewLease(file, record("old"));
    expect(removeStaleLease(file, stale)).toBe(false);
    expect(readLease(file)).toMatchObject({ record: { heartbeat: 1 } });
    expect(removeStaleLease(file, readFileSync(file, "utf8"))).toBe(true);
    expect(readLease(file).state).toBe("absent");
    expect(removeStaleLease(file, stale)).toBe(false);
  });

  it("measures a lease's age on the file server's clock, not the file's contents", () => {
    expect(leaseAgeOnServer(file)).toBeNull();
    createLease(file, record("a", "2099-01-01T00:00:00.000Z"));
    expect(leaseAgeOnServer(file)).toBeLessThan(5_000);
    utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
    expect(leaseAgeOnServer(file)).toBeGreaterThan(3_500_000);
    // The probe leaves nothing behind.
    expect(readLease(file).state).toBe("held");
  });
});
