import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SyncPair as Pair, SyncStatus } from "../../domain/schemas/sync.js";
import { claimSlot, ingestSlotName } from "../../library/jobs/slots.js";
import { startApi, type TestApi } from "../support/api.js";
import { jsonLines, svc } from "../support/cli.js";
import { callTool, connectMcp } from "../support/mcp.js";
import { hasLibrivox } from "../support/speech.js";
import { cameraClip, FRAME, otherSpeech, recorderFile, speechBed, TEN_HOURS } from "../support/sync-media.js";
import { needTools } from "../support/tools.js";
import { until } from "../support/until.js";

const ready = needTools("ffmpeg", "ffprobe") && hasLibrivox();
/** Waveform sync must land within a millisecond: 48 samples at 48 kHz. */
const MS = 48;

/**
 * The camera clips, each against one recording (T01.WAV, 10:00:00:00, 12.4 s of speech): where
 * its scratch audio really starts in the recording and what its timecode says.
 */
const CLIPS = {
  // Timecode 2.48 s in; the audio 777 samples (a third of a frame) later.
  A001: { timecode: "10:00:02:12", audio: 62 * FRAME + 777 },
  // The recorder started 2 s after the camera.
  A002: { timecode: "09:59:58:00", audio: -50 * FRAME },
  // Jammed wrong: the timecode says 1 s in, the audio is 5 s in.
  A003: { timecode: "10:00:01:00", audio: 5 * 48_000 },
};

