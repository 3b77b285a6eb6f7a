import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, rename } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServeChild, startServe, svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");

interface ProjectView {
  name: string;
  health: { reachable: boolean; state: string };
}

/** A drive as the tests see it: a folder under `Volumes/` that is "unplugged" by renaming it away. */
async function drive(base: string, name: string) {
  const mount = join(base, "Volumes", name);
  const away = join(base, `${name} (unplugged)`);
  return {
    mount,
    unplug: () => rename(mount, away),
    plugIn: () => rename(away, mount),
  };
}

describe.skipIf(!hasTools)("svc serve: a registered project whose folder is not there", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let daemon: ServeChild["child"];
  let stdout: () => string;
  let url = "";
  let still = "";
  let raid: Awaited<ReturnType<typeof drive>>;
  let job = "";
  const JOB = encodeURIComponent("Job 42");

  const get = async (path: string) => {
    const res = await fetch(new URL(path, url));
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const names = async () => {
    const { status, body } = await get(`/api/media?project=${JOB}&limit=200`);
    return status === 200 ? (body.items as { name: string }[]).map((i) => i.name) : null;
  };
  const jobView = async () =>
    ((await get("/api/projects")).body.projects as ProjectView[]).find((p) => p.name === "Job 42");

  beforeAll(async () => {
    ws = await tempWorkspace();
    const fixtures = join(ws.base, "fixtures");
    await mkdir(fixtures);
    still = await makeStill(fixtures, "png");
    raid = await drive(ws.base, "RAID");
    job = join(raid.mount, "Job 42");
    await mkdir(job, { recursive: true });
    await copyFile(still, join(job, "before.png"));
    const added = await svc(["project", "add", "Job 42", job], { SVC_HOME: ws.home });
    expect(added.exitCode, added.stderr).toBe(0);
    // The drive is not mounted when the daemon starts.
    await raid.unplug();
    ({
      child: daemon,
      url,
      stdout,
    } = await startServe(ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_WATCH_SETTLE_MS: "400" })));
    await until("the missing folder reported", () => stdout().includes("project folder is not there"));
    await until("the default project's catch-up pass", () => stdout().includes('"ingest pass finished"'));
  }, 90_000);

  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await ws.cleanup();
  });

  // One story of one drive: the steps need the drive in the state the step before left it.
  it("never creates the folder while it is missing, serves and watches it once back without a restart, and stops answering when it goes away while open", async () => {
    // Missing at start: never creates the folder, answers 503 for its routes and lists it as missing.
    const media = await get(`/api/media?project=${JOB}`);
    expect(media.status).toBe(503);
    expect(media.body.detail).toMatch(/Job 42.*not reachable.*creates nothing/);
    expect((await get(`/api/stats?project=${JOB}`)).status).toBe(503);
    expect(await jobView()).toMatchObject({ health: { reachable: false, state: "missing" } });
    const listed = await svc(["project", "list", "--json"], { SVC_HOME: ws.home });
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({ name: "Job 42", root: job, state: "missing" }),
    );
    expect((await svc(["project", "list"], { SVC_HOME: ws.home })).stdout).toContain(
      `Job 42\t${job}\tmissing`,
    );
    // Not the folder, not its parent, not a .svc anywhere under the mount point.
    expect(existsSync(raid.mount)).toBe(false);
    expect(await readdir(join(ws.base, "Volumes"))).toEqual([]);

    // The drive is back: served, caught up and watched, without a restart.
    await raid.plugIn();
    await until("the catch-up of the returned drive", async () => (await names())?.includes("before.png"));
    expect(stdout()).toContain("project folder is there again");
    expect(await jobView()).toMatchObject({ health: { reachable: true, state: "ok" } });
    await copyFile(still, join(job, "after.png"));
    await until("a file dropped into it", async () => (await names())?.includes("after.png"));

    // Gone while open: stops answering from the open library, and answers again when it is back.
    expect(await names()).toContain("before.png");
    await raid.unplug();
    // At once, not at the next look: every answer checks the folder first.
    const gone = await get(`/api/media?project=${JOB}`);
    expect(gone.status).toBe(503);
    expect(gone.body.detail).toMatch(/not reachable/);
    await until("the watcher to let it go", () => stdout().includes("project folder is gone"));
    expect(existsSync(raid.mount)).toBe(false);
    await raid.plugIn();
    expect(await names()).toEqual(expect.arrayContaining(["before.png", "after.png"]));
  });
});

describe.skipIf(!hasTools)("svc serve: PROJECT_ROOT not there on first start", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let daemon: ServeChild["child"];
  let stdout: () => string;
  let url = "";
  let card: Awaited<ReturnType<typeof drive>>;
  let root = "";

  beforeAll(async () => {
    ws = await tempWorkspace();
    card = await drive(ws.base, "CARD");
    root = join(card.mount, "footage");
    await mkdir(join(ws.base, "Volumes"));
    ({
      child: daemon,
      url,
      stdout,
    } = await startServe({
      ...ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_WATCH_SETTLE_MS: "400" }),
      PROJECT_ROOT: root,
    }));
  }, 90_000);

  afterAll(async () => {
    if (daemon.exitCode === null) daemon.kill("SIGKILL");
    await ws.cleanup();
  });

  it("waits for it, creating nothing, and registers and serves it once it appears", async () => {
    await until("the wait reported", () => stdout().includes("PROJECT_ROOT is not there yet"));
    const before = await fetch(new URL("/api/media", url));
    expect(before.status).toBe(503);
    expect(((await before.json()) as { detail: string }).detail).toMatch(/not reachable/);
    expect((await svc(["project", "list"], { SVC_HOME: ws.home })).stdout).toBe("no projects registered");
    expect(await readdir(join(ws.base, "Volumes"))).toEqual([]);

    // The card is mounted, with a clip on it.
    const fixtures = join(ws.base, "fixtures");
    await mkdir(join(fixtures, "card", "footage"), { recursive: true });
    await makeStill(join(fixtures, "card", "footage"), "png", "A001.png");
    await rename(join(fixtures, "card"), card.mount);
    await until("the clip on the card", async () => {
      const res = await fetch(new URL("/api/media", url));
      if (res.status !== 200) return false;
      return ((await res.json()) as { items: { name: string }[] }).items.some((i) => i.name === "A001.png");
    });
    const listed = await svc(["project", "list", "--json"], { SVC_HOME: ws.home });
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ root, state: "ok" })]);
  });
});
