import { stat } from "node:fs/promises";
import { userInfo } from "node:os";
import { isAbsolute, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Handoff, HandoffCreated, HandoffList } from "../../domain/schemas/handoff.js";
import { createToken } from "../../library/access/tokens.js";
import type { MediaKind, ProbeFields } from "../../state/repos/media.js";
import { openLibrary } from "../../state/stores.js";
import { type ApiResponse, startApi, type TestApi } from "../support/api.js";
import { seedExportItems } from "../support/export-fixtures.js";
import { makeCameraClip } from "../support/media.js";
import { CLIP_PROBE, stageDone } from "../support/rows.js";
import { needTools } from "../support/tools.js";

if (!needTools("ffmpeg", "ffprobe"))
  throw new Error("the hand-off tests make an editor proxy: install ffmpeg");

const RTL = "\u200f";
const ODD_NOTE = `line one\n\tsaid "cut" — 🎬 ${RTL}שלום`;

let api: TestApi;
let root: string;
/** Items by what they are for. */
const id = { camera: 0, trimmed: 0, ntsc: 0, sound: 0, still: 0, empty: 0, plate: 0 };

/** A row for a file as a probe would leave it (the file itself may or may not be there). */
async function addRow(rel: string, kind: MediaKind, probe: Partial<ProbeFields>): Promise<number> {
  const size = await stat(join(root, rel)).then(
    (s) => s.size,
    () => 1000,
  );
  const store = openLibrary(root);
  try {
    return store.media.saveProbe(
      { relPath: rel, kind, size, mtimeMs: 1, fingerprint: rel },
      { ...CLIP_PROBE, ...probe },
      stageDone("probe"),
    );
  } finally {
    store.close();
  }
}

const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await api.request(method, path, body === undefined ? { headers } : { body, headers });
  expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
  return res;
};
const created = async (body: unknown) => {
  const res = await call("POST", "/api/handoff", body);
  expect(res.status, res.text).toBe(201);
  return res.json<HandoffCreated>();
};
const listed = async () => (await call("GET", "/api/handoffs?limit=100")).json<HandoffList>().items;
const next = async () => {
  const res = await call("GET", "/api/handoff/next");
  return { res, handoff: res.status === 200 ? res.json<Handoff>() : null };
};

beforeAll(async () => {
  api = await startApi();
  root = api.root as string;
  await makeCameraClip(join(root, "day 1"), "A001C003.mov", {
    width: 320,
    height: 180,
    seconds: 2,
    audioTracks: 1,
    timecode: "10:00:00:00",
  });
  id.camera = await addRow("day 1/A001C003.mov", "video", {
    duration_s: 2,
    width: 320,
    height: 180,
    start_timecode: "10:00:00:00",
    audio_tracks: 1,
    slate_json: JSON.stringify({ scene: "12A", take: "3", tape: null, note: null, circled: true }),
  });
  [id.trimmed, id.ntsc, id.sound, id.still, id.empty] = seedExportItems(root, [
    { path: "day 2/B001.mov", duration_s: 10, start_timecode: "01:00:00:00", in_point: 2, out_point: 6 },
    { path: "day 2/C001.mp4", duration_s: 3, fps: 29.97, start_timecode: "01:00:00;00" },
    { path: "sound/interview.wav", kind: "audio", duration_s: 4 },
    { path: "stills/card 100%.png", kind: "image", duration_s: null },
    { path: "late.mov", duration_s: 5, in_point: 8, out_point: 9 },
  ]) as [number, number, number, number, number];
  id.plate = await addRow("plates/A001.####.dpx", "video", {
    duration_s: 2,
    fps: 24,
    sequence_json: JSON.stringify({ first: 86400, last: 86447, count: 48, missing: [], missing_count: 0 }),
  });
  const proxy = await call("POST", "/api/proxy/editor", { ids: [id.camera] });
  expect(proxy.json()).toMatchObject({ results: [{ status: "written", path: "day 1/Proxy/A001C003.mov" }] });
}, 120_000);

afterAll(async () => {
  await api?.close();
});

