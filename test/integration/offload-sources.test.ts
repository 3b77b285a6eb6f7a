import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OffloadJob } from "../../domain/schemas/offload.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

/** Files of a card with the modes a camera, a DIT's notes and a script could carry. */
const MODES: Record<string, number> = {
  "CLIPS/C0001.MXF": 0o640,
  "CLIPS/C0002.MXF": 0o444,
  "CLIPS/C0003.MXF": 0o664,
  "NOTES/private.txt": 0o600,
  "TOOLS/ingest.sh": 0o755,
};

async function makeCard(card: string): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const [rel, mode] of Object.entries(MODES)) {
    const data = randomBytes(20_000 + Object.keys(files).length);
    await mkdir(join(card, rel, ".."), { recursive: true });
    await writeFile(join(card, rel), data);
    await chmod(join(card, rel), mode);
    files[rel] = data;
  }
  return files;
}

/** Every file of the card arrived byte for byte with its own permission bits, none wider or narrower. */
async function expectCopied(dest: string, files: Record<string, Buffer>): Promise<void> {
  for (const [rel, data] of Object.entries(files)) {
    expect((await readFile(join(dest, rel))).equals(data), rel).toBe(true);
    expect(((await stat(join(dest, rel))).mode & 0o777).toString(8), rel).toBe(
      (MODES[rel] as number).toString(8),
    );
  }
}

let ws: Awaited<ReturnType<typeof tempWorkspace>>;
let api: TestApi;
let shared: string;
let mounts: string;
let svcHome: string;
let userHome: string;
let drives: string;
/** Each card's files by its path. */
const cards = new Map<string, Record<string, Buffer>>();
const card = async (path: string) => {
  cards.set(path, await makeCard(path));
};
const filesOf = (path: string) => {
  const files = cards.get(path);
  if (!files) throw new Error(`no card was made at ${path}`);
  return files;
};
const savedHome = process.env.HOME;

beforeAll(async () => {
  ws = await tempWorkspace("svc-offload-sources-");
  shared = join(ws.base, "shared");
  mounts = join(ws.base, "mounts");
  drives = join(ws.base, "drives");
  // svc's own data and the user's home sit inside a listed folder: they stay refused all the same.
  svcHome = join(shared, "svc-home");
  userHome = join(shared, "user");
  await mkdir(join(userHome, ".ssh"), { recursive: true });
  await writeFile(join(userHome, ".ssh", "id_ed25519"), "PRIVATE KEY");
  await mkdir(join(ws.base, "elsewhere"), { recursive: true });
  await mkdir(mounts, { recursive: true });
  await card(join(shared, "A001"));
  await card(join(mounts, "CARD_B"));
  await card(join(ws.base, "elsewhere", "A009"));
  await symlink("/etc/ssl/certs", join(shared, "certs"));
  await symlink(join(ws.base, "elsewhere", "A009"), join(shared, "A009-link"));
  // This worker's home folder, as the daemon's deny-list sees it (os.homedir() reads HOME).
  process.env.HOME = userHome;
  api = await startApi({
    env: { SVC_HOME: svcHome, SVC_OFFLOAD_SOURCES: shared, SVC_CARD_MOUNT_ROOTS: mounts },
  });
  await card(join(api.root as string, "Cards", "A003"));
  await mkdir(join(api.root as string, ".svc"), { recursive: true });
}, 60_000);

afterAll(async () => {
  process.env.HOME = savedHome;
  await api?.close();
  await ws?.cleanup();
});

const offload = (source: string, dest: string) =>
  api.request("POST", "/api/offload", { body: { source, dests: [dest] } });

async function finished(id: string): Promise<OffloadJob> {
  return until("the offload to finish", async () => {
    const { jobs } = (await api.request("GET", "/api/offload/status")).json<{ jobs: OffloadJob[] }>();
    const job = jobs.find((j) => j.id === id);
    return job && job.state !== "running" ? job : undefined;
  });
}

