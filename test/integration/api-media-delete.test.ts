import {
  copyFile,
  cp,
  lstat,
  mkdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../api/body.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeSceneClip, makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

describe.skipIf(!hasTools)("deleting media over the API", () => {
  /** The ingested project every test starts from a copy of; never changed after beforeAll. */
  let template: TestApi;
  let templateIds: ReadonlyMap<string, number>;
  let copies = 0;
  let api: TestApi;
  let root = "";
  let still = "";
  let outside = "";
  let ids = new Map<string, number>();

  const svcDir = (...parts: string[]) => join(root, ".svc", ...parts);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api.request(method, path, body === undefined ? {} : { body });
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).not.toBe(500);
    if (res.status >= 400) expect(res.json()).toEqual({ detail: expect.any(String) });
    return res;
  };
  const total = async () => (await call("GET", "/api/media?limit=1")).json<{ total: number }>().total;
  const idOf = (rel: string) => {
    const found = ids.get(rel);
    if (found === undefined) throw new Error(`${rel} was not ingested`);
    return found;
  };
  const ingest = async () => {
    const result = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(result.exitCode, result.stderr).toBe(0);
    const lib = openLibrary(root);
    try {
      for (const row of lib.media.all()) ids.set(row.rel_path, row.id);
    } finally {
      lib.close();
    }
  };

  /** A plain file where the trash folder for blocked/ would go: moving C.png fails, even as root. */
  const blockTrash = async () => {
    await mkdir(svcDir("trash"), { recursive: true });
    await writeFile(svcDir("trash", "blocked"), "in the way");
  };

  beforeAll(async () => {
    api = template = await startApi();
    root = template.root as string;
    const fixtures = join(dirname(root), "fixtures");
    still = await makeStill(fixtures, "png");
    outside = join(fixtures, "outside.png");
    await copyFile(still, outside);
    await makeSceneClip(root, "card/scenes.mp4");
    for (const rel of ["card/A.png", "card/B.png", "gone.png", "blocked/C.png"]) {
      await mkdir(dirname(join(root, rel)), { recursive: true });
      await copyFile(still, join(root, rel));
    }
    await symlink(outside, join(root, "linked.png"));
    await ingest();
    templateIds = new Map(ids);
    const lib = openLibrary(root);
    try {
      lib.db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      lib.close();
    }
  }, 120_000);

  // Each test deletes from a copy of its own (files, database and derived files), served as the
  // default project, so what one test trashed or blocked is never there for another.
  beforeEach(async () => {
    copies += 1;
    root = join(dirname(template.root as string), `copy-${copies}`);
    await cp(template.root as string, root, { recursive: true, filter: (src) => !/-(wal|shm)$/.test(src) });
    api = await startApi({ projectRoot: root });
    ids = new Map(templateIds);
  });

  afterEach(async () => {
    await api?.close();
  });

  afterAll(async () => {
    await template?.close();
  });

  it("moves a file into .svc/trash under its relative path and removes row and thumbnail", async () => {
    const id = idOf("card/A.png");
    const before = await total();
    expect(await exists(svcDir("thumbs", `${id}.jpg`))).toBe(true);
    const res = await call("DELETE", `/api/media/${id}`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      id,
      status: "deleted",
      file: "trashed",
      trash_path: ".svc/trash/card/A.png",
      trash_id: expect.any(Number),
    });
    expect(await exists(join(root, "card/A.png"))).toBe(false);
    expect(await readFile(svcDir("trash", "card/A.png"))).toEqual(await readFile(still));
    expect(await exists(svcDir("thumbs", `${id}.jpg`))).toBe(false);
    expect((await call("GET", `/api/media/${id}`)).status).toBe(404);
    expect((await call("GET", `/api/media/${id}/thumbnail`)).status).toBe(404);
    expect(await total()).toBe(before - 1);
    const facets = (await call("GET", "/api/media/facets/shoot-date")).json<{ total: number }>();
    expect(facets.total).toBe(before - 1);
    expect((await call("GET", "/api/media?q=card%2FA.png")).json<{ total: number }>().total).toBe(0);
    expect((await call("DELETE", `/api/media/${id}`)).status).toBe(404);
  });

  it("never overwrites an earlier trashed file of the same name", async () => {
    expect((await call("DELETE", `/api/media/${idOf("card/A.png")}`)).json()).toMatchObject({
      trash_path: ".svc/trash/card/A.png",
    });
    await copyFile(still, join(root, "card/A.png"));
    await writeFile(svcDir("trash", "card/A (2).png"), "an earlier one");
    await ingest();
    const res = await call("DELETE", `/api/media/${idOf("card/A.png")}`);
    expect(res.json()).toMatchObject({ file: "trashed", trash_path: ".svc/trash/card/A (3).png" });
    expect(await readFile(svcDir("trash", "card/A.png"))).toEqual(await readFile(still));
    expect(await readFile(svcDir("trash", "card/A (2).png"), "utf8")).toBe("an earlier one");
    expect(await readFile(svcDir("trash", "card/A (3).png"))).toEqual(await readFile(still));
  });

  it("removes the key frames and scenes of a video", async () => {
    const id = idOf("card/scenes.mp4");
    expect((await call("GET", `/api/media/${id}/scenes`)).json<unknown[]>().length).toBeGreaterThan(1);
    expect(await exists(svcDir("frames", String(id), "0.jpg"))).toBe(true);
    expect((await call("DELETE", `/api/media/${id}`)).json()).toMatchObject({ file: "trashed" });
    expect(await exists(svcDir("frames", String(id)))).toBe(false);
    expect(await exists(svcDir("trash", "card/scenes.mp4"))).toBe(true);
    const lib = openLibrary(root);
    try {
      expect(lib.scenes.forMedia(id)).toEqual([]);
      expect(lib.tags.forMedia(id)).toEqual([]);
    } finally {
      lib.close();
    }
  });

  it("only forgets the row of a file whose real location is outside the root", async () => {
    const res = await call("DELETE", `/api/media/${idOf("linked.png")}`);
    expect(res.json()).toEqual({
      id: idOf("linked.png"),
      status: "deleted",
      file: "outside_root",
      trash_path: null,
      trash_id: null,
    });
    expect(await readlink(join(root, "linked.png"))).toBe(outside);
    expect(await readFile(outside)).toEqual(await readFile(still));
    expect(await exists(svcDir("trash", "linked.png"))).toBe(false);
  });

  it("deletes the row of an item whose file is already gone", async () => {
    await rm(join(root, "gone.png"));
    const res = await call("DELETE", `/api/media/${idOf("gone.png")}`);
    expect(res.json()).toMatchObject({ status: "deleted", file: "already_gone", trash_path: null });
  });

  it("refuses with 409 and changes nothing when the file cannot be moved", async () => {
    await blockTrash();
    const id = idOf("blocked/C.png");
    const before = await total();
    const res = await call("DELETE", `/api/media/${id}`);
    expect(res.status).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/could not be moved to the trash/);
    expect(res.text).not.toContain(root);
    expect(await total()).toBe(before);
    expect(await exists(join(root, "blocked/C.png"))).toBe(true);
    expect(await exists(svcDir("thumbs", `${id}.jpg`))).toBe(true);
  });

  it("bulk-deletes per id: deleted, not found and failed are reported apart", async () => {
    await blockTrash();
    const b = idOf("card/B.png");
    const c = idOf("blocked/C.png");
    const res = await call("POST", "/api/media/bulk-delete", { ids: [b, 999999, b, c] });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      results: [
        {
          id: b,
          status: "deleted",
          file: "trashed",
          trash_path: ".svc/trash/card/B.png",
          trash_id: expect.any(Number),
        },
        { id: 999999, status: "not_found" },
        { id: c, status: "failed", detail: expect.stringMatching(/could not be moved/) },
      ],
      deleted: 1,
      not_found: 1,
      failed: 1,
    });
    expect((await call("GET", `/api/media/${c}`)).status).toBe(200);
  });

  it("refuses bad bodies and ids, deleting nothing", async () => {
    const before = await total();
    const bodies: [unknown, number][] = [
      [{}, 422],
      ["", 422],
      ["{ids:[1]}", 422],
      [{ ids: [] }, 422],
      [{ ids: "1" }, 422],
      [{ ids: ["1"] }, 422],
      [{ ids: [-1] }, 422],
      [{ ids: [0] }, 422],
      [{ ids: [1.5] }, 422],
      ['{"ids": [1e400]}', 422],
      [{ ids: [2 ** 60] }, 422],
      [{ ids: [null] }, 422],
      [{ ids: Array.from({ length: 1001 }, (_, n) => n + 1) }, 422],
      [{ ids: [1], also: true }, 422],
      [JSON.stringify({ ids: [1], pad: "x".repeat(MAX_BODY_BYTES) }), 413],
    ];
    for (const [body, status] of bodies) {
      const res = await call("POST", "/api/media/bulk-delete", body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(status);
    }
    for (const bad of ["abc", "-1", "0", "1.0", "..%2f..%2fetc%2fpasswd"]) {
      expect((await call("DELETE", `/api/media/${bad}`)).status, bad).toBe(422);
    }
    // Dots that climb out of /api/media leave no route to answer.
    expect((await call("DELETE", "/api/media/%2e%2e")).status).toBe(404);
    expect((await call("DELETE", "/api/media/999999")).status).toBe(404);
    expect(await total()).toBe(before);
    expect((await stat(join(root, "blocked/C.png"))).isFile()).toBe(true);
  });
});
