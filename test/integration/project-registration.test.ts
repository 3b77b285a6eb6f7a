import { mkdir, symlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createToken } from "../../library/access/tokens.js";
import { ensureProjectRoot } from "../../library/organise/projects.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let api: TestApi;
let userHome: string;
let jobs: string;
let writer: string;
const savedHome = process.env.HOME;

const defaultName = () => api.registry.projects.byRoot(api.root as string)?.name as string;
const register = (body: unknown) =>
  api.request("POST", "/api/projects", { headers: { authorization: `Bearer ${writer}` }, body });
const listed = async () =>
  (await api.request("GET", "/api/projects", { headers: { authorization: `Bearer ${writer}` } })).json<{
    projects: { name: string; nested_with: string[] }[];
  }>().projects;

beforeAll(async () => {
  ws = await tempWorkspace("svc-project-registration-");
  userHome = join(ws.base, "user");
  await mkdir(join(userHome, ".ssh"), { recursive: true });
  await mkdir(join(userHome, "Footage"), { recursive: true });
  // This worker's home folder, as the deny-list sees it (os.homedir() reads HOME); the CLI's too.
  process.env.HOME = userHome;
  api = await startApi({ env: { SVC_TRUST_LOOPBACK: "0" } });
  // Unlimited projects: the refusals below are the folder rule's, never the free tier's.
  api.registry.install.grandfather();
  writer = createToken(api.registry, { name: "writer", scopes: ["projects_write", "projects_read"] }).secret;
  await mkdir(join(api.root as string, ".svc"), { recursive: true });
  await mkdir(join(api.root as string, "Day01"), { recursive: true });
  await symlink(api.home, join(ws.base, "to-svc-home"));
  await symlink(api.root as string, join(ws.base, "to-footage"));
  // Two projects registered before nesting was refused: one holds the other.
  jobs = join(ws.base, "store", "jobs");
  await mkdir(join(jobs, "job1"), { recursive: true });
  await mkdir(join(jobs, "job2"), { recursive: true });
  api.registry.projects.add("Jobs", jobs);
  api.registry.projects.add("Job 1", join(jobs, "job1"));
}, 60_000);

afterAll(async () => {
  process.env.HOME = savedHome;
  await api?.close();
  await ws?.cleanup();
});

describe("POST /api/projects: which folders may be projects", () => {
  it.each([
    ["SVC_HOME", () => api.home, /SVC_HOME is not a project folder/],
    ["a symlink to SVC_HOME", () => join(ws.base, "to-svc-home"), /SVC_HOME is not a project folder/],
    ["~/.ssh", () => join(userHome, ".ssh"), /~\/\.ssh holds settings/],
    ["the home folder's root", () => userHome, /home folder's root is not a project folder/],
    ["/", () => "/", /\/ is a root or mount point/],
    ["/etc", () => "/etc", /\/etc is a system folder/],
    [
      "a project's .svc folder",
      () => join(api.root as string, ".svc"),
      /\.svc folders are not project folders/,
    ],
  ])("answers 403 for %s and registers nothing", async (_label, path, detail) => {
    const before = api.registry.projects.count();
    const res = await register({ name: "Refused", path: path() });
    expect(res.status, res.text).toBe(403);
    expect(res.json<{ detail: string }>().detail).toMatch(detail);
    expect(api.registry.projects.count()).toBe(before);
  });

  it.each([
    ["the parent of a project", () => dirname(jobs), /holds project "Job 1"/],
    ["a folder inside a project", () => join(api.root as string, "Day01"), /inside project "footage"/],
    [
      "a symlink to a project's folder",
      () => join(ws.base, "to-footage"),
      /already registered as project "footage"/,
    ],
  ])("answers 409 naming the other project for %s", async (_label, path, detail) => {
    expect(defaultName()).toBe("footage");
    const res = await register({ name: "Nested", path: path() });
    expect(res.status, res.text).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(detail);
    expect(api.registry.projects.byName("Nested")).toBeUndefined();
  });

  it("answers 422 for a relative path instead of resolving it against the daemon's folder", async () => {
    const res = await register({ name: "Relative", path: "Footage" });
    expect(res.status, res.text).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/absolute/);
  });

  it("registers a folder of the home folder that nests with nothing", async () => {
    const res = await register({ name: "Home footage", path: join(userHome, "Footage") });
    expect(res.status, res.text).toBe(201);
    expect(res.json()).toMatchObject({ name: "Home footage", nested_with: [] });
  });
});

describe("projects registered before nesting was refused", () => {
  it("are kept, and GET /api/projects and svc project list flag them", async () => {
    const projects = await listed();
    expect(projects.find((p) => p.name === "Jobs")?.nested_with).toEqual(["Job 1"]);
    expect(projects.find((p) => p.name === "Job 1")?.nested_with).toEqual(["Jobs"]);
    expect(projects.find((p) => p.name === defaultName())?.nested_with).toEqual([]);
    const json = await svc(["project", "list", "--json"], { SVC_HOME: api.home });
    expect(json.exitCode, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toContainEqual(
      expect.objectContaining({ name: "Jobs", root: jobs, nested_with: ["Job 1"] }),
    );
    const lines = (await svc(["project", "list"], { SVC_HOME: api.home })).stdout.split("\n");
    expect(lines).toContain(`Job 1\t${join(jobs, "job1")}\tok\tnested with Jobs`);
    expect(lines).toContain(`${defaultName()}\t${api.root}\tok`);
  });

  it("PROJECT_ROOT inside a registered project is still registered on start, and flagged", async () => {
    const root = join(jobs, "job2");
    expect(await ensureProjectRoot(api.ctx, root)).toMatchObject({ name: "job2", root });
    expect((await listed()).find((p) => p.name === "job2")?.nested_with).toEqual(["Jobs"]);
    api.registry.projects.remove("job2");
  });
});

describe("svc project add: the same refusals, exit 2", () => {
  it.each([
    ["~/.ssh", () => join(userHome, ".ssh"), /~\/\.ssh holds settings/],
    ["/", () => "/", /\/ is a root or mount point/],
    ["the parent of a project", () => dirname(jobs), /holds project "Job 1"/],
  ])("refuses %s", async (_label, path, message) => {
    const run = await svc(["project", "add", "Refused", path()], { SVC_HOME: api.home });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(api.registry.projects.byName("Refused")).toBeUndefined();
  });

  it("resolves a relative PATH against its own working folder", async () => {
    await mkdir(join(ws.base, "elsewhere", "Spot"), { recursive: true });
    const run = await svc(["project", "add", "Spot", "./Spot"], { SVC_HOME: api.home }, undefined, {
      cwd: join(ws.base, "elsewhere"),
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(api.registry.projects.byName("Spot")?.root).toBe(join(ws.base, "elsewhere", "Spot"));
  });
});
