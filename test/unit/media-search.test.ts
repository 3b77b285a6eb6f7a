import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMedia, shootDateFacets } from "../../library/media/browse.js";
import { decodeCursor, encodeCursor, type ListQuery, parseQ, SORTS } from "../../library/media/query.js";
import type { Links } from "../../library/media/view.js";
import { openDatabase } from "../../state/db.js";
import { LIBRARY_MIGRATIONS } from "../../state/migrations/library.js";
import type { MediaKind } from "../../state/repos/media.js";
import { ftsExpression, type MediaFilter } from "../../state/repos/media-search.js";
import { type LibraryStore, openLibrary } from "../../state/stores.js";

const links: Links = {
  thumbnail: (id) => `t/${id}`,
  keyframe: (id, i) => `k/${id}/${i}`,
  waveform: (id) => `w/${id}`,
  sprite: (id) => `s/${id}`,
};

let dir: string;
let store: LibraryStore;

interface Seed {
  path: string;
  kind: MediaKind;
  created: string | null;
  duration: number | null;
}

function add(seed: Seed, into: LibraryStore = store): number {
  return into.media.saveProbe(
    { relPath: seed.path, kind: seed.kind, size: 1, mtimeMs: 1, fingerprint: seed.path },
    {
      duration_s: seed.duration,
      codec: null,
      audio_codec: null,
      fps: null,
      width: null,
      height: null,
      start_timecode: null,
      audio_tracks: 0,
      creation_date: seed.created,
      metadata_json: null,
    },
    { stage: "probe", status: "done", detail: null, startedAt: new Date().toISOString(), elapsedMs: 1 },
  );
}

// Fixtures written straight to the columns the transcript and vision stages fill.
const setTranscript = (id: number, text: string | null) =>
  store.db.prepare("UPDATE media SET transcript = ?, language = 'en' WHERE id = ?").run(text, id);
const describeScene = (id: number, text: string) =>
  store.db.prepare("UPDATE scenes SET description = ? WHERE media_id = ?").run(text, id);

const ids = (query: ListQuery) =>
  listMedia(store, { limit: 500, sort: "id", ...query }, links).items.map((i) => i.id);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "svc-search-"));
  store = openLibrary(dir);
});
afterAll(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("text search", () => {
  let interview: number;
  let beach: number;
  let cafe: number;

  beforeAll(() => {
    interview = add({
      path: "day 1/A001_C003.mp4",
      kind: "video",
      created: "2024-03-05T10:00:00",
      duration: 4,
    });
    beach = add({ path: "day 2/B002.mp4", kind: "video", created: "2024-03-06T10:00:00", duration: 9 });
    cafe = add({ path: "stills/café-日本.png", kind: "image", created: null, duration: null });
    setTranscript(interview, 'She said "NEAR the pier" - then * left (OR stayed)');
    store.scenes.replace(beach, [{ start_s: 0, end_s: 9, keyframe_path: "frames/2/0.jpg" }]);
    describeScene(beach, "waves breaking on a sandy beach at dusk");
    store.tags.add(cafe, "Night Exterior", "manual");
  });

  it("finds file names, transcripts, tags and scene descriptions", () => {
    expect(ids({ q: "A001" })).toEqual([interview]);
    expect(ids({ q: "pier" })).toEqual([interview]);
    expect(ids({ q: "sandy" })).toEqual([beach]);
    expect(ids({ q: "exterior" })).toEqual([cafe]);
    expect(ids({ q: "day" })).toEqual([interview, beach]);
  });

  it("matches accents loosely and the last word as a prefix", () => {
    expect(ids({ q: "cafe" })).toEqual([cafe]);
    expect(ids({ q: "brea" })).toEqual([beach]);
    expect(ids({ q: "brea sandy" })).toEqual([]);
    expect(ids({ q: '"waves breaking"' })).toEqual([beach]);
    expect(ids({ q: '"breaking waves"' })).toEqual([]);
  });

  it("follows tag and scene changes through the triggers", () => {
    store.tags.add(beach, "golden hour", "auto");
    expect(ids({ q: "golden" })).toEqual([beach]);
    store.tags.replaceAuto(beach, []);
    expect(ids({ q: "golden" })).toEqual([]);
    describeScene(beach, "a quiet harbour");
    expect(ids({ q: "sandy" })).toEqual([]);
    expect(ids({ q: "harbour" })).toEqual([beach]);
    describeScene(beach, "waves breaking on a sandy beach at dusk");
  });

  it("searches FTS syntax literally", () => {
    expect(ids({ q: "NEAR" })).toEqual([interview]);
    expect(ids({ q: "OR" })).toEqual([interview]);
    expect(ids({ q: "pier NOT" })).toEqual([]);
    expect(ids({ q: "transcript:pier" })).toEqual([]);
    expect(ids({ q: "*" })).toEqual([]);
    expect(ids({ q: "-" })).toEqual([]);
  });

  it("never fails on any text, control characters included", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60, unit: "binary" }), (text) => {
        const q = text.replace(/(^|\s)(tag|camera|lang|rating|type|shot):/gi, "$1");
        // Everything fits in one page here, so the count must be exactly what came back.
        const result = listMedia(store, { q, limit: 200 }, links);
        expect(result.items).toHaveLength(result.total);
        expect(new Set(result.items.map((item) => item.id)).size).toBe(result.total);
      }),
      { numRuns: 150 },
    );
    expect(() =>
      store.search.page({
        filter: {
          kinds: [],
          shots: [],
          tags: [],
          cameras: [],
          languages: [],
          ratings: [],
          terms: [{ text: 'a\u0000b"', prefix: true }],
        },
        sort: { key: "id", desc: false },
        limit: 1,
        offset: 0,
        after: null,
      }),
    ).not.toThrow();
  });

  it("quotes every term", () => {
    expect(
      ftsExpression([
        { text: 'say "hi"', prefix: false },
        { text: "x*", prefix: true },
      ]),
    ).toBe('"say ""hi""" "x*"*');
  });
});