// One library through an assistant's day, in order: a later case finds the pairs, decisions and
// nudges earlier ones made.
describe.skipIf(!ready)("sound sync, through the API and the CLI", { shuffle: false }, () => {
  let api: TestApi;
  let root = "";
  const ids = new Map<string, number>();
  const env = () => ({ PROJECT_ROOT: root, SVC_HOME: api.home });
  const id = (name: string) => ids.get(name) as number;

  const pairs = async (query = "") => {
    const res = await api.request("GET", `/api/sync/pairs${query}`);
    expect(res.status, res.text).toBe(200);
    return res.json<{ items: Pair[]; next_cursor: string | null }>();
  };
  const pairOf = async (camera: string) => {
    const found = (await pairs(`?media_id=${id(camera)}`)).items.filter(
      (p) => p.camera_media_id === id(camera),
    );
    expect(found.length, `${camera}: ${JSON.stringify(found)}`).toBeLessThanOrEqual(1);
    return found[0];
  };

  beforeAll(async () => {
    api = await startApi({ mcp: true });
    root = api.root as string;
    const work = join(root, "..", "work");
    await mkdir(work, { recursive: true });
    const [bed, other] = await Promise.all([speechBed(work), otherSpeech(work)]);
    await Promise.all([
      recorderFile(bed, join(root, "sound", "T01.WAV"), TEN_HOURS),
      ...Object.entries(CLIPS).map(([name, c]) =>
        cameraClip(join(root, "cam", `${name}.mov`), {
          seconds: 5,
          timecode: c.timecode,
          scratch: { source: bed, from: c.audio },
        }),
      ),
      cameraClip(join(root, "cam", "A004.mov"), { seconds: 5, scratch: { source: other, from: 0 } }),
      cameraClip(join(root, "cam", "A005.mov"), { seconds: 5, scratch: "silence" }),
      cameraClip(join(root, "cam", "A006.mov"), { seconds: 5, timecode: "10:00:03:00", scratch: "none" }),
    ]);
    const ingest = await svc(["ingest", "--no-embed"], env());
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    const listed = (await api.request("GET", "/api/media?limit=100")).json<{
      items: { id: number; path: string }[];
    }>();
    for (const item of listed.items) ids.set(item.path.replace(/^.*\//, "").replace(/\.\w+$/, ""), item.id);
    expect([...ids.keys()].sort()).toEqual(["A001", "A002", "A003", "A004", "A005", "A006", "T01"]);
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  it("syncs by timecode to the exact sample (svc sync --by timecode)", async () => {
    const run = await svc(["sync", "--by", "timecode", "--progress", "json"], env());
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = jsonLines(run.stdout).find((e) => e.event === "summary");
    expect(summary).toMatchObject({ clips_total: 6, clips_done: 6, pairs: 4, unmatched: 2, failed: 0 });
    const expected = { A001: 62 * FRAME, A002: -50 * FRAME, A003: 25 * FRAME, A006: 75 * FRAME };
    for (const [name, offset] of Object.entries(expected)) {
      expect(await pairOf(name)).toMatchObject({
        sound_media_id: id("T01"),
        offset_samples: offset,
        offset_frames: offset / FRAME,
        sound_rate: 48_000,
        method: "timecode",
        state: "proposed",
        channels: [
          { index: 1, name: "BOOM" },
          { index: 2, name: "LAV" },
        ],
      });
    }
  }, 60_000);

  it("checks timecode by waveform as a job, and reports where they disagree (POST /api/sync)", async () => {
    const started = await api.request("POST", "/api/sync", { body: {} });
    expect(started.status, started.text).toBe(202);
    const done = await until("the sync job", async () => {
      const status = (await api.request("GET", "/api/sync/status")).json<SyncStatus>();
      return status.state !== "running" && status;
    });
    expect(done).toMatchObject({
      state: "done",
      by: "both",
      clips_total: 6,
      clips_done: 6,
      pairs: 4,
      unmatched: 2,
    });
    // Each clip nothing was claimed for is named with its reason.
    expect(done.unmatched_clips.map((c) => c.path.replace(/^.*\//, "")).sort()).toEqual([
      "A004.mov",
      "A005.mov",
    ]);
    for (const clip of done.unmatched_clips) expect(clip.reason).not.toBe("");

    const a1 = (await pairOf("A001")) as Pair;
    expect(a1.method).toBe("both");
    expect(Math.abs(a1.offset_samples - CLIPS.A001.audio)).toBeLessThanOrEqual(MS);
    const a2 = (await pairOf("A002")) as Pair;
    expect(a2.method).toBe("both");
    expect(Math.abs(a2.offset_samples - CLIPS.A002.audio)).toBeLessThanOrEqual(MS);
    const a3 = (await pairOf("A003")) as Pair;
    expect(a3.method).toBe("waveform");
    expect(Math.abs(a3.offset_samples - CLIPS.A003.audio)).toBeLessThanOrEqual(MS);
    expect(a3.reason).toMatch(/^timecode disagrees with the audio by (3\.999|4\.000|4\.001) s/);
    for (const pair of [a1, a2, a3]) expect(pair.confidence).toBeGreaterThanOrEqual(0.8);
    const a6 = (await pairOf("A006")) as Pair;
    expect(a6).toMatchObject({ method: "timecode", offset_samples: 75 * FRAME });
    expect(a6.reason).toMatch(/no scratch track/);
    expect(await pairOf("A004")).toBeUndefined();
    expect(await pairOf("A005")).toBeUndefined();

    const detail = (await api.request("GET", `/api/media/${id("A001")}`)).json<{ sync: Pair[] }>();
    expect(detail.sync).toEqual([a1]);
    const sound = (await api.request("GET", `/api/media/${id("T01")}`)).json<{ sync: Pair[] }>();
    expect(sound.sync).toHaveLength(4);
  }, 90_000);

  it("syncs by waveform alone within a millisecond and claims nothing it cannot hear", async () => {
    const run = await svc(["sync", "--by", "waveform", "--progress", "json"], env());
    expect(run.exitCode, run.stderr).toBe(0);
    const events = jsonLines(run.stdout);
    const reasonOf = (name: string) =>
      events.find((e) => e.event === "clip" && String(e.path).endsWith(`${name}.mov`))?.reason;
    for (const [name, c] of Object.entries(CLIPS)) {
      const pair = (await pairOf(name)) as Pair;
      expect(pair.method).toBe("waveform");
      expect(Math.abs(pair.offset_samples - c.audio), name).toBeLessThanOrEqual(MS);
    }
    expect(reasonOf("A004")).toMatch(
      /^no recording matches the audio \(best waveform confidence 0\.\d\d, below 0\.45\)$/,
    );
    expect(reasonOf("A005")).toBe("the clip's scratch track is silent");
    expect(reasonOf("A006")).toBe("the clip has no scratch track to sync by waveform");
    expect(await pairOf("A006")).toBeUndefined();
  }, 90_000);

  it("keeps an editor's decisions and nudges across runs (PATCH /api/sync/pairs/{id})", async () => {
    const a1 = (await pairOf("A001")) as Pair;
    const nudged = await api.request("PATCH", `/api/sync/pairs/${a1.id}`, {
      body: { state: "accepted", nudge_frames: 1.5 },
    });
    expect(nudged.status, nudged.text).toBe(200);
    expect(nudged.json<Pair>()).toMatchObject({
      state: "accepted",
      offset_samples: a1.offset_samples + 2880,
    });
    const a3 = (await pairOf("A003")) as Pair;
    expect(
      (await api.request("PATCH", `/api/sync/pairs/${a3.id}`, { body: { state: "rejected" } })).status,
    ).toBe(200);

    for (const body of [
      {},
      { state: "maybe" },
      { nudge_frames: 5000 },
      { nudge_frames: "1" },
      { offset_samples: 3 },
    ]) {
      const refused = await api.request("PATCH", `/api/sync/pairs/${a1.id}`, { body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
    }
    expect(
      (await api.request("PATCH", "/api/sync/pairs/999999", { body: { state: "accepted" } })).status,
    ).toBe(404);
    expect((await api.request("PATCH", "/api/sync/pairs/abc", { body: { state: "accepted" } })).status).toBe(
      422,
    );

    const run = await svc(["sync", "--by", "timecode"], env());
    expect(run.exitCode, run.stderr).toBe(0);
    expect(await pairOf("A001")).toMatchObject({
      state: "accepted",
      offset_samples: a1.offset_samples + 2880,
    });
    expect(await pairOf("A003")).toMatchObject({ state: "rejected", offset_samples: a3.offset_samples });
    expect((await pairs("?state=accepted")).items.map((p) => p.camera_media_id)).toEqual([id("A001")]);
    const first = await pairs("?limit=1");
    expect(first.items).toHaveLength(1);
    const second = await pairs(`?limit=1&cursor=${first.next_cursor}`);
    expect(second.items[0]?.id).toBeGreaterThan(first.items[0]?.id as number);
    expect((await api.request("GET", "/api/sync/pairs?cursor=nonsense")).status).toBe(422);

    // The item's answers carry its pairs: the API's detail and MCP's get_media alike.
    const detail = (await api.request("GET", `/api/media/${id("A001")}`)).json<{ sync: Pair[] }>();
    expect(detail.sync).toEqual([expect.objectContaining({ id: a1.id, state: "accepted" })]);
    const client = await connectMcp(api.mcpUrl as string, "streamable");
    try {
      const result = await callTool<{ media: { sync: Pair[] } }>(client, "get_media", {
        media_id: id("A001"),
      });
      expect(result.structuredContent?.media.sync).toEqual([
        expect.objectContaining({ id: a1.id, offset_samples: a1.offset_samples + 2880, state: "accepted" }),
      ]);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("keeps pairs through a refresh and through trash and restore", async () => {
    const before = (await pairOf("A001")) as Pair;
    const refresh = await svc(["ingest", "--refresh", "--no-embed"], env());
    expect(refresh.exitCode, refresh.stderr).toBe(0);
    expect(await pairOf("A001")).toMatchObject({ state: "accepted", offset_samples: before.offset_samples });

    expect((await api.request("DELETE", `/api/media/${id("A001")}`)).status).toBe(200);
    const trash = (await api.request("GET", "/api/trash")).json<{ items: { id: number }[] }>();
    const restored = await api.request("POST", `/api/trash/${trash.items[0]?.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    ids.set("A001", restored.json<{ media_id: number }>().media_id);
    expect(await pairOf("A001")).toMatchObject({
      sound_media_id: id("T01"),
      state: "accepted",
      offset_samples: before.offset_samples,
    });
  }, 90_000);

  it("waits for the ingest slot: 409 over the API, exit 75 from the CLI; usage mistakes exit 2", async () => {
    const lease = claimSlot(api.registry, ingestSlotName(root), "ingest pass (test)");
    try {
      const refused = await api.request("POST", "/api/sync", { body: { by: "timecode" } });
      expect(refused.status).toBe(409);
      expect(refused.json<{ detail: string }>().detail).toMatch(/ingest pass \(test\)/);
      const cli = await svc(["sync"], env());
      expect(cli.exitCode).toBe(75);
    } finally {
      lease.release();
    }
    for (const args of [["--by", "sound"], ["--progress", "xml"], ["--dir", "../elsewhere"], ["stray"]]) {
      const run = await svc(["sync", ...args], env());
      expect(run.exitCode, args.join(" ")).toBe(2);
    }
    expect((await api.request("POST", "/api/sync", { body: { by: "ear" } })).status).toBe(422);
    expect((await api.request("POST", "/api/sync", { body: { dir: "../x" } })).status).toBe(422);
  }, 60_000);
});
