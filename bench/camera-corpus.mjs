// Usage: npm run bench -- camera-ingest   (or node bench/run.mjs camera-ingest after `npm run build`)
// `svc ingest` over a corpus of camera originals as an edit house gets them (issue 29): MXF with
// DNxHD and timecode, ProRes 4444, HEVC 10-bit tagged PQ and HLG, an anamorphic 1440×1080, an
// interlaced clip, a rotated phone clip, a variable-rate one, a polyphonic BWF with bext and iXML,
// a DPX and an EXR sequence of 240 frames, a GoPro chapter set, a RAW stand-in with its camera proxy
// and one without. Measured against plain decodes of the same files (for information: the issue
// sets no target), then every item is checked through the API against what the issue expects.
// The corpus is generated once into bench/.corpus/camera/ and reused while its recipe version holds.
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { CORPUS_DIR, readManifest } from "./corpus.mjs";
import {
  BenchError,
  catchUpThroughSlot,
  cpuConcurrency,
  cpuMeter,
  FFMPEG,
  ffmpeg,
  freePort,
  importDist,
  log,
  pool,
  printRows,
  run,
  seconds,
  startDaemon,
  stopDaemon,
  svcIngest,
  tempDir,
  waitForHttp,
} from "./lib.mjs";

const CAMERA_DIR = join(CORPUS_DIR, "camera");
const MEDIA_DIR = join(CAMERA_DIR, "media");
const MANIFEST = join(CAMERA_DIR, "manifest.json");
// Bump when the recipes below change, so an old corpus is not measured as if it were the new one.
const SPEC = 1;

const CLIP_S = 6;
const FRAMES = 240;
const FIRST_FRAME = 1001;
// Nothing listens on the discard port: "no model host" without waiting on a timeout.
const NO_MODEL_HOST = "http://127.0.0.1:9";
const SVC_TIMEOUT_MS = 30 * 60_000;
const ABSOLUTE_PATH = /(?:^|["\s=(])(?:\/(?!api\/)[^\s"/]+\/|[A-Za-z]:[\\/])/;

const TEN_HOURS_SAMPLES = 36_000 * 48_000;
const TRACKS = ["BOOM", "LAV 1", "LAV 2", "MIX"];

/** A moving picture and a tone, as lavfi inputs. */
const source = ({ size, rate, seconds = CLIP_S, hue = 0, tone = 440 }) => [
  ...["-f", "lavfi", "-i", `testsrc2=s=${size}:r=${rate}:d=${seconds},hue=h=${hue}`],
  ...["-f", "lavfi", "-i", `sine=f=${tone}:sample_rate=48000:d=${seconds}`],
];
const H264 = ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"];
const AAC = ["-c:a", "aac", "-b:a", "128k"];

const hevcHdr = (transfer) => [
  ...["-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p10le", "-tag:v", "hvc1"],
  ...["-x265-params", `log-level=error:colorprim=bt2020:transfer=${transfer}:colormatrix=bt2020nc`],
  ...["-color_primaries", "bt2020", "-color_trc", transfer, "-colorspace", "bt2020nc"],
];

/** Appends a chunk to a RIFF file and fixes the RIFF size, as a recorder or a metadata tool does. */
async function appendRiffChunk(file, id, text) {
  const data = Buffer.from(text, "utf8");
  const header = Buffer.alloc(8);
  header.write(id, 0, 4, "latin1");
  header.writeUInt32LE(data.length, 4);
  const riff = Buffer.concat([await readFile(file), header, data, Buffer.alloc(data.length % 2)]);
  riff.writeUInt32LE(riff.length - 8, 4);
  await writeFile(file, riff);
}

/** iXML as Sound Devices recorders lay it out: slate, speed with the sample count, track names. */
function ixml() {
  const samples = BigInt(TEN_HOURS_SAMPLES);
  const tracks = TRACKS.map(
    (name, i) =>
      `<TRACK><CHANNEL_INDEX>${i + 1}</CHANNEL_INDEX><INTERLEAVE_INDEX>${i + 1}</INTERLEAVE_INDEX><NAME>${name}</NAME></TRACK>`,
  ).join("");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<BWFXML><IXML_VERSION>2.10</IXML_VERSION><PROJECT>svc bench</PROJECT>",
    "<SCENE>12A</SCENE><TAKE>3</TAKE><TAPE>DAY02</TAPE><CIRCLED>TRUE</CIRCLED><NOTE>wide, plane overhead</NOTE>",
    "<SPEED><TIMECODE_RATE>25/1</TIMECODE_RATE><TIMECODE_FLAG>NDF</TIMECODE_FLAG>",
    `<TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI>${samples >> 32n}</TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_HI>`,
    `<TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO>${samples & 0xffff_ffffn}</TIMESTAMP_SAMPLES_SINCE_MIDNIGHT_LO>`,
    "<TIMESTAMP_SAMPLE_RATE>48000</TIMESTAMP_SAMPLE_RATE></SPEED>",
    `<TRACK_LIST><TRACK_COUNT>${TRACKS.length}</TRACK_COUNT>${tracks}</TRACK_LIST></BWFXML>`,
  ].join("");
}