describe("q prefixes", () => {
  it("turns the prefixes into filters and keeps the rest as words", () => {
    const filter = parseQ(
      'tag:"night ext" Camera:A type:VIDEO shot:2024 shot:2024-03-05 lang:en rating:good foo:bar "a phrase" last',
    );
    expect(filter).toEqual({
      kinds: ["video"],
      shots: [{ year: 2024 }, { day: "2024-03-05" }],
      tags: ["night ext"],
      cameras: ["A"],
      languages: ["en"],
      ratings: ["good"],
      terms: [
        { text: "foo:bar", prefix: false },
        { text: "a phrase", prefix: false },
        { text: "last", prefix: true },
      ],
    });
  });

  it("turns scene: and take: into slate filters", () => {
    expect(parseQ('scene:12A take:3 Scene:"4 B" take: wide')).toMatchObject({
      slateScenes: ["12A", "4 B"],
      slateTakes: ["3"],
      terms: [{ text: "wide", prefix: true }],
    });
  });

  it("ignores a prefix without a value and refuses invalid ones", () => {
    expect(parseQ("tag: shot:unknown")).toMatchObject({ tags: [], shots: [{ unknown: true }] });
    for (const q of ["type:movie", "shot:2024-02-30", "shot:24", `tag:${"x".repeat(65)}`, "w ".repeat(33)]) {
      expect(() => parseQ(q), q).toThrow(expect.objectContaining({ status: 422 }));
    }
  });
});

