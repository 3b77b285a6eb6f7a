import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RunnerTask, RunnerTestFile, RunnerTestSuite } from "vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../api/routes/index.js";
import type { RouteDef } from "../../api/routes/types.js";
import { SCOPES, type Scope } from "../../domain/scopes.js";
import { isWrite } from "../../library/access/guard.js";
import { createToken, revokeToken } from "../../library/access/tokens.js";
import { ingestSlotName } from "../../library/jobs/slots.js";
import { BackupWriter } from "../../library/transcripts/transcript-backups.js";
import { NO_EDITORIAL } from "../../state/repos/trash.js";
import type { RegistryStore } from "../../state/stores.js";
import { openLibrary } from "../../state/stores.js";
import { type ApiResponse, type RequestOptions, startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeSceneClip, makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { answerChecker } from "../support/openapi.js";
import { CLIP_PROBE, seedConversation, stageDone } from "../support/rows.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

// The seeded items are real ingests, so allowed calls reach real rows, thumbnails and key frames.
if (!needTools("ffmpeg", "ffprobe")) throw new Error("the auth matrix ingests real media: install ffmpeg");

// Every secret issued here; none may ever reach a log file.
const secrets: string[] = [];

function issue(registry: RegistryStore, scopes: string[], extra: { ipAllowlist?: string[] } = {}) {
  const { secret } = createToken(registry, { name: `matrix ${scopes.join("+")}`, scopes, ...extra });
  secrets.push(secret);
  return secret;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** What an allowed call of a route sends, and the success status its handler answers with. */
interface Example {
  status: number;
  path?: (api: TestApi) => string;
  body?: (api: TestApi) => unknown;
  /** Runs before each call, e.g. to wait until the ingest slot is free again. */
  before?: (api: TestApi) => Promise<void>;
}

/** Ids of the real items ingested into each server's project. */
const seeded = new Map<TestApi, { still: number; clip: number }>();
const seedOf = (api: TestApi) => {
  const seed = seeded.get(api);
  if (!seed) throw new Error("this server's project was not seeded");
  return seed;
};

/** A row whose file is gone, so each delete call has something of its own to delete. */
let freshRows = 0;
function freshRow(api: TestApi): number {
  const lib = openLibrary(api.root as string);
  try {
    freshRows += 1;
    const file = {
      relPath: `gone-${freshRows}.png`,
      kind: "image" as const,
      size: 1,
      mtimeMs: 1,
      fingerprint: `f${freshRows}`,
    };
    const probe = { ...CLIP_PROBE, duration_s: null, codec: null, fps: null, width: 64, height: 64 };
    return lib.media.saveProbe(file, probe, stageDone("probe"));
  } finally {
    lib.close();
  }
}

/** A trashed file of its own for each restore call. */
let trashed = 0;
function freshTrash(api: TestApi): number {
  trashed += 1;
  const root = api.root as string;
  const name = `restore-${trashed}.png`;
  mkdirSync(join(root, ".svc", "trash"), { recursive: true });
  copyFileSync(join(root, "still.png"), join(root, ".svc", "trash", name));
  const lib = openLibrary(root);
  try {
    return Number(
      lib.db
        .prepare(
          "INSERT INTO trash (rel_path, trash_path, kind, size, deleted_at, editorial_json) VALUES (?, ?, 'image', 1, ?, ?)",
        )
        .run(name, `.svc/trash/${name}`, new Date().toISOString(), JSON.stringify(NO_EDITORIAL))
        .lastInsertRowid,
    );
  } finally {
    lib.close();
  }
}

/** A pending hand-off of the seeded clip, so a taker has one to take (200, not 204). */
function freshHandoff(api: TestApi): number {
  const lib = openLibrary(api.root as string);
  try {
    const request_json = JSON.stringify({ ids: [seedOf(api).clip], subclips: true });
    return lib.handoffs.add({ target: "resolve", bin: "matrix", request_json, author: "matrix" }).id;
  } finally {
    lib.close();
  }
}

/** A marker or subclip of its own on the seeded clip for each edit or delete call. */
function freshMark(api: TestApi, type: "marker" | "subclip"): number {
  const lib = openLibrary(api.root as string);
  try {
    const mark = lib.marks.add(
      seedOf(api).clip,
      {
        type,
        name: "matrix",
        note: "",
        color: "blue",
        kind: type === "marker" ? "marker" : null,
        start_s: 0,
        end_s: type === "marker" ? null : 0.5,
        author: "matrix",
      },
      () => {},
    );
    return mark?.id as number;
  } finally {
    lib.close();
  }
}

/** A stored conversation of its own for each history call. */
let conversations = 0;
function freshConversation(api: TestApi): string {
  conversations += 1;
  const id = `matrix-${conversations}`;
  return seedConversation(api.registry, id, "matrix");
}

async function slotFree(api: TestApi): Promise<void> {
  await until(
    "the ingest slot to be free",
    () => !api.registry.slots.get(ingestSlotName(api.root as string)),
  );
}

/**
 * A sync pair of the seeded clip and still (the same pair each time), accepted, so a sync run the
 * examples start meanwhile keeps it.
 */
function syncPair(api: TestApi): number {
  const lib = openLibrary(api.root as string);
  try {
    const { clip, still } = seedOf(api);
    const { id } = lib.sync.record({
      camera_media_id: clip,
      sound_media_id: still,
      channels_json: "[]",
      offset_samples: 0,
      sound_rate: 48_000,
      method: "timecode",
      confidence: 0.9,
      reason: "",
    });
    lib.sync.update(id, { state: "accepted" }, () => {});
    return id;
  } finally {
    lib.close();
  }
}

/** A backup of the clip's current transcript mirror, so each revert call has one to restore. */
async function freshBackup(api: TestApi): Promise<void> {
  await slotFree(api);
  const lib = openLibrary(api.root as string);
  try {
    const writer = new BackupWriter(lib.paths.backups, "recorrect");
    const mirror = lib.transcripts.getMirror(seedOf(api).clip);
    if (mirror) writer.saveMirror(mirror);
    writer.finish();
  } finally {
    lib.close();
  }
}

/**
 * The thumbnails and key frames the ingest made: the cache clear may have run first (tests run in
 * any order), and then the next pass makes them again, as it would for a user.
 */
async function derivedFiles(api: TestApi): Promise<void> {
  await slotFree(api);
  const root = api.root as string;
  const lib = openLibrary(root);
  let present: boolean;
  try {
    const { still, clip } = seedOf(api);
    // A desqueeze or colour-profile example forgets the clip's sprite until the next pass.
    present =
      [still, clip].every((id) => lib.media.get(id)?.thumb_path) && !!lib.media.get(clip)?.sprite_json;
  } finally {
    lib.close();
  }
  if (present) return;
  const pass = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
  expect(pass.exitCode, pass.stderr).toBe(0);
}

function markSeeded(api: TestApi): Promise<void> {
  const root = api.root as string;
  mkdirSync(join(root, "svc-sample"), { recursive: true });
  writeFileSync(join(root, ".svc", "sample.json"), "{}\n");
  return Promise.resolve();
}

let tagCount = 0;
let importCount = 0;

/** Card folders made for offload calls, removed after the run. */
const cards: string[] = [];
/** Where offload calls read cards from: over the API a source lies in such a folder (SVC_OFFLOAD_SOURCES). */
let cardShelf = "";
/** A one-file card and a destination of its own, so each offload call has a slot of its own. */
function freshCard(): { source: string; dests: string[] } {
  const base = mkdtempSync(join(cardShelf, "card-"));
  mkdirSync(join(base, "card"));
  writeFileSync(join(base, "card", "A001.MOV"), "clip");
  return { source: join(base, "card"), dests: [join(base, "dest")] };
}

/**
 * One entry per route of the table: a route without one fails "has an example for every route",
 * so a new route cannot join the table without the matrix proving its guard lets a caller reach
 * the handler and get its real answer.
 */
const EXAMPLES: Record<string, Example> = {
  "GET /api/health": { status: 200 },
  "GET /api/status": { status: 200 },
  "GET /api/models/hosts": { status: 200 },
  "GET /api/version": { status: 200 },
  "GET /api/stats": { status: 200 },
  "GET /api/embed/status": { status: 200 },
  "GET /api/entitlements": { status: 200 },
  "GET /api/logs/tail": { status: 200 },
  "GET /api/ingest/status": { status: 200 },
  "POST /api/ingest": { status: 202, body: () => ({}), before: slotFree },
  "POST /api/sync": { status: 202, body: () => ({ by: "timecode" }), before: slotFree },
  "GET /api/sync/status": { status: 200 },
  "GET /api/sync/pairs": { status: 200 },
  "PATCH /api/sync/pairs/:id": {
    status: 200,
    path: (api) => `/api/sync/pairs/${syncPair(api)}`,
    body: () => ({ state: "accepted" }),
  },
  "POST /api/cache/clear": { status: 200, body: () => ({}), before: slotFree },
  "GET /api/media": { status: 200, path: () => "/api/media?q=still" },
  "GET /api/media/facets/shoot-date": { status: 200 },
  "GET /api/tags": { status: 200 },
  "POST /api/media/bulk-delete": { status: 200, body: (api) => ({ ids: [freshRow(api)] }) },
  "GET /api/media/:id": { status: 200, path: (api) => `/api/media/${seedOf(api).still}` },
  "DELETE /api/media/:id": { status: 200, path: (api) => `/api/media/${freshRow(api)}` },
  "POST /api/media/bulk-tags": {
    status: 200,
    body: (api) => ({ changes: [{ name: `matrix ${++tagCount}`, add: [seedOf(api).still] }] }),
  },
  "POST /api/media/bulk-rating": {
    status: 200,
    body: (api) => ({ ids: [seedOf(api).clip, seedOf(api).still], rating: "3" }),
  },
  "DELETE /api/media/:id/tags/:name": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).still}/tags/${encodeURIComponent("matrix gone")}`,
  },
  "POST /api/media/:id/tags": {
    status: 201,
    path: (api) => `/api/media/${seedOf(api).still}/tags`,
    body: () => ({ name: `matrix ${++tagCount}` }),
  },
  "PATCH /api/media/:id/inout": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/inout`,
    body: () => ({ in_point: 0.5, out_point: 1.5 }),
  },
  "PATCH /api/media/:id/camera": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/camera`,
    body: () => ({ camera_id: "A", angle: "wide" }),
  },
  "PATCH /api/media/:id/rating": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/rating`,
    body: () => ({ rating: "5" }),
  },
  "PATCH /api/media/:id/desqueeze": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/desqueeze`,
    body: () => ({ desqueeze: 2 }),
  },
  "GET /api/media/:id/markers": { status: 200, path: (api) => `/api/media/${seedOf(api).clip}/markers` },
  "POST /api/media/:id/markers": {
    status: 201,
    path: (api) => `/api/media/${seedOf(api).clip}/markers`,
    body: () => ({ start_s: 0.5, note: "matrix" }),
  },
  "GET /api/media/:id/subclips": { status: 200, path: (api) => `/api/media/${seedOf(api).clip}/subclips` },
  "POST /api/media/:id/subclips": {
    status: 201,
    path: (api) => `/api/media/${seedOf(api).clip}/subclips`,
    body: () => ({ start_s: 0.5, end_s: 1 }),
  },
  "PATCH /api/markers/:id": {
    status: 200,
    path: (api) => `/api/markers/${freshMark(api, "marker")}`,
    body: () => ({ color: "mint" }),
  },
  "DELETE /api/markers/:id": { status: 200, path: (api) => `/api/markers/${freshMark(api, "marker")}` },
  "PATCH /api/subclips/:id": {
    status: 200,
    path: (api) => `/api/subclips/${freshMark(api, "subclip")}`,
    body: () => ({ name: "renamed" }),
  },
  "DELETE /api/subclips/:id": { status: 200, path: (api) => `/api/subclips/${freshMark(api, "subclip")}` },
  "GET /api/media/:id/segments": { status: 200, path: (api) => `/api/media/${seedOf(api).clip}/segments` },
  "GET /api/media/:id/words": { status: 200, path: (api) => `/api/media/${seedOf(api).clip}/words` },
  "GET /api/media/:id/scenes": { status: 200, path: (api) => `/api/media/${seedOf(api).clip}/scenes` },
  "GET /api/media/:id/transcripts": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/transcripts`,
  },
  "POST /api/media/:id/transcript/activate": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/transcript/activate`,
    body: () => ({ language: "de" }),
  },
  "GET /api/media/:id/thumbnail": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).still}/thumbnail`,
    before: derivedFiles,
  },
  "GET /api/media/:id/sprite": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/sprite`,
    before: derivedFiles,
  },
  "GET /api/media/:id/waveform": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/waveform`,
    before: derivedFiles,
  },
  "GET /api/media/:id/keyframes/:index": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).clip}/keyframes/0`,
    before: derivedFiles,
  },
  "GET /api/stream": { status: 200, path: (api) => `/api/stream?id=${seedOf(api).still}` },
  "POST /api/stream/grant": { status: 200, body: (api) => ({ id: seedOf(api).still }) },
  "GET /api/trash": { status: 200 },
  "POST /api/chat": { status: 200, body: () => ({ prompt: "what makes a good establishing shot?" }) },
  "GET /api/chat/conversations": { status: 200 },
  "GET /api/chat/history/:id": { status: 200, path: (api) => `/api/chat/history/${freshConversation(api)}` },
  "GET /api/export/timeline/:fmt": {
    status: 200,
    path: (api) => `/api/export/timeline/edl?ids=${seedOf(api).clip},${seedOf(api).still}`,
  },
  "POST /api/export/batch": {
    status: 200,
    body: (api) => ({ ids: [seedOf(api).clip], formats: ["srt", "edl"] }),
  },
  "POST /api/handoff": { status: 201, body: (api) => ({ ids: [seedOf(api).clip, seedOf(api).still] }) },
  "GET /api/handoff/next": {
    status: 200,
    before: async (api) => {
      freshHandoff(api);
    },
  },
  "GET /api/handoff/:id": { status: 200, path: (api) => `/api/handoff/${freshHandoff(api)}` },
  "GET /api/handoffs": { status: 200 },
  "POST /api/trash/bulk-restore": { status: 200, body: (api) => ({ ids: [freshTrash(api)] }) },
  "POST /api/trash/:id/restore": { status: 200, path: (api) => `/api/trash/${freshTrash(api)}/restore` },
  // A still gets no editor proxy: the call is answered at once with its reason.
  "POST /api/proxy/editor": { status: 200, body: (api) => ({ ids: [seedOf(api).still] }) },
  "GET /api/proxy/editor/status": { status: 200 },
  "GET /api/proxy/editor/:media_id": { status: 200, path: (api) => `/api/proxy/editor/${seedOf(api).clip}` },
  "GET /api/color-profiles": { status: 200 },
  "POST /api/color-profiles/import": {
    status: 201,
    path: () => `/api/color-profiles/import?name=matrix-${++importCount}`,
    body: () => "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n",
  },
  // The still: setting a profile renders its pictures again, and a still's is one frame.
  "PATCH /api/media/:id/color-profile": {
    status: 200,
    path: (api) => `/api/media/${seedOf(api).still}/color-profile`,
    body: () => ({ profile: "slog3" }),
  },
  "POST /api/media/color-profile": {
    status: 200,
    body: (api) => ({ ids: [seedOf(api).still], profile: null }),
  },
  "POST /api/offload": { status: 202, body: () => freshCard() },
  "GET /api/offload/status": { status: 200 },
  "GET /api/projects": { status: 200 },
  // Registering the default project again at its own folder: answered, nothing changes.
  "POST /api/projects": {
    status: 200,
    body: (api) => ({ name: defaultProject(api), path: api.root }),
  },
  "DELETE /api/projects/:name": {
    status: 200,
    path: (api) => `/api/projects/${encodeURIComponent(freshProject(api))}`,
  },
  "GET /api/bins": { status: 200 },
  "GET /api/collections": { status: 200 },
  "POST /api/bins": { status: 201, body: () => ({ name: "matrix bin" }) },
  "PATCH /api/bins/:id": {
    status: 200,
    path: (api) => `/api/bins/${freshBin(api)}`,
    body: () => ({ name: "renamed" }),
  },
  "DELETE /api/bins/:id": { status: 200, path: (api) => `/api/bins/${freshBin(api)}` },
  "POST /api/bins/:id/items": {
    status: 201,
    path: (api) => `/api/bins/${freshBin(api)}/items`,
    body: (api) => ({ project: defaultProject(api), media_id: seedOf(api).still }),
  },
  "POST /api/bins/:id/bulk-items": {
    status: 200,
    path: (api) => `/api/bins/${freshBin(api)}/bulk-items`,
    body: (api) => ({ project: defaultProject(api), media_ids: [seedOf(api).still, seedOf(api).clip] }),
  },
  "POST /api/bins/:id/bulk-items/remove": {
    status: 200,
    path: (api) => `/api/bins/${freshBin(api)}/bulk-items/remove`,
    body: (api) => ({ project: defaultProject(api), media_ids: [seedOf(api).still] }),
  },
  "DELETE /api/bins/:id/items/:project/:media_id": {
    status: 200,
    path: (api) => {
      const bin = freshBin(api);
      const project = defaultProject(api);
      api.registry.bins.addItem({
        bin_id: bin,
        project,
        media_id: seedOf(api).still,
        media_created_at: "2026-01-01T00:00:00.000Z",
        rel_path: "still.png",
      });
      return `/api/bins/${bin}/items/${encodeURIComponent(project)}/${seedOf(api).still}`;
    },
  },
  "GET /api/search/all": { status: 200, path: () => "/api/search/all?q=still" },
  "GET /api/openapi.json": { status: 200 },
  "GET /api/docs": { status: 200 },
  "GET /api/docs/:file": { status: 200, path: () => "/api/docs/swagger-ui.css" },
  "GET /api/corrections": { status: 200 },
  "PUT /api/corrections": { status: 200, body: () => ({ rules: [{ from: "Jon", to: "John" }] }) },
  "POST /api/recorrect": { status: 200 },
  "GET /api/recorrect/backups": { status: 200 },
  "POST /api/recorrect/revert": { status: 200, body: () => ({}), before: freshBackup },
  // Marked seeded beforehand: the call answers at once (tested for real in sample-seed.test.ts).
  "POST /api/sample/seed": { status: 200, body: () => ({}), before: markSeeded },
  "GET /api/sample/seed/status": { status: 200 },
  // These servers have no speech recogniser: the handler's real answer says so (run for real in
  // retranscribe-all.test.ts against a recogniser test server).
  "POST /api/retranscribe-all": { status: 503, body: () => ({}) },
  "GET /api/retranscribe-all/status": { status: 200 },
  "GET /api/tokens": { status: 200 },
  "POST /api/tokens": { status: 201, body: () => ({ name: "matrix issued", scopes: ["media_read"] }) },
  "GET /api/tokens/:id": { status: 200, path: (api) => `/api/tokens/${freshToken(api)}` },
  // A token of its own for each call, never the caller's: revoking that would refuse the next.
  "DELETE /api/tokens/:id": { status: 200, path: (api) => `/api/tokens/${freshToken(api)}` },
};

/** A token of its own for each call that reads or revokes one. */
const freshToken = (api: TestApi) =>
  createToken(api.registry, { name: "matrix target", scopes: ["media_read"] }).token.id;

/** The registered name of a server's default project. */
function defaultProject(api: TestApi): string {
  const row = api.registry.projects.byRoot(api.root as string);
  if (!row) throw new Error("the default project is not registered");
  return row.name;
}

/** A registered project of its own for each removal call. */
let projectsMade = 0;
function freshProject(api: TestApi): string {
  projectsMade += 1;
  const folder = mkdtempSync(join(tmpdir(), "svc-matrix-project-"));
  cards.push(folder);
  return api.registry.projects.add(`matrix ${projectsMade}`, folder).name;
}

/** An empty bin of its own for each call that changes one. */
const freshBin = (api: TestApi) => api.registry.bins.create("matrix").id;

/** A concrete path for a route pattern outside the table (fixtures): every `:param` becomes 1. */
const concretePath = (route: RouteDef) =>
  route.path.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, "1").replace(/\*+/g, "x");

const exampleOf = (route: RouteDef): Example | undefined => EXAMPLES[label(route)];

async function call(
  api: TestApi,
  route: RouteDef,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const example = exampleOf(route);
  if (!example && ROUTES.includes(route)) throw new Error(`${label(route)} has no entry in EXAMPLES`);
  await example?.before?.(api);
  const options: RequestOptions = { headers };
  const body = example?.body?.(api) ?? (isWrite(route) && route.method !== "DELETE" ? {} : undefined);
  if (body !== undefined) options.body = body;
  return api.request(route.method, example?.path?.(api) ?? concretePath(route), options);
}

function describeResponse(res: ApiResponse) {
  return `${res.status} ${res.text.slice(0, 200)}`;
}

const documentedAnswer = answerChecker();

/**
 * The guard let the call through and the handler gave its real success answer, the one the
 * OpenAPI description documents for the route (status, media type, response schema).
 */
function expectAllowed(route: RouteDef, res: ApiResponse) {
  expect(res.status, `${label(route)}: ${describeResponse(res)}`).toBe(exampleOf(route)?.status ?? 200);
  if (ROUTES.includes(route)) expect(documentedAnswer(route, res)).toEqual([]);
  // Media of the library reaches a browser only through a route that keeps it from other sites.
  if (/^(image|video|audio)\//.test(String(res.headers["content-type"]))) {
    expect(route.media, `${label(route)} answers media but is not marked media`).toBe(true);
  }
  expectOwnOriginOnly(route, res);
}

/** Every answer of a media route, refusals and errors included, is for this origin's pages only. */
function expectOwnOriginOnly(route: RouteDef, res: ApiResponse) {
  const corp = res.headers["cross-origin-resource-policy"];
  expect(corp, `${label(route)}: ${res.status}`).toBe(route.media ? "same-origin" : undefined);
}

function expectRefused(res: ApiResponse, status: 401 | 403, detail?: RegExp) {
  expect(res.status, describeResponse(res)).toBe(status);
  const body = res.json<{ detail: unknown }>();
  expect(typeof body.detail).toBe("string");
  if (detail) expect(body.detail).toMatch(detail);
}

const label = (route: RouteDef) => `${route.method} ${route.path}`;
const guarded = ROUTES.filter((route) => route.scopes !== null);

// A write route of our own: the same-site rule is exercised over HTTP whatever ROUTES holds.
const fixtureWrite: RouteDef = {
  method: "POST",
  path: "/api/fixture/:id",
  scopes: ["ingest_write"],
  handler: () => ({ ok: true }),
};

let remote: TestApi;
let local: TestApi;
let proxied: TestApi;
let fixture: TestApi;
// Chat turns reach a model host: the allowed calls need a real answer.
let modelHost: FakeModelHost;
const tokens = new Map<Scope, string>();

beforeAll(async () => {
  // Loopback trust off makes the test client look like any other machine on the LAN.
  modelHost = await startFakeModelHost();
  const OLLAMA_HOST = modelHost.url;
  cardShelf = await mkdtemp(join(tmpdir(), "svc-matrix-cards-"));
  cards.push(cardShelf);
  const SVC_OFFLOAD_SOURCES = cardShelf;
  remote = await startApi({ env: { SVC_TRUST_LOOPBACK: "0", OLLAMA_HOST, SVC_OFFLOAD_SOURCES } });
  local = await startApi({
    env: { SVC_ALLOWED_HOSTS: "studio.lan,*.edit.lan", OLLAMA_HOST, SVC_OFFLOAD_SOURCES },
  });
  proxied = await startApi({
    env: { SVC_TRUST_LOOPBACK: "0", SVC_TRUST_PROXY_HEADERS: "1", OLLAMA_HOST, SVC_OFFLOAD_SOURCES },
  });
  fixture = await startApi({ routes: [fixtureWrite], projectRoot: null });
  for (const scope of SCOPES) tokens.set(scope, issue(remote.registry, [scope]));
  // Cross-project search is a licensed feature: grandfathered servers let the matrix reach it.
  for (const api of [remote, local]) api.registry.install.grandfather();
  const fixtures = await mkdtemp(join(tmpdir(), "svc-matrix-"));
  const still = await makeStill(fixtures, "png");
  const clip = await makeSceneClip(fixtures);
  for (const api of [remote, local]) {
    const root = api.root as string;
    await copyFile(still, join(root, "still.png"));
    await copyFile(clip, join(root, "scenes.mp4"));
    const pass = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(pass.exitCode, pass.stderr).toBe(0);
    const lib = openLibrary(root);
    try {
      const ids = { still: lib.media.byPath("still.png")?.id, clip: lib.media.byPath("scenes.mp4")?.id };
      if (!ids.still || !ids.clip) throw new Error("the seed items were not ingested");
      // An archived second language, for the activation route.
      lib.transcripts.save(
        ids.clip,
        { language: "de", text: "Hallo", segments_json: "[]", words_json: "[]", backend: "test" },
        false,
      );
      seeded.set(api, { still: ids.still, clip: ids.clip });
    } finally {
      lib.close();
    }
  }
  await rm(fixtures, { recursive: true, force: true });
}, 120_000);

/** Every test of the file, to tell a whole run from one narrowed by a name filter. */
const testsOf = (suite: RunnerTestSuite | RunnerTestFile): RunnerTask[] =>
  suite.tasks.flatMap((task) => (task.type === "suite" ? testsOf(task) : [task]));

/**
 * The request log of the whole matrix, read once every test has sent its requests (whatever order
 * they ran in): one line per request, query tokens redacted, no secret anywhere.
 */
async function expectCleanRequestLog(wholeMatrixRan: boolean) {
  await remote.request("GET", "/api/version?token=svc_queryTokenThatMustNotBeLogged123&x=1");
  const lines: string[] = [];
  for (const api of [remote, local, proxied, fixture]) {
    await api.stop();
    lines.push(...(await api.readLogLines()));
  }
  const text = lines.join("\n");
  for (const secret of [...secrets, "svc_queryTokenThatMustNotBeLogged123"])
    expect(text).not.toContain(secret);
  expect(text).not.toMatch(/authorization|bearer/i);
  const requests = lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((r) => r.msg === "request");
  if (wholeMatrixRan) expect(requests.length).toBeGreaterThan(guarded.length * 5);
  expect(requests).toContainEqual({
    level: 30,
    time: expect.any(String),
    pid: process.pid,
    msg: "request",
    method: "GET",
    path: "/api/version?token=[redacted]&x=1",
    status: 401,
    ms: expect.any(Number),
  });
}

// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first argument as its fixtures, and the file comes second
afterAll(async ({}, file) => {
  try {
    if (remote && local && proxied && fixture)
      await expectCleanRequestLog(testsOf(file).every((test) => test.mode === "run"));
  } finally {
    for (const api of [remote, local, proxied, fixture]) await api?.close();
    await modelHost?.close();
    await Promise.all(cards.map((card) => rm(card, { recursive: true, force: true })));
  }
});

const tokenFor = (scope: Scope) => {
  const secret = tokens.get(scope);
  if (!secret) throw new Error(`no token for ${scope}`);
  return secret;
};

describe("the route table", () => {
  it("has an example for every route, and none for a route that is gone", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(ROUTES.map(label).sort());
  });

  it("has exactly one public route, the health check (SPEC.md, Authentication rule 1)", () => {
    expect(ROUTES.filter((r) => r.scopes === null).map(label)).toEqual(["GET /api/health"]);
  });

  it("marks the routes that serve the library's pictures and media", () => {
    expect(ROUTES.filter((r) => r.media).map(label)).toEqual([
      "GET /api/media/:id/thumbnail",
      "GET /api/media/:id/sprite",
      "GET /api/media/:id/keyframes/:index",
      "GET /api/stream",
    ]);
  });

  it("gives every other route at least one scope", () => {
    for (const route of guarded) expect(route.scopes?.length, label(route)).toBeGreaterThan(0);
  });

  it.each(ROUTES.filter((r) => r.scopes === null).map((r) => [label(r), r] as const))(
    "answers the public route %s without any credentials",
    async (_name, route) => {
      expectAllowed(route, await call(remote, route, { host: "evil.example" }));
    },
  );
});

describe.each(guarded.map((route) => [label(route), route] as const))("%s", (_name, route) => {
  const scopes = route.scopes ?? [];
  const wrongScope = SCOPES.find((s) => s !== "admin" && !scopes.includes(s));

  it("refuses a caller without a token", async () => {
    const res = await call(remote, route);
    expectRefused(res, 401, /missing token/);
    expectOwnOriginOnly(route, res);
  });

  // A route every scope may call (the API reference) has no wrong scope to try.
  if (wrongScope !== undefined)
    it("refuses a token without the scope", async () => {
      expectRefused(await call(remote, route, bearer(tokenFor(wrongScope))), 403, /scope/);
    });

  it.each(scopes.map((s) => [s]))("allows a token with %s", async (scope) => {
    expectAllowed(route, await call(remote, route, bearer(tokenFor(scope))));
  });

  it("allows an admin token", async () => {
    expectAllowed(route, await call(remote, route, bearer(tokenFor("admin"))));
  });

  it.each([["127.0.0.1"], ["localhost"], ["svc.localhost"], ["[::1]"], ["studio.lan"], ["cut.edit.lan"]])(
    "trusts loopback with Host %s",
    async (host) => {
      expectAllowed(route, await call(local, route, { host: `${host}:${local.port}` }));
    },
  );

  it.each([["evil.example"], ["studio.lan.evil.example"], ["localhost.evil.example"]])(
    "refuses loopback with Host %s and names SVC_ALLOWED_HOSTS",
    async (host) => {
      const res = await call(local, route, { host: `${host}:${local.port}` });
      expectRefused(res, 401, /SVC_ALLOWED_HOSTS/);
      expectOwnOriginOnly(route, res);
    },
  );

  if (route.media) {
    it("refuses a cross-site read from loopback, where only the address vouches for the caller", async () => {
      const crossSite: Record<string, string>[] = [
        { "sec-fetch-site": "cross-site" },
        { origin: "http://evil.example" },
      ];
      for (const headers of crossSite) {
        const res = await call(local, route, headers);
        expectRefused(res, 403, /cross-site.*media/);
        expectOwnOriginOnly(route, res);
      }
    });

    it("serves a cross-site read to a token, which no other site can make the browser send", async () => {
      const headers = { ...bearer(tokenFor("admin")), "sec-fetch-site": "cross-site" };
      expectAllowed(route, await call(remote, route, headers));
    });

    // Only the stream takes a grant (a <video> cannot send a header).
    if (route.grant)
      it("serves a cross-site read with a stream grant, even from loopback", async () => {
        const granted = await local.request("POST", "/api/stream/grant", {
          headers: bearer(issue(local.registry, ["videos_read"])),
          body: { id: seedOf(local).still },
        });
        const { url } = granted.json<{ url: string }>();
        expect(url).toMatch(/&grant=/);
        expectAllowed(
          route,
          await local.request("GET", url, { headers: { "sec-fetch-site": "cross-site" } }),
        );
      });

    it("serves the app's own page, and a link the user opened, from loopback", async () => {
      for (const site of ["same-origin", "none"]) {
        expectAllowed(route, await call(local, route, { "sec-fetch-site": site }));
      }
    });
  }

  if (isWrite(route)) {
    it("refuses a cross-site write even with an admin token", async () => {
      const res = await call(remote, route, { ...bearer(tokenFor("admin")), origin: "http://evil.example" });
      expectRefused(res, 403, /cross-site/);
    });

    it("refuses a cross-site write from loopback", async () => {
      expectRefused(await call(local, route, { origin: "http://evil.example" }), 403, /cross-site/);
      expectRefused(await call(local, route, { "sec-fetch-site": "cross-site" }), 403, /cross-site/);
    });

    it("allows a same-origin write", async () => {
      const headers = { origin: `http://127.0.0.1:${local.port}`, "sec-fetch-site": "same-origin" };
      expectAllowed(route, await call(local, route, headers));
    });
  }
});