const INDUSTRY_START = 1664;
const INDUSTRY_END = 2048;

/**
 * Gives a DPX frame written by ffmpeg (generic and image headers only, picture from byte 1664) the
 * film and television headers a scanner or compositor writes, with its rate and timecode set.
 */
async function setDpxHeader(file, fps, timecode) {
  const bytes = await readFile(file);
  const little = bytes.toString("latin1", 0, 4) === "XPDS";
  const put32 = (buf, at, v) => (little ? buf.writeUInt32LE(v >>> 0, at) : buf.writeUInt32BE(v >>> 0, at));
  const offset = little ? bytes.readUInt32LE(4) : bytes.readUInt32BE(4);
  if (offset !== INDUSTRY_START) throw new BenchError(`${file}: unexpected DPX picture offset ${offset}`);
  const out = Buffer.concat([
    bytes.subarray(0, offset),
    Buffer.alloc(INDUSTRY_END - offset, 0xff),
    bytes.subarray(offset),
  ]);
  put32(out, 4, INDUSTRY_END);
  put32(out, 16, out.length);
  put32(out, 28, INDUSTRY_END - INDUSTRY_START);
  put32(out, 808, INDUSTRY_END); // the first image element's data offset
  little ? out.writeFloatLE(fps, 1940) : out.writeFloatBE(fps, 1940);
  put32(out, 1920, timecode);
  await writeFile(file, out);
}

/**
 * The first block of a REDCODE file, the part exiftool reads: size and rate, then timecode and
 * camera model. No picture follows: ffprobe refuses it, as it refuses every R3D.
 */
async function writeR3dHeader(file, { width, height, rate: [num, den], timecode, model }) {
  const entry = (tag, text) => {
    const data = Buffer.from(`${text}\0`, "latin1");
    const head = Buffer.alloc(4);
    head.writeUInt16BE(data.length + 4, 0);
    head.writeUInt16BE(tag, 2);
    return Buffer.concat([head, data]);
  };
  let directory = Buffer.concat([entry(0x1001, timecode), entry(0x1071, model)]);
  // exiftool trusts a directory of 300 bytes or more: the start edge code pads it.
  directory = Buffer.concat([directory, entry(0x1000, "".padEnd(300 - directory.length, " "))]);
  const block = Buffer.alloc(0x44 + 0x18 + 2);
  block.write("RED2", 4, "ascii");
  block.writeUInt8(1, 0x40);
  block.write("rdi\x01", 0x44, "latin1");
  block.writeUInt32BE(width, 0x4c);
  block.writeUInt32BE(height, 0x50);
  block.writeUInt16BE(den, 0x56);
  block.writeUInt16BE(Math.floor(num / 0x10000), 0x58);
  block.writeUInt16BE(num % 0x10000, 0x5a);
  block.writeUInt16BE(directory.length, 0x5c);
  const whole = Buffer.concat([block, directory]);
  whole.writeUInt32BE(whole.length, 0);
  await writeFile(file, whole);
}

async function exiftool(args) {
  const res = await run("exiftool", ["-q", "-overwrite_original", ...args], { timeoutMs: 60_000 });
  if (res.code !== 0) throw new BenchError(`exiftool ${args.join(" ")}: ${res.stderr().trim()}`);
}

const file = (path) => ({ inputs: [["-i", path]] });
const frames = (pattern, rate) => ({
  inputs: [["-framerate", String(rate), "-start_number", String(FIRST_FRAME), "-i", pattern]],
});
const relaxed = (test, says) => ({ test, says });
const THUMBNAIL = relaxed((v) => typeof v === "string" && v.length > 0, "a thumbnail");

