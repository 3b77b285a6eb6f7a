/**
 * Real media fixtures, generated at test time with the system ffmpeg so that no binary blobs live
 * in the repository. Everything is tiny (320x240, a few seconds, `-preset ultrafast`) because the
 * whole suite has to finish in minutes on a two-core runner.
 *
 * Every lavfi source is given an explicit `duration`: ffmpeg 5.1 writing an mp3 with an attached
 * picture from an endless `testsrc` plus `-frames:v 1` never exits (it spins at full CPU), so
 * relying on `-frames` alone to end an input is not safe.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, open, rename, rm, stat, symlink, truncate, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { execa } from "execa";
import { RUN_CACHE_VAR } from "./run-cache-setup.js";

const TIMEOUT_MS = 60_000;

export const TIMECODED_CLIP = {
  startTimecode: "01:00:00:00",
  creationDate: "2024-03-05T23:30:00-0800",
  shotDate: "2024-03-05",
  audioTracks: 2,
  /** Each track is one sine: mono, at 48 kHz. */
  audioChannels: 1,
  sampleRate: 48_000,
  fps: 25,
  width: 320,
  height: 240,
} as const;

export const SCENE_CLIP = { cuts: [2, 4], scenes: 3, seconds: 6 } as const;

/** 88 frames at 25 fps, so ffmpeg's blackdetect reports the end of black at 3.52 s. */
export const BLACK_OPENING_CLIP = { seconds: 6, blackSeconds: 3.5, width: 320, height: 240 } as const;

export type StillFormat = "png" | "jpg" | "jpeg" | "webp" | "gif" | "svg";

export const STILL = { width: 640, height: 360, gifFrames: 3 } as const;

function ffmpegBin(): string {
  return process.env.SVC_FFMPEG || "ffmpeg";
}

/**
 * Runs ffmpeg to write its last argument, or copies what the same arguments wrote earlier in this
 * run (`run-cache-setup.ts`): a copy, because tests change their fixtures.
 */
