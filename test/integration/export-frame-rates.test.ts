import { basename, join } from "node:path";
import { execa } from "execa";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FrameRate, framesToTimecode, parseTimecode, rationalToFrames } from "../../formats/timecode.js";
import { openDatabase } from "../../state/db.js";
import { LIBRARY_MIGRATIONS } from "../../state/migrations/library.js";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { svc } from "../support/cli.js";
import { readCmx3600 } from "../support/cmx3600.js";
import { makeAudio, makeRateClip } from "../support/media.js";
import { tempWorkspace } from "../support/temp.js";
import { needTools } from "../support/tools.js";
import { fcpxmlDtd, xmllint } from "../support/xmllint.js";

const hasTools = needTools("ffmpeg", "ffprobe", "xmllint");
const TIMELINE: FrameRate = { num: 24000, den: 1001 };
const TIMELINE_START = 86_400; // 01:00:00:00 at 23.976

/** What ffprobe itself says about a file, read here independently of svc's probe. */
interface Truth {
  name: string;
  /** The picture's rate as an exact fraction; a sound file has none and counts at the timeline's. */
  rate: FrameRate;
  dropFrame: boolean;
  /** The start timecode label and its frame at `rate`. */
  timecode: string;
  start: number;
  /** Frames of the whole file at `rate`. */
  frames: number;
  channels: number;
  sampleRate: number;
  /** The window exported, frames at `rate` from the file's first frame. */
  in: number;
  out: number;
}

interface Stream {
  codec_type: string;
  r_frame_rate?: string;
  nb_frames?: string;
  channels?: number;
  sample_rate?: string;
  tags?: Record<string, string>;
}

async function ffprobe(file: string): Promise<{ streams: Stream[]; format: { duration: string } }> {
  const { stdout } = await execa(process.env.SVC_FFPROBE ?? "ffprobe", [
    ...["-v", "error", "-of", "json", "-show_streams", "-show_format", file],
  ]);
  return JSON.parse(stdout);
}

async function truthOf(file: string, window?: { in: number; out: number }): Promise<Truth> {
  const probe = await ffprobe(file);
  const video = probe.streams.find((s) => s.codec_type === "video");
  const audio = probe.streams.find((s) => s.codec_type === "audio") as Stream;
  const [num, den] = (video?.r_frame_rate ?? `${TIMELINE.num}/${TIMELINE.den}`).split("/").map(Number);
  const rate = { num: num as number, den: den as number };
  const timecode = video?.tags?.timecode ?? "00:00:00:00";
  const parsed = parseTimecode(timecode, rate);
  const frames = video
    ? Number(video.nb_frames)
    : Math.round((Number(probe.format.duration) * rate.num) / rate.den);
  const at = (seconds: number) => Math.round((seconds * rate.num) / rate.den);
  return {
    name: basename(file),
    rate,
    dropFrame: parsed.dropFrame,
    timecode,
    start: parsed.frames,
    frames,
    channels: audio.channels as number,
    sampleRate: Number(audio.sample_rate),
    in: window ? at(window.in) : 0,
    out: window ? at(window.out) : frames,
  };
}

/** Frames of the timeline a window of `truth` lasts: its running time to the nearest frame. */
const recordLength = (truth: Truth) =>
  Math.round(((truth.out - truth.in) * truth.rate.den * TIMELINE.num) / (truth.rate.num * TIMELINE.den));

const fps = (rate: FrameRate) => rate.num / rate.den;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ["format", "asset", "asset-clip", "track", "clipitem"].includes(name),
});

// biome-ignore lint/suspicious/noExplicitAny: parsed XML and OTIO documents are walked field by field
type Json = any;