/**
 * Each original: the item's path as the API lists it, how to make it (into `dir`), the files it
 * puts on disk, what a plain decode reads (`decode`: ffmpeg inputs relative to the root, none for
 * what ffmpeg cannot decode), and the fields the issue expects of it.
 */
function recipes({ encodeTimecode }) {
  const gopro = [1, 2, 3].map((chapter) => ({
    item: `gopro/GH0${chapter}0042.MP4`,
    files: 1,
    make: (out) =>
      ffmpeg([
        ...source({ size: "1920x1080", rate: "30000/1001", seconds: 4, hue: chapter * 40 }),
        ...H264,
        ...AAC,
        out,
      ]),
    decode: file,
    expect: {
      status: "done",
      thumbnail_url: THUMBNAIL,
      fps_rational: "30000/1001",
      span: { index: chapter, count: 3, missing: [] },
    },
  }));
  return [
    {
      item: "mxf/A001C001.mxf",
      files: 1,
      make: (out) =>
        ffmpeg([
          ...source({ size: "1920x1080", rate: 25, hue: 10 }),
          ...["-filter_complex", "[1:a]asplit=2[a1][a2]", "-map", "0:v", "-map", "[a1]", "-map", "[a2]"],
          ...["-c:v", "dnxhd", "-b:v", "36M", "-pix_fmt", "yuv422p", "-c:a", "pcm_s24le"],
          ...["-timecode", "10:00:00:00", "-f", "mxf", out],
        ]),
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        codec: "dnxhd",
        width: 1920,
        height: 1080,
        display_width: 1920,
        display_height: 1080,
        pixel_aspect: "1:1",
        rotation: 0,
        fps_rational: "25/1",
        field_order: "progressive",
        start_timecode: "10:00:00:00",
        timecode_source: "mxf",
      },
    },
    {
      item: "prores/B001C002.mov",
      files: 1,
      make: (out) =>
        ffmpeg([
          ...source({ size: "1280x720", rate: "24000/1001", hue: 60 }),
          ...["-c:v", "prores_ks", "-profile:v", "4", "-pix_fmt", "yuva444p10le", "-c:a", "pcm_s24le"],
          ...["-timecode", "01:00:00:00", out],
        ]),
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        codec: "prores",
        display_width: 1280,
        display_height: 720,
        fps_rational: "24000/1001",
        start_timecode: "01:00:00:00",
        timecode_source: "tmcd",
        hdr: null,
      },
    },
    {
      item: "hdr/C001_PQ.mov",
      files: 1,
      make: (out) =>
        ffmpeg([...source({ size: "1280x720", rate: 25, hue: 120 }), ...hevcHdr("smpte2084"), ...AAC, out]),
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        codec: "hevc",
        hdr: "pq",
        display_width: 1280,
        display_height: 720,
      },
    },
    {
      item: "hdr/C002_HLG.mov",
      files: 1,
      make: (out) =>
        ffmpeg([
          ...source({ size: "1280x720", rate: 25, hue: 180 }),
          ...hevcHdr("arib-std-b67"),
          ...AAC,
          out,
        ]),
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        codec: "hevc",
        hdr: "hlg",
        display_width: 1280,
        display_height: 720,
      },
    },
    {
      item: "anamorphic/D001C001.mov",
      files: 1,
      make: (out) =>
        ffmpeg([
          ...source({ size: "1440x1080", rate: 25, hue: 220 }),
          ...["-vf", "setsar=4/3", ...H264, ...AAC, out],
        ]),
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        width: 1440,
        height: 1080,
        pixel_aspect: "4:3",
        display_width: 1920,
        display_height: 1080,
      },
    },
    {
      item: "interlaced/E001C001.mov",
      files: 1,
      make: (out) =>
        ffmpeg([
          ...source({ size: "1920x1080", rate: 25, hue: 260 }),
          ...["-vf", "setfield=tff", "-flags", "+ilme+ildct", "-top", "1", "-field_order", "tt"],
          ...H264,
          ...["-x264-params", "tff=1"],
          ...AAC,
          out,
        ]),
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        field_order: "tff",
        fps_rational: "25/1",
        display_width: 1920,
      },
    },
    {
      item: "phone/IMG_0420.MOV",
      files: 1,
      make: async (out) => {
        await ffmpeg([...source({ size: "1280x720", rate: 30, hue: 300 }), ...H264, ...AAC, out]);
        // A phone held upright: the picture is stored landscape with a display matrix turning it.
        await exiftool(["-Rotation=90", out]);
      },
      decode: file,
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        width: 1280,
        height: 720,
        rotation: 90,
        display_width: 720,
        display_height: 1280,
      },
    },
    {
      item: "phone/IMG_0421.MP4",
      files: 1,
      make: (out) =>
        ffmpeg([
          ...["-f", "lavfi", "-i", `testsrc2=s=1280x720:r=30:d=${CLIP_S / 2}`],
          ...["-f", "lavfi", "-i", `testsrc2=s=1280x720:r=60:d=${CLIP_S / 2},hue=h=90`],
          ...["-filter_complex", "[0:v][1:v]concat=n=2:v=1[v]", "-map", "[v]"],
          ...H264,
          ...["-vsync", "vfr", out],
        ]),
      decode: file,
      expect: { status: "done", thumbnail_url: THUMBNAIL, vfr: true },
    },
    {
      item: "sound/T001.WAV",
      files: 1,
      make: async (out) => {
        const tones = TRACKS.flatMap((_, i) => [
          ...["-f", "lavfi", "-i", `sine=f=${220 * (i + 1)}:sample_rate=48000:d=10`],
        ]);
        await ffmpeg([
          ...tones,
          ...["-filter_complex", "[0:a][1:a][2:a][3:a]amerge=inputs=4[a]", "-map", "[a]"],
          ...["-c:a", "pcm_s24le", "-write_bext", "1", "-metadata", `time_reference=${TEN_HOURS_SAMPLES}`],
          out,
        ]);
        await appendRiffChunk(out, "iXML", ixml());
      },
      decode: file,
      expect: {
        status: "done",
        type: "audio",
        start_timecode: "10:00:00:00",
        timecode_source: "bwf",
        audio_streams: [{ channels: 4, bit_depth: 24, sample_rate: 48_000, names: TRACKS }],
        slate: { scene: "12A", take: "3", tape: "DAY02", circled: true },
      },
    },
    {
      item: "plates/shot010_comp_v001.####.dpx",
      files: FRAMES,
      make: async (out) => {
        const pattern = out.replace("####", "%04d");
        await ffmpeg([
          ...["-f", "lavfi", "-i", "testsrc2=s=320x180:r=24"],
          ...["-frames:v", String(FRAMES), "-start_number", String(FIRST_FRAME), "-c:v", "dpx"],
          ...["-f", "image2", pattern],
        ]);
        const numbers = Array.from({ length: FRAMES }, (_, i) => FIRST_FRAME + i);
        // Each frame carries its own timecode, as a scanner writes them.
        await pool(numbers, 8, (n) =>
          setDpxHeader(
            out.replace("####", String(n)),
            24,
            encodeTimecode({
              hours: 1,
              minutes: 0,
              seconds: Math.floor((n - FIRST_FRAME) / 24),
              frames: (n - FIRST_FRAME) % 24,
              dropFrame: false,
            }),
          ),
        );
      },
      decode: (path) => frames(path.replace("####", "%04d"), 24),
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        type: "video",
        width: 320,
        height: 180,
        fps: 24,
        sequence: { first: FIRST_FRAME, last: FIRST_FRAME + FRAMES - 1, count: FRAMES, missing: [] },
        start_timecode: "01:00:00:00",
        timecode_source: "dpx",
      },
    },
    {
      item: "plates/shot020_plate_v002.####.exr",
      files: FRAMES,
      make: (out) =>
        ffmpeg([
          ...["-f", "lavfi", "-i", "testsrc2=s=256x144:r=25,hue=h=200"],
          ...["-frames:v", String(FRAMES), "-start_number", String(FIRST_FRAME)],
          ...["-c:v", "exr", "-compression", "zip16", "-format", "half"],
          ...["-f", "image2", out.replace("####", "%04d")],
        ]),
      decode: (path) => frames(path.replace("####", "%04d"), 25),
      // ffmpeg writes the rate into framesPerSecond but no timeCode: the first frame number stands in.
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        type: "video",
        width: 256,
        height: 144,
        fps: 25,
        sequence: { first: FIRST_FRAME, last: FIRST_FRAME + FRAMES - 1, count: FRAMES, missing: [] },
        start_timecode: "00:00:40:01",
        timecode_source: "frame-number",
      },
    },
    ...gopro,
    {
      item: "raw/A002_C003.R3D",
      // The camera-made proxy in Proxy/ is on disk but never an item of its own.
      files: 2,
      make: async (out) => {
        await writeR3dHeader(out, {
          width: 6144,
          height: 3240,
          rate: [24000, 1001],
          timecode: "01:00:00:00",
          model: "KOMODO 6K",
        });
        const proxy = join(dirname(out), "Proxy", "A002_C003.mov");
        await mkdir(dirname(proxy), { recursive: true });
        await ffmpeg([...source({ size: "1280x720", rate: "24000/1001", hue: 330 }), ...H264, ...AAC, proxy]);
      },
      decode: () => file("raw/Proxy/A002_C003.mov"),
      expect: {
        status: "done",
        thumbnail_url: THUMBNAIL,
        camera_proxy: "raw/Proxy/A002_C003.mov",
        width: 6144,
        height: 3240,
        start_timecode: "01:00:00:00",
        timecode_source: relaxed((v) => typeof v === "string", "the source named"),
        status_reason: null,
      },
    },
    {
      item: "raw/A003C004.braw",
      files: 1,
      make: async (out) => {
        // Blackmagic RAW stand-in: an H.264 picture under the brxq sample entry ffmpeg has no decoder for.
        await ffmpeg([
          ...source({ size: "1280x720", rate: 25, seconds: 2 }),
          ...H264,
          ...AAC,
          "-f",
          "mov",
          out,
        ]);
        const bytes = await readFile(out);
        const at = bytes.indexOf("avc1", bytes.indexOf("stsd"));
        if (at < 0) throw new BenchError("no avc1 sample entry to retag");
        bytes.write("brxq", at, "ascii");
        await writeFile(out, bytes);
      },
      decode: null,
      expect: {
        status: "needs_proxy",
        thumbnail_url: null,
        status_reason: relaxed(
          (v) => typeof v === "string" && v.length > 0 && !ABSOLUTE_PATH.test(v),
          "a reason without absolute paths",
        ),
      },
    },
  ];
}

