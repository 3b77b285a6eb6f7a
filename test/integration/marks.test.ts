import { userInfo } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Marker, Subclip } from "../../domain/schemas/marks.js";
import { MARKER_COLORS, MAX_MARKS_PER_ITEM } from "../../domain/schemas/marks.js";
import { createToken } from "../../library/access/tokens.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { callTool, connectMcp } from "../support/mcp.js";
import { makeStill, makeTimecodedClip } from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

type Mark = Marker | Subclip;

// One item through an editor's session, in order: numbering follows what earlier cases added, and
// the last case leaves the item with its 10,000 markers.
describe.skipIf(!hasTools)("markers and subclips over the API", { shuffle: false }, () => {
  let api: TestApi;
  let clip = 0;
  let still = 0;
  let duration = 0;

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await api.request(method, path, body === undefined ? { headers } : { body, headers });
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
    if (res.status >= 400) expect(res.json()).toEqual({ detail: expect.any(String) });
    return res;
  };
  const marks = async (type: "markers" | "subclips", id = clip) => {
    const res = await call("GET", `/api/media/${id}/${type}`);
    expect(res.status).toBe(200);
    return res.json<{ items: Mark[] }>().items;
  };

  beforeAll(async () => {
    api = await startApi({ mcp: true });
    const root = api.root as string;
    await makeTimecodedClip(root, "day1/A001.mp4");
    await makeStill(root, "png", "still.png");
    const pass = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home, SVC_ASR: "none" });
    expect(pass.exitCode, pass.stderr).toBe(0);
    const lib = openLibrary(root);
    try {
      clip = lib.media.byPath("day1/A001.mp4")?.id as number;
      still = lib.media.byPath("still.png")?.id as number;
      duration = lib.media.get(clip)?.duration_s as number;
    } finally {
      lib.close();
    }
    expect(duration).toBeGreaterThan(3.9);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  it("adds, lists, edits and deletes markers, named and coloured by default, signed by the local user", async () => {
    const first = await call("POST", `/api/media/${clip}/markers`, { start_s: 2.5 });
    expect(first.status, first.text).toBe(201);
    const a = first.json<Mark>();
    expect(a).toMatchObject({
      media_id: clip,
      name: "Marker 1",
      note: "",
      color: "blue",
      kind: "marker",
      start_s: 2.5,
      end_s: null,
      author: userInfo().username,
    });
    const b = (
      await call("POST", `/api/media/${clip}/markers`, {
        start_s: 0.5,
        end_s: 1.25,
        name: "  Boom in shot  ",
        note: "line 1\nline 2\twith a tab",
        color: "fuchsia",
        kind: "todo",
      })
    ).json<Mark>();
    expect(b).toMatchObject({ name: "Boom in shot", note: "line 1\nline 2\twith a tab", end_s: 1.25 });
    expect((await marks("markers")).map((m) => m.id)).toEqual([b.id, a.id]);

    const detail = (await call("GET", `/api/media/${clip}`)).json<{ markers: Mark[]; subclips: Mark[] }>();
    expect(detail.markers.map((m) => m.name)).toEqual(["Boom in shot", "Marker 1"]);
    expect(detail.subclips).toEqual([]);

    const patched = await call("PATCH", `/api/markers/${a.id}`, {
      name: "Chapter two",
      kind: "chapter",
      color: "cream",
      end_s: 3,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json<Mark>()).toMatchObject({ id: a.id, name: "Chapter two", kind: "chapter", end_s: 3 });
    const point = (await call("PATCH", `/api/markers/${a.id}`, { end_s: null })).json<Mark>();
    expect(point).toMatchObject({ end_s: null, name: "Chapter two", note: "" });
    expect(Date.parse(point.updated_at)).toBeGreaterThanOrEqual(Date.parse(point.created_at));

    const deleted = await call("DELETE", `/api/markers/${b.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json()).toEqual({ id: b.id, deleted: true });
    expect((await call("DELETE", `/api/markers/${b.id}`)).status).toBe(404);
    expect((await call("PATCH", `/api/markers/${b.id}`, { name: "x" })).status).toBe(404);
    await call("DELETE", `/api/markers/${a.id}`);
    expect(await marks("markers")).toEqual([]);
  });

  it("adds, lists, edits and deletes subclips, and keeps them apart from markers", async () => {
    const made = await call("POST", `/api/media/${clip}/subclips`, { start_s: 1, end_s: 2 });
    expect(made.status, made.text).toBe(201);
    const sub = made.json<Mark>();
    expect(sub).toMatchObject({ name: "Subclip 1", color: "blue", kind: null, start_s: 1, end_s: 2 });
    const second = (
      await call("POST", `/api/media/${clip}/subclips`, { start_s: 0, end_s: 0.5, name: "Slate" })
    ).json<Mark>();
    expect((await marks("subclips")).map((m) => m.name)).toEqual(["Slate", "Subclip 1"]);
    expect(await marks("markers")).toEqual([]);
    // A subclip's id is no marker's, and the other way round.
    expect((await call("PATCH", `/api/markers/${sub.id}`, { name: "x" })).status).toBe(404);
    expect((await call("DELETE", `/api/markers/${sub.id}`)).status).toBe(404);
    const marker = (await call("POST", `/api/media/${clip}/markers`, { start_s: 1 })).json<Mark>();
    expect((await call("DELETE", `/api/subclips/${marker.id}`)).status).toBe(404);
    await call("DELETE", `/api/markers/${marker.id}`);

    const moved = await call("PATCH", `/api/subclips/${sub.id}`, {
      start_s: 1.5,
      end_s: 3.5,
      note: "the keeper",
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json<Mark>()).toMatchObject({ start_s: 1.5, end_s: 3.5, note: "the keeper" });
    const detail = (await call("GET", `/api/media/${clip}`)).json<{ subclips: Mark[] }>();
    expect(detail.subclips.map((s) => s.id)).toEqual([second.id, sub.id]);
    for (const id of [sub.id, second.id])
      expect((await call("DELETE", `/api/subclips/${id}`)).json()).toEqual({ id, deleted: true });
    expect(await marks("subclips")).toEqual([]);
  });

  it("refuses bad input with a 422 or 404 that says why, and changes nothing", async () => {
    const kept = (
      await call("POST", `/api/media/${clip}/markers`, { start_s: 1, name: "kept" })
    ).json<Mark>();
    const keptSub = (
      await call("POST", `/api/media/${clip}/subclips`, { start_s: 1, end_s: 2 })
    ).json<Mark>();
    const refusals: [string, string, unknown, number, RegExp][] = [
      [
        "POST",
        `/api/media/${clip}/markers`,
        { start_s: 1, color: "orange" },
        422,
        /color.*blue, cyan, green/,
      ],
      [
        "POST",
        `/api/media/${clip}/markers`,
        { start_s: 1, kind: "note" },
        422,
        /kind.*marker, todo, chapter/,
      ],
      ["POST", `/api/media/${clip}/markers`, { start_s: -1 }, 422, /start_s.*negative/],
      ["POST", `/api/media/${clip}/markers`, { start_s: duration + 1 }, 422, /past the end/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 2, end_s: 2 }, 422, /end_s.*after start_s/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 2, end_s: duration + 1 }, 422, /past the end/],
      ["POST", `/api/media/${clip}/markers`, {}, 422, /start_s/],
      ["POST", `/api/media/${clip}/markers`, { start_s: "1" }, 422, /start_s/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 1, name: "x".repeat(201) }, 422, /name.*200/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 1, name: "two\nlines" }, 422, /name.*control/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 1, note: "n".repeat(5001) }, 422, /note.*5000/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 1, note: "bell\u0007" }, 422, /note.*control/],
      ["POST", `/api/media/${clip}/markers`, { start_s: 1, colour: "red" }, 422, /colour/],
      ["POST", `/api/media/${still}/markers`, { start_s: 0 }, 422, /no duration/],
      ["POST", "/api/media/999999/markers", { start_s: 0 }, 404, /no media item 999999/],
      ["GET", "/api/media/999999/markers", undefined, 404, /no media item/],
      ["GET", "/api/media/abc/subclips", undefined, 422, /id/],
      ["POST", `/api/media/${clip}/subclips`, { start_s: 2, end_s: 1 }, 422, /end_s.*after start_s/],
      ["POST", `/api/media/${clip}/subclips`, { start_s: 2, end_s: 2 }, 422, /end_s.*after start_s/],
      ["POST", `/api/media/${clip}/subclips`, { start_s: 1 }, 422, /end_s/],
      ["POST", `/api/media/${clip}/subclips`, { start_s: 1, end_s: duration + 0.5 }, 422, /past the end/],
      ["POST", `/api/media/${clip}/subclips`, { start_s: 1, end_s: 2, kind: "todo" }, 422, /kind/],
      ["PATCH", `/api/markers/${kept.id}`, { end_s: 0.5 }, 422, /end_s.*after start_s/],
      ["PATCH", `/api/markers/${kept.id}`, { name: "   " }, 422, /name.*empty/],
      ["PATCH", `/api/markers/${kept.id}`, { start_s: duration + 2 }, 422, /past the end/],
      ["PATCH", `/api/subclips/${keptSub.id}`, { end_s: null }, 422, /end_s/],
      ["PATCH", `/api/subclips/${keptSub.id}`, { start_s: 3 }, 422, /end_s.*after start_s/],
      ["PATCH", "/api/subclips/999999", { name: "x" }, 404, /no subclip 999999/],
      ["DELETE", "/api/markers/0", undefined, 422, /id/],
    ];
    for (const [method, path, body, status, message] of refusals) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${res.text}`).toBe(status);
      expect(res.json<{ detail: string }>().detail).toMatch(message);
    }
    expect(MARKER_COLORS).toHaveLength(16);
    expect((await marks("markers")).map((m) => [m.id, m.name, m.start_s, m.end_s])).toEqual([
      [kept.id, "kept", 1, null],
    ]);
    expect((await marks("subclips")).map((m) => [m.id, m.start_s, m.end_s])).toEqual([[keptSub.id, 1, 2]]);

    // Characters that break XML and EDL lines are a name like any other: exports escape them.
    const odd = `<Take 3> & "B" | * 'cut' ]]>`;
    const stored = (await call("POST", `/api/media/${clip}/markers`, { start_s: 0, name: odd })).json<Mark>();
    expect(stored.name).toBe(odd);
    for (const id of [kept.id, stored.id]) await call("DELETE", `/api/markers/${id}`);
    await call("DELETE", `/api/subclips/${keptSub.id}`);
  });

  it("signs a mark with the calling token's name", async () => {
    const { secret } = createToken(api.registry, { name: "assistant-editor", scopes: ["videos_write"] });
    const auth = { authorization: `Bearer ${secret}` };
    const made = await call("POST", `/api/media/${clip}/subclips`, { start_s: 0, end_s: 1 }, auth);
    expect(made.status, made.text).toBe(201);
    expect(made.json<Mark>().author).toBe("assistant-editor");
    const { secret: reader } = createToken(api.registry, { name: "reader", scopes: ["videos_read"] });
    const refused = await call(
      "POST",
      `/api/media/${clip}/markers`,
      { start_s: 0 },
      {
        authorization: `Bearer ${reader}`,
      },
    );
    expect(refused.status).toBe(403);
    await call("DELETE", `/api/subclips/${made.json<Mark>().id}`, undefined, auth);
  });

  it("finds an item by its marker and subclip names and notes in text search, following edits and deletes", async () => {
    const found = async (q: string) => {
      const res = await call("GET", `/api/media?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.json<{ items: { id: number }[] }>().items.map((i) => i.id);
    };
    const marker = (
      await call("POST", `/api/media/${clip}/markers`, {
        start_s: 1,
        name: "Wardrobe",
        note: "continuity albatross",
      })
    ).json<Mark>();
    const sub = (
      await call("POST", `/api/media/${clip}/subclips`, { start_s: 1, end_s: 2, name: "Pelican walk" })
    ).json<Mark>();
    expect(await found("albatross")).toEqual([clip]);
    expect(await found("pelican")).toEqual([clip]);
    // Several words, the last one half typed, as the search box sends them.
    expect(await found("continuity albat")).toEqual([clip]);
    await call("PATCH", `/api/markers/${marker.id}`, { note: "continuity flamingo" });
    expect(await found("albatross")).toEqual([]);
    expect(await found("flamingo")).toEqual([clip]);
    await call("DELETE", `/api/markers/${marker.id}`);
    expect(await found("flamingo")).toEqual([]);
    await call("DELETE", `/api/subclips/${sub.id}`);
    expect(await found("pelican")).toEqual([]);
  });

  it("carries markers and subclips in MCP's get_media", async () => {
    const marker = (
      await call("POST", `/api/media/${clip}/markers`, { start_s: 2, name: "Flare", kind: "todo" })
    ).json<Mark>();
    const client = await connectMcp(api.mcpUrl as string, "streamable");
    try {
      const result = await callTool<{ media: { markers: Mark[]; subclips: Mark[] } }>(client, "get_media", {
        media_id: clip,
      });
      expect(result.isError).not.toBe(true);
      expect(result.structuredContent?.media.markers).toEqual([
        expect.objectContaining({ id: marker.id, name: "Flare", kind: "todo", start_s: 2 }),
      ]);
      expect(result.structuredContent?.media.subclips).toEqual([]);
    } finally {
      await client.close();
    }
    await call("DELETE", `/api/markers/${marker.id}`);
  });

  // Last: it leaves the clip with its 10,000 markers (deleting them one by one costs as adding them).
  it(`accepts the ${MAX_MARKS_PER_ITEM.toLocaleString("en")}th marker on an item and refuses the next`, async () => {
    const lib = openLibrary(api.root as string);
    try {
      // The text index's upkeep makes each added mark rewrite the item's whole marks text, about
      // a minute for 10,000 one by one; the rows the cap counts are written without it here, and
      // the marks text set once after.
      const trigger = lib.db
        .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'marks_fts_insert'")
        .get() as { sql: string };
      lib.db.exec("DROP TRIGGER marks_fts_insert");
      try {
        lib.db.transaction(() => {
          for (let i = 0; i < MAX_MARKS_PER_ITEM - 1; i += 1)
            lib.marks.add(
              clip,
              {
                type: "marker",
                name: `Bulk ${i + 1}`,
                note: "",
                color: "green",
                kind: "marker",
                start_s: (i * duration) / MAX_MARKS_PER_ITEM,
                end_s: null,
                author: "test",
              },
              () => {},
            );
        })();
      } finally {
        lib.db.exec(trigger.sql);
      }
      lib.db
        .prepare(
          `UPDATE media_fts SET marks = (SELECT group_concat(concat_ws(' ', name, note), ' ') FROM marks
            WHERE media_id = @id) WHERE rowid = @id`,
        )
        .run({ id: clip });
    } finally {
      lib.close();
    }
    const last = await call("POST", `/api/media/${clip}/markers`, { start_s: duration });
    expect(last.status, last.text).toBe(201);
    expect(last.json<Mark>().name).toBe(`Marker ${MAX_MARKS_PER_ITEM}`);
    const over = await call("POST", `/api/media/${clip}/markers`, { start_s: 1 });
    expect(over.status).toBe(422);
    expect(over.json<{ detail: string }>().detail).toMatch(/already has 10,000 markers/);
    // Subclips are counted apart.
    const sub = await call("POST", `/api/media/${clip}/subclips`, { start_s: 0, end_s: 1 });
    expect(sub.status).toBe(201);
    const listed = await marks("markers");
    const detail = await call("GET", `/api/media/${clip}`);
    expect(listed).toHaveLength(MAX_MARKS_PER_ITEM);
    expect(detail.json<{ markers: Mark[] }>().markers).toHaveLength(MAX_MARKS_PER_ITEM);
    expect((await call("GET", "/api/media?q=Bulk")).json<{ items: { id: number }[] }>().items).toEqual([
      expect.objectContaining({ id: clip }),
    ]);
  }, 120_000);
});
