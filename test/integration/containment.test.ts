import { copyFile, lstat, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ingestSlotName } from "../../library/jobs/slots.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { jsonLines, svc } from "../support/cli.js";
import { OFFLINE } from "../support/env.js";
import { makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

const OUTSIDE = "dir must be a folder inside the project root";
const NO_FOLDER = "dir must name an existing folder of the project";
const IGNORED = "dir names a folder svc never ingests (.svc, Proxy, hidden folders)";

describe.skipIf(!hasTools)("one containment policy", () => {
  let fixtures: string;
  let still: string;
  let other: string;
  const open: TestApi[] = [];
  beforeAll(async () => {
    fixtures = await mkdtemp(join(tmpdir(), "svc-contain-fixtures-"));
    still = await makeStill(fixtures, "png");
    other = await makeStill(fixtures, "jpg");
  });
  afterEach(async () => {
    for (const api of open.splice(0)) await api.close();
  });
  afterAll(async () => {
    await rm(fixtures, { recursive: true, force: true });
  });

  /**
   * A served project: `day1/a.png`, `top.png` and `swap.png` inside the root, and `linked/`, a
   * symlink to `elsewhere/` outside it (a second disk), holding `g.png` and `h.png`. All ingested.
   */
  const project = async () => {
    const api = await startApi({ env: OFFLINE });
    open.push(api);
    const root = api.root as string;
    const base = dirname(api.home);
    const elsewhere = join(base, "elsewhere");
    for (const rel of ["day1/a.png", "top.png", "swap.png"]) {
      await mkdir(dirname(join(root, rel)), { recursive: true });
      await copyFile(still, join(root, rel));
    }
    await mkdir(elsewhere);
    await copyFile(still, join(elsewhere, "g.png"));
    await copyFile(still, join(elsewhere, "h.png"));
    await symlink(elsewhere, join(root, "linked"));
    const env = { PROJECT_ROOT: root, SVC_HOME: api.home, ...OFFLINE };
    const ingest = await svc(["ingest"], env);
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    const lib = openLibrary(root);
    const ids = Object.fromEntries(lib.media.all().map((r) => [r.rel_path, r.id]));
    lib.close();
    return { api, root, base, elsewhere, env, ids: ids as Record<string, number> };
  };

  const slotFree = async (api: TestApi, root: string) => {
    for (let i = 0; i < 600 && api.registry.slots.get(ingestSlotName(root)) !== undefined; i += 1)
      await sleep(50);
    expect(api.registry.slots.get(ingestSlotName(root))).toBeUndefined();
  };

  it("refuses a bad dir with the same text from the CLI (exit 2) and the API (422)", async () => {
    const { api, root, base, env } = await project();
    const cases: [string, string][] = [
      ["../elsewhere", OUTSIDE],
      [join(base, "elsewhere"), OUTSIDE],
      ["day1/../..", OUTSIDE],
      ["linked/../..", OUTSIDE],
      ["/etc", OUTSIDE],
      ["no-such-folder", NO_FOLDER],
      ["day1/a.png", NO_FOLDER],
      [".svc", IGNORED],
      ["day1/.hidden", IGNORED],
    ];
    for (const [dir, text] of cases) {
      const cli = await svc(["ingest", "--dir", dir], env);
      expect(cli.exitCode, dir).toBe(2);
      expect(cli.stderr, dir).toBe(`svc: ${text}`);
      const res = await api.request("POST", "/api/ingest", { body: JSON.stringify({ dir }) });
      expect(res.status, dir).toBe(422);
      expect(res.json(), dir).toEqual({ detail: text });
    }
    expect(api.registry.slots.get(ingestSlotName(root))).toBeUndefined();
  });

  it("takes a dir that is inside the root as written, a symlink to a folder elsewhere included", async () => {
    const { api, root, env } = await project();
    const accepted: [string, string][] = [
      ["linked", "linked"],
      [join(root, "day1"), "day1"],
      ["day1/../linked", "linked"],
    ];
    for (const [dir, rel] of accepted) {
      const cli = await svc(["ingest", "--dir", dir, "--progress", "json", "--refresh"], env);
      expect(cli.exitCode, cli.stderr).toBe(0);
      const events = jsonLines(cli.stdout);
      expect(events[0]).toMatchObject({ event: "start", dir: rel, files: rel === "linked" ? 2 : 1 });
      const res = await api.request("POST", "/api/ingest", { body: JSON.stringify({ dir }) });
      expect(res.status, res.text).toBe(202);
      expect(res.json<{ job: { dir: string } }>().job.dir).toBe(rel);
      await slotFree(api, root);
    }
  });

  describe("streaming serves only what the scanner ingested", () => {
    const stream = (api: TestApi, id: number) => api.request("GET", `/api/stream?id=${id}`);

    it("serves files inside the root and files reached through a symlinked folder", async () => {
      const { api, ids, elsewhere } = await project();
      const inside = await stream(api, ids["day1/a.png"] as number);
      expect(inside.status).toBe(200);
      expect(inside.headers["content-type"]).toBe("image/png");
      expect(Number(inside.headers["content-length"])).toBe((await lstat(still)).size);
      const linked = await stream(api, ids["linked/g.png"] as number);
      expect(linked.status).toBe(200);
      expect(Number(linked.headers["content-length"])).toBe((await lstat(join(elsewhere, "g.png"))).size);
    });

    it("refuses a file swapped for a symlink out of the root, and a linked file that changed", async () => {
      const { api, root, ids, elsewhere } = await project();
      await unlink(join(root, "swap.png"));
      await symlink("/etc/passwd", join(root, "swap.png"));
      const swapped = await stream(api, ids["swap.png"] as number);
      expect(swapped.status).toBe(404);
      expect(swapped.text).not.toContain("root:");
      expect(swapped.json()).toEqual({
        detail: `the file of media item ${ids["swap.png"]} is missing or no longer the one ingested`,
      });
      // Outside the root only the very file that was ingested is served.
      await copyFile(other, join(elsewhere, "h.png"));
      expect((await stream(api, ids["linked/h.png"] as number)).status).toBe(404);
      // Inside the root the file is the project's own: a changed one is still served.
      await copyFile(other, join(root, "top.png"));
      expect((await stream(api, ids["top.png"] as number)).status).toBe(200);
    });

    it("refuses rows whose stored path leaves the root or names a folder svc never ingests", async () => {
      const { api, root, base } = await project();
      await writeFile(join(base, "outside.png"), "not served");
      await mkdir(join(root, ".svc", "x"), { recursive: true });
      await copyFile(still, join(root, ".svc", "x", "inside.png"));
      const lib = openLibrary(root);
      const stamp = new Date().toISOString();
      const add = lib.db.prepare(
        `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, status, next_stage, created_at, updated_at)
         VALUES (?, 'image', 10, 1, 'f', 'done', 'done', ?, ?)`,
      );
      const escaping = Number(add.run("../outside.png", stamp, stamp).lastInsertRowid);
      const hidden = Number(add.run(".svc/x/inside.png", stamp, stamp).lastInsertRowid);
      lib.close();
      for (const id of [escaping, hidden]) expect((await stream(api, id)).status).toBe(404);
      const raw = await api.request("GET", "/api/stream?id=../../etc/passwd");
      expect(raw.status).toBe(422);
    });

    it("refuses a thumbnail swapped for a symlink out of .svc/thumbs", async () => {
      const { api, root, ids } = await project();
      const id = ids["top.png"] as number;
      expect((await api.request("GET", `/api/media/${id}/thumbnail`)).status).toBe(200);
      const thumb = join(root, ".svc", "thumbs", `${id}.jpg`);
      await unlink(thumb);
      await symlink("/etc/passwd", thumb);
      const res = await api.request("GET", `/api/media/${id}/thumbnail`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("root:");
    });
  });

  describe("delete moves a file to the trash only when its real location is inside the root", () => {
    it("trashes a file at the top of the root and one in a folder", async () => {
      const { api, root, ids } = await project();
      for (const rel of ["top.png", "day1/a.png"]) {
        const res = await api.request("DELETE", `/api/media/${ids[rel]}`);
        expect(res.status).toBe(200);
        expect(res.json()).toMatchObject({
          status: "deleted",
          file: "trashed",
          trash_path: `.svc/trash/${rel}`,
        });
        await expect(lstat(join(root, rel))).rejects.toMatchObject({ code: "ENOENT" });
        expect((await lstat(join(root, ".svc", "trash", rel))).isFile()).toBe(true);
      }
    });

    it("leaves a file reached through a symlink out of the root where it is; only the row goes", async () => {
      const { api, root, base, ids, elsewhere } = await project();
      const res = await api.request("DELETE", `/api/media/${ids["linked/g.png"]}`);
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ status: "deleted", file: "outside_root", trash_path: null });
      expect((await lstat(join(elsewhere, "g.png"))).isFile()).toBe(true);
      // A file swapped for a link to something elsewhere: neither the link's target nor the link moves.
      await writeFile(join(base, "secret.txt"), "keep me");
      await unlink(join(root, "swap.png"));
      await symlink(join(base, "secret.txt"), join(root, "swap.png"));
      const swapped = await api.request("DELETE", `/api/media/${ids["swap.png"]}`);
      expect(swapped.json()).toMatchObject({ status: "deleted", file: "outside_root" });
      expect(await readFile(join(base, "secret.txt"), "utf8")).toBe("keep me");
      expect((await lstat(join(root, "swap.png"))).isSymbolicLink()).toBe(true);
      expect((await api.request("GET", `/api/media/${ids["swap.png"]}`)).status).toBe(404);
    });
  });
});