async function ffmpeg(args: readonly string[]): Promise<void> {
  const output = args.at(-1) ?? "";
  const cacheDir = process.env[RUN_CACHE_VAR];
  const key = createHash("sha256")
    .update(JSON.stringify([ffmpegBin(), args.slice(0, -1), path.extname(output)]))
    .digest("hex");
  // Only generated sources: a file given as input could hold something else next time.
  const readsFiles = args.slice(0, -1).some((arg) => path.isAbsolute(arg) && existsSync(arg));
  const cached = cacheDir && !readsFiles ? path.join(cacheDir, `${key}${path.extname(output)}`) : null;
  if (cached) {
    try {
      await copyFile(cached, output);
      return;
    } catch {
      // Not made yet in this run.
    }
  }
  // -nostdin: ffmpeg otherwise reads the test runner's stdin for interactive commands.
  await execa(ffmpegBin(), ["-hide_banner", "-nostdin", "-loglevel", "error", "-y", ...args], {
    timeout: TIMEOUT_MS,
  });
  if (!cached) return;
  const temp = `${cached}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await copyFile(output, temp);
  await rename(temp, cached);
}

async function hasEncoder(name: string): Promise<boolean> {
  const { stdout } = await execa(ffmpegBin(), ["-hide_banner", "-encoders"], { timeout: TIMEOUT_MS });
  return stdout.split("\n").some((line) => line.trim().split(/\s+/)[1] === name);
}

async function outputPath(dir: string, name: string): Promise<string> {
  const file = path.resolve(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

function lavfi(graph: string): readonly string[] {
  return ["-f", "lavfi", "-i", graph];
}

function sine(frequency: number, seconds: number): readonly string[] {
  return lavfi(`sine=frequency=${frequency}:sample_rate=48000:duration=${seconds}`);
}

const H264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"] as const;
const AAC = ["-c:a", "aac", "-b:a", "64k"] as const;

/**
 * H.264 + two AAC tracks, tmcd start timecode 01:00:00:00 and a capture date with a zone offset.
 *
 * mp4 stores `creation_time` (mvhd) as UTC only, so the offset has to travel as the QuickTime
 * `com.apple.quicktime.creationdate` key. Without `-movflags use_metadata_tags` ffmpeg 5.1 drops
 * that key silently; with it, all global metadata goes into an mdta `keys` atom, and the tmcd
 * track from `-timecode` is still written, so ffprobe sees the timecode both on the tmcd/video
 * streams and as a format tag. `creation_time` still lands in mvhd as well, but ffprobe then reports
 * the mdta string verbatim ("2024-03-06T07:30:00Z", without the usual ".000000").
 */
export async function makeTimecodedClip(
  dir: string,
  name = "timecoded.mp4",
  opts: { seconds?: number } = {},
): Promise<string> {
  const file = await outputPath(dir, name);
  const seconds = opts.seconds ?? 4;
  const { width, height, fps } = TIMECODED_CLIP;
  await ffmpeg([
    ...lavfi(`testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`),
    ...sine(440, seconds),
    ...sine(880, seconds),
    // Never -map 0: -timecode adds a tmcd data stream, and mapping everything would duplicate it.
    ...["-map", "0:v", "-map", "1:a", "-map", "2:a"],
    ...H264,
    ...AAC,
    ...["-timecode", TIMECODED_CLIP.startTimecode],
    ...["-movflags", "use_metadata_tags"],
    ...["-metadata", `com.apple.quicktime.creationdate=${TIMECODED_CLIP.creationDate}`],
    ...["-metadata", "creation_time=2024-03-06T07:30:00Z"],
    file,
  ]);
  return file;
}

export interface CameraClipOptions {
  width: number;
  height: number;
  seconds: number;
  /** Separate mono PCM tracks, as cameras record them. */
  audioTracks: number;
  timecode: string;
  /** The picture codec: prores_ks (a camera original) or libx264 (small and fast to make). */
  codec?: "prores_ks" | "libx264";
}

/** A camera-style QuickTime file: picture, `audioTracks` mono PCM tracks, a tmcd start timecode. */
export async function makeCameraClip(dir: string, name: string, opts: CameraClipOptions): Promise<string> {
  const file = await outputPath(dir, name);
  const { width, height, seconds } = opts;
  const tones = Array.from({ length: opts.audioTracks }, (_, i) => sine(300 + 100 * i, seconds)).flat();
  const audioMaps = Array.from({ length: opts.audioTracks }, (_, i) => ["-map", `${i + 1}:a`]).flat();
  const picture =
    opts.codec === "prores_ks" ? ["-c:v", "prores_ks", "-profile:v", "3", "-pix_fmt", "yuv422p10le"] : H264;
  await ffmpeg([
    ...lavfi(`testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`),
    ...tones,
    ...["-map", "0:v", ...audioMaps],
    ...picture,
    ...["-c:a", "pcm_s16le", "-ac", "1"],
    ...["-timecode", opts.timecode],
    file,
  ]);
  return file;
}

export interface RateClipOptions {
  /** Frames per second as ffmpeg takes them: "25", "30000/1001". */
  rate: string;
  seconds: number;
  /** Start timecode; `;` before the frames makes 29.97 or 59.94 drop frame. */
  timecode: string;
  /** Channels of its one PCM track. */
  audioChannels: number;
  sampleRate: number;
}

/**
 * A QuickTime clip at `rate` with a tmcd start timecode and one PCM track. PCM ends exactly with
 * the picture's last frame, so the file lasts as long as its picture (AAC would pad it).
 */
export async function makeRateClip(dir: string, name: string, opts: RateClipOptions): Promise<string> {
  const file = await outputPath(dir, name);
  await ffmpeg([
    ...lavfi(`testsrc2=size=320x240:rate=${opts.rate}:duration=${opts.seconds}`),
    ...lavfi(`sine=frequency=440:sample_rate=${opts.sampleRate}:duration=${opts.seconds}`),
    ...["-map", "0:v", "-map", "1:a"],
    ...H264,
    ...["-c:a", "pcm_s16le", "-ac", String(opts.audioChannels)],
    ...["-timecode", opts.timecode],
    file,
  ]);
  return file;
}

/** Three unrelated 2 s scenes; the cuts score ~0.62-0.67 against a 0.3 threshold, the rest < 0.03. */
export async function makeSceneClip(dir: string, name = "scenes.mp4"): Promise<string> {
  const file = await outputPath(dir, name);
  const size = "size=320x240:rate=25:duration=2";
  await ffmpeg([
    ...lavfi(`testsrc2=${size}`),
    ...lavfi(`color=c=0x1040c0:${size},drawbox=x=100:y=60:w=120:h=120:color=yellow:t=fill`),
    ...lavfi(`smptebars=${size}`),
    ...sine(440, SCENE_CLIP.seconds),
    ...["-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]"],
    ...["-map", "[v]", "-map", "3:a"],
    ...H264,
    ...AAC,
    file,
  ]);
  return file;
}

/**
 * Black for the first 3.5 s of a 6 s clip, so a thumbnail naively taken at the midpoint is black.
 * A timed drawbox over one continuous source (rather than concatenating a 3.5 s black source)
 * keeps the total at exactly 6 s: concat would round each half up to whole frames.
 */
export async function makeBlackOpeningClip(dir: string, name = "black-open.mp4"): Promise<string> {
  const file = await outputPath(dir, name);
  const { width, height, seconds, blackSeconds } = BLACK_OPENING_CLIP;
  await ffmpeg([
    ...lavfi(`testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`),
    ...["-vf", `drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill:enable='lt(t,${blackSeconds})'`],
    ...H264,
    file,
  ]);
  return file;
}

/** mp3 is only possible with libmp3lame; without it the caller gets an .m4a and the path says so. */
async function resolveAudioName(name: string): Promise<{ name: string; ext: string }> {
  const ext = path.extname(name).toLowerCase();
  if (ext === ".mp3" && !(await hasEncoder("libmp3lame"))) {
    return { name: `${name.slice(0, -ext.length)}.m4a`, ext: ".m4a" };
  }
  return { name, ext };
}

function audioCodec(ext: string): readonly string[] {
  switch (ext) {
    case ".wav":
      return ["-c:a", "pcm_s16le"];
    case ".mp3":
      return ["-c:a", "libmp3lame", "-b:a", "64k"];
    case ".m4a":
      return AAC;
    case ".flac":
      return ["-c:a", "flac"];
    case ".aiff":
      return ["-c:a", "pcm_s16be"];
    default:
      throw new Error(`makeAudio: unsupported extension "${ext}" (use .wav, .mp3, .m4a, .flac or .aiff)`);
  }
}

/** A sine tone; the codec follows the extension (.wav, .mp3, .m4a, .flac, .aiff). Returns the path written. */
export async function makeAudio(
  dir: string,
  name = "tone.wav",
  opts: { seconds?: number } = {},
): Promise<string> {
  const resolved = await resolveAudioName(name);
  const codec = audioCodec(resolved.ext);
  const file = await outputPath(dir, resolved.name);
  await ffmpeg([...sine(440, opts.seconds ?? 3), ...codec, file]);
  return file;
}

/** Audio with a JPEG cover as an attached_pic stream (id3v2 APIC for mp3, covr for m4a). */
export async function makeAudioWithCoverArt(dir: string, name = "cover.mp3"): Promise<string> {
  const resolved = await resolveAudioName(name);
  if (resolved.ext !== ".mp3" && resolved.ext !== ".m4a") {
    throw new Error(`makeAudioWithCoverArt: unsupported extension "${resolved.ext}" (use .mp3 or .m4a)`);
  }
  const file = await outputPath(dir, resolved.name);
  await ffmpeg([
    ...sine(440, 3),
    ...lavfi("testsrc=size=200x200:rate=1:duration=1"),
    ...["-map", "0:a", "-map", "1:v"],
    ...audioCodec(resolved.ext),
    ...(resolved.ext === ".mp3" ? ["-id3v2_version", "3"] : []),
    ...["-c:v", "mjpeg", "-disposition:v:0", "attached_pic"],
    ...["-metadata:s:v", "title=Album cover", "-metadata:s:v", "comment=Cover (front)"],
    file,
  ]);
  return file;
}

function svgDocument(width: number, height: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#1040c0"/>
  <circle cx="160" cy="180" r="100" fill="#f0c020"/>
  <rect x="320" y="80" width="240" height="200" fill="#e03030"/>
  <polygon points="420,40 600,320 240,320" fill="#30c060" fill-opacity="0.7"/>
</svg>
`;
}

