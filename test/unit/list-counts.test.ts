import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMedia } from "../../library/media/browse.js";
import type { ListQuery, SortParam } from "../../library/media/query.js";
import type { Links } from "../../library/media/view.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";

const links: Links = {
  thumbnail: (id) => `t/${id}`,
  keyframe: (id, i) => `k/${id}/${i}`,
  waveform: (id) => `w/${id}`,
  sprite: (id) => `s/${id}`,
};

interface Item {
  id: number;
  kind: "video" | "audio" | "image";
  shot: string | null;
  created: string;
  rating: string | null;
  camera: string | null;
  coffee: boolean;
  tags: string[];
}

// Enough items that a common tag or word is read in sort order and a rare one from its matches
// (media-search.ts IdCondition), and that totals come from the kept counts: both must list what
// filtering and sorting every item gives.
const ITEMS = 3_000;

let dir: string;
let store: LibraryStore;
const items: Item[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "svc-list-counts-"));
  store = openLibrary(dir);
  const insert = store.db.prepare(
    `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, shot_date, rating, camera_id, transcript,
       next_stage, status, created_at, updated_at)
     VALUES (?, ?, 1, 1, ?, ?, ?, ?, ?, 'done', 'done', ?, ?)`,
  );
  const tag = store.db.prepare(
    "INSERT INTO tags (media_id, name, source, created_at) VALUES (?, ?, 'auto', ?)",
  );
  store.db.transaction(() => {
    for (let i = 1; i <= ITEMS; i++) {
      const item: Item = {
        id: i,
        kind: (["video", "audio", "image"] as const)[i % 3] as Item["kind"],
        shot: i % 11 === 0 ? null : `202${i % 4}-0${1 + (i % 9)}-1${i % 10}`,
        created: new Date(Date.UTC(2024, 0, 1) + ((i * 7919) % ITEMS) * 60_000).toISOString(),
        rating: i % 17 === 0 ? "best" : i % 23 === 0 ? "Best" : null,
        camera: i % 5 === 0 ? "A" : null,
        coffee: i % 4 !== 3,
        tags: [...(i % 10 < 7 ? ["drone"] : []), ...(i % 97 === 0 ? ["rare"] : [])],
      };
      items.push(item);
      insert.run(
        `day ${i % 40}/clip ${String(i).padStart(5, "0")}.mp4`,
        item.kind,
        `fp${i}`,
        item.shot,
        item.rating,
        item.camera,
        item.coffee ? "coffee by the river" : "rain at night",
        item.created,
        item.created,
      );
      for (const name of item.tags) tag.run(i, name, item.created);
    }
  })();
});

afterAll(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

/** NULLS LAST in both directions, ties by id in the same direction. */
function order(sort: SortParam) {
  const desc = sort.startsWith("-");
  const key = (item: Item) =>
    sort.endsWith("shot_date") ? item.shot : sort.endsWith("created") ? item.created : null;
  return (a: Item, b: Item) => {
    const [x, y] = [key(a), key(b)];
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * (desc ? -1 : 1);
    }
    return (a.id - b.id) * (desc ? -1 : 1);
  };
}

const CASES: { query: ListQuery; keep: (item: Item) => boolean }[] = [
  { query: {}, keep: () => true },
  { query: { type: "audio" }, keep: (i) => i.kind === "audio" },
  { query: { shot_year: 2022 }, keep: (i) => i.shot?.startsWith("2022-") ?? false },
  { query: { shot_date: "2021-02-11" }, keep: (i) => i.shot === "2021-02-11" },
  { query: { shot_date: "unknown" }, keep: (i) => i.shot === null },
  { query: { tag: "drone" }, keep: (i) => i.tags.includes("drone") },
  { query: { tag: "RARE" }, keep: (i) => i.tags.includes("rare") },
  { query: { q: "coffee" }, keep: (i) => i.coffee },
  { query: { q: "coffee", type: "video" }, keep: (i) => i.coffee && i.kind === "video" },
  {
    query: { tag: "drone", shot_year: 2023 },
    keep: (i) => i.tags.includes("drone") && (i.shot?.startsWith("2023-") ?? false),
  },
  { query: { rating: "best" }, keep: (i) => i.rating !== null },
  { query: { camera: "a" }, keep: (i) => i.camera === "A" },
];

describe("list totals and pages on a library past the probe threshold", () => {
  it("count and order as filtering and sorting every item does", () => {
    for (const { query, keep } of CASES)
      for (const sort of ["-shot_date", "shot_date", "-created", "id"] as const)
        for (const offset of [0, 1_000]) {
          const expected = items.filter(keep).sort(order(sort));
          const page = listMedia(store, { ...query, sort, limit: 50, offset }, links);
          const label = `${JSON.stringify(query)} ${sort} offset ${offset}`;
          expect(page.total, label).toBe(expected.length);
          expect(
            page.items.map((i) => i.id),
            label,
          ).toEqual(expected.slice(offset, offset + 50).map((i) => i.id));
        }
  });
});
