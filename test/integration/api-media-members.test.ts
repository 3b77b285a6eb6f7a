import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addProject } from "../../library/organise/projects.js";
import { buildEmbeddings } from "../../library/search/embed.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { type SeedClip, type SeededClip, seedClips } from "../support/chat.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";

// GET /api/media's `collection` and `bin`: each alone, with the other filters, with `q` on the
// semantic and text paths, paged, and refused when unknown.

const clip = (name: string, shot: string, tags: string[], rating?: string): SeedClip => ({
  name,
  shot,
  duration_s: 10,
  tags,
  ...(rating ? { rating } : {}),
  scenes: [{ description: name.replace(/[-.]/g, " ") }],
});

const CLIPS = [
  clip("harbour-dusk.mov", "2026-05-01", ["b-roll", "harbour"]),
  clip("harbour-dawn.mov", "2026-05-02", ["b-roll", "harbour"]),
  clip("forest-walk.mov", "2026-05-01", ["b-roll", "forest"]),
  clip("interview-one.mov", "2026-05-01", ["interview"], "A-roll"),
  clip("interview-two.mov", "2026-05-02", ["interview"], "A-roll"),
  clip("harbour-gone.mov", "2026-05-01", ["b-roll", "harbour"]),
];

interface Page {
  items: { id: number; name: string }[];
  total: number;
  next_cursor: string | null;
  search_mode: string;
  search_note?: string;
}

