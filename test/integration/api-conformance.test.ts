import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../api/routes/index.js";
import type { RouteDef } from "../../api/routes/types.js";
import { createToken } from "../../library/access/tokens.js";
import { TIMELINE_FORMATS } from "../../library/export/timeline.js";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { BackupWriter } from "../../library/transcripts/transcript-backups.js";
import { NO_EDITORIAL } from "../../state/repos/trash.js";
import { openLibrary } from "../../state/stores.js";
import { type ApiResponse, readResponse, startApi, type TestApi } from "../support/api.js";
import { makeSceneClip, makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { type Answer, answerChecker } from "../support/openapi.js";
import { CLIP_PROBE, seedConversation, stageDone } from "../support/rows.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

// The items are real ingests, so the calls reach real rows, thumbnails, key frames and files.
if (!needTools("ffmpeg", "ffprobe"))
  throw new Error("the conformance test ingests real media: install ffmpeg");

type Json = Record<string, unknown>;

/** One request and the status it must be answered with. */
interface Call {
  status: number;
  /** Path and query; the route's own path when it has no parameters. */
  path?: string;
  /** A JSON body (sent as application/json), or bytes sent with `type` as their Content-Type. */
  body?: unknown;
  raw?: { bytes: Buffer; type: string | null };
  headers?: Record<string, string>;
  /** What the answer's detail must say, where the status alone would not show the right refusal. */
  detail?: RegExp;
  /** Sets up the state the call needs, and puts it back afterwards. */
  before?: () => void | Promise<void>;
  after?: () => void;
}

/**
 * A route's examples: its valid call (from which the generic bad calls are derived: an unknown
 * query parameter, escapes that are not UTF-8, an unknown and an unreachable project, a body sent
 * as another type, not JSON, not UTF-8, with a lone surrogate, too large), and the calls particular
 * to it (an unknown id, a conflict, a byte range…). Functions, so each call gets fresh rows.
 */
interface Examples {
  ok: () => Call;
  more?: () => Call[] | Promise<Call[]>;
  /**
   * What an unknown project is answered with where it is not the project addressed but part of
   * what the body names (a bin item's `{project, media_id}`): 404 when not given.
   */
  unknownProject?: { status: number; detail: RegExp };
}

/**
 * Documented statuses no example here can reach, and where they are tested instead. 401 and 403 are
 * the guard's, proved for every route by the auth matrix (test/integration/auth-matrix.test.ts).
 */
const REACHED_ELSEWHERE: Record<string, string> = {
  "GET /api/health 503": "needs ffmpeg or ffprobe missing, which no machine running these tests is",
  "POST /api/offload 409": "needs a copy still running: offload-api.test.ts",
  "POST /api/retranscribe-all 202": "needs a speech recogniser: retranscribe-all.test.ts",
  "POST /api/retranscribe-all 409": "needs a run still going: retranscribe-all.test.ts",
  "POST /api/sample/seed 202": "generates the sample library: sample-seed.test.ts",
};

const MISSING_ID = 987_654;
const label = (route: Pick<RouteDef, "method" | "path">) => `${route.method} ${route.path}`;

let api: TestApi;
let modelHost: FakeModelHost;
let document: Json;
let check: (route: RouteDef, res: Answer) => string[];
let root: string;
/** A registered project whose folder was renamed away (an unplugged drive). */
const GONE = "unplugged";
const folders: string[] = [];
const seed = { still: 0, clip: 0 };

const library = <T>(use: (lib: ReturnType<typeof openLibrary>) => T): T => {
  const lib = openLibrary(root);
  try {
    return use(lib);
  } finally {
    lib.close();
  }
};

let made = 0;
const fresh = (prefix: string) => `${prefix}-${++made}`;

/** A marker or subclip of its own on the seeded clip, for an edit or a delete. */
function freshMark(type: "marker" | "subclip"): number {
  return library((lib) => {
    const mark = lib.marks.add(
      seed.clip,
      {
        type,
        name: fresh(type),
        note: "",
        color: "blue",
        kind: type === "marker" ? "marker" : null,
        start_s: 0,
        end_s: type === "marker" ? null : 1,
        author: "conformance",
      },
      () => {},
    );
    return mark?.id as number;
  });
}

/** A row whose file is not there (for deletes), or, as `video.mkv`, one a browser cannot play. */
function freshRow(ext = "png", kind: "image" | "video" = "image"): number {
  const name = `${fresh("row")}.${ext}`;
  return library((lib) =>
    lib.media.saveProbe(
      { relPath: name, kind, size: 1, mtimeMs: 1, fingerprint: name },
      {
        ...CLIP_PROBE,
        duration_s: kind === "video" ? 1 : null,
        codec: kind === "video" ? "prores" : null,
        fps: null,
        width: 64,
        height: 64,
      },
      stageDone("probe"),
    ),
  );
}

/** A trashed file; `blocked` puts a file at its old place, so restoring it is a conflict. */
function freshTrash(blocked = false): number {
  const name = `${fresh("restore")}.png`;
  mkdirSync(join(root, ".svc", "trash"), { recursive: true });
  copyFileSync(join(root, "still.png"), join(root, ".svc", "trash", name));
  if (blocked) writeFileSync(join(root, name), "in the way");
  return library((lib) =>
    Number(
      lib.db
        .prepare(
          "INSERT INTO trash (rel_path, trash_path, kind, size, deleted_at, editorial_json) VALUES (?, ?, 'image', 1, ?, ?)",
        )
        .run(name, `.svc/trash/${name}`, new Date().toISOString(), JSON.stringify(NO_EDITORIAL))
        .lastInsertRowid,
    ),
  );
}

function freshConversation(): string {
  const id = fresh("conversation");
  return seedConversation(api.registry, id, "conformance");
}

const freshBin = () => api.registry.bins.create(fresh("bin")).id;
const freshToken = () => createToken(api.registry, { name: fresh("token"), scopes: ["media_read"] }).token.id;

function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "svc-conformance-"));
  folders.push(folder);
  return folder;
}