/**
 * The corpus, generated when missing or made by other recipes: into a staging folder renamed
 * into place when whole, so an interrupted generation is never measured.
 */
async function ensureCameraCorpus(list) {
  const started = performance.now();
  const manifest = await readManifest(MANIFEST);
  if (manifest?.spec === SPEC && existsSync(MEDIA_DIR)) {
    log(`camera-ingest: reusing the corpus in ${MEDIA_DIR}`);
    return { generated: false, elapsedMs: performance.now() - started };
  }
  const staging = `${MEDIA_DIR}.part`;
  await rm(MEDIA_DIR, { recursive: true, force: true });
  await rm(staging, { recursive: true, force: true });
  log(`camera-ingest: generating ${list.length} originals into ${MEDIA_DIR} (one-off, reused later)`);
  await pool(list, Math.max(1, availableParallelism()), async (recipe) => {
    const out = join(staging, recipe.item);
    await mkdir(dirname(out), { recursive: true });
    const t0 = performance.now();
    await recipe.make(out);
    log(`  ${recipe.item} (${seconds(performance.now() - t0)})`);
  });
  await rename(staging, MEDIA_DIR);
  await writeFile(MANIFEST, `${JSON.stringify({ spec: SPEC, items: list.map((r) => r.item) }, null, 2)}\n`);
  return { generated: true, elapsedMs: performance.now() - started };
}

