import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createToken } from "../../library/access/tokens.js";
import { ensureProjectRoot } from "../../library/organise/projects.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";

const SCRIPT = join(import.meta.dirname, "..", "..", "scripts", "licence.mjs");

/** The licensor's tool, as the licensor runs it. */
async function licenceTool(args: string[]): Promise<string> {
  const result = await execa(process.execPath, [SCRIPT, ...args], { reject: false });
  expect(result.exitCode, result.stderr).toBe(0);
  return result.stdout;
}

describe("projects, entitlements and licences over the API", () => {
  let api: TestApi;
  let base: string;
  let keys: string;
  let publicKey: string;
  const secrets: Record<string, string> = {};
  const as = (who: string) => ({ headers: { authorization: `Bearer ${secrets[who]}` } });
  const folder = async (name: string) => {
    const path = join(base, name);
    await mkdir(path, { recursive: true });
    return path;
  };

  beforeAll(async () => {
    keys = await mkdtemp(join(tmpdir(), "svc-licence-keys-"));
    const { public_key } = JSON.parse(await licenceTool(["keygen", "--out", keys])) as { public_key: string };
    publicKey = public_key;
  }, 30_000);

  afterAll(() => rm(keys, { recursive: true, force: true }));

  // Each test gets its own install: registrations, the licence file and grandfathering (which is for
  // good) would otherwise carry over from whichever test ran before it.
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "svc-projects-"));
    api = await startApi({ env: { SVC_TRUST_LOOPBACK: "0", SVC_LICENCE_PUBLIC_KEY: publicKey } });
    for (const [who, scopes] of Object.entries({
      admin: ["admin"],
      reader: ["projects_read"],
      writer: ["projects_write", "projects_read"],
      bins: ["collections_read", "collections_write"],
    }))
      secrets[who] = createToken(api.registry, { name: who, scopes }).secret;
  }, 30_000);

  afterEach(async () => {
    await api?.close();
    await rm(base, { recursive: true, force: true });
  });

  /** Registers projects beside the default one until the free tier's three are taken. */
  const fillFreeTier = async () => {
    api.registry.projects.add("Second", await folder("second"));
    api.registry.projects.add("Third", await folder("third"));
    expect(api.registry.projects.count()).toBe(3);
  };

  const defaultName = () => api.registry.projects.byRoot(api.root as string)?.name as string;

  it("lists projects with health; absolute roots only for admins", async () => {
    const forReader = await api.request("GET", "/api/projects", as("reader"));
    expect(forReader.status).toBe(200);
    const [project] = forReader.json<{ projects: Record<string, unknown>[] }>().projects;
    expect(project).toMatchObject({
      name: defaultName(),
      path: (api.root as string).split("/").at(-1),
      health: { reachable: true },
    });
    expect(forReader.text).not.toContain(api.root as string);
    const forAdmin = await api.request("GET", "/api/projects", as("admin"));
    expect(forAdmin.json<{ projects: { path: string }[] }>().projects[0]?.path).toBe(api.root);
  });

  it("refuses bad registrations with 422 and 409 naming the problem", async () => {
    const file = join(base, "a-file.txt");
    await writeFile(file, "x");
    const loop = join(base, "loop");
    await symlink(loop, loop);
    const cases: [unknown, number, RegExp][] = [
      [{ name: "No Path" }, 422, /path/],
      [{ name: "Empty", path: "" }, 422, /path/],
      [{ name: "../evil", path: base }, 422, /name/],
      [{ name: "Gone", path: join(base, "nope") }, 422, /path: .*not an existing folder/],
      [{ name: "File", path: file }, 422, /not an existing folder/],
      [{ name: "Loop", path: loop }, 422, /symlink loop/],
      [{ name: "Twice", path: api.root }, 409, /already registered as project/],
      [{ name: "Extra", path: base, surprise: 1 }, 422, /surprise|unrecognized/i],
    ];
    for (const [body, status, detail] of cases) {
      const res = await api.request("POST", "/api/projects", { ...as("writer"), body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(detail);
    }
    expect((await api.request("POST", "/api/projects", { ...as("reader"), body: {} })).status).toBe(403);
  });

  it("relocates a project registered again under its name at a new folder, keeping its bins", async () => {
    const first = await folder("drive-a/Job 42");
    const lib = openLibrary(first);
    const id = lib.media.saveProbe(
      { relPath: "a.mov", kind: "video", size: 1, mtimeMs: 1, fingerprint: "a" },
      { ...CLIP_PROBE, width: 64, height: 64 },
      stageDone("probe"),
    );
    lib.close();
    await writeFile(join(first, "a.mov"), "x");
    const added = await api.request("POST", "/api/projects", {
      ...as("writer"),
      body: { name: "Job 42", path: first, tags: ["client x"] },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json()).toMatchObject({ name: "Job 42", path: "Job 42", tags: ["client x"] });
    const bin = (await api.request("POST", "/api/bins", { ...as("bins"), body: { name: "Selects" } })).json<{
      id: number;
    }>();
    const put = await api.request("POST", `/api/bins/${bin.id}/items`, {
      ...as("bins"),
      body: { project: "Job 42", media_id: id },
    });
    expect(put.status, put.text).toBe(201);

    // The drive comes back under another mount point.
    const moved = join(base, "drive-b");
    await mkdir(moved);
    await execa("mv", [first, join(moved, "Job 42")]);
    const lost = (await api.request("GET", "/api/projects", as("reader"))).json<{
      projects: { name: string; health: { reachable: boolean } }[];
    }>();
    expect(lost.projects.find((p) => p.name === "Job 42")?.health.reachable).toBe(false);
    const relocated = await api.request("POST", "/api/projects", {
      ...as("admin"),
      body: { name: "Job 42", path: join(moved, "Job 42") },
    });
    expect(relocated.status, relocated.text).toBe(200);
    expect(relocated.json()).toMatchObject({
      path: join(moved, "Job 42"),
      tags: ["client x"],
      health: { reachable: true, database_readable: true, items: 1 },
    });
    const bins = (await api.request("GET", "/api/bins", as("bins"))).json<{
      bins: { id: number; items: { status: string }[] }[];
    }>();
    expect(bins.bins.find((b) => b.id === bin.id)?.items).toEqual([
      expect.objectContaining({ status: "ok" }),
    ]);
  });

  it("refuses a fourth project on the free tier with a structured 403, but never a re-registration", async () => {
    api.registry.projects.add("Second", await folder("second"));
    await api.request("POST", "/api/projects", {
      ...as("writer"),
      body: { name: "Third", path: await folder("third") },
    });
    expect(api.registry.projects.count()).toBe(3);
    const fourth = await api.request("POST", "/api/projects", {
      ...as("writer"),
      body: { name: "Fourth", path: await folder("fourth") },
    });
    expect(fourth.status).toBe(403);
    expect(fourth.json()).toEqual({
      detail: { code: "project_limit", message: expect.stringMatching(/3 projects/) },
    });
    expect(api.registry.projects.byName("Fourth")).toBeUndefined();
    const again = await api.request("POST", "/api/projects", {
      ...as("writer"),
      body: { name: "Third", path: await folder("third-moved") },
    });
    expect(again.status, again.text).toBe(200);
    const report = (await api.request("GET", "/api/entitlements", as("admin"))).json();
    expect(report).toMatchObject({
      tier: "free",
      armed: true,
      grandfathered: false,
      projects: { used: 3, allowed: 3 },
      can_add_project: { allowed: false },
      cross_project: { allowed: false },
    });
  });

  it("serves PROJECT_ROOT unregistered when it would be a fourth project, and says so", async () => {
    const root = api.root as string;
    await fillFreeTier();
    const name = defaultName();
    api.registry.projects.remove(name);
    api.registry.projects.add("Filler", await folder("filler"));
    expect(await ensureProjectRoot(api.ctx, root)).toBeNull();
    expect(api.registry.projects.byRoot(root)).toBeUndefined();
    expect(
      (await api.request("GET", "/api/media", { headers: { authorization: `Bearer ${secrets.admin}` } }))
        .status,
    ).toBe(200);
    const listed = await api.request("GET", "/api/projects", as("reader"));
    expect(listed.json()).toMatchObject({ project_limit: expect.stringMatching(/project limit/) });
    // Health is public: booleans and model names only (SPEC.md, "Health report").
    expect((await api.request("GET", "/api/health")).json()).not.toHaveProperty("project_limit");
    expect((await api.request("GET", "/api/entitlements", as("admin"))).json()).toMatchObject({
      project_root_unregistered: true,
    });
    api.registry.projects.remove("Filler");
    expect(await ensureProjectRoot(api.ctx, root)).toMatchObject({ root });
    expect((await api.request("GET", "/api/projects", as("reader"))).json()).not.toHaveProperty(
      "project_limit",
    );
  });

  it("grants Pro with a licence signed by the licensor's tool, and nothing once it is edited", async () => {
    await fillFreeTier();
    const file = api.registry.paths.licence;
    await licenceTool([
      "sign",
      "--key",
      join(keys, "licence-private.pem"),
      "--id",
      "L-7",
      "--holder",
      "Edit House",
      "--expires",
      "2099-01-01",
      "--out",
      file,
    ]);
    const report = (await api.request("GET", "/api/entitlements", as("admin"))).json();
    expect(report).toMatchObject({
      tier: "pro",
      armed: false,
      licence: { holder: "Edit House", expires: "2099-01-01" },
      can_add_project: { allowed: true },
      cross_project: { allowed: true },
    });
    expect(report).not.toHaveProperty("licence_problem");
    const fifth = await api.request("POST", "/api/projects", {
      ...as("writer"),
      body: { name: "Fifth", path: await folder("fifth") },
    });
    expect(fifth.status, fifth.text).toBe(201);

    const { readFile } = await import("node:fs/promises");
    const licence = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...licence, expires: null }));
    expect((await api.request("GET", "/api/entitlements", as("admin"))).json()).toMatchObject({
      tier: "free",
      licence_problem: "signature mismatch",
    });
    await writeFile(file, JSON.stringify({ ...licence, holder: 5 }));
    expect((await api.request("GET", "/api/entitlements", as("admin"))).json()).toMatchObject({
      licence_problem: "signature mismatch",
    });
  });

  it("is grandfathered for good by a registered library whose own record predates the allowance", async () => {
    await fillFreeTier();
    const old = await folder("old-job");
    const lib = openLibrary(old);
    lib.record.ensure("0.0.9");
    lib.close();
    api.registry.projects.add("Old Job", old);
    expect((await api.request("GET", "/api/entitlements", as("admin"))).json()).toMatchObject({
      tier: "free",
      armed: false,
      grandfathered: true,
      can_add_project: { allowed: true },
      cross_project: { allowed: true },
    });
    const removed = await api.request(
      "DELETE",
      `/api/projects/${encodeURIComponent("Old Job")}`,
      as("writer"),
    );
    expect(removed.status).toBe(200);
    expect((await api.request("GET", "/api/entitlements", as("admin"))).json()).toMatchObject({
      grandfathered: true,
    });
    expect((await api.request("DELETE", "/api/projects/Ghost", as("writer"))).status).toBe(404);
  });
});