describe("token states and addresses", () => {
  const version = {
    method: "GET",
    path: "/api/version",
    scopes: ["videos_read"],
    handler: () => null,
  } as const;
  it("refuses an unknown, a malformed, a revoked and an expired token with distinct messages", async () => {
    expectRefused(await call(remote, version, bearer("svc_not-a-real-token")), 401, /unknown token/);
    expectRefused(await call(remote, version, { authorization: "Basic dXNlcjpwdw==" }), 401, /malformed/);

    const revoked = createToken(remote.registry, { name: "revoked", scopes: ["admin"] });
    secrets.push(revoked.secret);
    expectAllowed(version, await call(remote, version, bearer(revoked.secret)));
    revokeToken(remote.registry, revoked.token.id);
    expectRefused(await call(remote, version, bearer(revoked.secret)), 401, /revoked/);

    const longAgo = new Date(Date.now() - 3 * 86_400_000);
    const expired = createToken(
      remote.registry,
      { name: "expired", scopes: ["admin"], expiresInDays: 1 },
      longAgo,
    );
    secrets.push(expired.secret);
    expectRefused(await call(remote, version, bearer(expired.secret)), 401, /expired/);
  });

  it("never echoes the presented secret", async () => {
    const res = await call(remote, version, bearer("svc_guessing-a-secret-value-1234567890"));
    expect(res.text).not.toContain("guessing-a-secret");
  });

  it("answers a 401 with a Bearer challenge", async () => {
    const res = await call(remote, version);
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("records when a token was last used", async () => {
    const { token, secret } = createToken(remote.registry, { name: "used", scopes: ["media_read"] });
    secrets.push(secret);
    expect(remote.registry.tokens.byId(token.id)?.last_used_at).toBeNull();
    await call(remote, version, bearer(secret));
    expect(remote.registry.tokens.byId(token.id)?.last_used_at).not.toBeNull();
  });

  it("refuses a caller outside the token's IP allowlist", async () => {
    const lan = issue(remote.registry, ["admin"], { ipAllowlist: ["10.0.0.0/8"] });
    expectRefused(await call(remote, version, bearer(lan)), 403, /allowlist/);
    const loopback = issue(remote.registry, ["admin"], { ipAllowlist: ["127.0.0.0/8", "::1"] });
    expectAllowed(version, await call(remote, version, bearer(loopback)));
  });

  it("does not let a forged X-Forwarded-For satisfy an allowlist", async () => {
    const lan = issue(remote.registry, ["admin"], { ipAllowlist: ["10.0.0.0/8"] });
    const forged: Record<string, string>[] = [
      { "x-forwarded-for": "10.0.0.5" },
      { forwarded: "for=10.0.0.5" },
      { "x-real-ip": "10.0.0.5" },
    ];
    for (const header of forged) {
      expectRefused(
        await call(remote, version, { ...bearer(lan), ...header }),
        403,
        /SVC_TRUST_PROXY_HEADERS/,
      );
    }
    // Even a token whose allowlist contains the real peer cannot be used through forwarded headers.
    const loopback = issue(remote.registry, ["admin"], { ipAllowlist: ["127.0.0.0/8"] });
    const res = await call(remote, version, { ...bearer(loopback), "x-forwarded-for": "127.0.0.1" });
    expectRefused(res, 403, /forwarded headers/);
  });

  it("ignores forwarded headers for tokens without an allowlist", async () => {
    const res = await call(remote, version, {
      ...bearer(tokenFor("admin")),
      "x-forwarded-for": "203.0.113.9",
    });
    expectAllowed(version, res);
  });

  it("with SVC_TRUST_PROXY_HEADERS=1 uses the address the nearest proxy forwarded", async () => {
    const lan = issue(proxied.registry, ["videos_read"], { ipAllowlist: ["10.0.0.0/8"] });
    const ok: Record<string, string>[] = [
      { "x-forwarded-for": "10.0.0.5" },
      { "x-forwarded-for": "203.0.113.7, 10.1.2.3" },
      { "x-forwarded-for": "::ffff:10.0.0.9" },
      { forwarded: 'for="[::ffff:10.0.0.5]:4711"' },
      { forwarded: "for=203.0.113.7, for=10.0.0.5:8080;proto=https" },
      { "x-real-ip": "10.9.9.9" },
    ];
    for (const header of ok)
      expectAllowed(version, await call(proxied, version, { ...bearer(lan), ...header }));
    const refused: Record<string, string>[] = [
      { "x-forwarded-for": "192.168.1.9" },
      // The client wrote the first entry; the proxy appended the real one.
      { "x-forwarded-for": "10.0.0.5, 192.168.1.9" },
      { "x-forwarded-for": "not-an-address" },
      {},
    ];
    for (const header of refused) {
      expectRefused(await call(proxied, version, { ...bearer(lan), ...header }), 403, /allowlist/);
    }
  });

  it("never accepts a token in the query string", async () => {
    const res = await remote.request("GET", `/api/version?token=${encodeURIComponent(tokenFor("admin"))}`);
    expectRefused(res, 401, /query string/);
  });

  it("does not extend local trust to requests relayed by a proxy", async () => {
    expectRefused(await call(local, version, { "x-forwarded-for": "198.51.100.4" }), 401, /relayed/);
  });

  it("judges a token holder by the token, not by the Host", async () => {
    const secret = issue(local.registry, ["admin"]);
    expectAllowed(version, await call(local, version, { ...bearer(secret), host: "evil.example" }));
    expectRefused(await call(local, version, { ...bearer("svc_wrong"), host: "localhost" }), 401, /unknown/);
  });

  it("turns local trust off with SVC_TRUST_LOOPBACK=0", async () => {
    expectRefused(await call(remote, version, { host: "localhost" }), 401, /missing token/);
  });
});

describe("a write route served through the app", () => {
  it("is reachable same-site and refused cross-site, with or without a token", async () => {
    const secret = issue(fixture.registry, ["ingest_write"]);
    const local = { host: `localhost:${fixture.port}` };
    expect(
      (await call(fixture, fixtureWrite, { ...local, origin: `http://localhost:${fixture.port}` })).status,
    ).toBe(200);
    expect((await call(fixture, fixtureWrite, bearer(secret))).status).toBe(200);
    expect(
      (await call(fixture, fixtureWrite, { ...bearer(secret), "sec-fetch-site": "same-site" })).status,
    ).toBe(200);
    const crossSite: Record<string, string>[] = [
      { ...bearer(secret), origin: "http://evil.example" },
      { ...bearer(secret), origin: "null" },
      { ...bearer(secret), "sec-fetch-site": "cross-site" },
      { ...local, origin: "http://evil.example" },
      { origin: `http://127.0.0.1:${fixture.port + 1}` },
    ];
    for (const headers of crossSite)
      expectRefused(await call(fixture, fixtureWrite, headers), 403, /cross-site/);
  });
});
