import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "../support/api.js";
import { makeH264Clip } from "../support/camera/originals.js";
import { svc } from "../support/cli.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "exiftool");

interface Item {
  id: number;
  path: string;
  duration_s: number | null;
  span: { id: string; index: number; count: number; offset_s: number; missing: number[] } | null;
}

interface Page {
  items: Item[];
  total: number;
  next_cursor: string | null;
  search_mode: string;
}

describe.skipIf(!hasTools)("GET /api/media?span=: the parts of one spanned recording", () => {
  let api: TestApi;
  let host: FakeModelHost;
  const byPath = new Map<string, Item>();

  const get = async (query: string) => {
    const res = await api.request("GET", `/api/media?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json<Page>();
  };
  const spanOf = (path: string) => {
    const span = byPath.get(path)?.span;
    if (!span) throw new Error(`${path} is no part of a span`);
    return span.id;
  };
  const paths = (page: Page) => page.items.map((item) => item.path);

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url } });
    const root = api.root as string;
    // Chapters of one dive written 2, 3, 1 (so neither file order nor ingest order is chapter
    // order by chance), a lone first chapter beside them, and a set with its second chapter missing.
    await Promise.all([
      makeH264Clip(root, "dive/GH020300.MP4", { seconds: 2 }),
      makeH264Clip(root, "dive/GH030300.MP4"),
      makeH264Clip(root, "dive/GH010300.MP4"),
      makeH264Clip(root, "dive/GH010302.MP4"),
      makeH264Clip(root, "gap/GX010301.MP4"),
      makeH264Clip(root, "gap/GX030301.MP4"),
    ]);
    const env = { PROJECT_ROOT: root, SVC_HOME: api.home, OLLAMA_HOST: host.url };
    const pass = await svc(["ingest"], env);
    expect(pass.exitCode, pass.stderr).toBe(0);
    const embedded = await svc(["embed"], env);
    expect(embedded.exitCode, embedded.stderr).toBe(0);
    for (const item of (await get("limit=500")).items) byPath.set(item.path, item);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await host?.close();
  });

  it("lists every part of the recording, first to last, and nothing else", async () => {
    const page = await get(`span=${spanOf("dive/GH030300.MP4")}`);
    expect(paths(page)).toEqual(["dive/GH010300.MP4", "dive/GH020300.MP4", "dive/GH030300.MP4"]);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.span?.index)).toEqual([1, 2, 3]);
    expect(page.items.map((item) => item.span?.offset_s)).toEqual([
      expect.closeTo(0, 1),
      expect.closeTo(1, 1),
      expect.closeTo(3, 1),
    ]);
  });

  it("lists the parts present of a set with one missing, which each name it", async () => {
    const page = await get(`span=${spanOf("gap/GX030301.MP4")}`);
    expect(paths(page)).toEqual(["gap/GX010301.MP4", "gap/GX030301.MP4"]);
    expect(page.items.map((item) => item.span?.missing)).toEqual([[2], [2]]);
  });

  it("takes another order when asked, and pages by cursor in it", async () => {
    const span = spanOf("dive/GH010300.MP4");
    expect(paths(await get(`span=${span}&sort=-span`))).toEqual([
      "dive/GH030300.MP4",
      "dive/GH020300.MP4",
      "dive/GH010300.MP4",
    ]);
    expect(paths(await get(`span=${span}&sort=-duration`))[0]).toBe("dive/GH020300.MP4");
    const first = await get(`span=${span}&limit=2`);
    expect(paths(first)).toEqual(["dive/GH010300.MP4", "dive/GH020300.MP4"]);
    const rest = await get(`span=${span}&limit=2&cursor=${first.next_cursor}`);
    expect(paths(rest)).toEqual(["dive/GH030300.MP4"]);
    expect(rest.next_cursor).toBeNull();
  });

  it("combines with the other filters and with q", async () => {
    const span = spanOf("dive/GH010300.MP4");
    expect(paths(await get(`span=${span}&q=GH020300`))).toEqual(["dive/GH020300.MP4"]);
    expect((await get(`span=${span}&type=audio`)).total).toBe(0);
    // The lone chapter in the same folder is no part of it.
    expect(byPath.get("dive/GH010302.MP4")?.span).toBeNull();
  });

  it("narrows a semantic search to the recording's parts", async () => {
    const span = spanOf("dive/GH010300.MP4");
    // Every clip is the same generated picture, so what the vision model said of one finds them all.
    const scenes = (
      await api.request("GET", `/api/media/${byPath.get("dive/GH010300.MP4")?.id}/scenes`)
    ).json<{ description: string | null }[]>();
    const q = `q=${encodeURIComponent(scenes[0]?.description ?? "")}`;
    const everywhere = await get(`${q}&limit=500`);
    expect(everywhere.search_mode).toBe("semantic");
    expect(everywhere.total).toBe(byPath.size);
    const narrowed = await get(`${q}&span=${span}`);
    expect(narrowed.search_mode).toBe("semantic");
    expect(paths(narrowed).sort()).toEqual(["dive/GH010300.MP4", "dive/GH020300.MP4", "dive/GH030300.MP4"]);
  });

  it("lists nothing for a span no item carries, and refuses what cannot be a span id", async () => {
    const unknown = await get("span=0123456789abcdef");
    expect(unknown).toMatchObject({ items: [], total: 0, next_cursor: null });
    const junk = await api.request("GET", `/api/media?span=${"x".repeat(65)}`);
    expect(junk.status).toBe(422);
    expect(junk.json<{ detail: string }>().detail).toMatch(/span/);
  });
});
