import { lstat, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { makeBwf } from "../support/camera/sound.js";
import { runFfmpeg } from "../support/camera/time.js";
import { svc } from "../support/cli.js";
import { makeMeasureClip } from "../support/media.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe");

/** Stored resolution: 100 pairs per second at 48 kHz. */
const RATE = 48_000;
const PER_PAIR = 480;
/** The burst clip: silence, then a loud 1 kHz tone from BURST_AT for half a second, then silence. */
const BURST_S = 4;
const BURST_AT = 2;

interface Waveform {
  version: number;
  channels: number;
  sample_rate: number;
  samples_per_pixel: number;
  bits: number;
  length: number;
  data: number[];
}

interface Item {
  id: number;
  path: string;
  waveform_url: string | null;
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

/** A small H.264 clip whose AAC sound is silent but for a 0.8-amplitude tone at BURST_AT…+0.5 s. */
const makeBurstClip = (dir: string, name: string) =>
  runFfmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=size=160x120:rate=25:duration=${BURST_S}`],
    ...[
      "-f",
      "lavfi",
      "-i",
      `aevalsrc='if(between(t,${BURST_AT},${BURST_AT + 0.5}),0.8*sin(2*PI*1000*t),0)':s=${RATE}:d=${BURST_S}`,
    ],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k"],
    join(dir, name),
  ]);

/**
 * A polyphonic recorder file as some recorders write it: 12 channels of 16-bit PCM with a plain
 * header (no channel mask, so no layout ffmpeg could mix down), 1 s of silence but for a
 * half-scale 440 Hz tone on channel 5.
 */
async function writeTwelveTracks(file: string): Promise<void> {
  const channels = 12;
  const body = Buffer.alloc(RATE * channels * 2);
  for (let f = 0; f < RATE; f++)
    body.writeInt16LE(Math.round(16_384 * Math.sin((2 * Math.PI * 440 * f) / RATE)), (f * channels + 4) * 2);
  const head = Buffer.alloc(44);
  head.write("RIFF", 0, "ascii");
  head.writeUInt32LE(36 + body.length, 4);
  head.write("WAVEfmt ", 8, "ascii");
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(channels, 22);
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE * channels * 2, 28);
  head.writeUInt16LE(channels * 2, 32);
  head.writeUInt16LE(16, 34);
  head.write("data", 36, "ascii");
  head.writeUInt32LE(body.length, 40);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, Buffer.concat([head, body]));
}

/** The largest |value| among pairs [from, to). */
const loudest = (w: Waveform, from: number, to: number) =>
  Math.max(...w.data.slice(from * 2, to * 2).map((v) => Math.abs(v)));

describe.skipIf(!hasTools)("waveform peaks, made at ingest and served as audiowaveform JSON", () => {
  let api: TestApi;
  let root = "";
  const ids = new Map<string, number>();

  const id = (path: string) => {
    const found = ids.get(path);
    if (found === undefined) throw new Error(`${path} was not ingested`);
    return found;
  };
  const call = async (path: string) => {
    const res = await api.request("GET", path);
    expect(res.status, `${path}: ${res.text.slice(0, 300)}`).not.toBe(500);
    return res;
  };
  const waveform = async (path: string, query = "") => {
    const res = await call(`/api/media/${id(path)}/waveform${query}`);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return res.json<Waveform>();
  };
  const ingest = async (...flags: string[]) => {
    const result = await svc(["ingest", ...flags], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(result.exitCode, result.stderr).toBe(0);
    const lib = openLibrary(root);
    try {
      for (const row of lib.media.all()) ids.set(row.rel_path, row.id);
    } finally {
      lib.close();
    }
  };
  const peaksFile = (path: string) => join(root, ".svc", "waveforms", `${id(path)}.dat`);
  const inLibrary = <T>(fn: (lib: ReturnType<typeof openLibrary>) => T): T => {
    const lib = openLibrary(root);
    try {
      return fn(lib);
    } finally {
      lib.close();
    }
  };

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    await Promise.all([
      makeBurstClip(root, "cam/burst.mp4"),
      makeMeasureClip(root, "cam/mute.mp4", { picture: "still", audio: "none" }),
      makeBwf(root, "sound/T01.WAV", { channels: 2, codec: "pcm_s24le", seconds: 2 }),
      writeTwelveTracks(join(root, "sound/T02.WAV")),
    ]);
    await ingest();
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  it("shows a clip's tone burst where it is and its silence near zero", async () => {
    const w = await waveform("cam/burst.mp4");
    expect(w).toMatchObject({
      version: 2,
      channels: 1,
      sample_rate: RATE,
      samples_per_pixel: PER_PAIR,
      bits: 8,
    });
    expect(w.length).toBeGreaterThanOrEqual(BURST_S * 100 - 2);
    expect(w.length).toBeLessThanOrEqual(BURST_S * 100 + 5);
    expect(w.data).toHaveLength(w.length * 2);
    for (let i = 0; i < w.length; i++) expect(w.data[i * 2]).toBeLessThanOrEqual(w.data[i * 2 + 1] as number);
    // 0.8 of full scale is about 102 in 8 bits; the codec's edges blur a pair or two either side.
    const start = BURST_AT * 100;
    expect(loudest(w, start + 3, start + 47)).toBeGreaterThan(90);
    expect(loudest(w, 0, start - 5)).toBeLessThanOrEqual(2);
    expect(loudest(w, start + 55, w.length)).toBeLessThanOrEqual(2);
  });

  it("coarsens by whole multiples of the stored resolution and refuses anything else", async () => {
    const fine = await waveform("cam/burst.mp4");
    const coarse = await waveform("cam/burst.mp4", `?samples_per_pixel=${PER_PAIR * 10}`);
    expect(coarse.samples_per_pixel).toBe(PER_PAIR * 10);
    expect(coarse.length).toBe(Math.ceil(fine.length / 10));
    for (let i = 0; i < coarse.length; i++) {
      const group = fine.data.slice(i * 20, (i + 1) * 20);
      expect(coarse.data[i * 2]).toBe(Math.min(...group.filter((_, k) => k % 2 === 0)));
      expect(coarse.data[i * 2 + 1]).toBe(Math.max(...group.filter((_, k) => k % 2 === 1)));
    }
    expect(loudest(coarse, 20, 25)).toBeGreaterThan(90);
    expect(loudest(coarse, 0, 19)).toBeLessThanOrEqual(2);
    for (const bad of [`${PER_PAIR + 1}`, "0", "-480", "abc", "4.5e2", `${PER_PAIR * 1_000_000}`]) {
      const res = await call(`/api/media/${id("cam/burst.mp4")}/waveform?samples_per_pixel=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.json<{ detail: string }>().detail).toMatch(/samples_per_pixel/);
    }
  });

  it("gives a sound recorder's file its peaks at ingest", async () => {
    const w = await waveform("sound/T01.WAV");
    expect(w.length).toBe(200);
    // lavfi's sine peaks at 1/8 of full scale: 16 in 8 bits.
    expect(loudest(w, 0, w.length)).toBeGreaterThanOrEqual(15);
    expect(loudest(w, 0, w.length)).toBeLessThanOrEqual(17);
    const item = (await call(`/api/media/${id("sound/T01.WAV")}`)).json<Item>();
    expect(item.waveform_url).toBe(`/api/media/${id("sound/T01.WAV")}/waveform`);
  });

  it("reads every track of a polyphonic file with no channel layout, the loudest showing", async () => {
    const w = await waveform("sound/T02.WAV");
    expect(w.length).toBe(100);
    // Half scale on one track of twelve: 64 in 8 bits, not averaged down by the silent eleven.
    expect(loudest(w, 0, w.length)).toBeGreaterThanOrEqual(63);
    expect(loudest(w, 0, w.length)).toBeLessThanOrEqual(64);
  });

  it("answers 404 with a reason for a clip without sound, and lists no waveform for it", async () => {
    const res = await call(`/api/media/${id("cam/mute.mp4")}/waveform`);
    expect(res.status).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/has no sound/);
    const list = (await call("/api/media?limit=10")).json<{ items: Item[] }>();
    const byPath = new Map(list.items.map((i) => [i.path, i]));
    expect(byPath.get("cam/mute.mp4")?.waveform_url).toBeNull();
    expect(byPath.get("cam/burst.mp4")?.waveform_url).toMatch(/\/waveform$/);
    expect((await call("/api/media/999999/waveform")).status).toBe(404);
  });

  it("backfills an item ingested before peaks were made, without detecting its scenes again", async () => {
    const clip = id("cam/burst.mp4");
    const before = await waveform("cam/burst.mp4");
    const framesRun = () =>
      inLibrary((lib) => lib.media.stages(clip).find((s) => s.stage === "frames")?.started_at);
    const framesBefore = framesRun();
    inLibrary((lib) => {
      lib.db.prepare("UPDATE media SET waveform_path = NULL WHERE id = ?").run(clip);
      lib.db.prepare("DELETE FROM media_stages WHERE media_id = ? AND stage = 'waveform'").run(clip);
    });
    await rm(peaksFile("cam/burst.mp4"));
    const missing = await call(`/api/media/${clip}/waveform`);
    expect(missing.status).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toMatch(/not made yet|no waveform peaks yet/);

    await ingest();
    expect(await exists(peaksFile("cam/burst.mp4"))).toBe(true);
    expect(framesRun()).toBe(framesBefore);
    const after = await waveform("cam/burst.mp4");
    expect(after.length).toBe(before.length);
    expect(loudest(after, BURST_AT * 100 + 3, BURST_AT * 100 + 47)).toBeGreaterThan(90);
    // Asked once: a second pass leaves it be.
    const made = (await stat(peaksFile("cam/burst.mp4"))).mtimeMs;
    await ingest();
    expect((await stat(peaksFile("cam/burst.mp4"))).mtimeMs).toBe(made);
  });

  it("makes the peaks again with the thumbnails", async () => {
    await rm(peaksFile("sound/T01.WAV"));
    await ingest("--regenerate-thumbnails");
    expect(await exists(peaksFile("sound/T01.WAV"))).toBe(true);
    expect((await waveform("sound/T01.WAV")).length).toBe(200);
  });

  it("removes the peaks with the item, and makes them again when it comes back from the trash", async () => {
    const sound = id("sound/T01.WAV");
    const file = peaksFile("sound/T01.WAV");
    const bytes = await readFile(file);
    expect(bytes.readInt32LE(0)).toBe(2);
    const deleted = await api.request("DELETE", `/api/media/${sound}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await exists(file)).toBe(false);
    const trash = (await call("/api/trash")).json<{ items: { id: number; path: string }[] }>();
    const entry = trash.items.find((t) => t.path === "sound/T01.WAV");
    expect(entry).toBeDefined();
    const restored = await api.request("POST", `/api/trash/${entry?.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    ids.clear();
    await ingest();
    expect(await exists(peaksFile("sound/T01.WAV"))).toBe(true);
    expect((await waveform("sound/T01.WAV")).length).toBe(200);
  });
});