async function writeStill(file: string, format: StillFormat, width: number, height: number): Promise<void> {
  if (format === "svg") {
    await writeFile(file, svgDocument(width, height), "utf8");
    return;
  }
  // testsrc2 moves, so each of the gif's frames differs and "first frame" is observable.
  const frames = format === "gif" ? STILL.gifFrames : 1;
  const codec: Record<Exclude<StillFormat, "svg">, readonly string[]> = {
    png: ["-c:v", "png"],
    jpg: ["-c:v", "mjpeg", "-q:v", "4"],
    jpeg: ["-c:v", "mjpeg", "-q:v", "4"],
    webp: ["-c:v", "libwebp"],
    gif: ["-c:v", "gif"],
  };
  await ffmpeg([
    ...lavfi(`testsrc2=size=${width}x${height}:rate=${frames}:duration=1`),
    ...codec[format],
    // -update 1 makes the image2 muxer take the name literally instead of as a "%d" pattern.
    ...(frames === 1 ? ["-frames:v", "1", "-update", "1"] : []),
    file,
  ]);
}

/** A 640x360 still; gif is animated (3 frames), svg is written as text without ffmpeg. */
export async function makeStill(dir: string, format: StillFormat, name = `still.${format}`): Promise<string> {
  const file = await outputPath(dir, name);
  await writeStill(file, format, STILL.width, STILL.height);
  return file;
}