async function countFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).length;
}

/** Plain decodes of every file svc decodes, as many at once as svc runs ffmpeg jobs. */
async function floor(root, list, concurrency) {
  const jobs = list.flatMap((r) => (r.decode ? r.decode(r.item).inputs : []));
  const cpu = cpuMeter();
  const t0 = performance.now();
  await pool(jobs, concurrency, async (input) => {
    const args = input.map((a, i) => (input[i - 1] === "-i" ? join(root, a) : a));
    const res = await run(FFMPEG, ["-hide_banner", "-nostdin", ...args, "-f", "null", "-"], {
      timeoutMs: 10 * 60_000,
    });
    if (res.code !== 0)
      throw new BenchError(`floor decode of ${args.at(-1)} failed: ${res.stderr().trim().slice(-800)}`);
  });
  return { decodes: jobs.length, wallMs: performance.now() - t0, ...cpu() };
}

const shown = (v) => (v === undefined ? "absent" : JSON.stringify(v));

/** The fields of `actual` that differ from `expected` (objects and arrays of objects in part). */
function differences(expected, actual, at = "") {
  if (expected && typeof expected === "object" && "test" in expected)
    return expected.test(actual) ? [] : [`${at}: ${shown(actual)}, expected ${expected.says}`];
  const primitives = (a) => Array.isArray(a) && a.every((v) => v === null || typeof v !== "object");
  if (expected === null || typeof expected !== "object" || primitives(expected))
    return JSON.stringify(expected) === JSON.stringify(actual)
      ? []
      : [`${at}: ${shown(actual)}, expected ${JSON.stringify(expected)}`];
  if (actual === null || typeof actual !== "object") return [`${at}: ${shown(actual)}, expected an object`];
  if (Array.isArray(expected) && actual.length !== expected.length)
    return [`${at}: ${actual.length} entries, expected ${expected.length}`];
  return Object.entries(expected).flatMap(([key, value]) =>
    differences(value, actual[key], at ? `${at}.${Array.isArray(expected) ? `[${key}]` : key}` : key),
  );
}