describe("POST /api/offload: where a source may lie", () => {
  it.each([
    ["a folder listed in SVC_OFFLOAD_SOURCES", () => join(shared, "A001")],
    ["a registered project", () => join(api.root as string, "Cards", "A003")],
    ["a card mount root", () => join(mounts, "CARD_B")],
  ])("copies a card from %s, keeping every file's mode", async (label, source) => {
    const dest = join(drives, label.replace(/\W+/g, "-"));
    const res = await offload(source(), dest);
    expect(res.status, res.text).toBe(202);
    const job = await finished(res.json<{ job: OffloadJob }>().job.id);
    expect(job.state, job.error).toBe("done");
    expect(job.dests[0]).toMatchObject({ files_done: 5, failed: 0 });
    await expectCopied(dest, filesOf(source()));
  });

  it.each([
    ["SVC_HOME (the token store)", () => svcHome],
    ["a folder inside SVC_HOME", () => join(svcHome, "logs")],
    ["the home folder", () => userHome],
    ["~/.ssh", () => join(userHome, ".ssh")],
    ["/etc/ssl/certs", () => "/etc/ssl/certs"],
    ["a symlink in a listed folder to /etc/ssl/certs", () => join(shared, "certs")],
    ["a symlink in a listed folder to a card elsewhere", () => join(shared, "A009-link")],
    ["a card outside every allowed folder", () => join(ws.base, "elsewhere", "A009")],
    ["a folder outside that does not exist", () => join(ws.base, "nowhere", "A010")],
    ["a project's .svc folder", () => join(api.root as string, ".svc")],
    ["a mount root itself", () => mounts],
  ])("answers 403 for %s and copies nothing", async (label, source) => {
    const dest = join(drives, `refused-${label.replace(/\W+/g, "-")}`);
    const res = await offload(source(), dest);
    expect(res.status, res.text).toBe(403);
    expect(res.text).not.toContain(ws.base);
    expect(existsSync(dest)).toBe(false);
  });

  it("opens nothing for a project registered at / before project folders were checked", async () => {
    api.registry.projects.add("Everything", "/");
    try {
      const dest = join(drives, "refused-via-root-project");
      const res = await offload(join(ws.base, "elsewhere", "A009"), dest);
      expect(res.status, res.text).toBe(403);
      expect(existsSync(dest)).toBe(false);
    } finally {
      api.registry.projects.remove("Everything");
    }
  });

  it("answers 422 for a relative source, never resolving it against the daemon's folder", async () => {
    const dest = join(drives, "refused-relative");
    // It names a listed card, as seen from this process's working folder.
    const res = await offload(relative(process.cwd(), join(shared, "A001")), dest);
    expect(res.status, res.text).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/absolute/);
    expect(existsSync(dest)).toBe(false);
  });
});

describe("svc offload (the CLI): the user's own choice", () => {
  it("resolves ./A009 against its working folder, wherever that is, and keeps every file's mode", async () => {
    const dest = join(ws.base, "cli-drive", "A009");
    const run = await svc(
      ["offload", "./A009", "--dest", dest],
      { SVC_HOME: join(ws.base, "cli-home") },
      undefined,
      {
        cwd: join(ws.base, "elsewhere"),
      },
    );
    expect(run.exitCode, run.stderr).toBe(0);
    await expectCopied(dest, filesOf(join(ws.base, "elsewhere", "A009")));
  });
});

describe("svc serve: SVC_OFFLOAD_SOURCES", () => {
  it.each([
    ["/etc/cards", /SVC_OFFLOAD_SOURCES: \/etc is a system folder/],
    ["relative/cards", /SVC_OFFLOAD_SOURCES: expected absolute folders separated by commas/],
  ])("refuses to start with %s, naming the variable", async (value, message) => {
    const run = await svc(
      ["serve"],
      ws.env({ SVC_PORT: "0", SVC_MCP_PORT: "0", SVC_OFFLOAD_SOURCES: value }),
      30_000,
    );
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
