import { copyFile, cp, mkdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../api/body.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import {
  makeAudio,
  makeSceneClip,
  makeStill,
  makeTimecodedClip,
  SCENE_CLIP,
  TIMECODED_CLIP,
} from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const ABSOLUTE_PATH = /(?:^|["\s=(])(?:\/(?!api\/)[^\s"/]+\/|[A-Za-z]:[\\/])/;

interface Item {
  id: number;
  path: string;
  name: string;
  type: string;
  shot_date: string | null;
  duration_s: number | null;
  in_point: number | null;
  out_point: number | null;
  camera_id: string | null;
  angle: string | null;
  rating: string | null;
  rating_note: string | null;
  tags: { name: string; source: string }[];
  thumbnail_url: string | null;
  [key: string]: unknown;
}

interface Page {
  items: Item[];
  total: number;
  limit: number;
  offset: number;
  next_cursor: string | null;
}

describe.skipIf(!hasTools)("media API", () => {
  let api: TestApi;
  let root = "";
  const id: Record<string, number> = {};

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await api.request(method, path, body === undefined ? { headers } : { body, headers });
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).not.toBe(500);
    if (res.status >= 400) expect(res.json()).toEqual({ detail: expect.any(String) });
    return res;
  };
  const get = (path: string) => call("GET", path);
  const page = async (query: string) => {
    const res = await get(`/api/media?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json<Page>();
  };
  const item = async (mediaId: number, project?: string) =>
    (await get(`/api/media/${mediaId}${project ? `?${project}` : ""}`)).json<Item>();
  const bytes = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}${path}`, { headers });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };
  const withLibrary = <T>(body: (lib: ReturnType<typeof openLibrary>) => T): T => {
    const lib = openLibrary(root);
    try {
      return body(lib);
    } finally {
      lib.close();
    }
  };

  let scratches = 0;
  /**
   * A private copy of the fixture project (media, database, derived files), registered under a
   * name of its own, for a test that changes data: the shared fixture is never modified, so every
   * test sees the same library whatever ran before it. Item ids are the same as in `id`.
   */
  const scratch = async () => {
    scratches += 1;
    const name = `scratch-${scratches}`;
    const copy = join(api.home, "..", name);
    withLibrary((lib) => lib.db.pragma("wal_checkpoint(TRUNCATE)"));
    await cp(root, copy, { recursive: true, filter: (src) => !/-(wal|shm)$/.test(src) });
    api.registry.projects.add(name, copy);
    const inCopy = <T>(body: (lib: ReturnType<typeof openLibrary>) => T): T => {
      const lib = openLibrary(copy);
      try {
        return body(lib);
      } finally {
        lib.close();
      }
    };
    return { project: `project=${name}`, withLibrary: inCopy };
  };

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    const clip = await makeTimecodedClip(root, "day 1/A001.mp4");
    await Promise.all([
      makeSceneClip(root, "day 1/scenes.mp4"),
      makeAudio(root, "audio/tone.wav", { seconds: 2 }),
      makeStill(root, "png", "stills/Still.png"),
      makeStill(root, "svg", "stills/slate.svg"),
    ]);
    // H.264 in a container browsers do not open: the stream endpoint must refuse it.
    await mkdir(join(root, "odd"), { recursive: true });
    await copyFile(clip, join(root, "odd/clip.mkv"));
    const ingest = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    withLibrary((lib) => {
      for (const row of lib.media.all()) id[row.rel_path] = row.id;
      // Test data for what the transcript and vision stages will write once they exist.
      lib.db
        .prepare(
          "UPDATE media SET transcript = ?, language = 'en', segments_json = ?, words_json = ? WHERE id = ?",
        )
        .run(
          "Welcome to the harbour interview",
          JSON.stringify([
            {
              start: 0,
              end: 1.5,
              text: "Welcome to the harbour",
              speaker_id: "S1",
              words: [{ word: "Welcome" }],
            },
            { start: 1.5, end: 3, text: "interview" },
          ]),
          JSON.stringify([{ word: "Welcome", start: 0, end: 0.4, score: 0.9 }]),
          id["day 1/A001.mp4"],
        );
      lib.db
        .prepare("UPDATE scenes SET description = 'a yellow square on blue' WHERE media_id = ? AND idx = 1")
        .run(id["day 1/scenes.mp4"]);
      lib.tags.add(id["stills/Still.png"] as number, "colour bars", "auto");
    });
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  describe("GET /api/media", () => {
    it("lists every item with the media fields, relative paths and no word timing", async () => {
      const body = await page("limit=50");
      expect(body.total).toBe(6);
      expect(body).toMatchObject({ limit: 50, offset: 0, next_cursor: null });
      const a001 = body.items.find((i) => i.path === "day 1/A001.mp4");
      expect(a001).toMatchObject({
        id: id["day 1/A001.mp4"],
        name: "A001.mp4",
        type: "video",
        codec: "h264",
        audio_codec: "aac",
        fps: TIMECODED_CLIP.fps,
        width: TIMECODED_CLIP.width,
        height: TIMECODED_CLIP.height,
        creation_date: TIMECODED_CLIP.creationDate,
        shot_date: TIMECODED_CLIP.shotDate,
        start_timecode: TIMECODED_CLIP.startTimecode,
        transcript: "Welcome to the harbour interview",
        language: "en",
        rating: null,
        rating_note: null,
        in_point: null,
        out_point: null,
        camera_id: null,
        angle: null,
        tags: [],
        color_profile: null,
        status: "done",
        missing: false,
        thumbnail_url: `/api/media/${id["day 1/A001.mp4"]}/thumbnail`,
      });
      const tone = body.items.find((i) => i.path === "audio/tone.wav");
      expect(tone).toMatchObject({ type: "audio", codec: null, width: null, audio_codec: "pcm_s16le" });
      for (const listed of body.items) {
        expect(listed).not.toHaveProperty("words_json");
        expect(listed).not.toHaveProperty("segments_json");
        expect(listed).not.toHaveProperty("metadata_json");
      }
      const raw = (await get("/api/media")).text;
      expect(raw).not.toContain(root);
      expect(raw).not.toMatch(ABSOLUTE_PATH);
    });

    it("sorts by the allowed keys, newest shoot day first by default", async () => {
      const names = async (sort: string) => (await page(`sort=${sort}`)).items.map((i) => i.name);
      expect((await page("")).items.slice(0, 2).map((i) => i.shot_date)).toEqual([
        "2024-03-05",
        "2024-03-05",
      ]);
      expect(await names("name")).toEqual([
        "A001.mp4",
        "clip.mkv",
        "scenes.mp4",
        "slate.svg",
        "Still.png",
        "tone.wav",
      ]);
      expect(await names("-name")).toEqual([
        "tone.wav",
        "Still.png",
        "slate.svg",
        "scenes.mp4",
        "clip.mkv",
        "A001.mp4",
      ]);
      expect((await names("path"))[0]).toBe("tone.wav");
      const durations = (await page("sort=-duration")).items.map((i) => i.duration_s);
      expect(durations.slice(0, 1)).toEqual([expect.closeTo(SCENE_CLIP.seconds, 0)]);
      expect(durations.slice(-2)).toEqual([null, null]);
      expect((await page("sort=id")).items.map((i) => i.id)).toEqual(Object.values(id).sort((a, b) => a - b));
      const bad = await get("/api/media?sort=rel_path%3BDROP%20TABLE%20media");
      expect(bad.status).toBe(422);
      expect(bad.json<{ detail: string }>().detail).toMatch(/^sort: expected one of id, -id/);
    });

    it("pages by offset and by cursor to the same items", async () => {
      const all = (await page("sort=name&limit=500")).items.map((i) => i.id);
      const first = await page("sort=name&limit=4");
      expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 4));
      expect(first.next_cursor).toEqual(expect.any(String));
      const next = await page(`sort=name&limit=4&cursor=${first.next_cursor}`);
      expect(next).toMatchObject({ offset: 4, next_cursor: null, total: 6 });
      expect(next.items.map((i) => i.id)).toEqual(all.slice(4));
      expect((await page("sort=name&limit=4&offset=4")).items.map((i) => i.id)).toEqual(all.slice(4));
      expect((await get(`/api/media?sort=id&cursor=${first.next_cursor}`)).status).toBe(422);
      expect((await get(`/api/media?offset=1&cursor=${first.next_cursor}`)).status).toBe(422);
    });

    it("refuses junk paging and filter values with 422", async () => {
      for (const query of [
        "limit=0",
        "limit=501",
        "limit=-1",
        "limit=1e3",
        "limit=99999999999999999999",
        "offset=-5",
        "offset=abc",
        "cursor=%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "cursor=/etc/passwd",
        "type=document",
        "shot_year=24",
        "shot_date=2024-13-01",
        "shot_date=../../etc",
        "limit=1&limit=2",
        `tag=${"x".repeat(65)}`,
        `q=${"x".repeat(501)}`,
        "q=type:movie",
      ]) {
        const res = await get(`/api/media?${query}`);
        expect(res.status, query).toBe(422);
      }
    });

    it("refuses query parameters it does not know, naming them, rather than filtering nothing", async () => {
      for (const [query, name] of [
        ["sort=path&shotyear=1999", "shotyear"],
        ["cachebust=123&sort=path", "cachebust"],
      ]) {
        const res = await get(`/api/media?${query}`);
        expect(res.status, query).toBe(422);
        expect(res.json<{ detail: string }>().detail).toMatch(
          new RegExp(`^${name}: unknown query parameter`),
        );
      }
    });

    it("filters by type, shoot year and day, unknown day, and tag", async () => {
      const paths = async (query: string) => (await page(`sort=path&${query}`)).items.map((i) => i.path);
      expect(await paths("type=video")).toEqual(["day 1/A001.mp4", "day 1/scenes.mp4", "odd/clip.mkv"]);
      expect(await paths("shot_year=2024")).toEqual(["day 1/A001.mp4", "odd/clip.mkv"]);
      expect(await paths("shot_year=2023")).toEqual([]);
      expect(await paths("shot_date=2024-03-05&type=video")).toEqual(["day 1/A001.mp4", "odd/clip.mkv"]);
      expect(await paths("shot_date=unknown&type=video")).toEqual(["day 1/scenes.mp4"]);
      expect(await paths("tag=COLOUR%20BARS")).toEqual(["stills/Still.png"]);
    });

    it("searches names, transcripts, tags and scene descriptions", async () => {
      const paths = async (q: string) =>
        (await page(`sort=path&q=${encodeURIComponent(q)}`)).items.map((i) => i.path);
      expect(await paths("harbour")).toEqual(["day 1/A001.mp4"]);
      expect(await paths("interv")).toEqual(["day 1/A001.mp4"]);
      expect(await paths("yellow square")).toEqual(["day 1/scenes.mp4"]);
      expect(await paths("colour")).toEqual(["stills/Still.png"]);
      expect(await paths("slate")).toEqual(["stills/slate.svg"]);
      expect(await paths("day")).toEqual(["day 1/A001.mp4", "day 1/scenes.mp4"]);
      for (const q of [
        '"',
        "*",
        "NEAR(a b)",
        "-harbour",
        "harbour OR x",
        "a:b",
        "^x",
        "(",
        "../../etc/passwd",
        "%2e%2e",
      ]) {
        const res = await get(`/api/media?q=${encodeURIComponent(q)}`);
        expect(res.status, q).toBe(200);
      }
      expect(await paths("-harbour")).toEqual(["day 1/A001.mp4"]);
      expect(await paths("harbour OR slate")).toEqual([]);
    });

    it("gives the same result for parameters and the equivalent q prefixes, on every path", async () => {
      const { project } = await scratch();
      await call("PATCH", `/api/media/${id["odd/clip.mkv"]}/camera?${project}`, {
        camera_id: "B",
        angle: "wide",
      });
      await call("PATCH", `/api/media/${id["odd/clip.mkv"]}/rating?${project}`, { rating: "circled" });
      const cases: [string, string][] = [
        ["type=video", "type:video"],
        ["shot_year=2024", "shot:2024"],
        ["shot_date=2024-03-05", "shot:2024-03-05"],
        ["shot_date=unknown", "shot:unknown"],
        ["tag=colour%20bars", 'tag:"colour bars"'],
        ["camera=b", "camera:B"],
        ["lang=EN", "lang:en"],
        ["rating=circled", "rating:circled"],
        ["type=video&shot_year=2024&camera=B", "type:video shot:2024 camera:B"],
        ["type=video&q=harbour", "type:video harbour"],
        ["type=audio&q=harbour", "harbour type:audio"],
      ];
      for (const [params, q] of cases) {
        const viaParams = await page(`${project}&sort=id&${params}`);
        const viaQ = await page(`${project}&sort=id&q=${encodeURIComponent(q)}`);
        expect(
          viaQ.items.map((i) => i.id),
          `${params} vs ${q}`,
        ).toEqual(viaParams.items.map((i) => i.id));
        expect(viaQ.total).toBe(viaParams.total);
        if (!params.includes("q=")) {
          const both = await page(`${project}&sort=id&${params}&q=${encodeURIComponent(q)}`);
          expect(both.items.map((i) => i.id)).toEqual(viaParams.items.map((i) => i.id));
        }
      }
      expect((await page(`${project}&type=video&q=type:audio`)).total).toBe(0);
    });

    it("addresses another project by name and refuses unknown ones", async () => {
      const other = join(api.home, "..", "other");
      await mkdir(other, { recursive: true });
      api.registry.projects.add("Other Project", other);
      expect(await page("project=Other%20Project")).toMatchObject({ total: 0, items: [] });
      for (const project of ["nope", "../../etc", "%2e%2e%2f", "/etc/passwd"]) {
        expect((await get(`/api/media?project=${project}`)).status, project).toBe(404);
        expect((await get(`/api/media/${id["stills/Still.png"]}?project=${project}`)).status).toBe(404);
      }
      const res = await get(`/api/media/facets/shoot-date?project=Other%20Project`);
      expect(res.json()).toEqual({ total: 0, unknown: 0, years: [], days: [] });
    });
  });

  describe("GET /api/media/facets/shoot-date", () => {
    it("has year and day buckets plus unknown that sum to the library total", async () => {
      const facets = (await get("/api/media/facets/shoot-date")).json<{
        total: number;
        unknown: number;
        years: { year: number; count: number }[];
        days: { date: string; count: number }[];
      }>();
      const total = (await page("limit=1")).total;
      expect(facets).toEqual({
        total,
        unknown: 4,
        years: [{ year: 2024, count: 2 }],
        days: [{ date: "2024-03-05", count: 2 }],
      });
    });
  });

  describe("item reads", () => {
    it("GET /api/media/{id} adds segment timing but never word timing", async () => {
      const detail = await item(id["day 1/A001.mp4"] as number);
      expect(typeof detail.segments_json).toBe("string");
      expect(detail).not.toHaveProperty("words_json");
      expect(JSON.stringify(detail)).not.toContain(root);
    });

    it("GET /segments returns start, end, text and speaker_id only", async () => {
      const res = await get(`/api/media/${id["day 1/A001.mp4"]}/segments`);
      expect(res.json()).toEqual([
        { start: 0, end: 1.5, text: "Welcome to the harbour", speaker_id: "S1" },
        { start: 1.5, end: 3, text: "interview" },
      ]);
      expect((await get(`/api/media/${id["stills/Still.png"]}/segments`)).json()).toEqual([]);
    });

    it("GET /segments degrades a corrupt column to [] instead of failing", async () => {
      const target = id["audio/tone.wav"] as number;
      const { project, withLibrary: inCopy } = await scratch();
      for (const corrupt of ["{not json", '{"start": 1}', '[{"start":"a","end":1,"text":"x"}]']) {
        inCopy((lib) =>
          lib.db.prepare("UPDATE media SET segments_json = ? WHERE id = ?").run(corrupt, target),
        );
        const res = await get(`/api/media/${target}/segments?${project}`);
        expect(res.status).toBe(200);
        expect(res.json()).toEqual([]);
        expect((await get(`/api/media/${target}?${project}`)).status).toBe(200);
      }
    });

    it("GET /scenes gives per-scene objects with key frame URLs and null vision fields", async () => {
      const clip = id["day 1/scenes.mp4"] as number;
      const scenes = (await get(`/api/media/${clip}/scenes`)).json<Record<string, unknown>[]>();
      expect(scenes).toHaveLength(SCENE_CLIP.scenes);
      expect(scenes[0]).toEqual({
        id: expect.any(Number),
        index: 0,
        start_s: 0,
        end_s: expect.any(Number),
        duration_s: expect.any(Number),
        keyframe_url: `/api/media/${clip}/keyframes/0`,
        description: null,
        tags: [],
        content_type: null,
        focus_score: null,
        exposure: null,
        stability: null,
        audio_quality: null,
        atmosphere: null,
        energy: null,
        edit_position: null,
        edit_reason: null,
      });
      expect(scenes[1]?.description).toBe("a yellow square on blue");
      // Row ids: distinct per scene, what chat's scene_ids name.
      expect(new Set(scenes.map((s) => s.id)).size).toBe(scenes.length);
      const frame = await bytes(scenes[2]?.keyframe_url as string);
      expect(frame.res.status).toBe(200);
      expect(frame.res.headers.get("content-type")).toBe("image/jpeg");
      expect(frame.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect((await get(`/api/media/${id["audio/tone.wav"]}/scenes`)).json()).toEqual([]);
    });

    it("GET /transcripts lists the active transcript, or nothing", async () => {
      expect((await get(`/api/media/${id["day 1/A001.mp4"]}/transcripts`)).json()).toEqual([
        {
          language: "en",
          active: true,
          text: "Welcome to the harbour interview",
          segments: expect.any(Number),
          backend: null,
          created_at: null,
        },
      ]);
      expect((await get(`/api/media/${id["stills/Still.png"]}/transcripts`)).json()).toEqual([]);
    });

    it("serves thumbnails and key frames from .svc, 404 when absent", async () => {
      const still = id["stills/Still.png"] as number;
      const thumb = await bytes(`/api/media/${still}/thumbnail`);
      expect(thumb.res.status).toBe(200);
      expect(thumb.res.headers.get("content-type")).toBe("image/jpeg");
      expect(thumb.body).toEqual(await readFile(join(root, ".svc", "thumbs", `${still}.jpg`)));
      expect(thumb.res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      // Thrown errors too, so no answer of a media route is readable by a page of another origin.
      for (const path of [
        `/api/media/${still}/keyframes/0`,
        "/api/media/999999/thumbnail",
        "/api/media/x/thumbnail",
      ]) {
        const res = await get(path);
        expect(res.status, path).toBeGreaterThanOrEqual(404);
        expect(res.headers["cross-origin-resource-policy"], path).toBe("same-origin");
      }
      expect((await get(`/api/media/${still}/keyframes/0`)).status).toBe(404);
      expect((await get(`/api/media/${id["day 1/scenes.mp4"]}/keyframes/99`)).status).toBe(404);
      expect((await get(`/api/media/${id["day 1/scenes.mp4"]}/keyframes/-1`)).status).toBe(422);
      expect(
        (await get(`/api/media/${id["day 1/scenes.mp4"]}/keyframes/..%2f..%2f..%2fetc%2fpasswd`)).status,
      ).toBe(422);
      // A row pointing outside .svc (a damaged or hostile database) is treated as absent.
      const { project, withLibrary: inCopy } = await scratch();
      inCopy((lib) =>
        lib.db.prepare("UPDATE media SET thumb_path = '../../../../etc/passwd' WHERE id = ?").run(still),
      );
      const hostile = await get(`/api/media/${still}/thumbnail?${project}`);
      expect(hostile.status).toBe(404);
      expect(hostile.text).not.toContain("root:");
    });

    it("refuses malformed ids with 422 and unknown ones with 404, on every item route", async () => {
      const routes = ["", "/segments", "/scenes", "/transcripts", "/thumbnail", "/keyframes/0"];
      for (const suffix of routes) {
        expect((await get(`/api/media/999999${suffix}`)).status, suffix).toBe(404);
        for (const bad of [
          "abc",
          "-1",
          "0",
          "1.5",
          "01",
          "1e3",
          "..%2f..%2fetc%2fpasswd",
          "99999999999999999999",
        ]) {
          const res = await get(`/api/media/${bad}${suffix}`);
          expect(res.status, `${bad}${suffix}`).toBe(422);
        }
      }
    });

    it("never serves a file through a path that climbs out, sent raw as a client may send it", async () => {
      // `call` sends the path byte for byte (node:http); fetch would normalise the dots away first.
      // Dots that leave /api/media resolve to no route at all: 404.
      for (const path of [
        "/api/media/../../../../etc/passwd",
        "/api/media/1/../../../../etc/passwd",
        "/api/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/api/stream/../../../../etc/passwd",
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.text, path).not.toContain("root:");
      }
      // An encoded slash stays inside one segment, where it is a malformed id or index: 422.
      for (const path of [
        "/api/media/..%2f..%2f..%2fetc%2fpasswd/thumbnail",
        `/api/media/${id["day 1/A001.mp4"]}/keyframes/..%2f..%2f..%2fetc%2fpasswd`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(422);
        expect(res.text, path).not.toContain("root:");
      }
      for (const query of [
        "id=../../../../etc/passwd",
        "id=%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "id=/etc/passwd",
      ]) {
        const res = await get(`/api/stream?${query}`);
        expect(res.status, query).toBe(422);
        expect(res.text, query).not.toContain("root:");
      }
    });
  });

  describe("GET /api/stream", () => {
    const stream = (mediaId: number | string, headers: Record<string, string> = {}) =>
      bytes(`/api/stream?id=${mediaId}`, headers);

    it("serves the whole file with the type from its extension", async () => {
      const clip = id["day 1/A001.mp4"] as number;
      const original = await readFile(join(root, "day 1/A001.mp4"));
      const { res, body } = await stream(clip);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(Number(res.headers.get("content-length"))).toBe(original.length);
      expect(body.equals(original)).toBe(true);
      expect((await stream(id["audio/tone.wav"] as number)).res.headers.get("content-type")).toBe(
        "audio/wav",
      );
      expect((await stream(id["stills/Still.png"] as number)).res.headers.get("content-type")).toBe(
        "image/png",
      );
      const svg = await stream(id["stills/slate.svg"] as number);
      expect(svg.res.headers.get("content-type")).toBe("image/svg+xml");
      expect(svg.res.headers.get("content-security-policy")).toContain("sandbox");
      expect(svg.res.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("answers byte ranges with 206 and Content-Range", async () => {
      const clip = id["day 1/A001.mp4"] as number;
      const original = await readFile(join(root, "day 1/A001.mp4"));
      const size = original.length;
      const cases: [string, number, number][] = [
        ["bytes=0-99", 0, 99],
        ["bytes=100-", 100, size - 1],
        ["bytes=-200", size - 200, size - 1],
        [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
        [`bytes=0-${"9".repeat(30)}`, 0, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const { res, body } = await stream(clip, { range });
        expect(res.status, range).toBe(206);
        expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${size}`);
        expect(body.equals(original.subarray(start, end + 1)), range).toBe(true);
      }
      const etag = (await stream(clip, { range: "bytes=0-0" })).res.headers.get("etag") ?? "";
      expect((await stream(clip, { range: "bytes=0-9", "if-range": etag })).res.status).toBe(206);
      expect((await stream(clip, { range: "bytes=0-9", "if-range": '"stale"' })).res.status).toBe(200);
    });

    it("answers 416 for unsatisfiable ranges and ignores malformed ones", async () => {
      const clip = id["day 1/A001.mp4"] as number;
      const size = (await stat(join(root, "day 1/A001.mp4"))).size;
      for (const range of [
        `bytes=${size}-`,
        `bytes=${size + 5}-${size + 10}`,
        "bytes=-0",
        `bytes=${"9".repeat(30)}-`,
      ]) {
        const { res, body } = await stream(clip, { range });
        expect(res.status, range).toBe(416);
        expect(res.headers.get("content-range")).toBe(`bytes */${size}`);
        expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
        expect(JSON.parse(body.toString())).toEqual({ detail: expect.any(String) });
      }
      for (const range of ["bytes=abc", "items=0-5", "bytes=5-1", "bytes=0-1,4-5", "bytes=-"]) {
        expect((await stream(clip, { range })).res.status, range).toBe(200);
      }
    });

    it("streams the proxy of a container outside the browser allow-list, 409 while none is made", async () => {
      const res = await get(`/api/stream?id=${id["odd/clip.mkv"]}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("video/mp4");
      const scenes = id["day 1/scenes.mp4"] as number;
      const { project, withLibrary: inCopy } = await scratch();
      const streamCopy = () => get(`/api/stream?id=${scenes}&${project}`);
      inCopy((lib) => lib.db.prepare("UPDATE media SET codec = 'prores' WHERE id = ?").run(scenes));
      expect((await streamCopy()).json<{ detail: string }>().detail).toMatch(
        /prores video codec.*playback proxy is pending/,
      );
      inCopy((lib) =>
        lib.db.prepare("UPDATE media SET codec = 'h264', audio_codec = 'aac' WHERE id = ?").run(scenes),
      );
      expect((await streamCopy()).status).toBe(200);
      // Playability goes by codec: PCM sound in an .mp4 is not for browsers.
      inCopy((lib) => lib.db.prepare("UPDATE media SET audio_codec = 'pcm_s24le' WHERE id = ?").run(scenes));
      expect((await streamCopy()).json<{ detail: string }>().detail).toMatch(/PCM sound in a \.mp4 file/);
      inCopy((lib) => lib.db.prepare("UPDATE media SET audio_codec = 'ac3' WHERE id = ?").run(scenes));
      expect((await streamCopy()).status).toBe(409);
    });

    it("refuses bad ids and never reads outside the root", async () => {
      for (const bad of [
        "",
        "abc",
        "-3",
        "../../etc/passwd",
        "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/etc/passwd",
        "C:%5Cwindows",
      ]) {
        expect((await get(`/api/stream?id=${bad}`)).status, bad).toBe(422);
      }
      expect((await get("/api/stream")).status).toBe(422);
      expect((await get("/api/stream?id=424242")).status).toBe(404);
      const still = id["stills/Still.png"] as number;
      const { project, withLibrary: inCopy } = await scratch();
      inCopy((lib) =>
        lib.db.prepare("UPDATE media SET rel_path = '../../../../etc/passwd' WHERE id = ?").run(still),
      );
      const res = await get(`/api/stream?id=${still}&${project}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain("root:");
    });
  });

  describe("POST /api/media/{id}/tags", () => {
    it("adds a trimmed manual tag; a duplicate in any case is a no-op", async () => {
      const target = id["audio/tone.wav"] as number;
      const { project } = await scratch();
      const added = await call("POST", `/api/media/${target}/tags?${project}`, { name: "  Room Tone  " });
      expect(added.status).toBe(201);
      expect(added.json()).toEqual({ added: true, tags: [{ name: "Room Tone", source: "manual" }] });
      const again = await call("POST", `/api/media/${target}/tags?${project}`, { name: "room tone" });
      expect(again.status).toBe(200);
      expect(again.json()).toEqual({ added: false, tags: [{ name: "Room Tone", source: "manual" }] });
      expect((await item(target, project)).tags).toEqual([{ name: "Room Tone", source: "manual" }]);
      expect((await page(`${project}&tag=room%20tone`)).items.map((i) => i.id)).toEqual([target]);
      expect((await page(`${project}&q=tone`)).items.map((i) => i.id)).toEqual([target]);
    });

    it("refuses bad bodies with 422/413 and unknown items with 404, writing nothing", async () => {
      const target = id["audio/tone.wav"] as number;
      const before = (await item(target)).tags;
      const bad: [unknown, number][] = [
        ["{not json", 422],
        ["", 422],
        ["[]", 422],
        ["null", 422],
        [{}, 422],
        [{ name: "" }, 422],
        [{ name: "   " }, 422],
        [{ name: 42 }, 422],
        [{ name: null }, 422],
        [{ name: ["a"] }, 422],
        [{ name: "x".repeat(65) }, 422],
        [{ name: "line\nbreak" }, 422],
        [{ name: "nul\u0000" }, 422],
        [JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) }), 413],
      ];
      for (const [body, status] of bad) {
        const res = await call("POST", `/api/media/${target}/tags`, body);
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(status);
      }
      expect((await call("POST", "/api/media/999999/tags", { name: "x" })).status).toBe(404);
      expect((await call("POST", "/api/media/abc/tags", { name: "x" })).status).toBe(422);
      expect((await item(target)).tags).toEqual(before);
    });
  });

  describe("GET /api/tags", () => {
    it("counts items per tag, most used first, capping a huge limit and refusing junk", async () => {
      const target = id["audio/tone.wav"] as number;
      const { project } = await scratch();
      await call("POST", `/api/media/${target}/tags?${project}`, { name: "Cloud Tag" });
      const cloud = await call("GET", `/api/tags?${project}&prefix=CLOUD&limit=999999999`);
      expect(cloud.status).toBe(200);
      expect(cloud.json()).toEqual({ tags: [{ name: "Cloud Tag", count: 1 }], total: 1 });
      for (const query of ["limit=abc", "limit=0", "limit=-1", "prefix=a&prefix=b"]) {
        expect((await call("GET", `/api/tags?${query}`)).status, query).toBe(422);
      }
      expect((await call("GET", "/api/tags?project=nope")).status).toBe(404);
    });
  });

  describe("PATCH /api/media/{id}/inout", () => {
    /** PATCHes the marks of A001 in a scratch copy of its own. */
    const marks = async () => {
      const { project } = await scratch();
      return {
        project,
        patch: (body: unknown) => call("PATCH", `/api/media/${id["day 1/A001.mp4"]}/inout?${project}`, body),
      };
    };

    it("sets, keeps omitted fields, and clears with null", async () => {
      const { patch } = await marks();
      expect((await patch({ in_point: 1, out_point: 3.5 })).json()).toMatchObject({
        in_point: 1,
        out_point: 3.5,
      });
      expect((await patch({ out_point: 2 })).json()).toMatchObject({ in_point: 1, out_point: 2 });
      expect((await patch({})).json()).toMatchObject({ in_point: 1, out_point: 2 });
      expect((await patch({ in_point: null })).json()).toMatchObject({ in_point: null, out_point: 2 });
      expect((await patch({ in_point: 0, out_point: null })).json()).toMatchObject({
        in_point: 0,
        out_point: null,
      });
      expect((await patch({ in_point: null, out_point: null })).json()).toMatchObject({
        in_point: null,
        out_point: null,
      });
    });

    it("refuses inverted, negative, non-finite, huge and non-numeric marks, changing nothing", async () => {
      const { project, patch } = await marks();
      await patch({ in_point: 1, out_point: 3 });
      const bad: unknown[] = [
        { in_point: 3 },
        { out_point: 1 },
        { in_point: 2, out_point: 2 },
        { in_point: 5, out_point: 4 },
        { in_point: -1 },
        { out_point: -0.001 },
        '{"in_point": NaN}',
        '{"in_point": Infinity}',
        '{"out_point": 1e400}',
        '{"out_point": -1e400}',
        { out_point: 1e308 },
        { in_point: "1" },
        { in_point: "NaN" },
        { in_point: true },
        { in_point: [1] },
        { in_point: { value: 1 } },
        { in: 1 },
        "[1, 2]",
        "{broken",
      ];
      for (const body of bad) {
        const res = await patch(body);
        expect(res.status, JSON.stringify(body)).toBe(422);
      }
      expect(await item(id["day 1/A001.mp4"] as number, project)).toMatchObject({
        in_point: 1,
        out_point: 3,
      });
      expect((await call("PATCH", `/api/media/999999/inout?${project}`, { in_point: 1 })).status).toBe(404);
    });

    it("keeps any sequence of valid partial patches consistent and ignores invalid ones", async () => {
      const target = id["stills/Still.png"] as number;
      const { project } = await scratch();
      const mark = fc.oneof(
        fc.constant(null),
        fc.integer({ min: 0, max: 100 }).map((n) => n / 4),
      );
      const text = fc.oneof(fc.constant(null), fc.constantFrom("A", " cam B ", "", "wide", "é"));
      const step = fc.oneof(
        fc.record({
          route: fc.constant("inout"),
          body: fc.record({ in_point: mark, out_point: mark }, { requiredKeys: [] }),
        }),
        fc.record({
          route: fc.constant("camera"),
          body: fc.record({ camera_id: text, angle: text }, { requiredKeys: [] }),
        }),
        fc.record({
          route: fc.constant("rating"),
          body: fc.record({ rating: text, rating_note: text }, { requiredKeys: [] }),
        }),
        fc.record({
          route: fc.constantFrom("inout", "camera", "rating"),
          body: fc.constantFrom<Record<string, unknown>>(
            { in_point: -1 },
            { out_point: "2" },
            { camera_id: 5 },
            { angle: "x".repeat(65) },
            { rating: ["a"] },
            { unknown: 1 },
          ),
        }),
      );
      const clean = (value: unknown) => {
        if (typeof value !== "string") return value;
        const trimmed = value.trim();
        return trimmed === "" ? null : trimmed;
      };
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
          const model: Record<string, unknown> = pick(await item(target, project));
          for (const { route, body } of steps) {
            const res = await api.request("PATCH", `/api/media/${target}/${route}?${project}`, { body });
            const merged = { ...model };
            for (const [key, value] of Object.entries(body)) merged[key] = clean(value);
            const inOut = merged.in_point as number | null;
            const outIn = merged.out_point as number | null;
            const valid =
              Object.keys(body).every((k) =>
                (FIELDS[route as keyof typeof FIELDS] as readonly string[]).includes(k),
              ) &&
              Object.values(body).every(
                (v) => v === null || typeof v === (route === "inout" ? "number" : "string"),
              ) &&
              Object.values(body).every((v) => typeof v !== "number" || v >= 0) &&
              Object.values(body).every((v) => typeof v !== "string" || v.length <= 64) &&
              !(inOut !== null && outIn !== null && inOut >= outIn);
            expect(res.status, JSON.stringify({ route, body, model })).toBe(valid ? 200 : 422);
            if (valid) Object.assign(model, merged);
            expect(pick(await item(target, project))).toEqual(model);
          }
        }),
        { numRuns: 25 },
      );
    });
  });

  describe("PATCH /api/media/{id}/camera and /rating", () => {
    const target = () => id["audio/tone.wav"] as number;

    it("trims and caps camera labels; empty clears; omitted is untouched", async () => {
      const { project } = await scratch();
      const camera = (body: unknown) => call("PATCH", `/api/media/${target()}/camera?${project}`, body);
      expect((await camera({ camera_id: "  A-cam ", angle: " close " })).json()).toMatchObject({
        camera_id: "A-cam",
        angle: "close",
      });
      expect((await camera({ angle: "wide" })).json()).toMatchObject({ camera_id: "A-cam", angle: "wide" });
      expect((await camera({ camera_id: "   " })).json()).toMatchObject({ camera_id: null, angle: "wide" });
      expect((await camera({ camera_id: "é".repeat(64) })).status).toBe(200);
      for (const body of [
        { camera_id: "x".repeat(65) },
        { angle: 3 },
        { camera_id: "tab\there" },
        { camera: "A" },
      ]) {
        expect((await camera(body)).status, JSON.stringify(body)).toBe(422);
      }
      expect((await camera({ angle: null })).json()).toMatchObject({
        camera_id: "é".repeat(64),
        angle: null,
      });
    });

    it("changes the rating without touching the note", async () => {
      const { project } = await scratch();
      const rating = (body: unknown) => call("PATCH", `/api/media/${target()}/rating?${project}`, body);
      await rating({ rating: "good", rating_note: "clean take\nslight hum at 2s" });
      expect((await rating({ rating: "circled" })).json()).toMatchObject({
        rating: "circled",
        rating_note: "clean take\nslight hum at 2s",
      });
      expect((await rating({ rating: null })).json()).toMatchObject({
        rating: null,
        rating_note: "clean take\nslight hum at 2s",
      });
      for (const body of [
        { rating: 5 },
        { rating: "x".repeat(33) },
        { rating_note: "x".repeat(2001) },
        { rating_note: "\u0007" },
      ]) {
        expect((await rating(body)).status, JSON.stringify(body)).toBe(422);
      }
      expect(await item(target(), project)).toMatchObject({
        rating: null,
        rating_note: "clean take\nslight hum at 2s",
      });
    });
  });
});

const FIELDS = {
  inout: ["in_point", "out_point"],
  camera: ["camera_id", "angle"],
  rating: ["rating", "rating_note"],
} as const satisfies Record<string, readonly string[]>;

function pick(item: Item): Record<string, unknown> {
  const { in_point, out_point, camera_id, angle, rating, rating_note } = item;
  return { in_point, out_point, camera_id, angle, rating, rating_note };
}
