import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLibrary } from "../../state/stores.js";
import { startApi, type TestApi } from "../support/api.js";
import { appendRiffChunk, ixmlDocument, makeBwf, makeDeepAudioMov } from "../support/camera/sound.js";
import {
  makeTaggedMkv,
  makeTenThousandFps,
  makeTimecodedMovie,
  makeTimecodedMxf,
  makeVfrClip,
  writeSonySidecar,
} from "../support/camera/time.js";
import { svc } from "../support/cli.js";
import { needTools } from "../support/tools.js";

const hasTools = needTools("ffmpeg", "ffprobe", "exiftool");
const SAMPLES_PER_SECOND = 48_000;
/** 10:00:00:00 at 25 fps, the iXML's rate: 36,000 s of samples. */
const TEN_HOURS = String(36_000 * SAMPLES_PER_SECOND);

interface AudioStream {
  codec: string | null;
  channels: number | null;
  layout: string | null;
  bit_depth: number | null;
  sample_rate: number | null;
  names: string[];
}

interface Item {
  id: number;
  path: string;
  status: string;
  fps: number | null;
  fps_rational: string | null;
  vfr: boolean | null;
  start_timecode: string | null;
  timecode_source: string | null;
  timecode_conflicts: { source: string; timecode: string }[];
  audio_tracks: number;
  audio_streams: AudioStream[];
  slate: {
    scene: string | null;
    take: string | null;
    tape: string | null;
    note: string | null;
    circled: boolean;
  } | null;
}

