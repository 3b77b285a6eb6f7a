import { copyFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { makeStill } from "../support/media.js";
import { CLIP_PROBE, seedClip, stageDone } from "../support/rows.js";
import { needTools } from "../support/tools.js";

const ITEMS = 500;

interface Listed {
  id: number;
  rating: string | null;
  rating_note: string | null;
  tags: { name: string; source: string }[];
}

// One library of 500 items edited in turn: each test starts from what the one before left.
describe("bulk edits over the API: tags, ratings, bins, trash", { shuffle: false }, () => {
  let api: TestApi;
  const ids: number[] = [];
  let project = "";
  const unknown = 9_999_999;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api.request(method, path, body === undefined ? {} : { body });
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).not.toBe(500);
    if (res.status >= 400) expect(res.json()).toEqual({ detail: expect.any(String) });
    return res;
  };
  const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call(method, path, body);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return res.json<T>();
  };
  /** Every item's editorial fields as the library lists them, by id. */
  const listed = async (): Promise<Map<number, Listed>> => {
    const found = new Map<number, Listed>();
    for (const offset of [0, ITEMS]) {
      const page = await ok<{ items: Listed[] }>(
        "GET",
        `/api/media?limit=${ITEMS}&offset=${offset}&sort=name`,
      );
      for (const { id, rating, rating_note, tags } of page.items)
        found.set(id, { id, rating, rating_note, tags });
    }
    return found;
  };
  const manualTags = (item: Listed | undefined) =>
    (item?.tags ?? []).filter((t) => t.source === "manual").map((t) => t.name);
  const tagged = async (name: string) =>
    [...(await listed()).values()]
      .filter((item) => manualTags(item).includes(name))
      .map((i) => i.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    api = await startApi();
    const lib = openLibrary(api.root as string);
    try {
      for (let n = 1; n <= ITEMS; n += 1) ids.push(seedClip(lib, n));
    } finally {
      lib.close();
    }
    project = api.registry.projects.byRoot(api.root as string)?.name as string;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
  });

  it("tags 500 items in one request, answers exactly which got it, and the swapped answer undoes it", async () => {
    const already = ids.slice(0, 100);
    await ok("POST", "/api/media/bulk-tags", { changes: [{ name: "b-roll", add: already }] });
    const answer = await ok<{
      changes: { name: string; added: number[]; removed: number[] }[];
      added: number;
    }>("POST", "/api/media/bulk-tags", { changes: [{ name: "B-Roll", add: ids }] });
    // Names match in any letter case: the 100 that had "b-roll" keep it and are not in the answer.
    expect(answer).toEqual({
      changes: [{ name: "B-Roll", added: ids.slice(100), removed: [] }],
      added: 400,
      removed: 0,
    });
    const items = await listed();
    for (const id of ids) expect(manualTags(items.get(id)), `item ${id}`).toHaveLength(1);

    const undo = answer.changes.map((c) => ({ name: c.name, add: c.removed, remove: c.added }));
    const undone = await ok<{ removed: number }>("POST", "/api/media/bulk-tags", { changes: undo });
    expect(undone.removed).toBe(400);
    expect(await tagged("b-roll")).toEqual(already);
    expect(await tagged("B-Roll")).toEqual([]);
  });

  it("takes a tag off many items under the spellings they had, and the undo puts each spelling back", async () => {
    await ok("POST", "/api/media/bulk-tags", {
      changes: [
        { name: "Night", add: ids.slice(0, 3) },
        { name: "night", add: ids.slice(3, 5) },
      ],
    });
    const answer = await ok<{ changes: { name: string; added: number[]; removed: number[] }[] }>(
      "POST",
      "/api/media/bulk-tags",
      { changes: [{ name: "NIGHT", remove: ids.slice(0, 10) }] },
    );
    expect(answer.changes).toEqual([
      { name: "Night", added: [], removed: ids.slice(0, 3) },
      { name: "night", added: [], removed: ids.slice(3, 5) },
    ]);
    await ok("POST", "/api/media/bulk-tags", {
      changes: answer.changes.map((c) => ({ name: c.name, add: c.removed, remove: c.added })),
    });
    expect(await tagged("Night")).toEqual(ids.slice(0, 3));
    expect(await tagged("night")).toEqual(ids.slice(3, 5));
  });

  it("refuses a change naming an unknown id among 500 with a 404 naming it, changing nothing", async () => {
    const before = await listed();
    const res = await call("POST", "/api/media/bulk-tags", {
      changes: [{ name: "never", add: [...ids.slice(0, 499), unknown] }],
    });
    expect(res.status).toBe(404);
    expect(res.json<{ detail: string }>().detail).toContain(String(unknown));
    const rated = await call("POST", "/api/media/bulk-rating", {
      ids: [...ids.slice(0, 499), unknown],
      rating: "1",
    });
    expect(rated.status).toBe(404);
    expect(rated.json<{ detail: string }>().detail).toContain(String(unknown));
    expect(await listed()).toEqual(before);
  });

  it("refuses malformed bulk bodies with a 422 that says what is wrong", async () => {
    const cases: [string, unknown, RegExp][] = [
      ["/api/media/bulk-tags", {}, /changes/],
      ["/api/media/bulk-tags", { changes: [] }, /at least one change/],
      ["/api/media/bulk-tags", { changes: [{ name: " ", add: [ids[0]] }] }, /name: must not be empty/],
      ["/api/media/bulk-tags", { changes: [{ name: "x" }] }, /add the tag to/],
      ["/api/media/bulk-tags", { changes: [{ name: "x", add: [1.5] }] }, /whole numbers/],
      [
        "/api/media/bulk-tags",
        { changes: [{ name: "x", add: [ids[0]], remove: [ids[0]] }] },
        /both add and remove/,
      ],
      [
        "/api/media/bulk-tags",
        { changes: [{ name: "x", add: Array.from({ length: 10_001 }, (_, i) => i + 1) }] },
        /at most 10000 ids/,
      ],
      ["/api/media/bulk-rating", { rating: "2" }, /either ids/],
      ["/api/media/bulk-rating", { ids: [ids[0]], items: [{ id: ids[0], rating: "1" }] }, /either ids/],
      ["/api/media/bulk-rating", { items: [{ id: ids[0] }, { id: ids[0] }] }, /listed twice/],
      ["/api/media/bulk-rating", { items: [{ id: ids[0], rating: "1" }], rating: "2" }, /each item carries/],
      ["/api/media/bulk-rating", { ids: [ids[0]], rating: "x".repeat(40) }, /rating: at most 32/],
      ["/api/media/bulk-rating", { ids: [ids[0]], stars: 3 }, /stars|unrecognized/i],
      ["/api/trash/bulk-restore", { ids: [] }, /at least one id/],
    ];
    for (const [path, body, message] of cases) {
      const res = await call("POST", path, body);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(message);
    }
  });

  it("rates 500 items in one request with each one's previous value, and the per-item form restores them exactly", async () => {
    await ok("POST", "/api/media/bulk-rating", { ids: ids.slice(0, 10), rating: "2", rating_note: "soft" });
    await ok("POST", "/api/media/bulk-rating", { ids: ids.slice(10, 20), rating: "4" });
    const before = await listed();
    const answer = await ok<{
      items: {
        id: number;
        rating: string | null;
        rating_note: string | null;
        previous: Record<string, unknown>;
      }[];
      changed: number;
    }>("POST", "/api/media/bulk-rating", { ids, rating: "5" });
    expect(answer.changed).toBe(ITEMS);
    expect(answer.items).toHaveLength(ITEMS);
    expect(answer.items[0]).toEqual({
      id: ids[0],
      rating: "5",
      rating_note: "soft",
      previous: { rating: "2", rating_note: "soft" },
    });
    expect(answer.items[15]?.previous).toEqual({ rating: "4", rating_note: null });
    expect(answer.items[400]?.previous).toEqual({ rating: null, rating_note: null });
    for (const item of (await listed()).values()) expect(item.rating).toBe("5");

    const undo = answer.items.map((item) => ({ id: item.id, ...item.previous }));
    const undone = await ok<{ changed: number }>("POST", "/api/media/bulk-rating", { items: undo });
    expect(undone.changed).toBe(ITEMS);
    expect(await listed()).toEqual(before);

    const cleared = await ok<{ changed: number }>("POST", "/api/media/bulk-rating", {
      ids: ids.slice(0, 20),
      rating: null,
      rating_note: null,
    });
    expect(cleared.changed).toBe(20);
    expect((await listed()).get(ids[0] as number)).toMatchObject({ rating: null, rating_note: null });
  });

  it("takes one tag off an item by its percent-encoded name, emoji and right-to-left text included", async () => {
    const id = ids[42] as number;
    const name = "🎬 שלום עולם";
    expect((await call("POST", `/api/media/${id}/tags`, { name })).status).toBe(201);
    const path = `/api/media/${id}/tags/${encodeURIComponent(name)}`;
    expect(await ok("DELETE", path)).toEqual({ id, name, removed: true });
    expect(manualTags((await listed()).get(id))).not.toContain(name);
    expect(await ok("DELETE", path)).toEqual({ id, name, removed: false });

    await call("POST", `/api/media/${id}/tags`, { name: "Close Up" });
    expect(await ok("DELETE", `/api/media/${id}/tags/close%20up`)).toEqual({
      id,
      name: "Close Up",
      removed: true,
    });

    expect((await call("DELETE", `/api/media/${unknown}/tags/x`)).status).toBe(404);
    // A malformed escape is refused before any route sees it.
    expect((await call("DELETE", `/api/media/${id}/tags/%E0%A4%A`)).status).toBe(400);
    expect((await call("DELETE", `/api/media/abc/tags/x`)).status).toBe(422);
  });

  it("adds 500 items to a bin in one request, answers which were new, and takes exactly those out again", async () => {
    const bin = (await call("POST", "/api/bins", { name: "selects" })).json<{ id: number }>().id;
    await ok("POST", `/api/bins/${bin}/bulk-items`, { project, media_ids: ids.slice(0, 50) });
    const answer = await ok<{ added: number[]; present: number[] }>("POST", `/api/bins/${bin}/bulk-items`, {
      project,
      media_ids: ids,
    });
    expect(answer.added.sort((a, b) => a - b)).toEqual(ids.slice(50));
    expect(answer.present.sort((a, b) => a - b)).toEqual(ids.slice(0, 50));
    const inBin = async () => (await ok<{ total: number }>("GET", `/api/media?bin=${bin}&limit=1`)).total;
    expect(await inBin()).toBe(ITEMS);

    const refused = await call("POST", `/api/bins/${bin}/bulk-items`, {
      project,
      media_ids: [unknown, ...ids.slice(0, 10)],
    });
    expect(refused.status).toBe(404);
    expect(refused.json<{ detail: string }>().detail).toContain(String(unknown));

    const removed = await ok<{ removed: number[]; absent: number[] }>(
      "POST",
      `/api/bins/${bin}/bulk-items/remove`,
      { project, media_ids: [...answer.added, unknown] },
    );
    expect(removed).toEqual({ removed: ids.slice(50), absent: [unknown] });
    expect(await inBin()).toBe(50);

    expect(
      (await call("POST", `/api/bins/${bin + 1000}/bulk-items`, { project, media_ids: ids })).status,
    ).toBe(404);
    const strange = await call("POST", `/api/bins/${bin}/bulk-items`, { project: "no-such", media_ids: ids });
    expect(strange.status).toBe(422);
    expect((await call("POST", `/api/bins/${bin}/bulk-items`, { project, media_ids: [] })).status).toBe(422);
  });

  it.skipIf(!needTools("ffmpeg", "ffprobe"))(
    "puts a bulk delete's trashed files back in one request, with their ratings and tags",
    async () => {
      const root = api.root as string;
      const still = await makeStill(join(dirname(root), "fixtures"), "png");
      const lib = openLibrary(root);
      const real: number[] = [];
      try {
        for (const name of ["a.png", "b.png", "c.png"]) {
          await copyFile(still, join(root, name));
          const file = { relPath: name, kind: "image" as const, size: 1, mtimeMs: 1, fingerprint: name };
          const probe = { ...CLIP_PROBE, duration_s: null, codec: null, fps: null, width: 640, height: 360 };
          real.push(lib.media.saveProbe(file, probe, stageDone("probe")));
        }
      } finally {
        lib.close();
      }
      await ok("POST", "/api/media/bulk-rating", { ids: real, rating: "3" });
      await ok("POST", "/api/media/bulk-tags", { changes: [{ name: "keep", add: real }] });
      const deleted = await ok<{ results: { id: number; trash_id: number | null }[]; deleted: number }>(
        "POST",
        "/api/media/bulk-delete",
        { ids: real },
      );
      expect(deleted.deleted).toBe(3);
      const trashIds = deleted.results.map((r) => r.trash_id);
      expect(trashIds.every((id) => typeof id === "number")).toBe(true);

      const refused = await call("POST", "/api/trash/bulk-restore", { ids: [...trashIds, unknown] });
      expect(refused.status).toBe(404);
      expect((await ok<{ items: unknown[] }>("GET", "/api/trash")).items).toHaveLength(3);

      const restored = await ok<{
        results: { status: string; path: string; media_id: number | null }[];
        restored: number;
        failed: number;
      }>("POST", "/api/trash/bulk-restore", { ids: trashIds });
      expect(restored).toMatchObject({ restored: 3, failed: 0 });
      expect(restored.results.map((r) => [r.status, r.path])).toEqual([
        ["restored", "a.png"],
        ["restored", "b.png"],
        ["restored", "c.png"],
      ]);
      for (const { media_id } of restored.results) {
        const item = await ok<Listed>("GET", `/api/media/${media_id}`);
        expect(item.rating).toBe("3");
        expect(manualTags(item)).toEqual(["keep"]);
      }
      expect((await ok<{ items: unknown[] }>("GET", "/api/trash")).items).toHaveLength(0);
    },
  );
});
