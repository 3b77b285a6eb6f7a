import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readLease } from "../../state/lease-file.js";
import { openLibrary } from "../../state/stores.js";
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { makeTimecodedClip } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const TIMEOUT_S = 1;

// Two svc hosts on one machine and one project: two SVC_HOMEs (two accounts, or two machines
// told apart by SVC_MACHINE_ID), each a real `svc` from dist/.
describe.skipIf(!hasTools)("the host lease between two svc hosts", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  const daemons: ServeChild[] = [];
  let lease = "";

  const envOf = (name: string, machine: string, extra: Record<string, string> = {}) =>
    ws.env({
      SVC_HOME: join(ws.base, `home-${name}`),
      SVC_MACHINE_ID: machine,
      SVC_LEASE_TIMEOUT_S: String(TIMEOUT_S),
      SVC_PORT: "0",
      SVC_MCP_PORT: "0",
      ...extra,
    });
  const serve = async (env: Record<string, string>) => {
    const daemon = await startServe(env);
    daemons.push(daemon);
    return daemon;
  };
  const holder = () => {
    const now = readLease(lease);
    return now.state === "held" ? now.record : null;
  };
  const mediaCount = () => {
    const store = openLibrary(ws.root);
    try {
      return store.media.count();
    } finally {
      store.close();
    }
  };

  beforeEach(async () => {
    ws = await tempWorkspace("svc-lease-hosts-");
    lease = join(ws.root, ".svc", "host.json");
    await makeTimecodedClip(ws.root);
  });

  afterEach(async () => {
    for (const { child } of daemons.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    await ws.cleanup();
  });

  it("refuses a writing command while another host holds the lease, and lets it take over once that host is killed", async () => {
    const a = await serve(envOf("a", "machine-a"));
    await until("the daemon's catch-up pass", () => a.stdout().includes('"ingest pass finished"'));
    const held = holder();
    expect(held).toMatchObject({ host: { machine_id: "machine-a" }, process: "svc serve" });
    expect(held?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    const before = mediaCount();

    const refused = await svc(["ingest", "--refresh"], envOf("b", "machine-b"));
    expect(refused.exitCode).toBe(75);
    expect(refused.stderr).toContain(`hosted by ${held?.host.hostname} at ${held?.url}`);
    expect(refused.stdout).not.toContain("ingested");
    expect(holder()?.host.machine_id).toBe("machine-a");
    expect(mediaCount()).toBe(before);

    a.child.kill("SIGKILL");
    await a.child;
    const killedAt = performance.now();
    const done = await until(
      "the other host's ingest to take the lease over",
      async () => {
        const result = await svc(["ingest", "--refresh", "--progress", "json"], envOf("b", "machine-b"));
        if (result.exitCode === 75) return false;
        return result;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    const elapsed = performance.now() - killedAt;
    expect(done.stderr).toBe("");
    expect(done.exitCode).toBe(0);
    expect(done.stdout).toContain('"event":"summary"');
    // At most: fresh by the server's clock for the timeout, then watched for the timeout, plus
    // the command's own start-ups.
    expect(elapsed).toBeLessThan(TIMEOUT_S * 2_000 + 8_000);
    // The command gave its lease up when it ended.
    expect(readLease(lease).state).toBe("absent");
  }, 90_000);

  it("a daemon whose lease is taken stops hosting the project at once and becomes a seat", async () => {
    const a = await serve(envOf("a", "machine-a"));
    await until("the daemon's catch-up pass", () => a.stdout().includes('"ingest pass finished"'));
    const mine = holder();
    // Another host that took the lease and keeps it alive (as after a takeover A did not see).
    let beat = 0;
    const thief = () => {
      const temp = `${lease}.thief`;
      writeFileSync(
        temp,
        JSON.stringify({
          ...mine,
          host: { ...mine?.host, hostname: "thief", machine_id: "t" },
          heartbeat: beat++,
        }),
      );
      renameSync(temp, lease);
    };
    thief();
    const keep = setInterval(thief, 150);
    try {
      await until("the daemon to notice", () => a.stdout().includes("lost the project's host lease"));
      await until("the daemon to stop watching", () =>
        a.stdout().includes("this one is a seat for it and does not watch it"),
      );
      expect(holder()?.host.hostname).toBe("thief");
    } finally {
      clearInterval(keep);
    }
  }, 60_000);

  it("with one machine id and two SVC_HOMEs: only one daemon hosts; the other takes over when it is killed; a taken port names SVC_PORT", async () => {
    const a = await serve(envOf("a", "same-machine"));
    await until("the first daemon's catch-up pass", () => a.stdout().includes('"ingest pass finished"'));
    const b = await serve(envOf("b", "same-machine"));
    await until("the second daemon to see the project hosted", () =>
      b.stdout().includes("this one is a seat for it and does not watch it"),
    );
    expect(b.stdout()).not.toContain('"watching project"');
    expect(b.stdout()).not.toContain('"ingest pass finished"');
    expect(holder()?.host.svc_home).toBe(join(ws.base, "home-a"));

    const port = new URL(a.url).port;
    const clash = await svc(["serve"], envOf("c", "same-machine", { SVC_PORT: port }), 30_000);
    expect(clash.exitCode).toBe(2);
    expect(clash.stderr).toContain(`127.0.0.1:${port} (EADDRINUSE); set SVC_PORT`);
    expect(clash.stderr).toContain("another svc");

    a.child.kill("SIGKILL");
    await a.child;
    const killedAt = performance.now();
    await until("the second daemon to take the lease over", () =>
      b.stdout().includes("took the project's host lease over"),
    );
    expect(performance.now() - killedAt).toBeLessThan(TIMEOUT_S * 1_000 + 3_000);
    await until("its catch-up pass", () => b.stdout().includes('"ingest pass finished"'));
    expect(holder()).toMatchObject({ host: { svc_home: join(ws.base, "home-b") }, process: "svc serve" });
  }, 90_000);
});
