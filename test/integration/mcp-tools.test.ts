import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addProject } from "../../library/organise/projects.js";
import { buildEmbeddings } from "../../library/search/embed.js";
import { VISION_FIELDS } from "../../state/repos/scenes.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { type SeedClip, type SeededClip, seedClips } from "../support/chat.js";
import { seedLongTake } from "../support/long-take.js";
import { callTool, connectMcp, type McpTransportKind, textOf } from "../support/mcp.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";

const CLIPS: SeedClip[] = [
  {
    name: "drone_lake.mov",
    shot: "2026-03-14",
    duration_s: 20,
    camera: "A",
    tags: ["Drone"],
    scenes: [
      { description: "aerial drone shot over a calm lake at sunset", tags: ["water"] },
      { description: "drone flying low over the lake towards the shore", tags: ["water"] },
    ],
  },
  {
    name: "drone_city.mov",
    shot: "2026-04-02",
    duration_s: 12,
    camera: "B",
    tags: ["drone"],
    scenes: [{ description: "drone shot over city rooftops at night" }],
  },
  {
    name: "interview_anna.mov",
    shot: "2026-03-15",
    duration_s: 30,
    camera: "B",
    tags: ["ＤＲＯＮＥ", "interview"],
    transcript: "we started the company in a garage with two laptops",
    scenes: [{ description: "woman talking to camera in a kitchen", content_type: "interview" }],
  },
];

const WORDS = 6000;

// A camera original's facts as the probe stores them: an anamorphic, interlaced HLG clip ffmpeg
// cannot decode, with timecode from two disagreeing places, a recorder's streams and a slate.
const RECORDER_STREAMS = [
  {
    codec: "pcm_s24le",
    channels: 2,
    layout: "stereo",
    bit_depth: 24,
    sample_rate: 48_000,
    names: ["Boom", "Lav"],
  },
];

const CAMERA_PROBE = {
  display_width: 427,
  display_height: 240,
  pixel_aspect: "4:3",
  rotation: 0,
  fps_rational: "24000/1001",
  vfr: 0,
  field_order: "tff",
  hdr: "hlg",
  start_timecode: "10:00:00:00",
  timecode_source: "tmcd",
  timecode_conflicts_json: JSON.stringify([{ source: "bext", timecode: "09:59:59:00" }]),
  audio_streams_json: JSON.stringify(RECORDER_STREAMS),
  slate_json: JSON.stringify({ scene: "12", take: "3", tape: null, note: null, circled: true }),
  sequence_json: null,
  status_reason: "ffmpeg cannot decode this R3D file and no camera proxy is beside it",
};

// What a media item's MCP answer declares beyond its identity: the fields of camera originals.
const CAMERA_FIELDS = [
  "display_width",
  "display_height",
  "pixel_aspect",
  "rotation",
  "desqueeze",
  "fps_rational",
  "vfr",
  "field_order",
  "start_timecode",
  "timecode_source",
  "timecode_conflicts",
  "audio_streams",
  "slate",
  "sequence",
  "span",
  "hdr",
  "status",
  "status_reason",
  "camera_proxy",
];

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}
/** The object schema under `schema`, through a nullable's anyOf. */
const objectOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.properties ? schema : schema?.anyOf?.find((s) => s.properties);

interface MediaOut {
  id: number;
  name: string;
  path: string;
  thumbnail_path: string | null;
  [key: string]: unknown;
}
interface SearchOut {
  items: (MediaOut & { match?: { keyframe_path: string; start_s: number } })[];
  total: number;
  search_mode: string;
  search_note?: string;
}