const geometry = (i) =>
  i.width === null || i.width === undefined
    ? ""
    : `${i.width}×${i.height} → ${i.display_width ?? "?"}×${i.display_height ?? "?"}` +
      ` (${i.pixel_aspect ?? "?"}, ${i.rotation ?? "?"}°)`;
const timecode = (i) => (i.start_timecode ? `${i.start_timecode} (${i.timecode_source ?? "?"})` : "");
const extra = (i) =>
  [
    i.sequence && `sequence ${i.sequence.first}–${i.sequence.last} (${i.sequence.count})`,
    i.span && `span ${i.span.index}/${i.span.count}`,
    i.hdr && `hdr ${i.hdr}`,
    i.field_order && i.field_order !== "progressive" && i.field_order,
    i.vfr && "vfr",
    i.camera_proxy && `proxy ${i.camera_proxy}`,
  ]
    .filter(Boolean)
    .join(", ");

/** `svc serve` over the ingested root, once its catch-up pass is over, lists every item. */
async function listThroughApi(root, home, env) {
  const { homePaths } = await importDist("state/paths.js");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const daemon = startDaemon({ root, home, port, logLevel: "warn", env });
  try {
    await waitForHttp(base, daemon, 60_000);
    await catchUpThroughSlot(homePaths(home).registryDb, daemon, 5 * 60_000);
    const res = await fetch(`${base}/api/media?limit=500&sort=path`, { signal: AbortSignal.timeout(30_000) });
    if (!res.ok) throw new BenchError(`GET /api/media: ${res.status} ${await res.text()}`);
    return (await res.json()).items;
  } finally {
    await stopDaemon(daemon);
  }
}

function check(list, items) {
  const byPath = new Map(items.map((i) => [i.path, i]));
  const rows = list.map((r) => {
    const item = byPath.get(r.item);
    const diffs = item ? differences(r.expect, item) : ["not listed"];
    return { path: r.item, item, diffs };
  });
  const expected = new Set(list.map((r) => r.item));
  const strays = items.filter((i) => !expected.has(i.path)).map((i) => i.path);
  printRows(
    [
      "item",
      "status",
      "coded → display (pixel aspect, rotation)",
      "start timecode (source)",
      "also",
      "check",
    ],
    rows.map(({ path, item, diffs }) => [
      path,
      item?.status ?? "",
      item ? geometry(item) : "",
      item ? timecode(item) : "",
      item ? extra(item) : "",
      diffs.length ? `${diffs.length} differ` : "ok",
    ]),
  );
  for (const { path, diffs } of rows) for (const d of diffs) log(`  ${path}: ${d}`);
  for (const path of strays) log(`  ${path}: listed, but no original is expected there`);
  return {
    items: rows.length,
    asExpected: rows.filter((r) => r.diffs.length === 0).length,
    differences: rows.flatMap(({ path, diffs }) => diffs.map((d) => `${path} ${d}`)),
    strays,
  };
}

const rounded = ({ wallMs, cpuS, otherLoad, loadAvg }) => ({
  wallMs: Math.round(wallMs),
  cpuS,
  otherLoad,
  loadAvg,
});