describe.skipIf(!hasTools)("camera time and sound-recorder files, through the API", () => {
  let api: TestApi;
  let root = "";
  const byPath = new Map<string, Item>();

  const get = async <T>(path: string) => {
    const res = await api.request("GET", path);
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    return res.json<T>();
  };
  const item = (path: string) => {
    const found = byPath.get(path);
    if (!found) throw new Error(`${path} was not ingested`);
    return found;
  };
  /** The probe's problem notes for an item (they are logged and kept on the probe stage, not served). */
  const probeNotes = (path: string) => {
    const lib = openLibrary(root);
    try {
      return lib.media.stages(item(path).id).find((s) => s.stage === "probe")?.detail ?? "";
    } finally {
      lib.close();
    }
  };
  const search = async (q: string) =>
    (await get<{ items: Item[] }>(`/api/media?q=${encodeURIComponent(q)}`)).items.map((i) => i.path).sort();

  beforeAll(async () => {
    api = await startApi();
    root = api.root as string;
    const [, , mxf, sony] = await Promise.all([
      makeTimecodedMovie(root, "cam/A001.mov", { rate: "24000/1001", timecode: "01:02:03:04" }),
      makeTimecodedMovie(root, "cam/B001.mp4", { rate: "30000/1001", timecode: "01:00:00;02" }),
      makeTimecodedMxf(root, "cam/C001.mxf", { rate: "25", timecode: "10:00:00:00" }),
      makeTimecodedMovie(root, "sony/C0001.mp4", { rate: "30000/1001" }),
      makeTimecodedMovie(root, "cam/odd.mov", { rate: "25/2", seconds: 2 }),
      makeVfrClip(root, "phone/vfr.mp4"),
      makeTenThousandFps(root, "bad/tenk.mp4"),
      makeTaggedMkv(root, "bad/negative.mkv", "-01:00:00:00"),
      makeDeepAudioMov(root, "cam/deep.mov"),
    ]);
    // The MXF's sidecar disagrees (11:00:00:00); the MP4 has only its sidecar (03:41:54;08 DF).
    await writeSonySidecar(mxf, "00000011");
    await writeSonySidecar(sony, "48544103", { tcFps: 30 });

    const rec = await makeBwf(root, "sound/T01.WAV", {
      channels: 4,
      codec: "pcm_s24le",
      timeReference: TEN_HOURS,
    });
    const ixml = {
      scene: "12A",
      take: "3",
      tape: "DAY02",
      note: "wide shot, plane overhead",
      circled: true,
      rate: "25/1",
      flag: "NDF" as const,
      tracks: ["BOOM", "LAV 1", "LAV 2", "MIX"],
    };
    // iXML's own sample count says one second later than bext: kept as a conflict.
    await appendRiffChunk(rec, "iXML", ixmlDocument({ ...ixml, samples: BigInt(TEN_HOURS) + 48_000n }));
    const float = await makeBwf(root, "sound/T02.WAV", {
      channels: 2,
      codec: "pcm_f32le",
      timeReference: String(86_400 * SAMPLES_PER_SECOND + 5),
    });
    await appendRiffChunk(float, "iXML", "this is <<< not XML");
    const huge = await makeBwf(root, "sound/T03.WAV", { channels: 1, codec: "pcm_s16le" });
    await appendRiffChunk(huge, "iXML", `<BWFXML><NOTE>${"x".repeat(50 * 1024 * 1024)}</NOTE></BWFXML>`);
    const xmp = await makeTimecodedMovie(root, "cam/xmp.mp4", { rate: "25" });
    execFileSync("exiftool", [
      ...["-q", "-overwrite_original", "-XMP-xmpDM:Scene=42", "-XMP-xmpDM:TakeNumber=7"],
      ...["-XMP-xmpDM:TapeName=A001", "-XMP-xmpDM:LogComment=nice light", "-XMP-xmpDM:Good=true", xmp],
    ]);
    await writeFile(join(root, "sound", "notes.txt"), "not media");

    const ingest = await svc(["ingest"], { PROJECT_ROOT: root, SVC_HOME: api.home });
    expect(ingest.exitCode, ingest.stderr).toBe(0);
    const listed = await get<{ items: Item[] }>("/api/media?limit=100");
    for (const i of listed.items) byPath.set(i.path, i);
  }, 180_000);

  afterAll(async () => {
    await api?.close();
  });

  it("keeps the exact frame rate beside the rounded one", () => {
    expect(item("cam/A001.mov")).toMatchObject({ fps: 23.976, fps_rational: "24000/1001", vfr: false });
    expect(item("cam/B001.mp4")).toMatchObject({ fps: 29.97, fps_rational: "30000/1001", vfr: false });
    expect(item("cam/odd.mov")).toMatchObject({ fps: 12.5, fps_rational: "25/2" });
  });

  it("reads start timecode from tmcd, MP4 and MXF, drop frame kept", () => {
    expect(item("cam/A001.mov")).toMatchObject({ start_timecode: "01:02:03:04", timecode_source: "tmcd" });
    expect(item("cam/B001.mp4")).toMatchObject({ start_timecode: "01:00:00;02", timecode_source: "mp4" });
    expect(item("cam/C001.mxf")).toMatchObject({ start_timecode: "10:00:00:00", timecode_source: "mxf" });
  });

  it("reads a Sony M01.XML sidecar, and lists it as a conflict when the file's own timecode disagrees", () => {
    expect(item("sony/C0001.mp4")).toMatchObject({
      start_timecode: "03:41:54;08",
      timecode_source: "sony-xml",
      timecode_conflicts: [],
    });
    expect(item("cam/C001.mxf").timecode_conflicts).toEqual([
      { source: "sony-xml", timecode: "11:00:00:00" },
    ]);
  });

  it("reads a BWF time reference at the iXML's rate, with iXML's own count as a conflict", () => {
    expect(item("sound/T01.WAV")).toMatchObject({
      start_timecode: "10:00:00:00",
      timecode_source: "bwf",
      timecode_conflicts: [{ source: "ixml", timecode: "10:00:01:00" }],
    });
  });

  it("lists every audio stream with its channels, depth and iXML track names; 32-bit float is kept as such", () => {
    expect(item("sound/T01.WAV").audio_streams).toEqual([
      {
        codec: "pcm_s24le",
        channels: 4,
        layout: expect.any(String),
        bit_depth: 24,
        sample_rate: 48_000,
        names: ["BOOM", "LAV 1", "LAV 2", "MIX"],
      },
    ]);
    expect(item("sound/T02.WAV").audio_streams).toEqual([
      { codec: "pcm_f32le", channels: 2, layout: "stereo", bit_depth: 32, sample_rate: 48_000, names: [] },
    ]);
    const deep = item("cam/deep.mov");
    expect(deep.audio_tracks).toBe(2);
    expect(deep.audio_streams.map((s) => [s.codec, s.channels, s.bit_depth])).toEqual([
      ["pcm_s24le", 4, 24],
      ["pcm_f32le", 2, 32],
    ]);
  });

  it("carries the slate from iXML and from XMP camera metadata", () => {
    expect(item("sound/T01.WAV").slate).toEqual({
      scene: "12A",
      take: "3",
      tape: "DAY02",
      note: "wide shot, plane overhead",
      circled: true,
    });
    expect(item("cam/xmp.mp4").slate).toEqual({
      scene: "42",
      take: "7",
      tape: "A001",
      note: "nice light",
      circled: true,
    });
    expect(item("cam/A001.mov").slate).toBeNull();
  });

  it("finds the slate as text and by scene: and take:", async () => {
    expect(await search("scene:12a")).toEqual(["sound/T01.WAV"]);
    expect(await search("scene:12A take:3")).toEqual(["sound/T01.WAV"]);
    expect(await search("take:3")).toEqual(["sound/T01.WAV"]);
    expect(await search("scene:12")).toEqual([]);
    expect(await search("take:7")).toEqual(["cam/xmp.mp4"]);
    expect(await search("DAY02")).toEqual(["sound/T01.WAV"]);
    expect(await search('"plane overhead"')).toEqual(["sound/T01.WAV"]);
    expect(await search("circled")).toEqual(["cam/xmp.mp4", "sound/T01.WAV"]);
  });

  it("detects variable frame rate from the timestamps and says so in timeline exports", async () => {
    const vfr = item("phone/vfr.mp4");
    expect(vfr.vfr).toBe(true);
    const ids = [item("cam/A001.mov").id, vfr.id].join(",");
    const res = await api.request("GET", `/api/export/timeline/fcpxml?ids=${ids}`);
    expect(res.status).toBe(200);
    expect(res.headers["x-svc-warnings"]).toMatch(new RegExp(`^${vfr.id}: variable frame rate`));
    const plain = await api.request("GET", `/api/export/timeline/edl?ids=${item("cam/A001.mov").id}`);
    expect(plain.headers["x-svc-warnings"]).toBeUndefined();
  });

  it("exports count a clip at its exact rate, not a rounded one", async () => {
    const res = await api.request("GET", `/api/export/timeline/fcpxml?ids=${item("cam/odd.mov").id}`);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(res.text);
    const formats = [doc.fcpxml.resources.format].flat() as { frameDuration: string }[];
    expect(formats.map((f) => f.frameDuration)).toContain("2/25s");
  });

  it("bad input: each gets a reason on its probe, the item is still ingested, the field left empty", () => {
    expect(item("bad/tenk.mp4")).toMatchObject({ status: "done", fps: null, fps_rational: null });
    expect(probeNotes("bad/tenk.mp4")).toMatch(/frame rate 10000\/1 is not a rate/);
    expect(item("bad/negative.mkv")).toMatchObject({ status: "done", start_timecode: null });
    expect(probeNotes("bad/negative.mkv")).toMatch(/negative timecode -01:00:00:00/);
    expect(item("sound/T02.WAV")).toMatchObject({ status: "done", start_timecode: null, slate: null });
    expect(probeNotes("sound/T02.WAV")).toMatch(/iXML ignored: the iXML chunk is not XML/);
    expect(probeNotes("sound/T02.WAV")).toMatch(/BWF timecode ignored: .* past 24 hours/);
    expect(item("sound/T03.WAV")).toMatchObject({ status: "done", slate: null });
    expect(probeNotes("sound/T03.WAV")).toMatch(/iXML ignored: the iXML chunk is \d+ bytes, more than/);
    for (const path of ["bad/tenk.mp4", "bad/negative.mkv", "sound/T02.WAV", "sound/T03.WAV"])
      expect(probeNotes(path)).not.toContain(root);
  });

  it("editor proxies keep each audio stream's depth and channels", async () => {
    const res = await api.request("POST", "/api/proxy/editor", { body: { ids: [item("cam/deep.mov").id] } });
    expect(res.status, res.text).toBe(200);
    expect(res.json<{ results: { status: string }[] }>().results[0]?.status).toBe("written");
    const probe = JSON.parse(
      execFileSync("ffprobe", [
        ...[
          "-v",
          "error",
          "-select_streams",
          "a",
          "-show_entries",
          "stream=codec_name,channels",
          "-of",
          "json",
        ],
        join(root, "cam/Proxy/deep.mov"),
      ]).toString(),
    ) as { streams: { codec_name: string; channels: number }[] };
    expect(probe.streams).toEqual([
      { codec_name: "pcm_s24le", channels: 4 },
      { codec_name: "pcm_f32le", channels: 2 },
    ]);
  });
});