/** An empty file with a media extension. */
export async function makeZeroByte(dir: string, name = "empty.mp4"): Promise<string> {
  const file = await outputPath(dir, name);
  await writeFile(file, "");
  return file;
}

/**
 * The first 30% of an mp4 whose moov atom is at the end (no +faststart, ffmpeg's default), as when
 * a copy is cut short: the header is gone, so ffprobe fails with "moov atom not found".
 */
export async function makeTruncatedClip(dir: string, name = "truncated.mp4"): Promise<string> {
  const file = await outputPath(dir, name);
  await ffmpeg([
    ...lavfi("testsrc2=size=320x240:rate=25:duration=2"),
    ...sine(440, 2),
    ...H264,
    ...AAC,
    file,
  ]);
  const { size } = await stat(file);
  await truncate(file, Math.floor(size * 0.3));
  return file;
}

/** Plain text wearing a video extension. */
export async function makeNotMedia(dir: string, name = "notes.mov"): Promise<string> {
  const file = await outputPath(dir, name);
  await writeFile(file, "Shot list\n1. wide\n2. close-up\nThis is not a QuickTime movie.\n", "utf8");
  return file;
}

/** A file whose extension no media pipeline should accept. */
export async function makeUnsupported(dir: string, name = "readme.txt"): Promise<string> {
  const file = await outputPath(dir, name);
  await writeFile(file, "Card 03, day 2. Copied with checksums.\n", "utf8");
  return file;
}

export const ODD_NAMES = ["clip with spaces.png", `it's "quoted".png`, "café-日本.png"] as const;

/** Small valid PNGs whose names break naive shell quoting and ASCII-only assumptions. */
export async function makeOddNames(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const name of ODD_NAMES) {
    const file = await outputPath(dir, name);
    await writeStill(file, "png", 160, 90);
    files.push(file);
  }
  return files;
}