export async function benchCameraIngest() {
  const list = recipes(await importDist("formats/frame-header.js"));
  const corpus = await ensureCameraCorpus(list);
  const concurrency = cpuConcurrency();
  // Floor and svc read the same copy, so both find it equally warm in the page cache.
  const root = await tempDir("camera");
  await cp(MEDIA_DIR, root, { recursive: true });
  const files = await countFiles(root);
  const needsProxy = list.filter((r) => r.expect.status === "needs_proxy").length;
  const sequenceFrames = list.filter((r) => r.item.includes("#")).reduce((sum, r) => sum + r.files, 0);

  log(`camera-ingest: floor — plain ffmpeg decodes of the same files, ${concurrency} at a time`);
  const floorRun = await floor(root, list, concurrency);
  log(`  ${floorRun.decodes} decodes, ${seconds(floorRun.wallMs)}, ${floorRun.cpuS} CPU-s`);

  log(
    `camera-ingest: svc ingest of ${files} files (${list.length} items), no model host, no speech recognition`,
  );
  const env = { OLLAMA_HOST: NO_MODEL_HOST, SVC_ASR: "none" };
  const home = await tempDir("camera-home");
  const svcRun = await svcIngest({
    label: "camera corpus",
    root,
    home,
    expected: list.length - needsProxy,
    env,
    timeoutMs: SVC_TIMEOUT_MS,
  });
  const s = svcRun.summary;
  const counts = {
    ingested: s.ingested,
    needs_proxy: s.needs_proxy,
    sequence_frames: s.sequence_frames,
    failed: s.failed,
    skipped: s.skipped,
  };
  if (counts.needs_proxy !== needsProxy || counts.sequence_frames !== sequenceFrames)
    throw new BenchError(
      `camera-ingest: summary counts ${JSON.stringify(counts)}, expected needs_proxy ${needsProxy} and sequence_frames ${sequenceFrames}`,
    );
  const wallS = svcRun.wallMs / 1000;
  log(`  ${seconds(svcRun.wallMs)}, ${svcRun.cpuS} CPU-s, counts ${JSON.stringify(counts)}`);

  log("camera-ingest: every item through the API against what the issue expects");
  const checked = check(list, await listThroughApi(root, home, env));
  return {
    corpus: { ...corpus, elapsedMs: Math.round(corpus.elapsedMs), files, items: list.length },
    concurrency,
    floor: { decodes: floorRun.decodes, ...rounded(floorRun) },
    svc: { ...rounded(svcRun), passMs: s.elapsed_ms },
    filesPerSec: Math.round((files / wallS) * 100) / 100,
    itemsPerSec: Math.round((list.length / wallS) * 100) / 100,
    counts,
    ratio: Math.round((svcRun.wallMs / floorRun.wallMs) * 100) / 100,
    cpuRatio: Math.round((svcRun.cpuS / floorRun.cpuS) * 100) / 100,
    checked,
  };
}

const load = (m) => (m.loadAvg === undefined ? "" : m.loadAvg.toFixed(2));
const share = (m) => (m.otherLoad === undefined ? "" : `${Math.round(m.otherLoad * 100)}%`);

export function cameraIngestRows(f) {
  const label = `${f.corpus.items} camera originals (${f.corpus.files} files)`;
  const c = f.counts;
  return [
    [
      `camera-ingest: floor, ${f.floor.decodes} plain decodes of the same files, ${f.concurrency} at a time`,
      seconds(f.floor.wallMs),
      f.floor.cpuS.toFixed(1),
      load(f.floor),
      share(f.floor),
      "",
      "",
    ],
    [
      `camera-ingest: svc ingest of ${label}, no model host, no speech recognition`,
      `${seconds(f.svc.wallMs)}, ${f.filesPerSec} files/s, ${f.itemsPerSec} items/s`,
      f.svc.cpuS.toFixed(1),
      load(f.svc),
      share(f.svc),
      "—",
      "(info)",
    ],
    [
      "camera-ingest: summary counts",
      `ingested ${c.ingested}, needs_proxy ${c.needs_proxy}, sequence_frames ${c.sequence_frames}, failed ${c.failed}, skipped ${c.skipped}`,
      "",
      "",
      "",
      "",
      "",
    ],
    [
      "camera-ingest: svc / floor, wall and CPU-seconds",
      `${f.ratio.toFixed(2)} wall, ${f.cpuRatio.toFixed(2)} CPU`,
      "",
      "",
      "",
      "—",
      "(info)",
    ],
    [
      "camera-ingest: items as the issue expects, through the API",
      `${f.checked.asExpected} of ${f.checked.items}`,
      "",
      "",
      "",
      "(report)",
      f.checked.differences.length ? `${f.checked.differences.length} fields differ` : "ok",
    ],
  ];
}
