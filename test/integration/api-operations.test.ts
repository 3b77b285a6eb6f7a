import { appendFile, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { readVersion } from "../../library/system/version.js";
import { rolledLogFiles } from "../../state/logger.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { makeAudio, makeNotMedia, makeSceneClip, makeStill, SCENE_CLIP } from "../support/media.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const hasTools = needTools("ffmpeg", "ffprobe");
const ABSOLUTE_PATH = /(?:^|["\s=(])(?:\/(?!api\/)[^\s"/]+\/|[A-Za-z]:[\\/])/;

/** Every regular file under `dir` with its size, relative to `dir`. */
async function filesUnder(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    out.set(path.slice(dir.length + 1), (await stat(path)).size);
  }
  return out;
}

const sum = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);

describe.skipIf(!hasTools)("operations API", () => {
  let api: TestApi;
  // Set in beforeAll; the shared server's project root and SVC_HOME.
  let root = "";
  let home = "";
  let base = "";
  const derived = (name: string) => join(root, ".svc", name);

  const call = async (method: string, path: string, body?: string) => {
    const res = await api.request(method, path, body === undefined ? {} : { body });
    return { status: res.status, text: res.text, json: () => res.json<Record<string, unknown>>() };
  };
  const get = (path: string) => call("GET", path);
  const post = (path: string, body?: unknown) =>
    call("POST", path, typeof body === "string" || body === undefined ? body : JSON.stringify(body));

  const slotFree = () => api.registry.slots.get(ingestSlotName(root)) === undefined;
  const rows = () => {
    const lib = openLibrary(root);
    try {
      return lib.media.all().map((row) => ({ ...row, stages: lib.media.stages(row.id) }));
    } finally {
      lib.close();
    }
  };

  beforeAll(async () => {
    api = await startApi({ env: { SVC_CPU_CONCURRENCY: "2" } });
    root = api.root as string;
    home = api.home;
    base = dirname(home);
    await Promise.all([
      makeSceneClip(root, "day1/scenes.mp4"),
      makeAudio(root, "day1/tone.wav", { seconds: 3 }),
      makeStill(root, "png", "day1/still.png"),
      makeNotMedia(root, "day1/notes.mov"),
    ]);
    // One file fails to probe, so the pass is partial (exit 1) and the failures table has a row.
    const ingest = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: home });
    expect(ingest.exitCode, ingest.stderr).toBe(1);
  }, 120_000);

  afterAll(async () => {
    await api?.close();
  });

  describe("GET /api/health", () => {
    it("is ready with ffmpeg and ffprobe and carries booleans and model names only", async () => {
      const res = await get("/api/health");
      expect(res.status).toBe(200);
      const body = res.json();
      // Exactly: no install command, no recogniser name, no sentence about projects.
      const model = (name: unknown) => ({ name, pulled: false });
      expect(body).toEqual({
        ready: true,
        checks: {
          ffmpeg: true,
          ffprobe: true,
          exiftool: expect.any(Boolean),
          model_host: false,
          speech_recognition: expect.any(Boolean),
        },
        models: {
          embed: model("bge-m3"),
          vision: model(expect.any(String)),
          chat: model(expect.any(String)),
          intent: null,
        },
        failing: [],
        // Overall only: which project is warming is for authenticated callers.
        search: "ready",
      });
      expect(res.text).not.toMatch(ABSOLUTE_PATH);
      expect(res.text).not.toContain(home);
      expect(res.text).not.toContain(root);
    });
  });

  describe("GET /api/status", () => {
    it("adds the recogniser and each missing model's pull command for an authenticated caller", async () => {
      const res = await get("/api/status");
      expect(res.status).toBe(200);
      const health = (await get("/api/health")).json();
      const body = res.json();
      expect(body).toMatchObject({ ...health, models: expect.any(Object) });
      expect(body).toHaveProperty("asr");
      const models = body.models as Record<string, { name: string; pull?: string } | null>;
      expect(models.embed).toEqual({ name: "bge-m3", pulled: false, pull: "ollama pull bge-m3" });
      for (const role of ["vision", "chat"]) {
        expect(models[role]?.pull, role).toBe(`ollama pull ${models[role]?.name}`);
      }
      expect(res.text).not.toMatch(ABSOLUTE_PATH);
    });
  });

  describe("GET /api/stats", () => {
    it("matches the ingested fixtures", async () => {
      const res = await get("/api/stats");
      expect(res.status).toBe(200);
      const body = res.json() as {
        project: string;
        items: Record<string, number>;
        missing: number;
        duration_s: number;
        hours: number;
        derived_bytes: Record<string, number>;
        failures: { items_by_stage: Record<string, number>; files: number };
      };
      expect(body.project).toBe("footage");
      expect(body.items).toEqual({ total: 3, video: 1, audio: 1, image: 1 });
      expect(body.missing).toBe(0);
      expect(body.duration_s).toBeCloseTo(SCENE_CLIP.seconds + 3, 0);
      expect(body.hours).toBeCloseTo((SCENE_CLIP.seconds + 3) / 3600, 3);
      const thumbs = sum(await filesUnder(derived("thumbs")));
      const frames = sum(await filesUnder(derived("frames")));
      expect(thumbs).toBeGreaterThan(0);
      expect(frames).toBeGreaterThan(0);
      expect(body.derived_bytes).toEqual({ total: thumbs + frames, thumbs, frames, proxies: 0 });
      expect(body.failures).toEqual({ items_by_stage: {}, files: 1 });
      expect(res.text).not.toMatch(ABSOLUTE_PATH);
    });

    it("counts missing items apart and failed items per stage", async () => {
      const lib = openLibrary(root);
      try {
        const still = lib.media.byPath("day1/still.png");
        const tone = lib.media.byPath("day1/tone.wav");
        if (!still || !tone) throw new Error("fixtures not ingested");
        lib.media.markMissing("day1/still.png");
        lib.media.failStage(tone.id, {
          stage: "transcript",
          status: "failed",
          detail: "test",
          startedAt: new Date().toISOString(),
          elapsedMs: 1,
        });
        const body = (await get("/api/stats")).json();
        expect(body.items).toEqual({ total: 2, video: 1, audio: 1, image: 0 });
        expect(body.missing).toBe(1);
        expect(body.failures).toEqual({ items_by_stage: { transcript: 1 }, files: 1 });
      } finally {
        // Put both back as they were: present and finished.
        const still = lib.media.byPath("day1/still.png");
        const tone = lib.media.byPath("day1/tone.wav");
        if (still) lib.media.touch(still.id, still.mtime_ms);
        if (tone) {
          const startedAt = new Date().toISOString();
          const outcome = {
            stage: "transcript",
            status: "not_configured",
            detail: null,
            startedAt,
            elapsedMs: 1,
          } as const;
          lib.media.completeStage(tone.id, outcome, "done");
        }
        lib.close();
      }
    });

    it("refuses junk parameters and unknown projects", async () => {
      for (const query of ["?project=a&of_project=b", `?project=${"x".repeat(65)}`, "?project="]) {
        const res = await get(`/api/stats${query}`);
        expect(res.status, query).toBe(422);
        expect(res.json()).toEqual({ detail: expect.any(String) });
      }
      // Parameters the route does not take are refused, naming them.
      const junk = await get("/api/stats?junk=1");
      expect(junk.status).toBe(422);
      expect(junk.json().detail).toMatch(/^junk: unknown query parameter/);
      const unknown = await get("/api/stats?project=nope");
      expect(unknown.status).toBe(404);
      expect((await get("/api/stats?project=footage")).status).toBe(200);
    });
  });

  describe("GET /api/entitlements", () => {
    const licence = () => join(home, "licence.json");
    const setFirstVersion = (version: string) =>
      api.registry.db.prepare("UPDATE install SET first_version = ?").run(version);

    it("reports a fresh install as free and armed, without a licence problem", async () => {
      const res = await get("/api/entitlements");
      expect(res.status).toBe(200);
      const report = res.json() as Record<string, unknown>;
      expect(report).toMatchObject({ tier: "free", armed: true, grandfathered: false });
      expect(report).not.toHaveProperty("licence_problem");
    });

    it("grandfathers installs that predate the free-tier release, for good", async () => {
      const original = api.registry.install.get()?.first_version ?? readVersion();
      try {
        setFirstVersion("0.2.0");
        expect((await get("/api/entitlements")).json()).toMatchObject({ armed: true, grandfathered: false });
        for (const version of ["0.0.9", "0.1.0-rc.1"]) {
          setFirstVersion(version);
          expect((await get("/api/entitlements")).json(), version).toMatchObject({
            tier: "free",
            armed: false,
            grandfathered: true,
          });
        }
        // Once grandfathered, always: a later record does not take it back.
        setFirstVersion("0.2.0");
        expect((await get("/api/entitlements")).json()).toMatchObject({ armed: false, grandfathered: true });
      } finally {
        setFirstVersion(original);
        api.registry.db.prepare("UPDATE install SET grandfathered_at = NULL").run();
      }
    });

    it("reports a licence file that does not count", async () => {
      try {
        await writeFile(licence(), JSON.stringify({ tier: "pro", holder: "Edit Bay 2" }));
        expect((await get("/api/entitlements")).json()).toMatchObject({
          tier: "free",
          armed: true,
          licence_problem: "unsigned",
        });
        await writeFile(licence(), "not json at all");
        expect((await get("/api/entitlements")).json()).toMatchObject({ licence_problem: "unsigned" });
        await writeFile(licence(), JSON.stringify({ tier: "pro", signature: "c2lnbmF0dXJl" }));
        expect((await get("/api/entitlements")).json()).toMatchObject({
          tier: "free",
          licence_problem: "unknown key",
        });
      } finally {
        await rm(licence(), { force: true });
      }
    });
  });

  describe("GET /api/logs/tail", () => {
    const currentLog = async () => {
      const files = await rolledLogFiles(api.registry.paths.logFile);
      const last = files.at(-1);
      if (!last) throw new Error("no log file");
      return last;
    };
    const tail = async (query = "") => {
      const res = await get(`/api/logs/tail${query}`);
      expect(res.status, res.text).toBe(200);
      return {
        ...(res.json() as { lines: string[]; truncated: boolean }),
        size: Buffer.byteLength(res.text),
      };
    };

    it("returns sanitised lines with secrets and paths redacted", async () => {
      const secret = `svc_${"Q".repeat(40)}`;
      api.ctx.log.info(
        { url: `/api/media?token=${secret}&limit=5`, marker: "pino-line" },
        "client sent Authorization: Bearer pinobearer123 \u001b[2J for day1/scenes.mp4",
      );
      const logFile = await currentLog();
      const raw = {
        level: 40,
        marker: "raw-line",
        authorization: "Basic dXNlcjpwYXNzd29yZA==",
        path: join(root, "day1", "scenes.mp4"),
        log: logFile,
        where: "/opt/elsewhere/file.txt",
        env: "SVC_ADMIN_BOOTSTRAP_TOKEN=plainsecret123456",
      };
      const rawLine = JSON.stringify(raw).replace(
        '"level":40',
        `"level":40,"msg":"raw \x1b[31mred\x07 \u202eevil token=querysecret Bearer rawbearer456 ${secret}"`,
      );
      await appendFile(logFile, `${rawLine}\n`);

      const { lines } = await until("both marker lines", async () => {
        const t = await tail("?lines=50");
        const joined = t.lines.join("\n");
        return joined.includes("pino-line") && joined.includes("raw-line") ? t : undefined;
      });
      const text = lines.join("\n");
      for (const leaked of [
        secret,
        "pinobearer123",
        "rawbearer456",
        "querysecret",
        "plainsecret123456",
        "dXNlcjpwYXNzd29yZA",
        root,
        home,
        base,
        logFile,
        "/opt/elsewhere",
      ]) {
        expect(text, leaked).not.toContain(leaked);
      }
      const controls = [...lines.join("")].filter((ch) => {
        const code = ch.codePointAt(0) ?? 0;
        return code < 0x20 || code === 0x7f || code === 0x202e;
      });
      expect(controls).toEqual([]);
      expect(text).not.toMatch(/\\u001b/i);
      expect(text).toContain("token=[redacted]");
      expect(text).toContain("Bearer [redacted]");
      expect(text).toContain("svc_[redacted]");
      expect(text).toContain('"authorization":"[redacted]"');
      expect(text).toContain("<project:footage>/day1/scenes.mp4");
      expect(text).toContain("<SVC_HOME>/logs/");
      // Relative media paths and API paths stay readable.
      expect(text).toContain("day1/scenes.mp4");
      expect(text).toContain("/api/media?token=[redacted]");
      const pinoLine = lines.find((l) => l.includes("pino-line")) as string;
      expect(JSON.parse(pinoLine).msg).not.toContain("\u001b");
      expect(text).not.toMatch(ABSOLUTE_PATH);
    });

    it("writes no secret of a query string, an error or a header into the log file", async () => {
      const logFile = await currentLog();
      // Only what is written from here on: the test before appended a line that is not JSON.
      const start = (await stat(logFile)).size;
      const secret = (n: number) => `leak${n}${"x".repeat(12)}${n}`;
      const requests = [
        `/api/version?token=${secret(1)}`,
        `/api/version?access_token=${secret(2)}`,
        `/api/stream?id=1&grant=${secret(3)}`,
        `/api/no-such-route?api_key=${secret(4)}`,
        `/clip/1?password=${secret(5)}`,
        `/api/media?limit=abc&client_secret=${secret(6)}`,
      ];
      for (const path of requests) await get(path);
      // What key-based redaction cannot see: a URL inside an error, credentials in free text.
      api.ctx.log.error(
        { err: new Error(`GET http://127.0.0.1:9/api/tags?access_token=${secret(7)} failed`) },
        "model host request failed",
      );
      const basic = Buffer.from(secret(8)).toString("base64");
      api.ctx.log.warn(
        { reason: `upstream answered 401 to Authorization: Basic ${basic}` },
        "raw-file-marker",
      );

      const text = await until("the marker in the log file", async () => {
        const written = (await readFile(logFile)).subarray(start).toString("utf8");
        return written.includes("raw-file-marker") ? written : undefined;
      });
      for (let n = 1; n <= 8; n += 1) expect(text, secret(n)).not.toContain(secret(n));
      expect(text).not.toContain(basic);
      const lines = text.split("\n").filter(Boolean);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      const paths = lines.map((line) => (JSON.parse(line) as { path?: string }).path);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/api/version?token=[redacted]",
          "/api/version?access_token=[redacted]",
          "/api/stream?id=1&grant=[redacted]",
          "/api/no-such-route?api_key=[redacted]",
          "/clip/1?password=[redacted]",
          "/api/media?limit=abc&client_secret=[redacted]",
        ]),
      );
    });

    it("respects lines and never answers more than 256 KB", async () => {
      const logFile = await currentLog();
      const filler = "x".repeat(1500);
      const block = Array.from({ length: 400 }, (_, i) => JSON.stringify({ level: 30, i, msg: filler })).join(
        "\n",
      );
      await appendFile(logFile, `${block}\n`);

      // The server logs every request too, so the newest lines are not all from the block.
      const three = await tail("?lines=3");
      expect(three.lines).toHaveLength(3);
      expect(three.truncated).toBe(true);

      const byDefault = await tail();
      expect(byDefault.lines.length).toBeLessThanOrEqual(200);
      expect(byDefault.size).toBeLessThanOrEqual(64 * 1024);

      const most = await tail("?lines=5000&bytes=262144");
      expect(most.size).toBeLessThanOrEqual(256 * 1024);
      expect(most.size).toBeGreaterThan(200 * 1024);
      expect(most.truncated).toBe(true);
      expect(most.lines.some((line) => line.includes('"i":399'))).toBe(true);

      const small = await tail("?bytes=4096");
      expect(small.size).toBeLessThanOrEqual(4096);
      expect(small.lines.length).toBeGreaterThan(0);
      expect(small.truncated).toBe(true);
    });

    it("filters by level, text, project and time, seeing only the redacted line", async () => {
      const since = new Date().toISOString();
      const secret = "filterbearer789";
      api.ctx.log.info({ project: "footage", tag: "filter-probe" }, "probe quiet");
      api.ctx.log.warn({ project: "footage", tag: "filter-probe" }, "probe loud");
      api.ctx.log.error({ project: "elsewhere", tag: "filter-probe" }, `probe other Bearer ${secret}`);
      // The request lines name the probe too (in their query); the probes are the lines tagged.
      const probes = (t: { lines: string[] }) =>
        t.lines
          .map((l) => JSON.parse(l) as { msg: string; tag?: string })
          .filter((l) => l.tag === "filter-probe")
          .map((l) => l.msg);
      await until("the probe lines", async () =>
        probes(await tail("?text=filter-probe")).length === 3 ? true : undefined,
      );
      expect(probes(await tail("?text=FILTER-PROBE&level=warn"))).toEqual([
        "probe loud",
        "probe other Bearer [redacted]",
      ]);
      expect(probes(await tail("?text=filter-probe&level=error"))).toEqual(["probe other Bearer [redacted]"]);
      expect(probes(await tail("?text=filter-probe&of_project=footage"))).toEqual([
        "probe quiet",
        "probe loud",
      ]);
      expect(probes(await tail("?text=tag%3Dfilter-probe&of_project=elsewhere"))).toEqual([
        "probe other Bearer [redacted]",
      ]);
      // What the redaction masked cannot be found by searching for it.
      expect((await tail(`?text=${secret}`)).lines).toEqual([]);
      const followed = await tail(`?since=${encodeURIComponent(since)}`);
      expect(followed.truncated).toBe(false);
      for (const line of followed.lines)
        expect(Date.parse((JSON.parse(line) as { time: string }).time)).toBeGreaterThanOrEqual(
          Date.parse(since),
        );
      expect(probes(followed)).toHaveLength(3);
      const later = new Date(Date.now() + 60_000).toISOString();
      expect(await tail(`?since=${encodeURIComponent(later)}`)).toMatchObject({
        lines: [],
        truncated: false,
      });
    });

    it("refuses junk and out-of-range parameters with 422", async () => {
      for (const query of [
        "?level=verbose",
        "?level=",
        "?level=WARN",
        `?text=${"x".repeat(201)}`,
        "?of_project=",
        "?since=yesterday",
        "?since=2024-13-01T00:00:00Z",
        "?since=1700000000",
        "?lines=abc",
        "?lines=0",
        "?lines=5001",
        "?lines=-1",
        "?lines=1.5",
        "?lines=1e3",
        "?lines=",
        "?lines=99999999999999999999",
        "?bytes=262145",
        "?bytes=10",
        "?bytes=0x100",
        "?lines=1&lines=2",
        "?lines=/etc/passwd",
      ]) {
        const res = await get(`/api/logs/tail${query}`);
        expect(res.status, query).toBe(422);
        expect(res.json()).toEqual({ detail: expect.any(String) });
        expect(res.text).not.toContain("/etc/passwd");
      }
      const tokenInQuery = await get("/api/logs/tail?token=abc");
      expect(tokenInQuery.status).toBe(401);
    });
  });

  describe("POST /api/ingest", () => {
    // The stills these tests add go again after, so the other blocks see the fixtures alone.
    const added = ["day2/late.png", "day3/only.png", "day4/not-yet.png"];
    afterAll(async () => {
      await until("no pass running", slotFree);
      for (const row of rows().filter((r) => added.includes(r.rel_path))) {
        const res = await call("DELETE", `/api/media/${row.id}`);
        expect(res.status, res.text).toBe(200);
      }
      for (const rel of added) await rm(join(root, rel), { force: true });
      expect(rows().filter((r) => added.includes(r.rel_path))).toEqual([]);
    });

    it("answers 202 with a job and the new items appear", async () => {
      await makeStill(root, "png", "day2/late.png");
      const res = await post("/api/ingest");
      expect(res.status, res.text).toBe(202);
      const { job } = res.json() as { job: Record<string, unknown> };
      expect(job).toMatchObject({
        id: expect.any(String),
        kind: "ingest",
        status: "running",
        project: "footage",
        dir: ".",
        refresh: false,
        holder: expect.stringContaining(String(job.id)),
      });
      expect(res.text).not.toMatch(ABSOLUTE_PATH);
      await until("the pass to finish", slotFree);
      expect(rows().find((r) => r.rel_path === "day2/late.png")?.status).toBe("done");
      const status = await until("the pass's record to end", async () => {
        const body = (await get("/api/ingest/status")).json() as {
          running: number;
          jobs: Record<string, unknown>[];
        };
        const found = body.jobs.find((j) => j.id === job.id);
        return found?.status === "done" ? { body, found } : undefined;
      });
      expect(status.found).toMatchObject({
        finished_at: expect.any(String),
        files_done: status.found.files_total,
        failed: expect.any(Number),
      });
      expect(status.found.files_total).toBeGreaterThanOrEqual(5);
    });

    it("limits a pass to a folder inside the root", async () => {
      await makeStill(root, "png", "day3/only.png");
      await makeStill(root, "png", "day4/not-yet.png");
      const res = await post("/api/ingest", { dir: "day3" });
      expect(res.status, res.text).toBe(202);
      expect(res.json().job).toMatchObject({ dir: "day3" });
      await until("the pass to finish", slotFree);
      const paths = rows().map((r) => r.rel_path);
      expect(paths).toContain("day3/only.png");
      expect(paths).not.toContain("day4/not-yet.png");
    });

    it("refuses with 409 naming the holder while the slot is taken", async () => {
      const lease = claimSlot(api.registry, ingestSlotName(root), "card offload A001 (test)");
      try {
        const res = await post("/api/ingest", {});
        expect(res.status).toBe(409);
        expect(res.json().detail).toMatch(/card offload A001 \(test\)/);
        const clear = await post("/api/cache/clear");
        expect(clear.status).toBe(409);
        expect(clear.json().detail).toMatch(/card offload A001 \(test\)/);
      } finally {
        lease.release();
      }
      expect(slotFree()).toBe(true);
    });

    it("refuses bad bodies with 4xx and starts nothing", async () => {
      const link = join(root, "escape-link");
      await symlink(base, link);
      try {
        const cases: [string, number][] = [
          ["{", 422],
          ["[]", 422],
          ["null", 422],
          ['"text"', 422],
          [JSON.stringify({ refresh: "yes" }), 422],
          [JSON.stringify({ refresh: 1 }), 422],
          [JSON.stringify({ extra: true }), 422],
          [JSON.stringify({ dir: "../outside" }), 422],
          [JSON.stringify({ dir: "day1/../../.." }), 422],
          [JSON.stringify({ dir: "/etc" }), 422],
          [JSON.stringify({ dir: "C:/Windows" }), 422],
          [JSON.stringify({ dir: "%2e%2e" }), 422],
          [JSON.stringify({ dir: "no-such-folder" }), 422],
          [JSON.stringify({ dir: "day1/still.png" }), 422],
          // Judged as written: `..` leaves the root even after a symlink to a folder elsewhere.
          [JSON.stringify({ dir: "escape-link/../.." }), 422],
          [JSON.stringify({ dir: "a\u0000b" }), 422],
          [JSON.stringify({ dir: "x".repeat(5000) }), 422],
          [JSON.stringify({ project: "nope" }), 404],
          [JSON.stringify({ project: 7 }), 422],
          [JSON.stringify({ dir: "y".repeat(20_000) }), 413],
        ];
        for (const [body, status] of cases) {
          const res = await post("/api/ingest", body);
          expect(res.status, body.slice(0, 60)).toBe(status);
          expect(res.json()).toEqual({ detail: expect.any(String) });
          expect(res.text).not.toContain(home);
          expect(res.text).not.toContain(root);
        }
        expect(slotFree()).toBe(true);
      } finally {
        await rm(link);
      }
    });
  });

  describe("POST /api/cache/clear", () => {
    it("removes thumbnails and key frames only, and the next pass regenerates them", async () => {
      await until("no pass running", slotFree);
      const sentinels = [
        join(root, ".svc", "trash", "day1", "old.png"),
        join(root, ".svc", "backups", "library-2024.db"),
        join(derived("thumbs"), "README.txt"),
      ];
      for (const file of sentinels) {
        await mkdir(join(file, ".."), { recursive: true });
        await writeFile(file, "keep me");
      }
      const media = await filesUnder(root);
      const thumbs = await filesUnder(derived("thumbs"));
      const frames = await filesUnder(derived("frames"));
      const video = rows().find((r) => r.rel_path === "day1/scenes.mp4");
      if (!video) throw new Error("video not ingested");
      const transcriptRun = video.stages.find((s) => s.stage === "transcript")?.started_at;
      expect(frames.size).toBe(SCENE_CLIP.scenes);

      const res = await post("/api/cache/clear");
      expect(res.status, res.text).toBe(200);
      const itemCount = rows().length;
      expect(res.json()).toEqual({
        project: "footage",
        files_removed: thumbs.size - 1 + frames.size,
        bytes_removed: sum(thumbs) - "keep me".length + sum(frames),
        not_removed: 0,
        items_marked: itemCount,
        interrupted_work_removed: 0,
        folders: {
          thumbs: { files: thumbs.size - 1, bytes: sum(thumbs) - "keep me".length },
          frames: { files: frames.size, bytes: sum(frames) },
          proxies: { files: 0, bytes: 0 },
        },
      });
      expect([...(await filesUnder(derived("thumbs"))).keys()]).toEqual(["README.txt"]);
      expect(await readdir(derived("frames"))).toEqual([]);
      for (const file of sentinels) expect((await stat(file)).size).toBe("keep me".length);
      const after = await filesUnder(root);
      for (const [rel, size] of media) {
        if (rel.startsWith(".svc/thumbs/") || rel.startsWith(".svc/frames/")) continue;
        if (rel.startsWith(".svc/library.db")) continue;
        expect(after.get(rel), rel).toBe(size);
      }
      expect(rows().every((r) => r.thumb_path === null && r.status === "done")).toBe(true);

      const again = await post("/api/ingest");
      expect(again.status).toBe(202);
      await until("the regenerating pass", slotFree);
      const regenerated = rows();
      expect(regenerated.every((r) => r.status === "done" && r.thumb_path !== null)).toBe(true);
      for (const row of regenerated)
        expect((await stat(join(root, ".svc", row.thumb_path as string))).size).toBeGreaterThan(0);
      expect((await filesUnder(derived("frames"))).size).toBe(SCENE_CLIP.scenes);
      // Only thumbnails and key frames were redone; later stages kept their earlier run.
      const redone = regenerated.find((r) => r.rel_path === "day1/scenes.mp4");
      expect(redone?.stages.find((s) => s.stage === "transcript")?.started_at).toBe(transcriptRun);
      // The sentinels go again, so the stats tests measure the derived folders as ingest left them.
      for (const file of sentinels) await rm(file);
    });

    it("refuses bad bodies with 4xx", async () => {
      const cases: [string, number][] = [
        ["{", 422],
        ["[1]", 422],
        [JSON.stringify({ project: 5 }), 422],
        [JSON.stringify({ everything: true }), 422],
        [JSON.stringify({ project: "nope" }), 404],
      ];
      for (const [body, status] of cases) {
        const res = await post("/api/cache/clear", body);
        expect(res.status, body).toBe(status);
        expect(res.json()).toEqual({ detail: expect.any(String) });
      }
      expect((await filesUnder(derived("thumbs"))).size).toBeGreaterThan(1);
    });
  });
});