async function replaceWithSymlink(target: string, link: string): Promise<string> {
  await rm(link, { force: true });
  await symlink(target, link);
  return link;
}

/**
 * Returns [dirLoop, a.mp4, b.mp4]. The directory loop is `nested/loop -> ..`, i.e. it points back
 * at `dir`: putting `loop -> ..` directly in `dir` would point outside the fixture tree and make a
 * walker that follows it crawl the whole temp directory instead of looping.
 */
export async function makeSymlinkLoop(dir: string): Promise<string[]> {
  const root = path.resolve(dir);
  const nested = path.join(root, "nested");
  await mkdir(nested, { recursive: true });
  return [
    await replaceWithSymlink("..", path.join(nested, "loop")),
    await replaceWithSymlink("b.mp4", path.join(root, "a.mp4")),
    await replaceWithSymlink("a.mp4", path.join(root, "b.mp4")),
  ];
}

/**
 * Copies src to dest in `chunks` pieces with `intervalMs` between them, the way a camera card
 * copy grows a file: watchers see a partial file whose size changes until the last chunk lands.
 */
export async function writeSlowly(
  src: string,
  dest: string,
  opts: { chunks: number; intervalMs: number },
): Promise<string> {
  if (!Number.isInteger(opts.chunks) || opts.chunks < 1) {
    throw new Error(`writeSlowly: chunks must be a positive integer, got ${opts.chunks}`);
  }
  const target = await outputPath(path.dirname(dest), path.basename(dest));
  const input = await open(src, "r");
  try {
    const output = await open(target, "w");
    try {
      const { size } = await input.stat();
      // Exact boundaries rather than a fixed chunk size, so there are always `chunks - 1` pauses
      // whatever the file size: tests can rely on how long the file keeps growing.
      const buffer = Buffer.alloc(Math.ceil(size / opts.chunks));
      for (let index = 0; index < opts.chunks; index++) {
        if (index > 0) await sleep(opts.intervalMs);
        const start = Math.floor((index * size) / opts.chunks);
        const end = Math.floor(((index + 1) * size) / opts.chunks);
        if (end === start) continue;
        const { bytesRead } = await input.read(buffer, 0, end - start, start);
        await output.write(buffer, 0, bytesRead);
      }
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
  return target;
}

export const MEASURE_CLIP = { seconds: 3, width: 320, height: 240, fps: 25 } as const;

/** lavfi's sine peaks at 1/8 of full scale. */
const SINE_PEAK_DBFS = -20 * Math.log10(8);

export interface MeasureClipOptions {
  /** `still`: one testsrc2 picture held (a locked-off shot); `shaking`: testsrc2 seen through a jittering crop. */
  picture: "still" | "shaking";
  /** `tone` is a 440 Hz sine peaking at `toneDbfs`; `clipped` is the same sine driven 12 dB past full scale. */
  audio: "none" | "silence" | "tone" | "clipped";
  toneDbfs?: number;
}

/** A short H.264 clip whose motion and sound are known, for the measured vision fields. */
export async function makeMeasureClip(dir: string, name: string, opts: MeasureClipOptions): Promise<string> {
  const file = await outputPath(dir, name);
  const { seconds, width, height, fps } = MEASURE_CLIP;
  let video: readonly string[];
  if (opts.picture === "still") {
    const picture = await outputPath(dir, `${name}.still.png`);
    await writeStill(picture, "png", width, height);
    video = ["-loop", "1", "-framerate", String(fps), "-t", String(seconds), "-i", picture];
  } else {
    // A crop wandering a quarter of the frame several times a second, like a camera shaken by hand.
    const big = `testsrc2=size=${width * 1.5}x${height * 1.5}:rate=${fps}:duration=${seconds}`;
    const crop = `crop=${width}:${height}:x='${width / 4}*(1+sin(2*PI*t*3.3))':y='${height / 4}*(1+cos(2*PI*t*2.7))'`;
    video = lavfi(`${big},${crop}`);
  }
  const gainDb = opts.audio === "clipped" ? 12 : (opts.toneDbfs ?? -20);
  const audio: Record<MeasureClipOptions["audio"], readonly string[]> = {
    none: [],
    silence: lavfi(`anullsrc=r=48000:cl=stereo:d=${seconds}`),
    tone: sine(440, seconds),
    clipped: sine(440, seconds),
  };
  const audioArgs =
    opts.audio === "tone" || opts.audio === "clipped"
      ? // s16 saturates where float would not, so the clipping happens before the AAC encoder.
        ["-af", `volume=${(gainDb - SINE_PEAK_DBFS).toFixed(2)}dB,aformat=sample_fmts=s16`, ...AAC]
      : opts.audio === "silence"
        ? AAC
        : [];
  await ffmpeg([
    ...video,
    ...audio[opts.audio],
    ...["-map", "0:v", ...(opts.audio === "none" ? [] : ["-map", "1:a"])],
    ...H264,
    ...["-r", String(fps)],
    ...audioArgs,
    "-shortest",
    file,
  ]);
  return file;
}

export const SPEECH_TEXT = "The quick brown fox jumps over the lazy dog. Welcome to the media library test.";

/**
 * A 320x240 clip whose sound is flite speech of SPEECH_TEXT (a voice pocketsphinx recognises;
 * espeak-ng's is not), for transcription end to end.
 */
export async function makeSpeechClip(dir: string, name = "interview.mp4"): Promise<string> {
  const file = await outputPath(dir, name);
  const wav = `${file}.flite.wav`;
  await execa("flite", ["-voice", "kal16", "-t", SPEECH_TEXT, "-o", wav], { timeout: TIMEOUT_MS });
  await ffmpeg([
    ...lavfi("color=c=0x806040:size=320x240:rate=25:duration=6"),
    ...["-i", wav],
    ...["-map", "0:v", "-map", "1:a", "-shortest"],
    ...H264,
    ...AAC,
    file,
  ]);
  await rm(wav, { force: true });
  return file;
}

export interface ProxySourceOptions {
  width: number;
  height: number;
  seconds: number;
  /** A PCM sound track beside the picture. */
  audio?: boolean;
}

/** ProRes 422 Proxy in a .mov, optionally with PCM sound: a camera original no browser plays. */
export async function makeProresClip(dir: string, name: string, opts: ProxySourceOptions): Promise<string> {
  const file = await outputPath(dir, name);
  const { width, height, seconds } = opts;
  // scale, not testsrc2's size: the source rounds odd sizes to even ones by itself. setsar=1:
  // scale keeps the picture's aspect by stretching the pixels, and these are square-pixel clips.
  await ffmpeg([
    ...lavfi(`testsrc2=size=320x240:rate=25:duration=${seconds}`),
    ...(opts.audio ? sine(440, seconds) : []),
    ...["-vf", `scale=${width}:${height},setsar=1`],
    ...["-c:v", "prores_ks", "-profile:v", "0"],
    ...(opts.audio ? ["-c:a", "pcm_s16le"] : []),
    file,
  ]);
  return file;
}

/** HEVC in a .mov when this ffmpeg has libx265, else MPEG-2 video in an .avi; both need a proxy. */
export async function makeHevcOrMpeg2Clip(
  dir: string,
  stem: string,
  opts: ProxySourceOptions,
): Promise<{ file: string; codec: "hevc" | "mpeg2video" }> {
  const hevc = await hasEncoder("libx265");
  const file = await outputPath(dir, `${stem}.${hevc ? "mov" : "avi"}`);
  const { width, height, seconds } = opts;
  await ffmpeg([
    ...lavfi(`testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`),
    ...(hevc
      ? ["-c:v", "libx265", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-x265-params", "log-level=error"]
      : ["-c:v", "mpeg2video"]),
    file,
  ]);
  return { file, codec: hevc ? "hevc" : "mpeg2video" };
}