const freshProject = () => api.registry.projects.add(fresh("project"), freshFolder()).name;

/** A one-file card inside the project (a source any offload rule allows) and a destination of its own. */
function freshCard(): { source: string; dests: string[] } {
  const card = join(root, "cards", fresh("A001"));
  mkdirSync(card, { recursive: true });
  writeFileSync(join(card, "C0001.MP4"), "clip");
  return { source: card, dests: [join(freshFolder(), "dest")] };
}

async function slotFree(): Promise<void> {
  await until("the ingest slot to be free", () => !api.registry.slots.get(ingestSlotName(root)), {
    timeoutMs: 30_000,
  });
}

/** `call` made while another job holds the project's ingest slot. */
function slotTaken(call: Call): Call {
  let lease: { release(): void } | undefined;
  return {
    ...call,
    before: async () => {
      await call.before?.();
      await slotFree();
      lease = claimSlot(api.registry, ingestSlotName(root), "conformance test holder");
    },
    after: () => lease?.release(),
  };
}

/**
 * The thumbnails and key frames the ingest made: the cache clear may have run first (tests run in
 * any order), and then the next pass makes them again, as it would for a user.
 */
async function derivedFiles(): Promise<void> {
  await slotFree();
  if (library((lib) => [seed.still, seed.clip].every((id) => lib.media.get(id)?.thumb_path))) return;
  const started = await api.request("POST", "/api/ingest", { body: {} });
  expect(started.status, started.text).toBe(202);
  await slotFree();
}

async function freshBackup(): Promise<void> {
  await slotFree();
  library((lib) => {
    const writer = new BackupWriter(lib.paths.backups, "recorrect");
    const mirror = lib.transcripts.getMirror(seed.clip);
    if (mirror) writer.saveMirror(mirror);
    writer.finish();
  });
}

/** A pending hand-off of the seeded items in the default project. */
const freshHandoff = () =>
  library((lib) => {
    const request_json = JSON.stringify({ ids: [seed.clip, seed.still], subclips: true });
    return lib.handoffs.add({ target: "resolve", bin: fresh("bin"), request_json, author: "conformance" }).id;
  });

/** Takes whatever hand-offs are pending, so the next taker finds none. */
function takeEveryHandoff(): void {
  library((lib) => {
    let taken = lib.handoffs.takeNewest("resolve", "conformance");
    while (taken) taken = lib.handoffs.takeNewest("resolve", "conformance");
  });
}

const defaultProject = () => {
  const row = api.registry.projects.byRoot(root);
  if (!row) throw new Error("the default project is not registered");
  return row.name;
};

/**
 * A sync pair of the seeded clip and still (the same pair each time), accepted, so a sync run the
 * examples start meanwhile keeps it.
 */
const syncPair = () =>
  library((lib) => {
    const { id } = lib.sync.record({
      camera_media_id: seed.clip,
      sound_media_id: seed.still,
      channels_json: "[]",
      offset_samples: 0,
      sound_rate: 48_000,
      method: "timecode",
      confidence: 0.9,
      reason: "",
    });
    lib.sync.update(id, { state: "accepted" }, () => {});
    return id;
  });

const CUBE = "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n";
const octets = (text: string, type: string | null = "application/octet-stream") => ({
  bytes: Buffer.from(text),
  type,
});

/** A multipart/form-data body with one file field, as a browser's form sends it. */
async function form(field: string, name: string, text: string): Promise<{ bytes: Buffer; type: string }> {
  const data = new FormData();
  data.set(field, new Blob([text]), name);
  const request = new Request("http://svc/", { method: "POST", body: data });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get("content-type") ?? "",
  };
}

