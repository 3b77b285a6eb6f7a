import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { projectPaths } from "../../state/paths.js";
import { readProjectId } from "../../state/project-id.js";
import { openLibrary } from "../../state/stores.js";
import { CLI, svc } from "../support/cli.js";
import { childEnv } from "../support/env.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

// Multicast must never leave this machine: the host and the looker each live in a network
// namespace of this run's own, joined by a veth pair and nothing else.
const canNamespace = process.platform === "linux" && process.getuid?.() === 0 && needTools("ip");
const HOST_IP = "10.231.0.1";
const LOOKER_IP = "10.231.0.2";
const WATCH = join(import.meta.dirname, "..", "support", "mdns-watch.mjs");

interface SeenHost {
  name: string;
  urls: string[];
  version: string;
  projects: { id: string | null; name: string }[];
  projects_total: number;
}

describe.skipIf(!canNamespace)("svc hosts finds svc serve on the LAN", () => {
  const run = randomBytes(3).toString("hex");
  const host = `svc-h-${run}`;
  const looker = `svc-l-${run}`;
  const links = { host: `svh${run}`, looker: `svl${run}` };
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let projectId: string | null = null;
  const children: ResultPromise[] = [];

  const ip = (...args: string[]) => execa("ip", args);
  const inLooker = ["ip", "netns", "exec", looker];

  beforeAll(async () => {
    ws = await tempWorkspace("svc-discovery-");
    // The project has its id once its library was opened, as any project svc has seen.
    openLibrary(ws.root).close();
    projectId = readProjectId(projectPaths(ws.root));
    await ip("netns", "add", host);
    await ip("netns", "add", looker);
    await ip("link", "add", links.host, "type", "veth", "peer", "name", links.looker);
    for (const [ns, link, address] of [
      [host, links.host, HOST_IP],
      [looker, links.looker, LOOKER_IP],
    ] as const) {
      await ip("link", "set", link, "netns", ns);
      await ip("-n", ns, "addr", "add", `${address}/24`, "dev", link);
      await ip("-n", ns, "link", "set", link, "up");
      await ip("-n", ns, "link", "set", "lo", "up");
      // A namespace has no default route; multicast is sent only where a route says.
      await ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", link);
    }
  }, 30_000);

  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill("SIGKILL");
      await child;
    }
  });

  afterAll(async () => {
    for (const ns of [host, looker]) await execa("ip", ["netns", "del", ns], { reject: false });
    await ws?.cleanup();
  });

  /** `svc serve` inside the host's namespace, once it has said whether it announces. */
  async function serve(env: Record<string, string>) {
    const child = execa("ip", ["netns", "exec", host, process.execPath, CLI, "serve"], {
      env: childEnv(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", ...env })),
      extendEnv: false,
      reject: false,
      stdin: "ignore",
    });
    children.push(child);
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    await until("svc serve to say whether it announces", () => {
      if (child.exitCode !== null) throw new Error(`svc serve exited ${child.exitCode}: ${out}`);
      return /"(announced|not announced) on the LAN"/.test(out);
    });
    return { child, log: () => out };
  }

  const hosts = async () => {
    const result = await svc(["hosts", "--json", "--wait", "2"], {}, 30_000, { via: inLooker });
    expect(result.exitCode, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as SeenHost[];
  };

  it("lists a host bound to the LAN with its URL, version and project; its goodbye at stop withdraws it", async () => {
    const daemon = await serve({ SVC_BIND_HOST: HOST_IP });
    const url = /"url":"(http:\/\/[^"]+?)\/?"/.exec(daemon.log())?.[1] as string;
    expect(url).toMatch(new RegExp(`^http://${HOST_IP.replace(/\./g, "\\.")}:\\d+$`));

    const seen = await hosts();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.urls).toContain(url);
    expect(seen[0]?.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(seen[0]?.projects).toEqual([{ id: projectId, name: "footage" }]);
    expect(seen[0]?.projects_total).toBe(1);
    // Asked again, the host answers the query (not only its first announcements).
    expect((await hosts()).map((h) => h.name)).toEqual([seen[0]?.name]);

    const watch = execa(inLooker[0] as string, [...inLooker.slice(1), process.execPath, WATCH, "svc"], {
      reject: false,
    });
    children.push(watch);
    let events = "";
    watch.stdout?.on("data", (chunk: Buffer) => {
      events += chunk.toString();
    });
    await until("the watcher to see the host", () => events.includes('"event":"up"'));
    daemon.child.kill("SIGTERM");
    expect((await daemon.child).exitCode).toBe(0);
    await until("the host's goodbye", () => events.includes('"event":"down"'), { timeoutMs: 10_000 });
    expect(await hosts()).toEqual([]);
  }, 60_000);

  it("announces nothing bound to loopback, the default", async () => {
    const daemon = await serve({ SVC_BIND_HOST: "127.0.0.1" });
    expect(daemon.log()).toMatch(/bound to loopback.*"not announced on the LAN"/);
    expect(await hosts()).toEqual([]);
  }, 60_000);

  it("announces nothing with SVC_DISCOVERY=0", async () => {
    const daemon = await serve({ SVC_BIND_HOST: HOST_IP, SVC_DISCOVERY: "0" });
    expect(daemon.log()).toContain("SVC_DISCOVERY=0");
    expect(await hosts()).toEqual([]);
  }, 60_000);

  it("says so when no host is seen, and refuses a wait it cannot use", async () => {
    const none = await svc(["hosts", "--wait", "0.5"], {}, 30_000, { via: inLooker });
    expect(none).toMatchObject({ exitCode: 0, stdout: "no svc hosts seen in 0.5 s" });
    const bad = await svc(["hosts", "--wait", "soon"], {}, 30_000, { via: inLooker });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--wait takes seconds/);
    expect((await svc(["hosts", "--nope"], {})).exitCode).toBe(2);
  }, 60_000);
});
