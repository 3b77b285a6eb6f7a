import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_CUBE_BYTES } from "../../domain/color-profiles.js";
import type { MediaItem } from "../../domain/schemas/media.js";
import { BUILTIN_PROFILE_IDS } from "../../formats/log-curves.js";
import { sceneSignalsOf } from "../../pipeline/stages/signals.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeSceneClip, makeStill } from "../support/media.js";
import { needTools } from "../support/tools.js";

if (!needTools("ffmpeg", "ffprobe")) throw new Error("colour profiles render real media: install ffmpeg");

/** An identity .cube of size n: header lines, then n³ rows, red fastest. */
function cube(n: number, rows = n ** 3, header = [`LUT_3D_SIZE ${n}`]): string[] {
  const lines = [...header];
  for (let i = 0; i < rows; i++) {
    const rgb = [i % n, Math.floor(i / n) % n, Math.floor(i / (n * n))];
    lines.push(rgb.map((v) => (v / (n - 1)).toFixed(6)).join(" "));
  }
  return lines;
}

/** Mean R, G and B of a picture, 0–255. */
const meanColour = async (jpeg: Buffer) =>
  (await sharp(jpeg).stats()).channels.slice(0, 3).map((c) => c.mean);
const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - (b[i] as number))));

const sha256 = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

interface Profile {
  id: string;
  name: string;
  source: string;
  camera?: string;
  gamma?: string;
}

let api: TestApi;
let lutDir: string;
let ids: { still: number; clip: number; slog: number };
/** Mean colour of the clip's second scene (a still colour card) as ingested, before any profile. */
let plainCard: number[];

beforeAll(async () => {
  lutDir = await mkdtemp(join(tmpdir(), "svc-luts-"));
  await writeFile(join(lutDir, "Show Look.cube"), `${cube(2).join("\n")}\n`);
  await writeFile(join(lutDir, "broken.cube"), "LUT_3D_SIZE 2\n0 0 0\n");
  await writeFile(join(lutDir, "notes.txt"), "not a LUT");
  api = await startApi({ env: { SVC_LUT_DIR: lutDir } });
  const root = api.root as string;
  await makeStill(root, "png");
  await makeSceneClip(root);
  // A clip whose camera metadata names its gamma, as a Sony body writes it.
  await execa("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1"],
    ...["-c:v", "ffv1", "-metadata:s:v:0", "CAPTURE_GAMMA_EQUATION=s-log3-cine", join(root, "slog.mkv")],
  ]);
  const pass = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
  expect(pass.exitCode, pass.stderr).toBe(0);
  const lib = openLibrary(root);
  try {
    const id = (path: string) => lib.media.byPath(path)?.id ?? 0;
    ids = { still: id("still.png"), clip: id("scenes.mp4"), slog: id("slog.mkv") };
    plainCard = await meanColour(
      await readFile(join(root, ".svc", lib.scenes.at(ids.clip, 1)?.keyframe_path as string)),
    );
  } finally {
    lib.close();
  }
}, 180_000);

afterAll(async () => {
  await api?.close();
  await rm(lutDir, { recursive: true, force: true });
});

const item = async (id: number) => (await api.request("GET", `/api/media/${id}`)).json<MediaItem>();
const bytesOf = async (path: string) => (await api.request("GET", path)).body;

const importRaw = (text: string, name?: string) =>
  api.request("POST", `/api/color-profiles/import${name ? `?name=${encodeURIComponent(name)}` : ""}`, {
    headers: { "content-type": "application/octet-stream" },
    body: text,
  });

describe("GET /api/color-profiles", () => {
  it("lists the 12 built-ins with camera and gamma, and the .cube files in SVC_LUT_DIR", async () => {
    const res = await api.request("GET", "/api/color-profiles");
    expect(res.status).toBe(200);
    const { profiles } = res.json<{ profiles: Profile[] }>();
    const builtins = profiles.filter((p) => p.source === "builtin");
    expect(builtins.map((p) => p.id)).toEqual([...BUILTIN_PROFILE_IDS]);
    expect(builtins.find((p) => p.id === "slog3")).toMatchObject({ camera: "Sony", gamma: "S-Log3" });
    const fromDir = profiles.filter((p) => p.source === "lut_dir");
    expect(fromDir).toEqual([
      { id: "dir-broken", name: "broken.cube", source: "lut_dir" },
      { id: "dir-show-look", name: "Show Look.cube", source: "lut_dir" },
    ]);
  });
});