describe("GET /api/media narrowed to a collection or a bin", () => {
  let api: TestApi;
  let host: FakeModelHost;
  let clips: Map<string, SeededClip>;
  let bin = 0;
  let emptyBin = 0;

  const get = (path: string) => api.request("GET", path);
  const page = async (query: string) => {
    const res = await get(`/api/media?${query}`);
    expect(res.status, `${query}: ${res.text}`).toBe(200);
    return res.json<Page>();
  };
  const names = (p: Page) => p.items.map((i) => i.name).sort();
  const idOf = (name: string) => clips.get(name)?.id as number;
  const post = async (path: string, body: unknown) => {
    const res = await api.request("POST", path, { body });
    expect(res.status, res.text).toBeLessThan(300);
    return res.json<{ id: number }>();
  };

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url } });
    const root = api.root as string;
    clips = seedClips(root, CLIPS);
    const lib = openLibrary(root);
    try {
      // A file gone since the last scan: a bin still lists it, a collection does not.
      lib.db
        .prepare("UPDATE media SET missing_since = ? WHERE id = ?")
        .run(new Date().toISOString(), idOf("harbour-gone.mov"));
    } finally {
      lib.close();
    }
    const other = join(api.home, "..", "elsewhere");
    await mkdir(other);
    const [elsewhere] = seedClips(other, [clip("harbour-far.mov", "2026-05-01", ["b-roll"])]).values();
    await addProject(api.ctx, "elsewhere", other);
    await buildEmbeddings(api.ctx, root, {
      rebuild: false,
      signal: new AbortController().signal,
      holder: "members test",
    });
    const project = api.libraries.project().name;
    bin = (await post("/api/bins", { name: "Selects" })).id;
    for (const name of ["harbour-dusk.mov", "forest-walk.mov", "interview-one.mov", "harbour-gone.mov"])
      await post(`/api/bins/${bin}/items`, { project, media_id: idOf(name) });
    // An item of another project: the bin spans projects, a list shows this project's items only.
    api.registry.install.grandfather();
    await post(`/api/bins/${bin}/items`, { project: "elsewhere", media_id: elsewhere?.id });
    emptyBin = (await post("/api/bins", { name: "Empty" })).id;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    await host?.close();
  });

  it("lists a collection's members alone, as GET /api/collections counts them", async () => {
    const report = (await get("/api/collections?limit=1000")).json<{
      collections: { key: string; count: number; items: { name: string }[] }[];
    }>();
    for (const key of ["b_roll", "a_roll", "needs_review"]) {
      const listed = await page(`collection=${key}&limit=500`);
      const members = report.collections.find((c) => c.key === key);
      expect(names(listed), key).toEqual(members?.items.map((i) => i.name).sort());
      expect(listed.total, key).toBe(members?.count);
      expect(listed.search_mode).toBe("list");
    }
    expect(names(await page("collection=b_roll"))).toEqual([
      "forest-walk.mov",
      "harbour-dawn.mov",
      "harbour-dusk.mov",
    ]);
  });

  it("lists a bin's items of this project alone, missing files included", async () => {
    const listed = await page(`bin=${bin}`);
    expect(names(listed)).toEqual([
      "forest-walk.mov",
      "harbour-dusk.mov",
      "harbour-gone.mov",
      "interview-one.mov",
    ]);
    expect(listed.total).toBe(4);
    expect(await page(`bin=${emptyBin}`)).toMatchObject({ items: [], total: 0 });
  });

  it("combines with every other filter and with the other group", async () => {
    expect(names(await page("collection=b_roll&shot_date=2026-05-01"))).toEqual([
      "forest-walk.mov",
      "harbour-dusk.mov",
    ]);
    expect(names(await page("collection=b_roll&tag=harbour&sort=name"))).toEqual([
      "harbour-dawn.mov",
      "harbour-dusk.mov",
    ]);
    expect(names(await page(`bin=${bin}&rating=A-roll`))).toEqual(["interview-one.mov"]);
    expect(names(await page(`bin=${bin}&type=audio`))).toEqual([]);
    expect(names(await page(`bin=${bin}&collection=b_roll`))).toEqual([
      "forest-walk.mov",
      "harbour-dusk.mov",
    ]);
    expect(names(await page(`bin=${bin}&collection=a_roll&shot_year=2026`))).toEqual(["interview-one.mov"]);
    // A q prefix filters as its parameter does.
    expect(names(await page(`bin=${bin}&q=${encodeURIComponent("tag:harbour")}`))).toEqual([
      "harbour-dusk.mov",
      "harbour-gone.mov",
    ]);
  });

  it("narrows a semantic search, and its text fallback, to the same members", async () => {
    const q = `q=${encodeURIComponent("harbour")}`;
    const everywhere = await page(`${q}&limit=500`);
    expect(everywhere.search_mode).toBe("semantic");
    const all = new Set(everywhere.items.map((i) => i.name));
    expect(all.has("harbour-dawn.mov")).toBe(true);
    for (const [group, members] of [
      ["collection=b_roll", ["forest-walk.mov", "harbour-dawn.mov", "harbour-dusk.mov"]],
      [`bin=${bin}`, ["forest-walk.mov", "harbour-dusk.mov", "harbour-gone.mov", "interview-one.mov"]],
    ] as const) {
      const narrowed = await page(`${group}&${q}&limit=500`);
      expect(narrowed.search_mode, group).toBe("semantic");
      expect(names(narrowed), group).toEqual(members.filter((m) => all.has(m)).sort());
      expect(narrowed.total, group).toBe(narrowed.items.length);
    }
    const semantic = await page(`collection=b_roll&shot_date=2026-05-02&${q}`);
    expect(names(semantic)).toEqual(["harbour-dawn.mov"]);

    // Words not embedded before (query embeddings are kept), with the model host away.
    await host.stop();
    try {
      const typed = `q=${encodeURIComponent("harbo")}`;
      const text = await page(`collection=b_roll&${typed}`);
      expect(text.search_mode).toBe("text");
      expect(text.search_note).toMatch(/semantic search unavailable/);
      expect(names(text)).toEqual(["harbour-dawn.mov", "harbour-dusk.mov"]);
      const inBin = await page(`bin=${bin}&${typed}`);
      expect(inBin.search_mode).toBe("text");
      expect(names(inBin)).toEqual(["harbour-dusk.mov", "harbour-gone.mov"]);
    } finally {
      await host.start();
    }
  });

  it("pages a narrowed list by offset and by cursor to the same items, with one total", async () => {
    const whole = await page(`bin=${bin}&sort=name&limit=500`);
    const byOffset: string[] = [];
    for (let offset = 0; offset < whole.total; offset += 1) {
      const one = await page(`bin=${bin}&sort=name&limit=1&offset=${offset}`);
      expect(one.total).toBe(whole.total);
      byOffset.push(...one.items.map((i) => i.name));
    }
    expect(byOffset).toEqual(whole.items.map((i) => i.name));
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const next: Page = await page(
        `bin=${bin}&sort=name&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(next.total).toBe(whole.total);
      byCursor.push(...next.items.map((i) => i.name));
      cursor = next.next_cursor;
    } while (cursor);
    expect(byCursor).toEqual(byOffset);
    const q = `q=${encodeURIComponent("harbour")}`;
    const ranked = await page(`bin=${bin}&${q}&limit=500`);
    const first = await page(`bin=${bin}&${q}&limit=1`);
    const rest = await page(`bin=${bin}&${q}&limit=500&offset=1`);
    expect(first.total).toBe(ranked.total);
    expect(rest.total).toBe(ranked.total);
    expect([...first.items, ...rest.items].map((i) => i.id)).toEqual(ranked.items.map((i) => i.id));
  });

  it("answers an unknown collection or bin with 404, and a malformed one with 422", async () => {
    for (const [query, status, detail] of [
      ["collection=nope", 404, /^collection: no collection "nope"/],
      ["collection=nope&q=harbour", 404, /^collection:/],
      ["bin=987654", 404, /^no bin with id 987654/],
      ["bin=987654&collection=b_roll", 404, /bin/],
      ["bin=abc", 422, /^bin:/],
      ["bin=0", 422, /^bin:/],
      [`collection=${"x".repeat(65)}`, 422, /^collection:/],
    ] as const) {
      const res = await get(`/api/media?${query}`);
      expect(res.status, query).toBe(status);
      expect(res.json<{ detail: string }>().detail, query).toMatch(detail);
    }
    // A disabled built-in is no collection of the project's; an empty value is no filter. The
    // collections file goes again after, as the other tests list a_roll.
    const collections = join(api.root as string, ".svc", "collections.json");
    await writeFile(collections, JSON.stringify({ version: 1, disable: ["a_roll"] }));
    try {
      expect((await get("/api/media?collection=a_roll")).status).toBe(404);
      expect((await page("collection=&bin=")).total).toBe(CLIPS.length);
    } finally {
      await rm(collections);
    }
  });
});
