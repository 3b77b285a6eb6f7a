import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { purgeTrash } from "../../library/organise/trash.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { ANAMORPHIC, makeAnamorphicClip } from "../support/camera/picture.js";
import { svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const ABSOLUTE = /"\/(?!api\/)[^"]*\/|[A-Za-z]:[\\/]/;

interface TrashList {
  items: { id: number; path: string; trash_path: string; deleted_at: string; purge_after: string | null }[];
}

describe.skipIf(!hasTools)(
  "the trash: deleted files are listed, restored with their editorial work, and purged",
  () => {
    let api: TestApi | undefined;
    let ws: Awaited<ReturnType<typeof tempWorkspace>> | undefined;

    afterEach(async () => {
      await api?.close();
      await ws?.cleanup();
      api = undefined;
      ws = undefined;
    });

    /** A served project with one ingested still carrying editorial work, deleted to the trash. */
    async function deletedStill() {
      api = await startApi();
      const served = api;
      const root = served.root as string;
      await makeStill(root, "png", "day 1/A001.png");
      const pass = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: served.home });
      expect(pass.exitCode, pass.stderr).toBe(0);
      const lib = openLibrary(root);
      const id = lib.media.byPath("day 1/A001.png")?.id as number;
      lib.close();
      const patch = async (path: string, body: unknown) =>
        expect((await served.request("PATCH", `/api/media/${id}/${path}`, { body })).status).toBe(200);
      await patch("inout", { in_point: 0.5, out_point: 2 });
      await patch("camera", { camera_id: "B", angle: "close" });
      await patch("rating", { rating: "circled", rating_note: "the keeper" });
      expect(
        (await served.request("POST", `/api/media/${id}/tags`, { body: { name: "Hero shot" } })).status,
      ).toBe(201);
      const original = await readFile(join(root, "day 1/A001.png"));
      expect((await served.request("DELETE", `/api/media/${id}`)).status).toBe(200);
      return { api: served, root, id, original };
    }

    it("lists a deleted file with relative paths and restores it, editorial work and all", async () => {
      const { api, root, original } = await deletedStill();
      const listed = await api.request("GET", "/api/trash");
      expect(listed.status).toBe(200);
      expect(listed.text).not.toMatch(ABSOLUTE);
      const { items } = listed.json<TrashList>();
      expect(items).toEqual([
        expect.objectContaining({
          path: "day 1/A001.png",
          trash_path: ".svc/trash/day 1/A001.png",
          kind: "image",
        }),
      ]);
      const entry = items[0] as TrashList["items"][number];
      expect(Date.parse(entry.purge_after as string) - Date.parse(entry.deleted_at)).toBe(30 * 86_400_000);

      const restored = await api.request("POST", `/api/trash/${entry.id}/restore`);
      expect(restored.status, restored.text).toBe(200);
      expect(restored.text).not.toMatch(ABSOLUTE);
      const report = restored.json<{ media_id: number; ingest_note: string | null }>();
      expect(report.ingest_note).toBeNull();
      expect(report.media_id).toEqual(expect.any(Number));
      expect(await readFile(join(root, "day 1/A001.png"))).toEqual(original);
      const item = (await api.request("GET", `/api/media/${report.media_id}`)).json<
        Record<string, unknown>
      >();
      expect(item).toMatchObject({
        in_point: 0.5,
        out_point: 2,
        camera_id: "B",
        angle: "close",
        rating: "circled",
        rating_note: "the keeper",
        tags: expect.arrayContaining([{ name: "Hero shot", source: "manual" }]),
      });
      expect((await api.request("GET", "/api/trash")).json<TrashList>().items).toEqual([]);
    });

    it("gives a restored video back the desqueeze an editor set, its display size worked out from it", async () => {
      api = await startApi();
      const served = api;
      const root = served.root as string;
      await makeAnamorphicClip(root, "scope/D001.mov");
      const pass = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: served.home });
      expect(pass.exitCode, pass.stderr).toBe(0);
      const lib = openLibrary(root);
      const id = lib.media.byPath("scope/D001.mov")?.id as number;
      lib.close();
      const set = await served.request("PATCH", `/api/media/${id}/desqueeze`, { body: { desqueeze: 2 } });
      expect(set.status, set.text).toBe(200);
      const squeezed = set.json<{ display_width: number; display_height: number }>();
      expect(squeezed.display_width).toBe(ANAMORPHIC.displayWidth * 2);
      expect((await served.request("DELETE", `/api/media/${id}`)).status).toBe(200);

      const [entry] = (await served.request("GET", "/api/trash")).json<TrashList>().items;
      const restored = await served.request("POST", `/api/trash/${entry?.id}/restore`);
      expect(restored.status, restored.text).toBe(200);
      const { media_id } = restored.json<{ media_id: number }>();
      const item = (await served.request("GET", `/api/media/${media_id}`)).json<Record<string, unknown>>();
      expect(item).toMatchObject({
        desqueeze: 2,
        display_width: squeezed.display_width,
        display_height: squeezed.display_height,
      });
    });

    it("refuses to restore over a file that now stands in its place, changing nothing", async () => {
      const { api, root } = await deletedStill();
      await writeFile(join(root, "day 1/A001.png"), "a new file with the old name");
      const [entry] = (await api.request("GET", "/api/trash")).json<TrashList>().items;
      const res = await api.request("POST", `/api/trash/${entry?.id}/restore`);
      expect(res.status).toBe(409);
      expect(res.json<{ detail: string }>().detail).toMatch(/something else now stands at its place/);
      expect(await readFile(join(root, "day 1/A001.png"), "utf8")).toBe("a new file with the old name");
      expect((await stat(join(root, ".svc/trash/day 1/A001.png"))).isFile()).toBe(true);
      expect((await api.request("GET", "/api/trash")).json<TrashList>().items).toHaveLength(1);
    });

    it("answers 404 for an unknown entry and 422 for a malformed id", async () => {
      api = await startApi();
      expect((await api.request("POST", "/api/trash/999/restore")).status).toBe(404);
      for (const bad of ["abc", "0", "-1", "..%2f..%2fetc"])
        expect((await api.request("POST", `/api/trash/${bad}/restore`)).status, bad).toBe(422);
    });

    it("restores while another job holds the ingest slot; the next pass ingests it with its editorial work", async () => {
      const { api, root } = await deletedStill();
      const [entry] = (await api.request("GET", "/api/trash")).json<TrashList>().items;
      const lease = claimSlot(api.registry, ingestSlotName(root), "a long ingest");
      let report: { media_id: number | null; ingest_note: string | null };
      try {
        const res = await api.request("POST", `/api/trash/${entry?.id}/restore`);
        expect(res.status, res.text).toBe(200);
        report = res.json();
      } finally {
        lease.release();
      }
      expect(report.media_id).toBeNull();
      expect(report.ingest_note).toMatch(/a long ingest.*next pass/);
      expect((await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home })).exitCode).toBe(0);
      const lib = openLibrary(root);
      try {
        expect(lib.media.byPath("day 1/A001.png")).toMatchObject({ camera_id: "B", rating: "circled" });
      } finally {
        lib.close();
      }
    });

    it("purges entries older than the given days, and drops records whose file is gone", async () => {
      const { root } = await deletedStill();
      const lib = openLibrary(root);
      try {
        const [entry] = lib.trash.all();
        const deleted = Date.parse(entry?.deleted_at as string);
        expect(await purgeTrash(lib, 30, new Date(deleted + 29 * 86_400_000))).toEqual({
          purged: 0,
          failed: 0,
        });
        expect(lib.trash.all()).toHaveLength(1);
        expect(await purgeTrash(lib, 30, new Date(deleted + 31 * 86_400_000))).toEqual({
          purged: 1,
          failed: 0,
        });
        expect(lib.trash.all()).toEqual([]);
        await expect(stat(join(root, ".svc/trash/day 1/A001.png"))).rejects.toMatchObject({ code: "ENOENT" });
      } finally {
        lib.close();
      }
    });

    it("svc trash list, restore and empty from the command line", async () => {
      ws = await tempWorkspace("svc-trash-cli-");
      await mkdir(join(ws.root, "cards"), { recursive: true });
      await makeStill(ws.root, "png", "cards/one.png");
      await makeStill(ws.root, "png", "cards/two.png");
      expect((await svc(["ingest"], ws.env())).exitCode).toBe(0);
      api = await startApi({ projectRoot: ws.root });
      const lib = openLibrary(ws.root);
      const ids = ["cards/one.png", "cards/two.png"].map((p) => lib.media.byPath(p)?.id as number);
      lib.close();
      for (const id of ids) expect((await api.request("DELETE", `/api/media/${id}`)).status).toBe(200);
      await api.close();
      api = undefined;

      const list = await svc(["trash", "list", "--json"], ws.env());
      expect(list.exitCode, list.stderr).toBe(0);
      const { items } = JSON.parse(list.stdout) as TrashList;
      expect(items.map((e) => e.path).sort()).toEqual(["cards/one.png", "cards/two.png"]);
      const one = items.find((e) => e.path === "cards/one.png")?.id as number;

      const restore = await svc(["trash", "restore", String(one)], ws.env());
      expect(restore.exitCode, restore.stderr).toBe(0);
      expect(restore.stdout).toMatch(/^restored cards\/one.png as item \d+/);
      expect((await svc(["trash", "restore", String(one)], ws.env())).exitCode).toBe(2);
      expect((await svc(["trash", "empty", "--older-than", "soon"], ws.env())).exitCode).toBe(2);
      expect((await svc(["trash", "bin"], ws.env())).exitCode).toBe(2);

      const empty = await svc(["trash", "empty"], ws.env());
      expect(empty.exitCode, empty.stderr).toBe(0);
      expect(empty.stdout).toMatch(/removed 1 file/);
      expect(JSON.parse((await svc(["trash", "list", "--json"], ws.env())).stdout)).toEqual({ items: [] });
      expect((await stat(join(ws.root, "cards/one.png"))).isFile()).toBe(true);
    });
  },
);