describe("POST /api/color-profiles/import", () => {
  it("takes a raw .cube with a BOM, Windows line ends and comments, stored under the slug of ?name=", async () => {
    const text = `\uFEFF# graded by hand\r\nTITLE "Night"\r\n\r\n${cube(3).join("\r\n")}\r\n# end\r\n`;
    const res = await importRaw(text, "Night Exterior v2");
    expect(res.status, res.text).toBe(201);
    expect(res.json()).toEqual({ id: "night-exterior-v2", name: "Night Exterior v2", source: "imported" });
    const { profiles } = (await api.request("GET", "/api/color-profiles")).json<{ profiles: Profile[] }>();
    expect(profiles).toContainEqual({
      id: "night-exterior-v2",
      name: "Night Exterior v2",
      source: "imported",
    });
    const stored = await readFile(join(api.home, "luts", "imported", "night-exterior-v2.cube"), "utf8");
    expect(stored.startsWith('TITLE "Night Exterior v2"\nLUT_3D_SIZE 3\n')).toBe(true);
    expect(stored).not.toMatch(/\r|\uFEFF|#/);
  });

  it("takes a multipart/form-data upload, named after its file", async () => {
    const boundary = "----svc-test-boundary";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="Film Print.cube"',
      "Content-Type: application/octet-stream",
      "",
      cube(2).join("\n"),
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const res = await api.request("POST", "/api/color-profiles/import", {
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json()).toMatchObject({ id: "film-print", source: "imported" });
  });

  it("refuses a name whose id is taken with 409", async () => {
    expect((await importRaw(cube(2).join("\n"), "SLOG3")).status).toBe(409);
    expect((await importRaw(cube(2).join("\n"), "Day Exterior")).status).toBe(201);
    const again = await importRaw(cube(2).join("\n"), "day exterior");
    expect(again.status).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(/"day-exterior" exists already/);
  });

  it.each([
    ["34³ − 1 rows", cube(34, 34 ** 3 - 1).join("\n"), "LUT_3D_SIZE 34 needs 39304 rows, found 39303"],
    [
      "NaN",
      cube(2).join("\n").replace("1.000000 0.000000 0.000000", "NaN 0 0"),
      'line 3: a table row: "NaN" is not a finite number',
    ],
    ["a 1D-only LUT", "LUT_1D_SIZE 2\n0 0 0\n1 1 1\n", "1D LUT"],
    ["size 1", "LUT_3D_SIZE 1\n0 0 0\n", "line 1: LUT_3D_SIZE 1 is outside 2..256"],
    ["size 257", "LUT_3D_SIZE 257\n0 0 0\n", "line 1: LUT_3D_SIZE 257 is outside 2..256"],
    ["no size", cube(2).slice(1).join("\n"), "LUT_3D_SIZE is missing"],
    [
      "letters",
      cube(2)
        .map((line, i) => (i === 5 ? "zero one two" : line))
        .join("\n"),
      'line 6: a table row: "zero" is not a finite number',
    ],
  ])("refuses %s with 422 naming the problem, and stores nothing", async (_name, text, problem) => {
    const res = await importRaw(text, `bad ${_name}`);
    expect(res.status, res.text).toBe(422);
    expect(res.json<{ detail: string }>().detail).toContain(problem);
    // The folder appears with the first profile imported; before that nothing is stored at all.
    const imported = join(api.home, "luts", "imported");
    const stored = existsSync(imported) ? await readdir(imported) : [];
    expect(stored.filter((f) => f.startsWith("bad"))).toEqual([]);
  });

  it("refuses a raw body without ?name= with 422", async () => {
    const res = await importRaw(cube(2).join("\n"));
    expect(res.status).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/name/);
  });

  /** Streams `total` bytes of a never-ending-looking .cube; resolves with the answer and what was sent. */
  function upload(total: number, declareLength: boolean) {
    return new Promise<{ status: number; body: string; sent: number; ms: number }>((resolve, reject) => {
      const started = Date.now();
      let sent = 0;
      let open = true;
      const headers: Record<string, string> = { "content-type": "application/octet-stream" };
      if (declareLength) headers["content-length"] = String(total);
      else headers["transfer-encoding"] = "chunked";
      const req = request(`${api.url}/api/color-profiles/import?name=huge`, { method: "POST", headers });
      req.on("error", (error) => (open ? reject(error) : undefined));
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => {
          open = false;
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sent, ms: Date.now() - started });
        });
      });
      // Rows of a plausible LUT, one buffer reused: the test allocates nothing near the total.
      const chunk = Buffer.from("0.500000 0.500000 0.500000\n".repeat(4096));
      req.write("LUT_3D_SIZE 256\n");
      const pump = () => {
        if (!open || sent + chunk.length > total) return;
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(pump);
        else req.once("drain", pump);
      };
      pump();
    });
  }

  it("refuses a declared 300 MB upload with 413 before reading it", async () => {
    const answer = await upload(300 * 1024 * 1024, true);
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(`body larger than ${MAX_CUBE_BYTES} bytes`);
    expect(answer.sent).toBeLessThan(MAX_CUBE_BYTES);
  });

  it("refuses a chunked 300 MB upload with 413 once it passes the limit, without holding it", async () => {
    const rssBefore = process.memoryUsage().rss;
    const answer = await upload(300 * 1024 * 1024, false);
    expect(answer.status).toBe(413);
    // Loopback sockets buffer a few MiB past the point where the server stopped reading.
    expect(answer.sent).toBeLessThan(MAX_CUBE_BYTES + 32 * 1024 * 1024);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    const { profiles } = (await api.request("GET", "/api/color-profiles")).json<{ profiles: Profile[] }>();
    expect(profiles.map((p) => p.id)).not.toContain("huge");
  });
});