// Both stories share one library and its queue of hand-offs: the second starts where the first ends.
describe("hand-offs over HTTP", { sequential: true, shuffle: false }, () => {
  describe("a hand-off from creation to the script", () => {
    let subclip = 0;
    let otherSubclip = 0;
    let marker = 0;

    it("carries frames, trims, markers, subclips, the log and the proxy, and is taken once", async () => {
      for (const [path, body] of [
        [`/api/media/${id.camera}/rating`, { rating: "5", rating_note: ODD_NOTE }],
        [`/api/media/${id.camera}/camera`, { camera_id: "A", angle: "wide" }],
        [`/api/media/${id.camera}/tags`, { name: "hero" }],
        [`/api/media/${id.camera}/inout`, { in_point: 0.4, out_point: 1.6 }],
      ] as const)
        expect((await call(path.endsWith("tags") ? "POST" : "PATCH", path, body)).status).toBeLessThan(300);
      marker = (
        await call("POST", `/api/media/${id.camera}/markers`, {
          start_s: 0.5,
          end_s: 1,
          name: `Boom "in" shot 🎤 ${RTL}`,
          note: ODD_NOTE,
          color: "red",
          kind: "todo",
        })
      ).json<{ id: number }>().id;
      await call("POST", `/api/media/${id.camera}/markers`, { start_s: 1.2 });
      subclip = (
        await call("POST", `/api/media/${id.camera}/subclips`, {
          start_s: 0.2,
          end_s: 1.2,
          name: "Line 4",
          note: ODD_NOTE,
          color: "green",
        })
      ).json<{ id: number }>().id;
      otherSubclip = (
        await call("POST", `/api/media/${id.trimmed}/subclips`, { start_s: 7, end_s: 8, name: "Reaction" })
      ).json<{ id: number }>().id;

      const made = await created({
        ids: [id.camera, id.trimmed, id.camera, id.ntsc, id.sound, id.still, id.empty, id.plate],
        bin: `  Day\t1\nselects "A" 🎬 ${RTL}  `,
      });
      expect(made).toMatchObject({ status: "pending", bin: `Day 1 selects "A" 🎬 ${RTL}`, items: 7 });

      const { res, handoff } = await next();
      expect(res.status, res.text).toBe(200);
      const h = handoff as Handoff;
      expect(h).toMatchObject({
        id: made.id,
        target: "resolve",
        status: "done",
        bin: made.bin,
        author: userInfo().username,
        paths: "absolute",
        timeline: {
          name: made.bin,
          rate: { num: 25, den: 1 },
          drop_frame: false,
          start_timecode: "01:00:00:00",
        },
      });
      expect(h.taken_at).not.toBeNull();
      expect(h.items.map((item) => item.id)).toEqual([
        id.camera,
        id.trimmed,
        id.ntsc,
        id.sound,
        id.still,
        id.empty,
        id.plate,
      ]);
      const [camera, trimmed, ntsc, sound, still, empty, plate] = h.items as Handoff["items"];
      expect(camera).toEqual({
        id: id.camera,
        name: "A001C003.mov",
        kind: "video",
        path: join(root, "day 1/A001C003.mov"),
        proxy_path: join(root, "day 1/Proxy/A001C003.mov"),
        sequence: null,
        rate: { num: 25, den: 1 },
        drop_frame: false,
        start_timecode: "10:00:00:00",
        duration_frames: 50,
        trim: { in_frame: 10, out_frame: 40 },
        scene: "12A",
        take: "3",
        camera: "A",
        angle: "wide",
        circled: true,
        tags: ["hero"],
        rating: "5",
        note: ODD_NOTE,
        description: "",
        markers: [
          {
            id: marker,
            name: `Boom "in" shot 🎤 ${RTL}`,
            note: ODD_NOTE,
            color: "red",
            kind: "todo",
            frame: 13,
            duration_frames: 12,
          },
          expect.objectContaining({ name: "Marker 2", frame: 30, duration_frames: 1, color: "blue" }),
        ],
        subclips: [
          { id: subclip, name: "Line 4", note: ODD_NOTE, color: "green", in_frame: 5, out_frame: 30 },
        ],
      });
      expect(trimmed).toMatchObject({ trim: { in_frame: 50, out_frame: 150 }, duration_frames: 250 });
      expect(trimmed?.subclips.map((s) => [s.id, s.in_frame, s.out_frame])).toEqual([
        [otherSubclip, 175, 200],
      ]);
      expect(trimmed?.proxy_path).toBeNull();
      expect(ntsc).toMatchObject({
        rate: { num: 30000, den: 1001 },
        drop_frame: true,
        start_timecode: "01:00:00;00",
        trim: null,
        duration_frames: 90,
      });
      // Sound and stills count at the timeline's rate.
      expect(sound).toMatchObject({
        kind: "audio",
        rate: { num: 25, den: 1 },
        duration_frames: 100,
        start_timecode: null,
      });
      expect(still).toMatchObject({
        kind: "image",
        path: join(root, "stills/card 100%.png"),
        duration_frames: 125,
      });
      expect(empty?.trim).toBeNull();
      expect(plate).toMatchObject({
        path: join(root, "plates/A001.86400.dpx"),
        sequence: { pattern: join(root, "plates/A001.%04d.dpx"), first: 86400, last: 86447 },
        rate: { num: 24, den: 1 },
      });
      expect(h.skipped).toEqual([{ id: id.empty, reason: "the in/out window leaves nothing" }]);
      // Each item's select, then its subclips; the 29.97 clip's 90 frames last 75 at 25 fps.
      expect(
        h.selects.map((s) => [s.item_id, s.subclip_id, s.in_frame, s.out_frame, s.record_frame]),
      ).toEqual([
        [id.camera, null, 10, 40, 0],
        [id.camera, subclip, 5, 30, 30],
        [id.trimmed, null, 50, 150, 55],
        [id.trimmed, otherSubclip, 175, 200, 155],
        [id.ntsc, null, 0, 90, 180],
        [id.sound, null, 0, 100, 255],
        [id.still, null, 0, 125, 355],
        [id.plate, null, 0, 48, 480],
      ]);
      expect(h.selects[1]?.name).toBe("Line 4");

      const again = await next();
      expect(again.res.status).toBe(204);
      expect(again.res.text).toBe("");
      const byId = await call("GET", `/api/handoff/${made.id}`);
      expect(byId.json<Handoff>()).toMatchObject({ id: made.id, status: "done", taken_at: h.taken_at });
      expect((await listed())[0]).toEqual({
        id: made.id,
        status: "done",
        bin: made.bin,
        items: 7,
        author: userInfo().username,
        created_at: made.created_at,
        taken_at: h.taken_at,
        taken_by: userInfo().username,
      });
    });

    it("hands over the subclips asked for: none, or those listed", async () => {
      const none = await created({ ids: [id.camera, id.trimmed], subclips: false });
      const chosen = await created({ ids: [id.camera, id.trimmed], subclips: [otherSubclip] });
      const read = async (hid: number) => (await call("GET", `/api/handoff/${hid}`)).json<Handoff>();
      const a = await read(none.id);
      expect(a.status).toBe("pending");
      expect(a.bin).toBe(a.project.name);
      expect(a.items.flatMap((i) => i.subclips)).toEqual([]);
      expect(a.selects.map((s) => s.subclip_id)).toEqual([null, null]);
      const b = await read(chosen.id);
      expect(b.items.flatMap((i) => i.subclips.map((s) => s.id))).toEqual([otherSubclip]);
      expect(b.selects.map((s) => s.subclip_id)).toEqual([null, null, otherSubclip]);
      // The newest pending one is taken first.
      expect((await next()).handoff?.id).toBe(chosen.id);
      expect((await next()).handoff?.id).toBe(none.id);
    });

    it("refuses bad input plainly and stores nothing", async () => {
      const before = await listed();
      const refused = async (body: unknown, status: number, detail: RegExp, raw?: string) => {
        const res: ApiResponse = raw
          ? await api.request("POST", "/api/handoff", {
              body: raw,
              headers: { "content-type": "application/json" },
            })
          : await call("POST", "/api/handoff", body);
        expect(res.status, res.text).toBe(status);
        expect(res.json<{ detail: string }>().detail).toMatch(detail);
      };
      await refused({ ids: [id.camera, 987_654, 987_655] }, 404, /no media item 987654, 987655/);
      await refused(
        { ids: [id.camera], subclips: [otherSubclip] },
        422,
        new RegExp(`subclips: ${otherSubclip} is no subclip`),
      );
      await refused({ ids: [id.camera], bin: " \t\n " }, 422, /^bin: must not be empty/);
      await refused({ ids: [id.camera], bin: "x".repeat(121) }, 422, /^bin: at most 120/);
      await refused({ ids: Array.from({ length: 2001 }, (_, i) => i + 1) }, 422, /^ids: at most 2000/);
      await refused({ ids: [] }, 422, /^ids: expected at least one/);
      await refused({ ids: [1.5] }, 422, /^ids\.0: expected a media id/);
      await refused({ ids: [id.camera], subclips: "all" }, 422, /^subclips/);
      await refused({ ids: [id.camera], extra: 1 }, 422, /extra|unrecognized/i);
      await refused(undefined, 422, /not valid JSON/, '{"ids": [1,');
      await refused(undefined, 422, /^body: .*expected object/, "[]");
      expect((await call("GET", "/api/handoff/987654")).status).toBe(404);
      expect((await call("GET", "/api/handoffs?limit=101")).status).toBe(422);
      expect(await listed()).toEqual(before);
    });
  });

  describe("paths and concurrent takers over one library", () => {
    let remote: TestApi;
    beforeAll(async () => {
      // The same SVC_HOME: a second svc of the same host, so it may open the project too.
      remote = await startApi({ projectRoot: root, env: { SVC_TRUST_LOOPBACK: "0", SVC_HOME: api.home } });
    });
    afterAll(async () => {
      await remote?.stop();
    });
    const as = (secret: string, path: string) =>
      remote.request("GET", path, { headers: { authorization: `Bearer ${secret}` } });

    it("gives a videos_read token paths relative to the project root, an admin and a local caller absolute ones", async () => {
      const reader = createToken(remote.registry, { name: "resolve-seat", scopes: ["videos_read"] });
      const admin = createToken(remote.registry, { name: "resolve-admin", scopes: ["admin"] });
      const made = await created({ ids: [id.camera, id.plate] });
      const relative = await as(reader.secret, `/api/handoff/${made.id}`);
      expect(relative.status, relative.text).toBe(200);
      expect(relative.text).not.toContain(root);
      const r = relative.json<Handoff>();
      expect(r.paths).toBe("relative");
      expect(r.items.map((i) => [i.path, i.proxy_path, i.sequence?.pattern ?? null])).toEqual([
        ["day 1/A001C003.mov", "day 1/Proxy/A001C003.mov", null],
        ["plates/A001.86400.dpx", null, "plates/A001.%04d.dpx"],
      ]);
      const absolute = (await as(admin.secret, `/api/handoff/${made.id}`)).json<Handoff>();
      expect(absolute.paths).toBe("absolute");
      expect(absolute.items.every((i) => isAbsolute(i.path))).toBe(true);
      expect((await call("GET", `/api/handoff/${made.id}`)).json<Handoff>().items[0]?.path).toBe(
        join(root, "day 1/A001C003.mov"),
      );
      const taken = await as(reader.secret, "/api/handoff/next");
      expect(taken.json<Handoff>()).toMatchObject({ id: made.id, paths: "relative" });
      expect((await listed()).find((h) => h.id === made.id)?.taken_by).toBe("resolve-seat");
      // A token without videos_read is refused.
      const writer = createToken(remote.registry, { name: "w", scopes: ["chat_read"] });
      expect((await as(writer.secret, "/api/handoff/next")).status).toBe(403);
    });

    it("never gives one hand-off to two takers asking at once, even through two processes", async () => {
      const reader = createToken(remote.registry, { name: "racer", scopes: ["videos_read"] });
      const made = await Promise.all([1, 2, 3].map(() => created({ ids: [id.trimmed], subclips: false })));
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          i % 2 === 0 ? api.request("GET", "/api/handoff/next") : as(reader.secret, "/api/handoff/next"),
        ),
      );
      const got = answers.filter((a) => a.status === 200).map((a) => a.json<Handoff>().id);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(5).fill(204));
      expect(got.sort()).toEqual(made.map((m) => m.id).sort());
    });
  });
});