describe("paging", () => {
  beforeAll(() => {
    // Many ties and unknowns, so keyset paging has to break ties by id in both directions.
    const days = ["2023-12-31T09:00:00", "2024-01-01T09:00:00", null];
    for (let i = 0; i < 40; i += 1) {
      add({
        path: `bulk/${["b", "A", "a", "C"][i % 4]}-${i % 7}.mov`,
        kind: (["video", "audio", "image"] as const)[i % 3] ?? "video",
        created: days[i % 3] ?? null,
        duration: i % 5 === 0 ? null : (i % 6) * 1.5,
      });
    }
  });

  it("walks every sort and filter by cursor and by offset to the same order as one big page", () => {
    const filters: ListQuery[] = [
      {},
      { type: "audio" },
      { q: "bulk" },
      { shot_date: "unknown" },
      { q: "shot:2024" },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...SORTS),
        fc.constantFrom(...filters),
        fc.integer({ min: 1, max: 9 }),
        (sort, filter, limit) => {
          const all = listMedia(store, { ...filter, sort, limit: 500 }, links);
          expect(all.total).toBe(all.items.length);
          const byCursor: number[] = [];
          const offsets: number[] = [];
          let cursor: string | undefined;
          for (;;) {
            const page = listMedia(store, { ...filter, sort, limit, ...(cursor ? { cursor } : {}) }, links);
            expect(page.total).toBe(all.total);
            offsets.push(page.offset);
            byCursor.push(...page.items.map((i) => i.id));
            if (!page.next_cursor) break;
            cursor = page.next_cursor;
          }
          expect(byCursor).toEqual(all.items.map((i) => i.id));
          expect(offsets).toEqual(offsets.map((_, n) => n * limit));
          const byOffset: number[] = [];
          for (let offset = 0; offset < all.total; offset += limit) {
            byOffset.push(
              ...listMedia(store, { ...filter, sort, limit, offset }, links).items.map((i) => i.id),
            );
          }
          expect(byOffset).toEqual(byCursor);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("puts unknown values last in both directions", () => {
    for (const sort of ["shot_date", "-shot_date", "duration", "-duration"] as const) {
      const items = listMedia(store, { sort, limit: 500 }, links).items;
      const field = sort.includes("shot") ? "shot_date" : "duration_s";
      const firstNull = items.findIndex((i) => i[field] === null);
      expect(
        items.slice(firstNull).every((i) => i[field] === null),
        sort,
      ).toBe(true);
    }
  });

  it("refuses a foreign cursor, a cursor with another sort, and cursor with offset", () => {
    const cursor = encodeCursor("name", { value: "a", id: 3 });
    expect(decodeCursor(cursor)).toEqual({ sort: "name", after: { value: "a", id: 3 } });
    const bad = [
      { cursor: "not-a-cursor" },
      { cursor: Buffer.from('{"s":"name","v":1,"i":-1}').toString("base64url") },
      { cursor, sort: "id" as const },
      { cursor, offset: 0 },
    ];
    for (const query of bad) {
      expect(() => listMedia(store, query, links), JSON.stringify(query)).toThrow(
        expect.objectContaining({ status: 422 }),
      );
    }
  });
});

describe("shoot-date facets", () => {
  it("stay equal to the library through inserts, date changes and deletes", () => {
    const check = () => {
      const facets = shootDateFacets(store);
      expect(facets.total).toBe(store.media.count());
      expect(facets.unknown + facets.days.reduce((s, d) => s + d.count, 0)).toBe(facets.total);
      expect(facets.unknown + facets.years.reduce((s, y) => s + y.count, 0)).toBe(facets.total);
      for (const { date, count } of facets.days) {
        expect(listMedia(store, { shot_date: date }, links).total).toBe(count);
      }
      expect(listMedia(store, { shot_date: "unknown" }, links).total).toBe(facets.unknown);
    };
    check();
    const id = add({ path: "late/x.mp4", kind: "video", created: "2019-07-01T00:00:00", duration: 1 });
    check();
    add({ path: "late/x.mp4", kind: "video", created: null, duration: 1 });
    check();
    store.edits.remove(id);
    check();
  });
});

describe("library migration 2", () => {
  it("indexes and counts what a version 1 library already holds", async () => {
    const old = await mkdtemp(join(tmpdir(), "svc-v1-"));
    try {
      const v1 = openDatabase(join(old, ".svc", "library.db"), LIBRARY_MIGRATIONS.slice(0, 1));
      const stamp = new Date().toISOString();
      const insert = v1.prepare(
        `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, shot_date, transcript, created_at, updated_at)
         VALUES (?, 'video', 1, 1, 'f', ?, ?, ?, ?)`,
      );
      const first = Number(
        insert.run("reel 1/take.mov", "2022-05-01", "lighthouse", stamp, stamp).lastInsertRowid,
      );
      insert.run("reel 2/other.mov", null, null, stamp, stamp);
      v1.prepare("INSERT INTO tags (media_id, name, source, created_at) VALUES (?, 'drone', 'auto', ?)").run(
        first,
        stamp,
      );
      v1.prepare(
        `INSERT INTO scenes (media_id, idx, start_s, end_s, duration_s, keyframe_path, description)
         VALUES (?, 0, 0, 1, 1, 'frames/1/0.jpg', 'cliffs at dawn')`,
      ).run(first);
      v1.close();
      const migrated = openLibrary(old);
      try {
        const found = (q: string) => listMedia(migrated, { q }, links).items.map((i) => i.path);
        expect(found("lighthouse")).toEqual(["reel 1/take.mov"]);
        expect(found("drone")).toEqual(["reel 1/take.mov"]);
        expect(found("cliffs")).toEqual(["reel 1/take.mov"]);
        expect(found("reel")).toHaveLength(2);
        expect(listMedia(migrated, { sort: "name" }, links).items.map((i) => i.name)).toEqual([
          "other.mov",
          "take.mov",
        ]);
        expect(shootDateFacets(migrated)).toEqual({
          total: 2,
          unknown: 1,
          years: [{ year: 2022, count: 1 }],
          days: [{ date: "2022-05-01", count: 1 }],
        });
      } finally {
        migrated.close();
      }
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });
});

describe("kept answers", () => {
  it("a kept page or facet answer never outlives a change, from this connection or another", () => {
    const first = ids({ q: "keptpage" });
    expect(first).toEqual([]);
    const id = add({ path: "kept/keptpage.mov", kind: "video", created: "2031-01-02", duration: 3 });
    expect(ids({ q: "keptpage" })).toEqual([id]);
    const days = () => shootDateFacets(store).days.find((d) => d.date === "2031-01-02")?.count ?? 0;
    expect(days()).toBe(1);
    // Another connection (a pass in the daemon, or the CLI) commits: the next read sees it.
    const other = openLibrary(dir);
    try {
      other.db.prepare("DELETE FROM media WHERE id = ?").run(id);
    } finally {
      other.close();
    }
    expect(ids({ q: "keptpage" })).toEqual([]);
    expect(days()).toBe(0);
  });
});

describe("text ranking of a semantic search", () => {
  // A library of its own: transcripts of common words (long lists in the index) and accented ones.
  let ranking: LibraryStore;
  let rankingDir: string;
  const WORDS = [
    "you",
    "young",
    "the",
    "then",
    "theatre",
    "a",
    "apple",
    "Café",
    "cafe",
    "über",
    "uber",
    "take",
  ];
  const KINDS = ["video", "audio", "image"] as const;

  beforeAll(async () => {
    rankingDir = await mkdtemp(join(tmpdir(), "svc-ranking-"));
    ranking = openLibrary(rankingDir);
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 120; i += 1) {
      const id = add(
        { path: `day ${i % 3}/clip-${i}.mov`, kind: KINDS[i % 3] ?? "video", created: null, duration: 1 },
        ranking,
      );
      const words = Array.from({ length: 2 + (next() % 7) }, () => WORDS[next() % WORDS.length]);
      ranking.db.prepare("UPDATE media SET transcript = ? WHERE id = ?").run(words.join(" "), id);
      if (i % 5 === 0) ranking.tags.add(id, WORDS[next() % WORDS.length] ?? "take", "manual");
    }
  });
  afterAll(async () => {
    ranking.close();
    await rm(rankingDir, { recursive: true, force: true });
  });

  const filterOf = (terms: MediaFilter["terms"], kinds: MediaFilter["kinds"] = []): MediaFilter => ({
    kinds,
    shots: [],
    tags: [],
    cameras: [],
    languages: [],
    ratings: [],
    terms,
  });

  /** What ranked() answered before it looked for one match first: every match, in bm25 order. */
  const reference = (filter: MediaFilter, limit: number) =>
    (
      ranking.db
        .prepare(
          `SELECT m.id FROM media_fts f JOIN media m ON m.id = f.rowid WHERE media_fts MATCH ?
           ${filter.kinds.length ? "AND m.kind = ?" : ""} ORDER BY f.rank, m.id LIMIT ?`,
        )
        .all(ftsExpression(filter.terms), ...filter.kinds, limit) as { id: number }[]
    ).map((r) => r.id);

  it("answers every query as the full bm25 ranking does, one match or many, prefix or not", () => {
    const term = fc.record({
      text: fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom("th", "yo", "caf", "ub", "x", "clip", "day")),
      prefix: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(term, { minLength: 1, maxLength: 6 }),
        fc.option(fc.constantFrom(...KINDS), { nil: undefined }),
        fc.integer({ min: 1, max: 30 }),
        (terms, kind, limit) => {
          const filter = filterOf(terms, kind ? [kind] : []);
          expect(ranking.search.ranked(filter, limit)).toEqual(reference(filter, limit));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("tests the prefix on the one row the whole words leave, with the index's own tokenizer", () => {
    const id = add({ path: "solo/one.mov", kind: "video", created: null, duration: 1 }, ranking);
    ranking.db.prepare("UPDATE media SET transcript = ? WHERE id = ?").run("zebra QUOKKA Éclair", id);
    const ask = (...words: string[]) =>
      ranking.search.ranked(filterOf(words.map((text, i) => ({ text, prefix: i === words.length - 1 }))), 20);
    expect(ask("zebra", "quokka", "ecl")).toEqual([id]);
    expect(ask("ZEBRA", "éclair", "quo")).toEqual([id]);
    expect(ask("zebra", "quokka", "one")).toEqual([id]);
    expect(ask("zebra", "quokka", "solo")).toEqual([id]);
    expect(ask("zebra", "quokka", "eclairs")).toEqual([]);
    expect(ask("zebra", "quokka", "x")).toEqual([]);
    expect(ask("zebra", "walrus", "ecl")).toEqual([]);
  });
});