describe("setting an item's colour profile", () => {
  // Each test starts from the items as ingest left them: no profile on the still or the clip.
  beforeEach(async () => {
    for (const id of [ids.still, ids.clip]) {
      if ((await item(id)).color_profile === null) continue;
      const res = await api.request("PATCH", `/api/media/${id}/color-profile`, { body: { profile: null } });
      expect(res.status, res.text).toBe(200);
    }
  });

  it("shows the profile the camera metadata suggests", async () => {
    expect((await item(ids.slog)).color_profile_suggested).toBe("slog3");
    expect((await item(ids.clip)).color_profile_suggested).toBeNull();
  });

  it("refuses an unknown profile with 422 naming it, changing nothing", async () => {
    const before = await bytesOf(`/api/media/${ids.clip}/thumbnail`);
    const res = await api.request("PATCH", `/api/media/${ids.clip}/color-profile`, {
      body: { profile: "hlg-9" },
    });
    expect(res.status).toBe(422);
    expect(res.json<{ detail: string }>().detail).toContain('"hlg-9"');
    const batch = await api.request("POST", "/api/media/color-profile", {
      body: { ids: [ids.clip, ids.still], profile: "hlg-9" },
    });
    expect(batch.status).toBe(422);
    expect((await item(ids.clip)).color_profile).toBeNull();
    expect((await item(ids.still)).color_profile).toBeNull();
    expect((await bytesOf(`/api/media/${ids.clip}/thumbnail`)).equals(before)).toBe(true);
  });

  it("refuses a body without a profile, or with one that is not text, with 422 naming the field", async () => {
    for (const body of [{}, { profile: 5 }, { profile: "" }, { profile: "slog3", extra: 1 }]) {
      const res = await api.request("PATCH", `/api/media/${ids.clip}/color-profile`, { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const batch = await api.request("POST", "/api/media/color-profile", {
      body: { ids: [], profile: "slog3" },
    });
    expect(batch.status).toBe(422);
    expect(batch.json<{ detail: string }>().detail).toMatch(/^ids: /);
    expect((await item(ids.clip)).color_profile).toBeNull();
  });

  it("refuses an unknown item with 404, and a batch naming one changes none of them", async () => {
    const res = await api.request("PATCH", "/api/media/999999/color-profile", { body: { profile: "slog3" } });
    expect(res.status).toBe(404);
    const batch = await api.request("POST", "/api/media/color-profile", {
      body: { ids: [ids.still, 999999], profile: "slog3" },
    });
    expect(batch.status).toBe(404);
    expect(batch.json<{ detail: string }>().detail).toContain("999999");
    expect((await item(ids.still)).color_profile).toBeNull();
  });

  it("refuses an SVC_LUT_DIR file that is not a valid .cube with 422 naming the problem", async () => {
    const res = await api.request("PATCH", `/api/media/${ids.clip}/color-profile`, {
      body: { profile: "dir-broken" },
    });
    expect(res.status).toBe(422);
    expect(res.json<{ detail: string }>().detail).toBe("broken.cube: LUT_3D_SIZE 2 needs 8 rows, found 1");
    expect((await item(ids.clip)).color_profile).toBeNull();
  });

  it("renders the thumbnail and key frames again, never touching the original", async () => {
    const original = join(api.root as string, "scenes.mp4");
    const hash = await sha256(original);
    const thumb = await bytesOf(`/api/media/${ids.clip}/thumbnail`);
    const scenes = (await api.request("GET", `/api/media/${ids.clip}/scenes`)).json<
      { start_s: number; end_s: number }[]
    >();
    expect(scenes.length).toBeGreaterThan(1);
    const frame0 = await bytesOf(`/api/media/${ids.clip}/keyframes/0`);

    const res = await api.request("PATCH", `/api/media/${ids.clip}/color-profile`, {
      body: { profile: "slog3" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json<MediaItem>().color_profile).toBe("slog3");
    expect((await item(ids.clip)).color_profile).toBe("slog3");
    const graded = await bytesOf(`/api/media/${ids.clip}/thumbnail`);
    expect(graded.equals(thumb)).toBe(false);
    const graded0 = await bytesOf(`/api/media/${ids.clip}/keyframes/0`);
    expect(graded0.equals(frame0)).toBe(false);
    // The scene's measured signals travel on in the new key frame; the scene list is unchanged.
    expect(sceneSignalsOf(graded0, scenes[0] as { start_s: number; end_s: number })).toEqual(
      sceneSignalsOf(frame0, scenes[0] as { start_s: number; end_s: number }),
    );
    expect((await api.request("GET", `/api/media/${ids.clip}/scenes`)).json()).toEqual(scenes);

    const cleared = await api.request("PATCH", `/api/media/${ids.clip}/color-profile`, {
      body: { profile: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.json<MediaItem>().color_profile).toBeNull();
    expect((await bytesOf(`/api/media/${ids.clip}/thumbnail`)).equals(graded)).toBe(false);
    expect(await sha256(original)).toBe(hash);
  });

  it("sets a batch, stills and SVC_LUT_DIR profiles included", async () => {
    const still = join(api.root as string, "still.png");
    const hash = await sha256(still);
    const before = await bytesOf(`/api/media/${ids.still}/thumbnail`);
    const res = await api.request("POST", "/api/media/color-profile", {
      body: { ids: [ids.still, ids.clip], profile: "logc4" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ items: MediaItem[] }>().items.map((i) => [i.id, i.color_profile])).toEqual([
      [ids.still, "logc4"],
      [ids.clip, "logc4"],
    ]);
    expect((await bytesOf(`/api/media/${ids.still}/thumbnail`)).equals(before)).toBe(false);
    const viaDir = await api.request("PATCH", `/api/media/${ids.still}/color-profile`, {
      body: { profile: "dir-show-look" },
    });
    expect(viaDir.status, viaDir.text).toBe(200);
    expect(await sha256(still)).toBe(hash);
  });

  it("keeps the profile when ingest makes the pictures again", async () => {
    const set = await api.request("PATCH", `/api/media/${ids.clip}/color-profile`, {
      body: { profile: "logc4" },
    });
    expect(set.status, set.text).toBe(200);
    expect((await item(ids.clip)).color_profile).toBe("logc4");
    // Scene 1 is a still colour card, so any of its frames shows the same picture.
    const rendered = await meanColour(await bytesOf(`/api/media/${ids.clip}/keyframes/1`));
    expect(distance(rendered, plainCard)).toBeGreaterThan(20);
    const root = api.root as string;
    const passStarted = new Date().toISOString();
    const pass = await svc(["ingest", "--regenerate-thumbnails"], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(pass.exitCode, pass.stderr).toBe(0);
    const lib = openLibrary(root);
    try {
      // The frames stage ran again: the key frame below is the pipeline's, not the one the API made.
      const frames = lib.media.stages(ids.clip).find((stage) => stage.stage === "frames");
      expect(frames?.started_at.localeCompare(passStarted)).toBe(1);
      const frame = lib.scenes.at(ids.clip, 1)?.keyframe_path as string;
      const ingested = await meanColour(await readFile(join(root, ".svc", frame)));
      expect(distance(ingested, rendered)).toBeLessThan(4);
    } finally {
      lib.close();
    }
  });
});
