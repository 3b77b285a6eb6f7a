import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { claimSlot, HEARTBEAT_MS, ingestSlotName, STALE_AFTER_MS } from "../../library/jobs/slots.js";
import { openRegistry, type RegistryStore } from "../../state/stores.js";
import { startApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { OFFLINE } from "../support/env.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "sleep");

describe.skipIf(!hasTools)("the ingest slot", () => {
  let base: string;
  let root: string;
  let link: string;
  let home: string;
  let registry: RegistryStore;
  let bystander: ResultPromise | undefined;

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "svc-slot-"));
    root = join(base, "footage");
    link = join(base, "footage-link");
    home = join(base, "home");
    await mkdir(root);
    await symlink(root, link);
    registry = openRegistry(home);
  });
  afterEach(async () => {
    vi.useRealTimers();
    registry.close();
    bystander?.kill();
    await bystander?.catch(() => {});
    bystander = undefined;
    await rm(base, { recursive: true, force: true });
  });

  const ingest = (projectRoot: string) =>
    svc(["ingest"], { PROJECT_ROOT: projectRoot, SVC_HOME: home, ...OFFLINE });

  it("is one slot for a root and a symlink to it (CLI exit 75)", async () => {
    expect(ingestSlotName(link)).toBe(ingestSlotName(root));
    for (const [held, run] of [
      [root, link],
      [link, root],
    ] as const) {
      const lease = claimSlot(registry, ingestSlotName(held), "svc serve watcher (test)");
      try {
        const result = await ingest(run);
        expect(result.exitCode).toBe(75);
        expect(result.stderr).toMatch(/another job holds the ingest slot .*svc serve watcher \(test\)/);
      } finally {
        lease.release();
      }
    }
    expect((await ingest(link)).exitCode).toBe(0);
    expect(registry.slots.get(ingestSlotName(root))).toBeUndefined();
  });

  it("is one slot for a root and a symlink to it (API 409)", async () => {
    const api = await startApi({ projectRoot: link, env: OFFLINE });
    try {
      const lease = claimSlot(api.registry, ingestSlotName(root), "card offload A001 (test)");
      try {
        const res = await api.request("POST", "/api/ingest", { body: "{}" });
        expect(res.status).toBe(409);
        expect(res.json<{ detail: string }>().detail).toMatch(/card offload A001 \(test\)/);
      } finally {
        lease.release();
      }
    } finally {
      await api.close();
    }
  });

  /** A slot row left by a job whose PID now belongs to an unrelated, running process. */
  const ghostSlot = (heartbeatAgoMs: number) => {
    bystander = execa("sleep", ["60"]);
    const pid = bystander.pid as number;
    const name = ingestSlotName(root);
    expect(registry.slots.claim(name, "ghost job", pid, () => false)).toEqual({ ok: true });
    const beat = new Date(Date.now() - heartbeatAgoMs).toISOString();
    registry.db.prepare("UPDATE slots SET heartbeat_at = ? WHERE name = ?").run(beat, name);
  };

  it("takes over a slot whose holder stopped beating, even when its PID is alive", async () => {
    ghostSlot(STALE_AFTER_MS + 5_000);
    const result = await ingest(root);
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(registry.slots.get(ingestSlotName(root))).toBeUndefined();
  });

  it("does not take over a slot whose holder beats", async () => {
    ghostSlot(1_000);
    const result = await ingest(root);
    expect(result.exitCode).toBe(75);
    expect(result.stderr).toMatch(/ghost job \(pid \d+/);
    expect(registry.slots.get(ingestSlotName(root))).toMatchObject({ holder: "ghost job" });
  });

  it("takes over a slot left with this process's PID by one that ran before it (a fresh PID namespace)", () => {
    const name = ingestSlotName(root);
    const before = new Date(Date.now() - process.uptime() * 1000 - 5_000).toISOString();
    expect(registry.slots.claim(name, "svc serve watcher", process.pid, () => false)).toEqual({ ok: true });
    registry.db.prepare("UPDATE slots SET acquired_at = ? WHERE name = ?").run(before, name);
    const lease = claimSlot(registry, name, "svc serve watcher, restarted");
    expect(registry.slots.get(name)).toMatchObject({ holder: "svc serve watcher, restarted" });
    expect(() => claimSlot(registry, name, "a second job of this process")).toThrow(
      /svc serve watcher, restarted/,
    );
    lease.release();
  });

  it("a held lease refreshes its heartbeat and stops when released", () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "Date"],
      now: Date.parse("2024-05-01T10:00:00Z"),
    });
    const name = ingestSlotName(root);
    const lease = claimSlot(registry, name, "long pass");
    expect(registry.slots.get(name)?.heartbeat_at).toBe("2024-05-01T10:00:00.000Z");
    vi.advanceTimersByTime(HEARTBEAT_MS * 3);
    expect(registry.slots.get(name)?.heartbeat_at).toBe("2024-05-01T10:00:30.000Z");
    lease.release();
    expect(registry.slots.get(name)).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
