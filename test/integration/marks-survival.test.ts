import { rename } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Marker, Subclip } from "../../domain/schemas/marks.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeTimecodedClip } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

type Mark = Marker | Subclip;

/** What a mark is, apart from the row it is stored in. */
const essence = ({ name, note, color, kind, start_s, end_s, author, created_at }: Mark) => ({
  name,
  note,
  color,
  kind,
  start_s,
  end_s,
  author,
  created_at,
});

describe.skipIf(!hasTools)("markers and subclips survive what happens to their item", () => {
  let api: TestApi | undefined;
  let host: FakeModelHost | undefined;
  /** A server stopped midway whose temp folder still holds the moved project. */
  let first: TestApi | undefined;

  afterEach(async () => {
    await api?.close();
    await first?.close();
    first = undefined;
    await host?.close();
    api = undefined;
    host = undefined;
  });

  /** A served project with one ingested clip carrying a marker and a subclip. */
  async function markedClip(env: Record<string, string> = {}) {
    api = await startApi({ env });
    const served = api;
    const root = served.root as string;
    await makeTimecodedClip(root, "day1/A001.mp4", { seconds: 3 });
    const ingest = (...flags: string[]) =>
      svc(["ingest", ...flags], { PROJECT_ROOT: root, SVC_HOME: served.home, SVC_ASR: "none", ...env });
    const pass = await ingest("--no-embed");
    expect(pass.exitCode, pass.stderr).toBe(0);
    const lib = openLibrary(root);
    const id = lib.media.byPath("day1/A001.mp4")?.id as number;
    lib.close();
    const post = async (path: string, body: unknown) => {
      const res = await served.request("POST", `/api/media/${id}/${path}`, { body });
      expect(res.status, res.text).toBe(201);
      return res.json<Mark>();
    };
    const marker = await post("markers", {
      start_s: 1,
      name: "Focus buzz",
      note: "soft on the turn",
      kind: "todo",
    });
    const subclip = await post("subclips", { start_s: 0.5, end_s: 2, name: "Best line", color: "lemon" });
    const marks = async (mediaId = id) => {
      const item = await served.request("GET", `/api/media/${mediaId}`);
      expect(item.status, item.text).toBe(200);
      const { markers, subclips } = item.json<{ markers: Mark[]; subclips: Mark[] }>();
      return { markers: markers.map(essence), subclips: subclips.map(essence) };
    };
    const before = await marks();
    expect(before.markers).toEqual([essence(marker)]);
    expect(before.subclips).toEqual([essence(subclip)]);
    return { served, root, id, ingest, marks, before };
  }

  it("through a plain re-ingest, --refresh, and a new version of the file at its path", async () => {
    const { root, id, ingest, marks, before } = await markedClip();
    for (const flags of [[], ["--refresh"]]) {
      const pass = await ingest("--no-embed", ...flags);
      expect(pass.exitCode, pass.stderr).toBe(0);
      expect(await marks(id)).toEqual(before);
    }
    await makeTimecodedClip(root, "day1/A001.mp4", { seconds: 4 });
    const pass = await ingest("--no-embed");
    expect(pass.exitCode, pass.stderr).toBe(0);
    expect(await marks(id)).toEqual(before);
  });

  it("through the trash: deleted with the item, back with it when it is restored", async () => {
    const { served, id, marks, before } = await markedClip();
    expect((await served.request("DELETE", `/api/media/${id}`)).status).toBe(200);
    expect((await served.request("GET", `/api/media/${id}/markers`)).status).toBe(404);
    const [entry] = (await served.request("GET", "/api/trash")).json<{ items: { id: number }[] }>().items;
    const restored = await served.request("POST", `/api/trash/${entry?.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    const { media_id } = restored.json<{ media_id: number }>();
    expect(await marks(media_id)).toEqual(before);
  });

  it("through the project's relocation: its folder moved, the library with it", async () => {
    const { served, root, id, before } = await markedClip();
    await served.stop();
    first = served;
    const moved = join(dirname(root), "relocated");
    await rename(root, moved);
    api = await startApi({ projectRoot: moved });
    const pass = await svc(["ingest", "--no-embed"], {
      PROJECT_ROOT: moved,
      SVC_HOME: api.home,
      SVC_ASR: "none",
    });
    expect(pass.exitCode, pass.stderr).toBe(0);
    const item = (await api.request("GET", `/api/media/${id}`)).json<{ markers: Mark[]; subclips: Mark[] }>();
    expect(item.markers.map(essence)).toEqual(before.markers);
    expect(item.subclips.map(essence)).toEqual(before.subclips);
  });

  it("makes the item's embedding stale: the next embed pass sends the marker's text to the model", async () => {
    host = await startFakeModelHost({ dim: 64 });
    const { served, root, id } = await markedClip({ OLLAMA_HOST: host.url });
    const env = { PROJECT_ROOT: root, SVC_HOME: served.home, OLLAMA_HOST: host.url, SVC_ASR: "none" };
    const embed = async () => {
      const result = await svc(["embed", "--json"], env);
      expect(result.exitCode, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as { counts: Record<string, number | null> };
    };
    const inputs = () =>
      host?.requests
        .filter((r) => r.path === "/api/embed")
        .flatMap((r) => (r.body as { input: string | string[] }).input) ?? [];
    expect((await embed()).counts.new).toBe(1);
    expect(inputs().some((text) => text.includes("Focus buzz: soft on the turn"))).toBe(true);
    expect((await embed()).counts.unchanged).toBe(1);

    const sent = inputs().length;
    const marker = (await served.request("GET", `/api/media/${id}/markers`)).json<{ items: Mark[] }>()
      .items[0];
    const patched = await served.request("PATCH", `/api/markers/${marker?.id}`, {
      body: { note: "zebra crossing" },
    });
    expect(patched.status, patched.text).toBe(200);
    const status = (await served.request("GET", "/api/embed/status")).json<{
      counts: Record<string, number>;
    }>();
    expect(status.counts.stale).toBe(1);
    expect((await embed()).counts.stale).toBe(1);
    expect(
      inputs()
        .slice(sent)
        .some((text) => text.includes("Focus buzz: zebra crossing")),
    ).toBe(true);
    expect((await embed()).counts.unchanged).toBe(1);
  });
});