describe.skipIf(!hasTools)("exports of clips at other rates, read back against ffprobe", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let api: TestApi;
  let truths: Truth[];
  let ids: number[];
  /** Where each clip starts on the timeline, frames from its first. */
  let recordIns: number[];

  beforeAll(async () => {
    ws = await tempWorkspace("svc-export-rates-");
    const pal = await makeRateClip(ws.root, "A25.mov", {
      rate: "25",
      seconds: 15,
      timecode: "10:00:00:00",
      audioChannels: 2,
      sampleRate: 48_000,
    });
    const ntsc = await makeRateClip(ws.root, "B2997.mov", {
      rate: "30000/1001",
      seconds: 10,
      timecode: "01:00:00;00",
      audioChannels: 2,
      sampleRate: 44_100,
    });
    const wav = await makeAudio(ws.root, "mono.wav", { seconds: 4 });
    const ingest = await svc(["ingest"], ws.env());
    expect(ingest.exitCode, ingest.stderr).toBe(0);

    // The 29.97 clip is trimmed to 1 s..8 s: a window of its own frames, not of the timeline's.
    const lib = openLibrary(ws.root);
    ids = ["A25.mov", "B2997.mov", "mono.wav"].map((name) => lib.media.byPath(name)?.id as number);
    lib.edits.patch(ids[1] as number, { in_point: 1, out_point: 8 }, () => undefined);
    lib.close();
    truths = [await truthOf(pal), await truthOf(ntsc, { in: 1, out: 8 }), await truthOf(wav)];
    let at = 0;
    recordIns = truths.map((truth) => {
      const start = at;
      at += recordLength(truth);
      return start;
    });
    api = await startApi({ projectRoot: ws.root });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await ws?.cleanup();
  });

  const exported = async (fmt: string) => {
    const res = await api.request("GET", `/api/export/timeline/${fmt}?ids=${ids.join(",")}&fps=23.976`);
    expect(res.status, res.text).toBe(200);
    return res.text;
  };

  it("made the media the issue names: 25 fps at 10:00:00:00, 29.97 DF at 01:00:00;00, a mono WAV", () => {
    expect(truths.map((t) => [t.name, fps(t.rate), t.timecode, t.frames, t.channels])).toEqual([
      ["A25.mov", 25, "10:00:00:00", 375, 2],
      ["B2997.mov", 30000 / 1001, "01:00:00;00", 300, 2],
      ["mono.wav", 24000 / 1001, "00:00:00:00", 96, 1],
    ]);
    expect(truths[1]?.dropFrame).toBe(true);
  });

  it("EDL: each source in and out is the clip's own timecode label; record runs at 23.976", async () => {
    const edl = readCmx3600(await exported("edl"));
    expect(edl.dropFrame).toBe(false);
    expect(edl.events).toHaveLength(3);
    edl.events.forEach((event, i) => {
      const truth = truths[i] as Truth;
      const own = (tc: string) => parseTimecode(tc, truth.rate).frames;
      expect(event.sourceIn).toBe(framesToTimecode(truth.start + truth.in, truth.rate, truth.dropFrame));
      expect(own(event.sourceIn)).toBe(truth.start + truth.in);
      expect(own(event.sourceOut)).toBe(truth.start + truth.out);
      expect(event.sourceIn.includes(";")).toBe(truth.dropFrame);
      const record = (tc: string) => parseTimecode(tc, TIMELINE).frames - TIMELINE_START;
      expect([record(event.recordIn), record(event.recordOut)]).toEqual([
        recordIns[i],
        (recordIns[i] as number) + recordLength(truth),
      ]);
    });
    expect(edl.events.map((e) => e.comments)).toEqual([
      // The scene start ingest found rides as a locator at its source timecode.
      ["FROM CLIP NAME: A25.mov", "SOURCE FRAME RATE: 25", "LOC: 10:00:00:00 BLUE    Scene 1"],
      ["FROM CLIP NAME: B2997.mov", "SOURCE FRAME RATE: 29.97"],
      ["FROM CLIP NAME: mono.wav"],
    ]);
    expect(edl.events[0]?.sourceIn).toBe("10:00:00:00");
    expect(edl.events[1]?.sourceIn).toBe("01:00:01;00");
  });

  it("FCPXML: each asset and its format at the clip's own rate, start and length; valid against the DTD", async () => {
    const xml = await exported("fcpxml");
    expect(await xmllint(xml, fcpxmlDtd("1.9"))).toEqual({ status: 0, stderr: "" });
    const root = parser.parse(xml).fcpxml;
    const formats = new Map<string, Json>(root.resources.format.map((f: Json) => [f.id, f]));
    const assets = new Map<string, Json>(root.resources.asset.map((a: Json) => [a.id, a]));
    const sequence = root.library.event.project.sequence;
    expect(rationalToFrames(formats.get(sequence.format)?.frameDuration, TIMELINE)).toBe(1);
    const clips: Json[] = sequence.spine["asset-clip"];
    expect(clips).toHaveLength(3);
    clips.forEach((clip, i) => {
      const truth = truths[i] as Truth;
      const asset = assets.get(clip.ref);
      const own = (time: string) => rationalToFrames(time, truth.rate);
      expect(asset.name).toBe(truth.name);
      expect(own(asset.start)).toBe(truth.start);
      expect(framesToTimecode(own(asset.start), truth.rate, truth.dropFrame)).toBe(truth.timecode);
      expect(own(asset.duration)).toBe(truth.frames);
      expect(asset).toMatchObject({
        audioChannels: String(truth.channels),
        audioRate: String(truth.sampleRate),
      });
      if (asset.format) expect(own(formats.get(asset.format)?.frameDuration)).toBe(1);
      expect(own(clip.start)).toBe(truth.start + truth.in);
      expect(clip.tcFormat).toBe(truth.dropFrame ? "DF" : "NDF");
      expect(rationalToFrames(clip.offset, TIMELINE)).toBe(TIMELINE_START + (recordIns[i] as number));
      expect(rationalToFrames(clip.duration, TIMELINE)).toBe(recordLength(truth));
    });
    expect(clips.map((c) => c["conform-rate"])).toEqual([
      { scaleEnabled: "0", srcFrameRate: "25" },
      { scaleEnabled: "0", srcFrameRate: "29.97" },
      undefined,
    ]);
  });

  it("FCP7 XML: each file at the clip's own rate, timecode, length, channels and sample rate", async () => {
    const sequence = parser.parse(await exported("xmeml")).xmeml.sequence;
    expect(sequence.rate).toEqual({ timebase: "24", ntsc: "TRUE" });
    const items: Json[] = [...sequence.media.video.track, ...sequence.media.audio.track].flatMap(
      (track: Json) => track.clipitem ?? [],
    );
    const files = new Map<string, Json>(
      items.filter((item) => item.file.pathurl).map((item) => [item.file.id, item.file]),
    );
    truths.forEach((truth, i) => {
      const mine = items.filter((item) => item.name === truth.name);
      expect(mine.length).toBeGreaterThan(0);
      const file = files.get(mine[0].file.id);
      const rate = {
        timebase: String(Math.round(fps(truth.rate))),
        ntsc: truth.rate.den === 1001 ? "TRUE" : "FALSE",
      };
      expect(file.rate).toEqual(rate);
      expect(Number(file.duration)).toBe(truth.frames);
      expect(file.timecode).toEqual({
        rate,
        string: truth.timecode,
        frame: String(truth.start),
        displayformat: truth.dropFrame ? "DF" : "NDF",
      });
      expect(file.media.audio).toMatchObject({
        channelcount: String(truth.channels),
        samplecharacteristics: { samplerate: String(truth.sampleRate) },
      });
      for (const item of mine) {
        expect(item.rate).toEqual(rate);
        expect([Number(item.in), Number(item.out)]).toEqual([truth.in, truth.out]);
        expect([Number(item.start), Number(item.end)]).toEqual([
          recordIns[i],
          (recordIns[i] as number) + recordLength(truth),
        ]);
      }
    });
  });

  it("OTIO: each media reference at the clip's own rate; clips fill whole frames of the 23.976 track", async () => {
    const doc = JSON.parse(await exported("otio"));
    expect(doc.global_start_time).toMatchObject({ rate: fps(TIMELINE), value: TIMELINE_START });
    const audio: Json[] = doc.tracks.children[1].children;
    let at = 0;
    audio.forEach((clip, i) => {
      const truth = truths[i] as Truth;
      const reference = clip.media_references[clip.active_media_reference_key];
      expect(clip.name).toBe(truth.name);
      expect(reference.available_range.start_time).toMatchObject({
        rate: fps(truth.rate),
        value: truth.start,
      });
      expect(reference.available_range.duration).toMatchObject({
        rate: fps(truth.rate),
        value: truth.frames,
      });
      expect(reference.metadata.svc).toMatchObject({
        timecode: truth.timecode,
        audio_channels: truth.channels,
        audio_sample_rate: truth.sampleRate,
      });
      expect(clip.source_range.start_time).toMatchObject({
        rate: fps(truth.rate),
        value: truth.start + truth.in,
      });
      expect(clip.source_range.duration).toMatchObject({ rate: fps(TIMELINE), value: recordLength(truth) });
      expect(at).toBe(recordIns[i]);
      at += clip.source_range.duration.value;
    });
  });
});