describe.each<McpTransportKind>(["streamable", "sse"])("MCP tools over %s", (kind) => {
  let host: FakeModelHost;
  let api: TestApi;
  let client: Client;
  let clips: Map<string, SeededClip>;
  let wordy: number;
  let unanalysed: number;

  beforeAll(async () => {
    host = await startFakeModelHost();
    api = await startApi({ env: { OLLAMA_HOST: host.url }, mcp: true });
    const root = api.root as string;
    clips = seedClips(root, CLIPS);
    const store = openLibrary(root);
    try {
      // A long take with more words than one answer carries, and a clip vision has not reached.
      const file = (name: string) => ({
        relPath: name,
        kind: "video" as const,
        size: 1,
        mtimeMs: 1,
        fingerprint: name,
      });
      wordy = seedLongTake(store, "speech.mov", WORDS);
      unanalysed = store.media.saveProbe(
        file("fresh.mov"),
        { ...CLIP_PROBE, duration_s: 10, ...CAMERA_PROBE },
        stageDone("probe"),
      );
      // A span is written by the grouping, not the probe.
      store.db
        .prepare("UPDATE media SET span_id = 'take-7', span_index = 2, span_count = 3 WHERE id = ?")
        .run(unanalysed);
      store.scenes.replace(unanalysed, [
        { start_s: 0, end_s: 5, keyframe_path: "frames/f-0.jpg" },
        { start_s: 5, end_s: 10, keyframe_path: "frames/f-1.jpg" },
      ]);
    } finally {
      store.close();
    }
    const other = join(api.home, "..", "second");
    await mkdir(other);
    seedClips(other, [
      { name: "vault.mov", shot: "2026-01-01", duration_s: 5, scenes: [{ description: "a bank vault" }] },
    ]);
    await addProject(api.ctx, "second", other);
    await buildEmbeddings(api.ctx, root, {
      rebuild: false,
      signal: new AbortController().signal,
      holder: "mcp test",
    });
    client = await connectMcp(api.mcpUrl as string, kind);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await api?.close();
    await host?.close();
  });

  beforeEach(async () => {
    if (!host.url) await host.start();
  });

  const idOf = (name: string) => clips.get(name)?.id as number;

  it("lists the seven read-only tools, each with input and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "get_media",
      "get_scenes",
      "get_transcript",
      "library_stats",
      "list_recent",
      "list_tags",
      "search_media",
    ]);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
  });

  describe("search_media", () => {
    it("ranks by meaning and points at the matching scene's key frame relative to the project root", async () => {
      const result = await callTool<SearchOut>(client, "search_media", { query: "drone over a calm lake" });
      expect(result.isError).toBeFalsy();
      const out = result.structuredContent as SearchOut;
      expect(out.search_mode).toBe("semantic");
      expect(out.items[0]?.name).toBe("drone_lake.mov");
      expect(out.items[0]?.match?.keyframe_path).toMatch(/^\.svc\/frames\//);
      expect(out.items[0]).not.toHaveProperty("transcript");
      expect(JSON.parse(textOf(result))).toEqual(out);
    });

    it("applies filters as the HTTP search does", async () => {
      const result = await callTool<SearchOut>(client, "search_media", {
        query: "drone",
        filters: { camera: "B" },
      });
      const names = result.structuredContent?.items.map((i) => i.name);
      expect(names).toContain("drone_city.mov");
      expect(names).not.toContain("drone_lake.mov");
      const http = await api.request("GET", "/api/media?q=drone&camera=B&limit=10");
      expect(http.json<SearchOut>().items.map((i) => i.name)).toEqual(names);
    });

    it("caps a huge limit instead of failing", async () => {
      const result = await callTool<SearchOut>(client, "search_media", { query: "drone", limit: 1_000_000 });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent?.items.length).toBeGreaterThan(0);
    });

    it("refuses a bad filter value with the field named", async () => {
      const result = await callTool(client, "search_media", {
        query: "x",
        filters: { shot_date: "yesterday" },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/shot_date/);
    });

    it("falls back to file-name and transcript matching when the model host is away, and says so", async () => {
      await host.stop();
      const result = await callTool<SearchOut>(client, "search_media", { query: "garage" });
      await host.start();
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent?.search_mode).toBe("text");
      expect(result.structuredContent?.search_note).toMatch(/semantic search unavailable/);
      expect(result.structuredContent?.items.map((i) => i.name)).toEqual(["interview_anna.mov"]);
    });
  });

  describe("get_media", () => {
    it("gives the item's public fields without word timings", async () => {
      const result = await callTool<{ media: MediaOut }>(client, "get_media", {
        media_id: idOf("interview_anna.mov"),
      });
      const media = result.structuredContent?.media as MediaOut;
      expect(media.name).toBe("interview_anna.mov");
      expect(media.path).toBe("interview_anna.mov");
      expect(media.transcript).toMatch(/garage/);
      expect(media).not.toHaveProperty("words_json");
      expect(media).not.toHaveProperty("thumbnail_url");
    });

    it("declares a camera original's facts in every item answer's schema, and gives them", async () => {
      const { tools } = await client.listTools();
      const output = (name: string) => tools.find((t) => t.name === name)?.outputSchema as JsonSchema;
      const declared = [
        objectOf(output("get_media").properties?.media),
        objectOf(output("list_recent").properties?.items?.items),
        objectOf(output("search_media").properties?.items?.items),
      ].map((item) => Object.keys(item?.properties ?? {}));
      for (const keys of declared) expect(keys).toEqual(expect.arrayContaining(CAMERA_FIELDS));
      // The SDK client checks the answer against the declared schema as it reads it.
      const result = await callTool<{ media: MediaOut }>(client, "get_media", { media_id: unanalysed });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent?.media).toMatchObject({
        display_width: 427,
        display_height: 240,
        pixel_aspect: "4:3",
        rotation: 0,
        desqueeze: 1,
        fps_rational: "24000/1001",
        vfr: false,
        field_order: "tff",
        hdr: "hlg",
        start_timecode: "10:00:00:00",
        timecode_source: "tmcd",
        timecode_conflicts: [{ source: "bext", timecode: "09:59:59:00" }],
        audio_streams: RECORDER_STREAMS,
        slate: { scene: "12", take: "3", tape: null, note: null, circled: true },
        sequence: null,
        span: { id: "take-7", index: 2, count: 3 },
        status: "needs_proxy",
        status_reason: "ffmpeg cannot decode this R3D file and no camera proxy is beside it",
        camera_proxy: null,
      });
    });

    it.each([
      ["an unknown id", 987_654],
      ["a negative id", -4],
      ["zero", 0],
    ])("answers %s with {media: null} and the text null", async (_label, id) => {
      const result = await callTool(client, "get_media", { media_id: id });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ media: null });
      expect(textOf(result)).toBe("null");
    });

    it.each([
      ["a string id", { media_id: "1" }],
      ["a fractional id", { media_id: 1.5 }],
      ["an id beyond safe integers", { media_id: 1e30 }],
      ["no id", {}],
    ])("refuses %s with an error result, and keeps serving", async (_label, args) => {
      const result = await callTool(client, "get_media", args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/media_id/);
      const after = await callTool(client, "get_media", { media_id: idOf("drone_city.mov") });
      expect(after.isError).toBeFalsy();
    });

    it("reads another registered project by name and refuses an unknown one", async () => {
      const recent = await callTool<{ items: MediaOut[] }>(client, "list_recent", { project: "second" });
      expect(recent.structuredContent?.items.map((i) => i.name)).toEqual(["vault.mov"]);
      const unknown = await callTool(client, "list_recent", { project: "nope" });
      expect(unknown.isError).toBe(true);
      expect(textOf(unknown)).toMatch(/no project named "nope"/);
    });
  });

  describe("get_scenes", () => {
    it("gives one entry per scene with the nine vision fields and a relative key frame path", async () => {
      const result = await callTool<{ scenes: Record<string, unknown>[]; total: number }>(
        client,
        "get_scenes",
        {
          media_id: idOf("drone_lake.mov"),
        },
      );
      const out = result.structuredContent;
      expect(out?.total).toBe(2);
      const [first] = out?.scenes ?? [];
      expect(first).toMatchObject({
        id: clips.get("drone_lake.mov")?.sceneIds[0],
        start_s: 0,
        end_s: 10,
        duration_s: 10,
      });
      for (const field of VISION_FIELDS) expect(first, field).toHaveProperty(field);
      expect(first?.keyframe_path).toMatch(/^\.svc\/frames\/.+\.jpg$/);
      expect(first).not.toHaveProperty("keyframe_url");
    });

    it("gives total 0 for a clip the vision model has not analysed", async () => {
      const result = await callTool(client, "get_scenes", { media_id: unanalysed });
      expect(result.structuredContent).toEqual({ scenes: [], total: 0 });
    });

    it("answers an unknown id with {scenes: null} and the text null", async () => {
      const result = await callTool(client, "get_scenes", { media_id: 424_242 });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ scenes: null });
      expect(textOf(result)).toBe("null");
    });
  });

  describe("get_transcript", () => {
    it("gives segments and whether words exist, without the words by default", async () => {
      const result = await callTool<Record<string, unknown>>(client, "get_transcript", {
        media_id: idOf("interview_anna.mov"),
      });
      expect(result.structuredContent).toMatchObject({
        duration_s: 30,
        segments: [{ start: 0, end: 30, text: "we started the company in a garage with two laptops" }],
        has_words: false,
      });
      expect(result.structuredContent).not.toHaveProperty("words");
    });

    it("caps include_words at 5,000 and says it did", async () => {
      const result = await callTool<{
        words: { word: string; start: number; end: number; score: number }[];
        words_truncated: boolean;
        has_words: boolean;
      }>(client, "get_transcript", { media_id: wordy, include_words: true });
      const out = result.structuredContent;
      expect(out?.has_words).toBe(true);
      expect(out?.words).toHaveLength(5000);
      expect(out?.words[0]).toEqual({ word: "w0", start: 0, end: 0.4, score: 0.9 });
      expect(out?.words_truncated).toBe(true);
    });

    it("leaves the segments out when include_segments is false", async () => {
      const result = await callTool(client, "get_transcript", { media_id: wordy, include_segments: false });
      expect(result.structuredContent).not.toHaveProperty("segments");
      expect(result.structuredContent).toMatchObject({ has_words: true, duration_s: 3000 });
    });

    it("gives the new transcript as soon as it changes, though the last answer was kept", async () => {
      const id = idOf("drone_city.mov");
      const ask = () =>
        callTool<{ segments: { text: string }[]; language: string }>(client, "get_transcript", {
          media_id: id,
        });
      const save = (language: string, text: string) => {
        const store = openLibrary(api.root as string);
        try {
          store.transcripts.save(
            id,
            {
              language,
              text,
              segments_json: JSON.stringify([{ start: 0, end: 12, text }]),
              words_json: "[]",
              backend: "test",
            },
            true,
          );
        } finally {
          store.close();
        }
      };
      save("en", "first take of the rooftops");
      expect((await ask()).structuredContent?.segments[0]?.text).toBe("first take of the rooftops");
      // Same length, same millisecond at worst: the text still differs in the answer.
      save("en", "other take of the rooftops");
      const second = await ask();
      expect(second.structuredContent?.segments[0]?.text).toBe("other take of the rooftops");
      expect(JSON.parse(textOf(second))).toEqual(second.structuredContent);
      save("fr", "prise des toits");
      expect((await ask()).structuredContent).toMatchObject({ language: "fr" });
    });

    it("answers an unknown id with {segments: null} and the text null", async () => {
      const result = await callTool(client, "get_transcript", { media_id: 777_777, include_words: true });
      expect(result.structuredContent).toEqual({ segments: null });
      expect(textOf(result)).toBe("null");
    });
  });

  it("list_recent gives the newest items first, of one type, with a huge limit capped", async () => {
    const result = await callTool<{ items: MediaOut[]; total: number }>(client, "list_recent", {
      limit: 99_999,
      type: "video",
    });
    expect(result.isError).toBeFalsy();
    const ids = result.structuredContent?.items.map((i) => i.id) ?? [];
    expect(ids).toHaveLength(5);
    expect(ids[0]).toBe(unanalysed);
    const two = await callTool<{ items: MediaOut[] }>(client, "list_recent", { limit: 2 });
    expect(two.structuredContent?.items.map((i) => i.id)).toEqual(ids.slice(0, 2));
  });

  it("library_stats counts the project's items", async () => {
    const result = await callTool<{ items: { total: number; video: number } }>(client, "library_stats");
    expect(result.structuredContent?.items).toMatchObject({ total: 5, video: 5 });
  });

  it("list_tags folds case and width into one tag in its most used spelling, as GET /api/tags does", async () => {
    const result = await callTool<{ tags: { name: string; count: number }[]; total: number }>(
      client,
      "list_tags",
      {
        prefix: "dr",
      },
    );
    // "Drone" (manual), "drone" (manual) and full-width "ＤＲＯＮＥ": three items, one tag.
    expect(result.structuredContent?.tags).toHaveLength(1);
    expect(result.structuredContent?.tags[0]?.count).toBe(3);
    const http = await api.request("GET", "/api/tags?prefix=dr");
    expect(http.status).toBe(200);
    expect(http.json()).toEqual(result.structuredContent);
    const all = await callTool<{ tags: { name: string }[] }>(client, "list_tags", { limit: 1 });
    expect(all.structuredContent?.tags).toHaveLength(1);
  });

  it("answers an unknown tool with an error result and keeps serving", async () => {
    const result = await callTool(client, "delete_media", { media_id: 1 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/delete_media not found/);
    expect((await client.listTools()).tools).toHaveLength(7);
  });
});
