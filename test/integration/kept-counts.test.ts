import { copyFile, mkdir, rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

interface Cloud {
  tags: { name: string; count: number }[];
  total: number;
}

// The tag cloud and the collections read counts kept by triggers (migration 20): items per tag
// spelling (auto and manual counted once) and present items per status and rating. They stay
// what counting the rows gives.
describe.skipIf(!hasTools)("counts kept by triggers", () => {
  let api: TestApi;
  let root: string;
  const ids = new Map<string, number>();

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api.request(method, path, body === undefined ? {} : { body });
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(300);
    return res;
  };
  const idOf = (rel: string) => ids.get(rel) as number;
  const ingest = async () => {
    const result = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(result.exitCode, result.stderr).toBe(0);
  };
  /** The counts as the tags table has them, and as the tag cloud serves them. */
  const recount = () => {
    const lib = openLibrary(root);
    try {
      const kept = lib.db.prepare("SELECT name, items FROM tag_item_counts ORDER BY name").all();
      const review = lib.db
        .prepare("SELECT status, rating, n FROM review_counts WHERE n > 0 ORDER BY status, rating")
        .all();
      const reviewed = lib.db
        .prepare(
          `SELECT status, rating, count(*) AS n FROM media WHERE missing_since IS NULL
            GROUP BY status, rating ORDER BY status, rating`,
        )
        .all();
      const all = lib.db
        .prepare("SELECT name, count(DISTINCT media_id) AS items FROM tags GROUP BY name ORDER BY name")
        .all();
      const present = lib.db
        .prepare(
          `SELECT t.name AS name, count(DISTINCT t.media_id) AS count FROM tags t JOIN media m ON m.id = t.media_id
            WHERE m.missing_since IS NULL GROUP BY t.name ORDER BY count DESC, name`,
        )
        .all() as { name: string; count: number }[];
      return { kept, all, present, review, reviewed };
    } finally {
      lib.close();
    }
  };
  const expectCountsRight = async () => {
    const { kept, all, present, review, reviewed } = recount();
    expect(kept).toEqual(all);
    expect(review).toEqual(reviewed);
    const cloud = (await call("GET", "/api/tags")).json<Cloud>();
    expect(cloud.tags).toEqual(present);
    return cloud;
  };

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    const still = await makeStill(join(dirname(root), "fixtures"), "png");
    for (const rel of ["a/one.png", "a/two.png", "b/three.png", "b/four.png"]) {
      await mkdir(dirname(join(root, rel)), { recursive: true });
      await copyFile(still, join(root, rel));
    }
    await ingest();
    const lib = openLibrary(root);
    try {
      for (const row of lib.media.all()) ids.set(row.rel_path, row.id);
    } finally {
      lib.close();
    }
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it("stay right through tag and rating edits, deletes, restores and files going missing", async () => {
    await call("POST", `/api/media/${idOf("a/one.png")}/tags`, { name: "drone" });
    await call("POST", `/api/media/${idOf("a/two.png")}/tags`, { name: "drone" });
    await call("POST", `/api/media/${idOf("b/three.png")}/tags`, { name: "Night" });
    expect((await expectCountsRight()).tags).toEqual([
      { name: "drone", count: 2 },
      { name: "Night", count: 1 },
    ]);

    // The same spelling from vision beside the editor's counts the item once.
    const lib = openLibrary(root);
    try {
      lib.tags.replaceAuto(idOf("a/one.png"), ["drone", "wide"]);
    } finally {
      lib.close();
    }
    expect((await expectCountsRight()).tags).toContainEqual({ name: "drone", count: 2 });

    await call("DELETE", `/api/media/${idOf("a/one.png")}/tags/drone`);
    expect((await expectCountsRight()).tags).toContainEqual({ name: "drone", count: 2 });
    await call("POST", "/api/media/bulk-tags", {
      changes: [{ name: "drone", add: [idOf("b/three.png"), idOf("b/four.png")], remove: [] }],
    });
    expect((await expectCountsRight()).tags).toContainEqual({ name: "drone", count: 4 });

    await call("PATCH", `/api/media/${idOf("a/two.png")}/rating`, { rating: "Unusable" });
    await call("PATCH", `/api/media/${idOf("b/four.png")}/rating`, { rating: "Good" });
    await expectCountsRight();
    const unusable = (await call("GET", "/api/collections"))
      .json<{ collections: { key: string; count: number }[] }>()
      .collections.find((c) => c.key === "unusable");
    expect(unusable?.count).toBe(1);

    await call("DELETE", `/api/media/${idOf("a/two.png")}`);
    expect((await expectCountsRight()).tags).toContainEqual({ name: "drone", count: 3 });
    const trash = (await call("GET", "/api/trash")).json<{ items: { id: number }[] }>();
    await call("POST", `/api/trash/${trash.items[0]?.id}/restore`);
    await expectCountsRight();

    // A file gone from its folder leaves the cloud; back in place, it counts again.
    await rename(join(root, "b/four.png"), join(dirname(root), "four.png"));
    await ingest();
    expect((await expectCountsRight()).tags).toContainEqual({ name: "drone", count: 3 });
    await rename(join(dirname(root), "four.png"), join(root, "b/four.png"));
    await ingest();
    await expectCountsRight();
  }, 120_000);
});