describe.skipIf(!hasTools)("exports of items probed before channels and sample rates were kept", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  afterAll(() => ws?.cleanup());

  it("migrates them with both unknown and exports them as 2 channels at 48 kHz, as before", async () => {
    ws = await tempWorkspace("svc-export-old-");
    const old = openDatabase(join(ws.root, ".svc", "library.db"), LIBRARY_MIGRATIONS.slice(0, 10));
    const stamp = new Date().toISOString();
    old
      .prepare(
        `INSERT INTO media (rel_path, kind, size, mtime_ms, fingerprint, duration_s, audio_tracks, status,
           next_stage, created_at, updated_at)
         VALUES ('take.wav', 'audio', 1, 1, 'f', 2, 1, 'done', 'done', ?, ?)`,
      )
      .run(stamp, stamp);
    old.close();
    const lib = openLibrary(ws.root);
    const row = lib.media.byPath("take.wav");
    lib.close();
    expect(row).toMatchObject({ audio_channels: null, audio_sample_rate: null });
    const api = await startApi({ projectRoot: ws.root });
    try {
      const res = await api.request("GET", `/api/export/timeline/fcpxml?ids=${row?.id}`);
      expect(res.status, res.text).toBe(200);
      const asset = parser.parse(res.text).fcpxml.resources.asset[0];
      expect(asset).toMatchObject({ audioChannels: "2", audioRate: "48000" });
    } finally {
      await api.close();
    }
  });
});
