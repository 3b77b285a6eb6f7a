import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resolveBinary } from "../../adapters/binaries.js";
import { createFfmpeg } from "../../adapters/ffmpeg.js";
import { createImages } from "../../adapters/images.js";
import type { Adapters } from "../../adapters/index.js";
import { createModelHost } from "../../adapters/modelhost.js";
import { searchMedia } from "../../library/media/search.js";
import { refreshEmbeddings } from "../../library/search/embed.js";
import { QueryEmbeddings } from "../../library/search/query-embeddings.js";
import { VectorThreads } from "../../library/search/vector-threads.js";
import { measureScene } from "../../pipeline/stages/vision-measure.js";
import { loadConfig } from "../../state/config.js";
import { openLibrary, openRegistry } from "../../state/stores.js";
import { svc } from "../support/cli.js";
import { testContext } from "../support/context.js";
import { makeMeasureClip, makeStill } from "../support/media.js";
import { type FakeModelHost, startFakeModelHost } from "../support/modelhost-server.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/** A logger whose JSON lines are kept for the test to read. */
function capturedLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: "trace" }, sink), lines };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Each of these used to be caught and dropped (or logged at debug): now the reason is said. */
describe.skipIf(!hasTools)("errors that are handled are still reported", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let host: FakeModelHost;
  const scratch: string[] = [];

  beforeAll(async () => {
    host = await startFakeModelHost({ dim: 4 });
  });
  afterAll(async () => {
    await host.close();
  });
  afterEach(async () => {
    await ws?.cleanup();
    for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  const links = { media: (id: number) => `/api/media/${id}`, keyframe: () => "" };

  it("search: a model host that is away is an expected fallback, logged at info", async () => {
    ws = await tempWorkspace("svc-report-");
    const store = openLibrary(ws.root);
    const { log, lines } = capturedLog();
    try {
      const threads = new VectorThreads(log);
      const queries = new QueryEmbeddings(createModelHost({ host: host.url }));
      const page = await searchMedia(
        {
          store,
          embedQuery: (text) => queries.embed("bge-m3", text),
          rank: (vector, query) => threads.rank({ root: ws.root, model: "bge-m3", vector, query }),
          log,
        },
        { q: "harbour" },
        links as never,
      );
      expect(page).toMatchObject({
        search_mode: "text",
        search_note: expect.stringMatching(/nothing is embedded/),
      });
      await settle();
      expect(lines).toContainEqual(expect.objectContaining({ level: 30, reason: "nothing is embedded yet" }));
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      await threads.close();
    } finally {
      store.close();
    }
  });

  it("search: a fault in the vector side is logged at error with its stack, and text still answers", async () => {
    ws = await tempWorkspace("svc-report-");
    const store = openLibrary(ws.root);
    const { log, lines } = capturedLog();
    const queries = new QueryEmbeddings(createModelHost({ host: host.url }));
    try {
      const page = await searchMedia(
        {
          store,
          embedQuery: (text) => queries.embed("bge-m3", text),
          rank: async () => {
            throw new TypeError("index.search exploded");
          },
          log,
        },
        { q: "harbour" },
        links as never,
      );
      expect(page).toMatchObject({ search_mode: "text", search_note: expect.stringMatching(/service log/) });
      await settle();
      const error = lines.find((l) => l.level === 50);
      expect(error?.msg).toMatch(/semantic search failed/);
      expect(JSON.stringify(error?.err)).toMatch(/index.search exploded.*at /s);
    } finally {
      store.close();
    }
  });

  it("embed freshness: a failure other than a busy slot or an absent host is logged at error", async () => {
    ws = await tempWorkspace("svc-report-");
    // A library database that cannot be opened: a folder stands where the file should be.
    await mkdir(join(ws.root, ".svc", "library.db"), { recursive: true });
    const { log, lines } = capturedLog();
    const config = loadConfig(ws.env({ OLLAMA_HOST: host.url }));
    const registry = openRegistry(ws.home);
    try {
      const ctx = testContext({
        config,
        adapters: { modelHost: createModelHost({ host: host.url }) } as unknown as Adapters,
        registry,
        log,
        version: "test",
      });
      await refreshEmbeddings(ctx, [{ root: ws.root, name: "Broken" }]);
      await settle();
      expect(lines).toContainEqual(
        expect.objectContaining({ level: 50, project: "Broken", msg: "embed freshness failed" }),
      );
    } finally {
      registry.close();
    }
  });

  it("probe: metadata exiftool cannot read is recorded on the item and logged, and the item still ingests", async () => {
    ws = await tempWorkspace("svc-report-");
    const bin = await mkdtemp(join(tmpdir(), "svc-fake-exiftool-"));
    scratch.push(bin);
    const fake = join(bin, "exiftool");
    await writeFile(
      fake,
      '#!/bin/sh\nif [ "$1" = "-ver" ]; then echo 12.57; exit 0; fi\necho "exiftool exploded" >&2\nexit 3\n',
    );
    await chmod(fake, 0o755);
    await makeStill(ws.root, "png");
    const result = await svc(["ingest"], ws.env({ SVC_EXIFTOOL: fake }));
    expect(result.exitCode, result.stderr).toBe(0);
    const lib = openLibrary(ws.root);
    try {
      const row = lib.media.byPath("still.png");
      expect(row?.status).toBe("done");
      const probe = lib.media.stages(row?.id ?? -1).find((s) => s.stage === "probe");
      expect(probe?.detail).toMatch(/camera metadata unreadable/);
      expect(probe?.detail).not.toContain(ws.root);
    } finally {
      lib.close();
    }
    const logs = await readdir(join(ws.home, "logs"));
    const text = (
      await Promise.all(logs.map((f) => readFile(join(ws.home, "logs", f), "utf8").catch(() => "")))
    ).join("");
    expect(text).toMatch(/"level":40.*"file":"still.png".*probe: part of the file unreadable/);
  });

  it("vision measures: audio that cannot be measured is reported, and the picture fields stay", async () => {
    ws = await tempWorkspace("svc-report-");
    const file = await makeMeasureClip(ws.root, "clip.mp4", { picture: "still", audio: "tone" });
    const ffmpeg = createFfmpeg(process.env.SVC_FFMPEG || "ffmpeg");
    const keyframe = await ffmpeg.frameAt(file, 1, 480, new AbortController().signal);
    const warnings: string[] = [];
    const measured = await measureScene(
      { file, kind: "video", keyframe, startS: 0, endS: 2 },
      {
        images: createImages(),
        ffmpeg: { ...ffmpeg, audioStats: () => Promise.reject(new Error("audio stream is corrupt")) },
        warn: (reason) => warnings.push(reason),
      },
      new AbortController().signal,
    );
    expect(measured.audio_quality).toBeNull();
    expect(measured.exposure).toBe("normal");
    expect(warnings).toEqual([expect.stringMatching(/audio could not be measured: audio stream is corrupt/)]);
  });

  it("binaries: a copy on PATH that does not run is passed over, and said so", async () => {
    const bin = await mkdtemp(join(tmpdir(), "svc-broken-ffmpeg-"));
    scratch.push(bin);
    await writeFile(
      join(bin, "ffmpeg"),
      "#!/bin/sh\necho 'cannot execute: wrong architecture' >&2\nexit 126\n",
    );
    await chmod(join(bin, "ffmpeg"), 0o755);
    const saved = process.env.PATH;
    process.env.PATH = `${bin}${delimiter}${saved}`;
    const passed: [string, string][] = [];
    try {
      await resolveBinary("ffmpeg", undefined, (source, reason) => passed.push([source, reason]));
    } finally {
      process.env.PATH = saved;
    }
    expect(passed[0]?.[0]).toBe("path");
    expect(passed[0]?.[1]).toBeTruthy();
  });
});