const EXAMPLES: Record<string, Examples> = {
  "GET /api/health": { ok: () => ({ status: 200 }) },
  "GET /api/version": { ok: () => ({ status: 200 }) },
  "GET /api/status": { ok: () => ({ status: 200 }) },
  "GET /api/stats": { ok: () => ({ status: 200 }) },
  "GET /api/embed/status": { ok: () => ({ status: 200 }) },
  "GET /api/entitlements": { ok: () => ({ status: 200 }) },
  "GET /api/models/hosts": { ok: () => ({ status: 200 }) },
  "GET /api/logs/tail": {
    ok: () => ({ status: 200, path: "/api/logs/tail?lines=5" }),
    more: () => [
      { status: 422, path: "/api/logs/tail?lines=0", detail: /^lines:/ },
      { status: 200, path: "/api/logs/tail?level=warn&text=request&since=2020-01-01T00:00:00Z" },
      { status: 422, path: "/api/logs/tail?level=loud", detail: /^level:/ },
      { status: 422, path: "/api/logs/tail?since=soon", detail: /^since:/ },
    ],
  },
  "GET /api/ingest/status": { ok: () => ({ status: 200 }) },
  "POST /api/ingest": {
    ok: () => ({ status: 202, body: {}, before: slotFree }),
    more: () => [slotTaken({ status: 409, body: {} })],
  },
  "POST /api/sync": {
    ok: () => ({ status: 202, body: { by: "timecode" }, before: slotFree }),
    more: () => [
      slotTaken({ status: 409, body: {} }),
      { status: 422, body: { by: "ear" }, detail: /^by:/ },
      { status: 422, body: { dir: "../elsewhere" }, before: slotFree, detail: /^dir/ },
    ],
  },
  "GET /api/sync/status": { ok: () => ({ status: 200 }) },
  "GET /api/sync/pairs": {
    ok: () => ({ status: 200, path: "/api/sync/pairs?limit=5" }),
    more: () => [
      { status: 422, path: "/api/sync/pairs?state=maybe", detail: /^state:/ },
      { status: 422, path: "/api/sync/pairs?cursor=zzz", detail: /^cursor:/ },
    ],
  },
  "PATCH /api/sync/pairs/:id": {
    ok: () => ({
      status: 200,
      path: `/api/sync/pairs/${syncPair()}`,
      body: { state: "accepted", nudge_frames: 1 },
    }),
    more: () => [
      { status: 404, path: `/api/sync/pairs/${MISSING_ID}`, body: { state: "accepted" } },
      {
        status: 422,
        path: `/api/sync/pairs/${syncPair()}`,
        body: { nudge_frames: 5000 },
        detail: /^nudge_frames:/,
      },
    ],
  },
  "POST /api/sample/seed": {
    // Marked seeded beforehand: the call answers at once (seeded for real in sample-seed.test.ts).
    ok: () => ({
      status: 200,
      body: {},
      before: () => {
        mkdirSync(join(root, "svc-sample"), { recursive: true });
        writeFileSync(join(root, ".svc", "sample.json"), "{}\n");
      },
    }),
    more: () => [
      slotTaken({
        status: 409,
        body: {},
        before: () => rmSync(join(root, ".svc", "sample.json")),
        after: () => writeFileSync(join(root, ".svc", "sample.json"), "{}\n"),
      }),
    ],
  },
  "GET /api/sample/seed/status": { ok: () => ({ status: 200 }) },
  "POST /api/cache/clear": {
    ok: () => ({ status: 200, body: {}, before: slotFree }),
    more: () => [slotTaken({ status: 409, body: {} })],
  },
  "GET /api/media": {
    ok: () => ({ status: 200, path: "/api/media?q=still&limit=5" }),
    more: () => [
      { status: 422, path: "/api/media?limit=5&limit=6", detail: /more than once/ },
      { status: 422, path: "/api/media?sort=sideways", detail: /^sort:/ },
    ],
  },
  "GET /api/media/facets/shoot-date": { ok: () => ({ status: 200 }) },
  "GET /api/tags": { ok: () => ({ status: 200, path: "/api/tags?limit=10" }) },
  "POST /api/media/bulk-delete": {
    ok: () => ({ status: 200, body: { ids: [freshRow()] } }),
    more: () => [{ status: 422, body: { ids: [] }, detail: /^ids:/ }],
  },
  "POST /api/media/bulk-tags": {
    ok: () => ({ status: 200, body: { changes: [{ name: fresh("bulk"), add: [seed.still, seed.clip] }] } }),
    more: () => [
      {
        status: 404,
        body: { changes: [{ name: "x", add: [seed.still, MISSING_ID] }] },
        detail: /no such media/,
      },
      { status: 422, body: { changes: [] }, detail: /^changes:/ },
    ],
  },
  "POST /api/media/bulk-rating": {
    ok: () => ({ status: 200, body: { ids: [seed.clip, seed.still], rating: "2" } }),
    more: () => [
      { status: 200, body: { items: [{ id: seed.clip, rating: null, rating_note: null }] } },
      { status: 404, body: { ids: [MISSING_ID], rating: "2" } },
      { status: 422, body: { ids: [seed.clip], items: [{ id: seed.clip }] }, detail: /^ids:/ },
    ],
  },
  "DELETE /api/media/:id/tags/:name": {
    ok: () => ({ status: 200, path: `/api/media/${seed.still}/tags/${encodeURIComponent(fresh("gone"))}` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/tags/x` }],
  },
  "GET /api/media/:id": {
    ok: () => ({ status: 200, path: `/api/media/${seed.still}` }),
    more: () => [
      { status: 404, path: `/api/media/${MISSING_ID}` },
      { status: 422, path: "/api/media/abc" },
    ],
  },
  "DELETE /api/media/:id": {
    ok: () => ({ status: 200, path: `/api/media/${freshRow()}` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}` }],
  },
  "POST /api/media/:id/tags": {
    ok: () => ({ status: 201, path: `/api/media/${seed.still}/tags`, body: { name: fresh("tag") } }),
    more: () => {
      const name = fresh("twice");
      return [
        { status: 201, path: `/api/media/${seed.still}/tags`, body: { name } },
        { status: 200, path: `/api/media/${seed.still}/tags`, body: { name } },
        { status: 404, path: `/api/media/${MISSING_ID}/tags`, body: { name } },
      ];
    },
  },
  "GET /api/media/:id/markers": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/markers` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/markers` }],
  },
  "POST /api/media/:id/markers": {
    ok: () => ({ status: 201, path: `/api/media/${seed.clip}/markers`, body: { start_s: 1, kind: "todo" } }),
    more: () => [
      { status: 404, path: `/api/media/${MISSING_ID}/markers`, body: { start_s: 1 } },
      { status: 422, path: `/api/media/${seed.clip}/markers`, body: { start_s: 1, color: "orange" } },
      {
        status: 422,
        path: `/api/media/${seed.clip}/markers`,
        body: { start_s: 1_000 },
        detail: /past the end/,
      },
    ],
  },
  "GET /api/media/:id/subclips": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/subclips` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/subclips` }],
  },
  "POST /api/media/:id/subclips": {
    ok: () => ({ status: 201, path: `/api/media/${seed.clip}/subclips`, body: { start_s: 1, end_s: 2 } }),
    more: () => [
      { status: 404, path: `/api/media/${MISSING_ID}/subclips`, body: { start_s: 1, end_s: 2 } },
      {
        status: 422,
        path: `/api/media/${seed.clip}/subclips`,
        body: { start_s: 2, end_s: 1 },
        detail: /after/,
      },
    ],
  },
  "PATCH /api/markers/:id": {
    ok: () => ({
      status: 200,
      path: `/api/markers/${freshMark("marker")}`,
      body: { color: "sky", end_s: 2 },
    }),
    more: () => [
      { status: 404, path: `/api/markers/${MISSING_ID}`, body: { name: "x" } },
      { status: 404, path: `/api/markers/${freshMark("subclip")}`, body: { name: "x" } },
      { status: 422, path: `/api/markers/${freshMark("marker")}`, body: { kind: "note" } },
    ],
  },
  "DELETE /api/markers/:id": {
    ok: () => ({ status: 200, path: `/api/markers/${freshMark("marker")}` }),
    more: () => [{ status: 404, path: `/api/markers/${MISSING_ID}` }],
  },
  "PATCH /api/subclips/:id": {
    ok: () => ({ status: 200, path: `/api/subclips/${freshMark("subclip")}`, body: { note: "keeper" } }),
    more: () => [
      { status: 404, path: `/api/subclips/${freshMark("marker")}`, body: { note: "x" } },
      { status: 422, path: `/api/subclips/${freshMark("subclip")}`, body: { end_s: null } },
    ],
  },
  "DELETE /api/subclips/:id": {
    ok: () => ({ status: 200, path: `/api/subclips/${freshMark("subclip")}` }),
    more: () => [{ status: 404, path: `/api/subclips/${MISSING_ID}` }],
  },
  "PATCH /api/media/:id/inout": {
    ok: () => ({
      status: 200,
      path: `/api/media/${seed.clip}/inout`,
      body: { in_point: 0.5, out_point: 1.5 },
    }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/inout`, body: { in_point: 0.5 } }],
  },
  "PATCH /api/media/:id/camera": {
    ok: () => ({
      status: 200,
      path: `/api/media/${seed.clip}/camera`,
      body: { camera_id: "A", angle: "wide" },
    }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/camera`, body: { camera_id: "A" } }],
  },
  "PATCH /api/media/:id/rating": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/rating`, body: { rating: "5" } }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/rating`, body: { rating: "5" } }],
  },
  "PATCH /api/media/:id/desqueeze": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/desqueeze`, body: { desqueeze: 1.33 } }),
    more: () => [
      { status: 404, path: `/api/media/${MISSING_ID}/desqueeze`, body: { desqueeze: 2 } },
      { status: 422, path: `/api/media/${seed.clip}/desqueeze`, body: { desqueeze: 1.4 } },
    ],
  },
  "GET /api/media/:id/segments": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/segments` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/segments` }],
  },
  "GET /api/media/:id/words": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/words` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/words` }],
  },
  "GET /api/media/:id/scenes": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/scenes` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/scenes` }],
  },
  "GET /api/media/:id/transcripts": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/transcripts` }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/transcripts` }],
  },
  "POST /api/media/:id/transcript/activate": {
    ok: () => ({
      status: 200,
      path: `/api/media/${seed.clip}/transcript/activate`,
      body: { language: "de" },
    }),
    more: () => [
      { status: 404, path: `/api/media/${MISSING_ID}/transcript/activate`, body: { language: "de" } },
    ],
  },
  "GET /api/media/:id/thumbnail": {
    ok: () => ({ status: 200, path: `/api/media/${seed.still}/thumbnail`, before: derivedFiles }),
    more: () => [{ status: 404, path: `/api/media/${MISSING_ID}/thumbnail` }],
  },
  "GET /api/media/:id/sprite": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/sprite`, before: derivedFiles }),
    more: () => [
      { status: 404, path: `/api/media/${seed.still}/sprite` },
      { status: 404, path: `/api/media/${MISSING_ID}/sprite` },
    ],
  },
  "GET /api/media/:id/waveform": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/waveform`, before: derivedFiles }),
    more: () => [
      { status: 200, path: `/api/media/${seed.clip}/waveform?samples_per_pixel=4800` },
      { status: 422, path: `/api/media/${seed.clip}/waveform?samples_per_pixel=481` },
      { status: 404, path: `/api/media/${seed.still}/waveform` },
      { status: 404, path: `/api/media/${MISSING_ID}/waveform` },
    ],
  },
  "GET /api/media/:id/keyframes/:index": {
    ok: () => ({ status: 200, path: `/api/media/${seed.clip}/keyframes/0`, before: derivedFiles }),
    more: () => [
      { status: 404, path: `/api/media/${seed.clip}/keyframes/99` },
      { status: 404, path: `/api/media/${MISSING_ID}/keyframes/0` },
    ],
  },
  "GET /api/stream": {
    ok: () => ({ status: 200, path: `/api/stream?id=${seed.still}` }),
    more: () => [
      { status: 200, path: `/api/stream?id=${seed.clip}` },
      { status: 206, path: `/api/stream?id=${seed.clip}`, headers: { range: "bytes=0-99" } },
      { status: 416, path: `/api/stream?id=${seed.clip}`, headers: { range: "bytes=999999999-" } },
      { status: 409, path: `/api/stream?id=${freshRow("mkv", "video")}` },
      { status: 404, path: `/api/stream?id=${MISSING_ID}` },
    ],
  },
  "POST /api/stream/grant": {
    ok: () => ({ status: 200, body: { id: seed.still } }),
    more: () => [{ status: 404, body: { id: MISSING_ID } }],
  },
  "GET /api/trash": { ok: () => ({ status: 200 }) },
  "POST /api/trash/bulk-restore": {
    ok: () => ({ status: 200, body: { ids: [freshTrash()] } }),
    more: () => [
      { status: 404, body: { ids: [MISSING_ID] } },
      { status: 422, body: { ids: [] }, detail: /^ids:/ },
    ],
  },
  "POST /api/trash/:id/restore": {
    ok: () => ({ status: 200, path: `/api/trash/${freshTrash()}/restore` }),
    more: () => [
      { status: 404, path: `/api/trash/${MISSING_ID}/restore` },
      { status: 409, path: `/api/trash/${freshTrash(true)}/restore` },
    ],
  },
  "POST /api/chat": {
    ok: () => ({ status: 200, body: { prompt: "what makes a good establishing shot?" } }),
    more: () => [
      { status: 404, body: { prompt: "and then?", conversation_id: "no-such-conversation" } },
      { status: 503, body: { prompt: "anything", project_scope: [GONE] } },
      { status: 422, body: { prompt: "anything", project_scope: ["no-such-project"] } },
    ],
  },
  "GET /api/chat/conversations": { ok: () => ({ status: 200, path: "/api/chat/conversations?limit=5" }) },
  "GET /api/chat/history/:id": {
    ok: () => ({ status: 200, path: `/api/chat/history/${freshConversation()}` }),
    more: () => [{ status: 404, path: "/api/chat/history/no-such-conversation" }],
  },
  "GET /api/export/timeline/:fmt": {
    ok: () => ({ status: 200, path: `/api/export/timeline/edl?ids=${seed.clip},${seed.still}` }),
    // Every format, so each Content-Type the document lists is seen on the wire.
    more: () => [
      ...TIMELINE_FORMATS.map((fmt) => ({
        status: 200,
        path: `/api/export/timeline/${fmt}?ids=${seed.clip}`,
      })),
      { status: 404, path: `/api/export/timeline/edl?ids=${MISSING_ID}` },
      { status: 422, path: `/api/export/timeline/mp3?ids=${seed.clip}`, detail: /^fmt:|format/ },
      { status: 422, path: `/api/export/timeline/fcpxml?ids=${seed.clip}&version=2`, detail: /^version:/ },
      {
        status: 422,
        path: `/api/export/timeline/fcpxmld?ids=${seed.clip}&version=1.9`,
        detail: /^version:/,
      },
    ],
  },
  "POST /api/export/batch": {
    ok: () => ({ status: 200, body: { ids: [seed.clip], formats: ["srt", "edl"] } }),
    more: () => [{ status: 422, body: { ids: [seed.clip], formats: ["mp3"] }, detail: /^formats/ }],
  },
  "POST /api/handoff": {
    ok: () => ({ status: 201, body: { ids: [seed.clip, seed.still], bin: "Day 1" } }),
    more: () => [
      { status: 404, body: { ids: [MISSING_ID] } },
      { status: 422, body: { ids: [seed.clip], subclips: [MISSING_ID] }, detail: /^subclips:/ },
      { status: 422, body: { ids: [seed.clip], bin: " \t " }, detail: /^bin:/ },
    ],
  },
  "GET /api/handoff/next": {
    ok: () => ({ status: 200, before: () => void freshHandoff() }),
    more: () => [{ status: 204, before: takeEveryHandoff }],
  },
  "GET /api/handoff/:id": {
    ok: () => ({ status: 200, path: `/api/handoff/${freshHandoff()}` }),
    more: () => [{ status: 404, path: `/api/handoff/${MISSING_ID}` }],
  },
  "GET /api/handoffs": {
    ok: () => ({ status: 200, path: "/api/handoffs?limit=5" }),
    more: () => [{ status: 422, path: "/api/handoffs?limit=0", detail: /^limit:/ }],
  },
  "POST /api/proxy/editor": {
    ok: () => ({ status: 200, body: { ids: [seed.still] } }),
    more: () => [{ status: 404, body: { ids: [MISSING_ID] } }],
  },
  "GET /api/proxy/editor/status": { ok: () => ({ status: 200 }) },
  "GET /api/proxy/editor/:media_id": {
    ok: () => ({ status: 200, path: `/api/proxy/editor/${seed.clip}` }),
    more: () => [{ status: 404, path: `/api/proxy/editor/${MISSING_ID}` }],
  },
  "GET /api/color-profiles": { ok: () => ({ status: 200 }) },
  "POST /api/color-profiles/import": {
    ok: () => ({ status: 201, path: `/api/color-profiles/import?name=${fresh("raw")}`, raw: octets(CUBE) }),
    more: async () => {
      const name = fresh("twice");
      return [
        { status: 201, path: `/api/color-profiles/import?name=${name}`, raw: octets(CUBE, "text/plain") },
        { status: 409, path: `/api/color-profiles/import?name=${name}`, raw: octets(CUBE) },
        {
          status: 201,
          path: "/api/color-profiles/import",
          raw: await form("file", `${fresh("form")}.cube`, CUBE),
        },
        {
          status: 422,
          path: "/api/color-profiles/import",
          raw: await form("lut", "x.cube", CUBE),
          detail: /^file:/,
        },
        { status: 422, path: "/api/color-profiles/import?name=bad", raw: octets("LUT_3D_SIZE 2\n0 0 0\n") },
      ];
    },
  },
  "PATCH /api/media/:id/color-profile": {
    ok: () => ({ status: 200, path: `/api/media/${seed.still}/color-profile`, body: { profile: "slog3" } }),
    more: () => [
      { status: 404, path: `/api/media/${MISSING_ID}/color-profile`, body: { profile: null } },
      { status: 422, path: `/api/media/${seed.still}/color-profile`, body: { profile: "no-such-profile" } },
    ],
  },
  "POST /api/media/color-profile": {
    ok: () => ({ status: 200, body: { ids: [seed.still], profile: null } }),
    more: () => [{ status: 404, body: { ids: [MISSING_ID], profile: null } }],
  },
  "POST /api/offload": {
    ok: () => ({ status: 202, body: freshCard() }),
    more: () => [{ status: 422, body: { source: "relative/card", dests: [freshFolder()] } }],
  },
  "GET /api/offload/status": { ok: () => ({ status: 200 }) },
  "GET /api/projects": { ok: () => ({ status: 200 }) },
  "POST /api/projects": {
    ok: () => ({ status: 200, body: { name: defaultProject(), path: root } }),
    more: () => [
      { status: 201, body: { name: fresh("new project"), path: freshFolder() } },
      { status: 409, body: { name: fresh("other name"), path: root } },
    ],
  },
  "DELETE /api/projects/:name": {
    ok: () => ({ status: 200, path: `/api/projects/${encodeURIComponent(freshProject())}` }),
    more: () => [{ status: 404, path: "/api/projects/no-such-project" }],
  },
  "GET /api/bins": { ok: () => ({ status: 200 }) },
  "POST /api/bins": { ok: () => ({ status: 201, body: { name: fresh("bin") } }) },
  "PATCH /api/bins/:id": {
    ok: () => ({ status: 200, path: `/api/bins/${freshBin()}`, body: { name: "renamed" } }),
    more: () => [{ status: 404, path: `/api/bins/${MISSING_ID}`, body: { name: "renamed" } }],
  },
  "DELETE /api/bins/:id": {
    ok: () => ({ status: 200, path: `/api/bins/${freshBin()}` }),
    more: () => [{ status: 404, path: `/api/bins/${MISSING_ID}` }],
  },
  "POST /api/bins/:id/items": {
    unknownProject: { status: 422, detail: /^project: no project named/ },
    ok: () => ({
      status: 201,
      path: `/api/bins/${freshBin()}/items`,
      body: { project: defaultProject(), media_id: seed.still },
    }),
    more: () => {
      const bin = freshBin();
      const body = { project: defaultProject(), media_id: seed.clip };
      return [
        { status: 201, path: `/api/bins/${bin}/items`, body },
        { status: 200, path: `/api/bins/${bin}/items`, body },
        { status: 404, path: `/api/bins/${bin}/items`, body: { ...body, media_id: MISSING_ID } },
        { status: 404, path: `/api/bins/${MISSING_ID}/items`, body },
      ];
    },
  },
  "POST /api/bins/:id/bulk-items": {
    unknownProject: { status: 422, detail: /^project: no project named/ },
    ok: () => ({
      status: 200,
      path: `/api/bins/${freshBin()}/bulk-items`,
      body: { project: defaultProject(), media_ids: [seed.still, seed.clip] },
    }),
    more: () => [
      { status: 200, path: `/api/bins/${freshBin()}/bulk-items`, body: { media_ids: [seed.still] } },
      {
        status: 404,
        path: `/api/bins/${freshBin()}/bulk-items`,
        body: { media_ids: [seed.still, MISSING_ID] },
        detail: /no such media/,
      },
      { status: 404, path: `/api/bins/${MISSING_ID}/bulk-items`, body: { media_ids: [seed.still] } },
    ],
  },
  "POST /api/bins/:id/bulk-items/remove": {
    ok: () => ({
      status: 200,
      path: `/api/bins/${freshBin()}/bulk-items/remove`,
      body: { project: defaultProject(), media_ids: [seed.still] },
    }),
    more: () => [
      { status: 404, path: `/api/bins/${MISSING_ID}/bulk-items/remove`, body: { media_ids: [1] } },
    ],
  },
  "DELETE /api/bins/:id/items/:project/:media_id": {
    ok: () => {
      const bin = freshBin();
      api.registry.bins.addItem({
        bin_id: bin,
        project: defaultProject(),
        media_id: seed.still,
        media_created_at: "2026-01-01T00:00:00.000Z",
        rel_path: "still.png",
      });
      return {
        status: 200,
        path: `/api/bins/${bin}/items/${encodeURIComponent(defaultProject())}/${seed.still}`,
      };
    },
    more: () => [
      {
        status: 404,
        path: `/api/bins/${MISSING_ID}/items/${encodeURIComponent(defaultProject())}/${seed.still}`,
      },
    ],
  },
  "GET /api/collections": { ok: () => ({ status: 200, path: "/api/collections?limit=5" }) },
  "GET /api/search/all": {
    ok: () => ({ status: 200, path: "/api/search/all?q=still" }),
    more: () => [
      { status: 422, path: "/api/search/all?q=still&projects=no-such-project", detail: /^projects:/ },
    ],
  },
  "GET /api/openapi.json": { ok: () => ({ status: 200 }) },
  "GET /api/docs": { ok: () => ({ status: 200 }) },
  "GET /api/docs/:file": {
    ok: () => ({ status: 200, path: "/api/docs/swagger-ui.css" }),
    // Every file, so each Content-Type the document lists is seen on the wire.
    more: () => [
      ...["init.js", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js", "favicon-32x32.png"].map(
        (file) => ({ status: 200, path: `/api/docs/${file}` }),
      ),
      { status: 404, path: "/api/docs/package.json" },
    ],
  },
  "GET /api/corrections": {
    ok: () => ({ status: 200 }),
    more: () => [
      {
        status: 409,
        before: () => writeFileSync(join(root, ".svc", "corrections.json"), "{ broken by hand"),
        after: () => rmSync(join(root, ".svc", "corrections.json")),
      },
    ],
  },
  "PUT /api/corrections": {
    ok: () => ({ status: 200, body: { rules: [{ from: "Jon", to: "John" }] } }),
    more: () => [{ status: 422, body: { rules: [{ from: "", to: "x" }] }, detail: /^rules/ }],
  },
  "POST /api/recorrect": {
    ok: () => ({ status: 200 }),
    more: () => [slotTaken({ status: 409, path: "/api/recorrect?dry_run=0" })],
  },
  "GET /api/recorrect/backups": { ok: () => ({ status: 200 }) },
  "POST /api/recorrect/revert": {
    ok: () => ({ status: 200, body: {}, before: freshBackup }),
    more: () => [slotTaken({ status: 409, body: {}, before: freshBackup })],
  },
  // No speech recogniser here: the handler's real answer says so (run for real in retranscribe-all.test.ts).
  "POST /api/retranscribe-all": { ok: () => ({ status: 503, body: {} }) },
  "GET /api/retranscribe-all/status": { ok: () => ({ status: 200 }) },
  "GET /api/tokens": { ok: () => ({ status: 200 }) },
  "POST /api/tokens": {
    ok: () => ({ status: 201, body: { name: fresh("issued"), scopes: ["media_read"] } }),
    more: () => [{ status: 422, body: { name: "x", scopes: ["superuser"] }, detail: /^scopes:/ }],
  },
  "GET /api/tokens/:id": {
    ok: () => ({ status: 200, path: `/api/tokens/${freshToken()}` }),
    more: () => [{ status: 404, path: "/api/tokens/no-such-token" }],
  },
  "DELETE /api/tokens/:id": {
    ok: () => ({ status: 200, path: `/api/tokens/${freshToken()}` }),
    more: () => [{ status: 404, path: "/api/tokens/no-such-token" }],
  },
};

type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, unknown>;
};

function operationOf(route: RouteDef): Operation {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const operation = paths[route.path.replace(/:([A-Za-z_]\w*)/g, "{$1}")]?.[route.method.toLowerCase()];
  if (!operation) throw new Error(`${label(route)} is not in the document`);
  return operation;
}

/** The properties of a JSON request body's schema, following a reference into the components. */
function bodyFields(operation: Operation): string[] {
  let schema = operation.requestBody?.content["application/json"]?.schema;
  const ref = schema?.$ref;
  if (typeof ref === "string") {
    schema = (document.components as { schemas: Record<string, Json> }).schemas[ref.split("/").at(-1) ?? ""];
  }
  return Object.keys((schema?.properties ?? {}) as Json);
}

const withQuery = (path: string, extra: string) => `${path}${path.includes("?") ? "&" : "?"}${extra}`;

function withProject(path: string, project: string): string {
  const url = new URL(path, "http://svc");
  url.searchParams.set("project", project);
  return `${url.pathname}${url.search}`;
}

/**
 * The bad calls every route gets from its valid one, as its document entry implies: each is
 * refused before anything changes, so none needs the valid call's set-up.
 */
function derivedCalls(
  route: RouteDef,
  ok: Call,
  unknownProject?: Examples["unknownProject"],
): [string, Call][] {
  const operation = operationOf(route);
  const path = ok.path ?? route.path;
  const { body, raw } = ok;
  const same = { ...(body === undefined ? {} : { body }), ...(raw ? { raw } : {}) };
  const calls: [string, Call][] = [
    [
      "an unknown query parameter",
      {
        status: 422,
        path: withQuery(path, "zz_unknown=1"),
        ...same,
        detail: /^zz_unknown: unknown query parameter/,
      },
    ],
  ];
  const query = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  calls.push([
    "a query value whose escapes are not UTF-8 (an encoded lone surrogate)",
    { status: 422, path: withQuery(path, `${query[0] ?? "zz"}=%ED%A0%80`), ...same, detail: /not UTF-8/ },
  ]);
  if (query.includes("project")) {
    calls.push(["an unknown project", { status: 404, path: withProject(path, "no-such-project"), ...same }]);
    calls.push([
      "a project whose folder is unreachable",
      { status: 503, path: withProject(path, GONE), ...same },
    ]);
  }
  if (bodyFields(operation).includes("project")) {
    const base = (body ?? {}) as Json;
    const unknown = { status: 404, ...unknownProject, path, body: { ...base, project: "no-such-project" } };
    calls.push(["an unknown project", unknown]);
    calls.push([
      "a project whose folder is unreachable",
      { status: 503, path, body: { ...base, project: GONE } },
    ]);
  }
  if (operation.requestBody?.content["application/json"]) {
    const text = JSON.stringify(body ?? {});
    const json = (bytes: Buffer | string) => ({
      bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes),
      type: "application/json",
    });
    calls.push(
      [
        "a JSON body sent as text/plain",
        {
          status: 415,
          path,
          raw: { bytes: Buffer.from(text), type: "text/plain" },
          detail: /application\/json/,
        },
      ],
      [
        "a JSON body sent without a Content-Type",
        { status: 415, path, raw: { bytes: Buffer.from(text), type: null } },
      ],
      ["a body that is not JSON", { status: 422, path, raw: json('{"'), detail: /not valid JSON/ }],
      [
        "a body that is not UTF-8",
        {
          status: 422,
          path,
          raw: json(Buffer.from([...Buffer.from('{"zz":"'), 0xff, 0x22, 0x7d])),
          detail: /UTF-8/,
        },
      ],
      [
        "a string holding a lone surrogate",
        { status: 422, path, raw: json('{"zz":"\\ud800"}'), detail: /^zz: .*lone surrogate/ },
      ],
    );
  }
  return calls;
}

/** A request declaring a body larger than any route takes, sent without one: the 413 comes at once. */
function declaredOversize(route: RouteDef, path: string, type: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: "127.0.0.1",
      port: api.port,
      method: route.method,
      path,
      headers: { host: `127.0.0.1:${api.port}`, "content-type": type, "content-length": String(2 ** 40) },
      agent: false,
    });
    req.on("error", reject);
    req.on("response", (res) =>
      readResponse(res).then((answer) => {
        req.destroy();
        resolve(answer);
      }, reject),
    );
    req.flushHeaders();
  });
}

async function send(route: RouteDef, call: Call): Promise<ApiResponse> {
  await call.before?.();
  try {
    const headers = { ...call.headers };
    let body: unknown = call.body;
    if (call.raw) {
      body = call.raw.bytes;
      if (call.raw.type !== null) headers["content-type"] = call.raw.type;
    }
    return await api.request(route.method, call.path ?? route.path, {
      headers,
      ...(body === undefined ? {} : { body }),
    });
  } finally {
    call.after?.();
  }
}

function expectDocumented(
  route: RouteDef,
  what: string,
  call: Call,
  res: ApiResponse,
  answered: Set<number>,
): void {
  expect(res.status, `${what}: ${res.text.slice(0, 300)}`).toBe(call.status);
  expect(check(route, res), what).toEqual([]);
  if (call.detail) expect(res.json<{ detail: unknown }>().detail, what).toMatch(call.detail);
  answered.add(res.status);
}

/**
 * The document lists no status for the operation that none of its examples answered, and none
 * that REACHED_ELSEWHERE sends elsewhere is reached here after all.
 */
function expectEveryStatusAnswered(route: RouteDef, answered: Set<number>): void {
  const unreached: string[] = [];
  for (const status of Object.keys(operationOf(route).responses)) {
    const key = `${label(route)} ${status}`;
    if (status === "401" || status === "403" || REACHED_ELSEWHERE[key]) continue;
    if (!answered.has(Number(status))) unreached.push(key);
  }
  expect(unreached).toEqual([]);
  for (const key of Object.keys(REACHED_ELSEWHERE)) {
    const [method = "", path = "", status = ""] = key.split(" ");
    if (`${method} ${path}` !== label(route)) continue;
    expect(answered.has(Number(status)), `${key} is reached here now`).toBe(false);
  }
}

beforeAll(async () => {
  modelHost = await startFakeModelHost();
  api = await startApi({ env: { OLLAMA_HOST: modelHost.url } });
  root = api.root as string;
  // Cross-project search is a licensed feature: a grandfathered install reaches it.
  api.registry.install.grandfather();
  const media = await mkdtemp(join(tmpdir(), "svc-conformance-media-"));
  await copyFile(await makeStill(media, "png"), join(root, "still.png"));
  await copyFile(await makeSceneClip(media), join(root, "scenes.mp4"));
  await rm(media, { recursive: true, force: true });
  const started = await api.request("POST", "/api/ingest", { body: {} });
  expect(started.status, started.text).toBe(202);
  await slotFree();
  library((lib) => {
    seed.still = lib.media.byPath("still.png")?.id ?? 0;
    seed.clip = lib.media.byPath("scenes.mp4")?.id ?? 0;
    // An archived second language, for the activation route.
    lib.transcripts.save(
      seed.clip,
      { language: "de", text: "Hallo", segments_json: "[]", words_json: "[]", backend: "test" },
      false,
    );
  });
  if (!seed.still || !seed.clip) throw new Error("the items were not ingested");
  const gone = freshFolder();
  api.registry.projects.add(GONE, gone);
  renameSync(gone, `${gone}-away`);
  folders.push(`${gone}-away`);
  const served = await api.request("GET", "/api/openapi.json");
  expect(served.status).toBe(200);
  document = served.json<Json>();
  check = answerChecker(document);
}, 120_000);

afterAll(async () => {
  await api?.close();
  await modelHost?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("the examples", () => {
  it("cover every route of the table, and no route that is gone", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ROUTES.map(label).sort());
  });
});

describe.each(ROUTES.map((route) => [label(route), route] as const))("%s", (name, route) => {
  it("answers its examples, good and bad, as the OpenAPI document says, which lists no status none of them answered", async () => {
    const examples = EXAMPLES[name];
    if (!examples) throw new Error(`${name} has no examples`);
    const answered = new Set<number>();
    const ok = examples.ok();
    expectDocumented(route, "the valid call", ok, await send(route, ok), answered);
    for (const [what, call] of derivedCalls(route, examples.ok(), examples.unknownProject)) {
      expectDocumented(route, what, call, await send(route, call), answered);
    }
    for (const [i, call] of (await examples.more?.())?.entries() ?? []) {
      expectDocumented(route, `example ${i + 1} of more`, call, await send(route, call), answered);
    }
    const operation = operationOf(route);
    const body = operation.requestBody?.content;
    if (body) {
      const type = body["application/json"] ? "application/json" : (Object.keys(body)[0] ?? "");
      const res = await declaredOversize(route, ok.path ?? route.path, type);
      expectDocumented(route, "a declared body larger than the route takes", { status: 413 }, res, answered);
      expect(res.headers.connection).toBe("close");
    }
    expectEveryStatusAnswered(route, answered);
  });
});
