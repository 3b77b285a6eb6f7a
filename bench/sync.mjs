// Usage: npm run bench -- sync   (or node bench/run.mjs sync after `npm run build`)
// Sound sync of one shoot day: 200 camera clips (6 s, 25 fps, PCM scratch sound) against 40
// recordings (30 s BWF, 48 kHz, bext time reference), all cut from one generated speech bed. The
// clips' timecode and scratch audio place each in its recording; `svc sync` runs by `both` (the
// default) and by `waveform` alone (every clip heard against all 40 recordings). Figures: wall
// time and peak memory (VmHWM) of the `svc sync` process, and how many clips landed within 1 ms
// (48 samples) of where they were cut from.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import {
  BenchError,
  CLI,
  cpuMeter,
  ffmpeg,
  importDist,
  log,
  pool,
  random,
  run,
  seconds,
  start,
  svcEnv,
  svcIngest,
  tempDir,
} from "./lib.mjs";

const RECORDINGS = 40;
const CLIPS_PER_RECORDING = 5;
const RECORDING_S = 30;
const CLIP_S = 6;
const RATE = 48_000;
const FRAME = RATE / 25;
/** The day's first recording starts at 09:00:00:00; one every 45 s. */
const FIRST_START_S = 9 * 3600;
const EVERY_S = 45;
const MS = 48;
const OFFLINE = { OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none" };

const WORDS = (
  "camera sound rolling speed mark scene take slate action cut print check gate lens focus pull " +
  "light shadow window morning evening river bridge station market garden kitchen letter promise " +
  "silver orange winter summer harbour mountain village captain doctor teacher sister brother " +
  "quickly slowly softly never always perhaps certainly tomorrow yesterday tonight remember forget " +
  "running walking singing waiting listening talking laughing crying building breaking holding"
).split(" ");

/** Seeded sentences, so every second of the bed says something different. */
function script(words, seed) {
  const next = random(seed);
  const out = [];
  for (let i = 0; i < words; i += 1) {
    out.push(WORDS[Math.floor(next() * WORDS.length)]);
    if (next() < 0.12) out.push(".");
  }
  return out.join(" ").replace(/ \./g, ".");
}

const timecode = (seconds, frames) => {
  const pad = (n) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}:${pad(frames)}`;
};

/** VmHWM of a process, in MiB (its peak resident memory so far); null once it has gone. */
async function peakMb(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

async function makeDay(root, work) {
  // flite speaks ~2.5 words a second; the bed must outlast every recording.
  const text = join(work, "script.txt");
  await writeFile(text, script(Math.ceil(RECORDINGS * RECORDING_S * 3), 7));
  const spoken = join(work, "spoken.wav");
  const flite = await run("flite", ["-voice", "kal16", "-f", text, "-o", spoken], { timeoutMs: 20 * 60_000 });
  if (flite.code !== 0) throw new BenchError(`flite failed: ${flite.stderr().slice(-500)}`);
  const bed = join(work, "bed.wav");
  await ffmpeg(["-i", spoken, "-af", `aresample=${RATE}`, "-c:a", "pcm_f32le", bed]);
  await mkdir(join(root, "sound"), { recursive: true });
  await mkdir(join(root, "cam"), { recursive: true });
  const recordings = Array.from({ length: RECORDINGS }, (_, r) => r);
  await pool(recordings, 2, (r) =>
    ffmpeg([
      ...["-i", bed, "-af", `atrim=start=${r * RECORDING_S}:duration=${RECORDING_S},asetpts=PTS-STARTPTS`],
      ...["-c:a", "pcm_s24le", "-write_bext", "1"],
      ...["-metadata", `time_reference=${(FIRST_START_S + r * EVERY_S) * RATE}`],
      join(root, "sound", `T${String(r + 1).padStart(3, "0")}.WAV`),
    ]),
  );
  const expected = new Map();
  const clips = recordings.flatMap((r) => Array.from({ length: CLIPS_PER_RECORDING }, (_, c) => ({ r, c })));
  await pool(clips, 2, async ({ r, c }) => {
    // A clip starts 1 s + 5 s × c (and a few frames) into its recording; the audio a third of a frame later.
    const frames = 25 + c * 125 + ((r * 7 + c * 3) % 20);
    const from = frames * FRAME + 640;
    const name = `A${String(r * CLIPS_PER_RECORDING + c + 1).padStart(4, "0")}.mov`;
    expected.set(`cam/${name}`, from);
    const start = (FIRST_START_S + r * EVERY_S) * 25 + frames;
    await ffmpeg([
      ...["-f", "lavfi", "-i", `testsrc=size=96x64:rate=25:duration=${CLIP_S}`, "-i", bed],
      ...[
        "-filter_complex",
        `[1:a]atrim=start_sample=${r * RECORDING_S * RATE + from}:end_sample=${r * RECORDING_S * RATE + from + CLIP_S * RATE},` +
          `asetpts=PTS-STARTPTS,volume=0.3[s];anoisesrc=color=pink:amplitude=0.02:sample_rate=${RATE}:duration=${CLIP_S}[n];` +
          "[s][n]amix=inputs=2:duration=first[a]",
      ],
      ...["-map", "0:v", "-map", "[a]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
      ...["-c:a", "pcm_s16le", "-ar", String(RATE), "-ac", "1"],
      ...["-timecode", timecode(Math.floor(start / 25), start % 25), join(root, "cam", name)],
    ]);
  });
  return expected;
}

async function svcSync(root, home, by) {
  const cpu = cpuMeter();
  let summary = null;
  let peak = 0;
  const { child, done } = start(CLI, ["sync", "--by", by, "--progress", "json"], {
    env: svcEnv({ PROJECT_ROOT: root, SVC_HOME: home, ...OFFLINE }),
    timeoutMs: 60 * 60_000,
    onLine(line) {
      const event = JSON.parse(line);
      if (event.event === "summary") summary = event;
    },
  });
  const sampler = setInterval(async () => {
    const mb = child.pid ? await peakMb(child.pid) : null;
    if (mb !== null) peak = Math.max(peak, mb);
  }, 100);
  const res = await done;
  clearInterval(sampler);
  if (res.code !== 0 || !summary)
    throw new BenchError(`svc sync --by ${by} exited ${res.code}: ${res.stderr().trim().slice(-1500)}`);
  return { wallMs: res.wallMs, ...cpu(), summary, peakMb: peak };
}

/** How many camera clips have a pair within a millisecond of where their sound was cut from. */
async function accuracy(root, expected) {
  const { openLibrary } = await importDist("state/stores.js");
  const store = openLibrary(root);
  try {
    const paths = new Map(store.sync.media("video", null).map((m) => [m.id, m.rel_path]));
    let within = 0;
    for (const pair of store.sync.list({ limit: 10_000 })) {
      const want = expected.get(paths.get(pair.camera_media_id));
      if (want !== undefined && Math.abs(pair.offset_samples - want) <= MS) within += 1;
    }
    return within;
  } finally {
    store.close();
  }
}

export async function benchSync() {
  const root = await tempDir("sync");
  const home = await tempDir("sync-home");
  const work = await tempDir("sync-work");
  const made = performance.now();
  const expected = await makeDay(root, work);
  const generateMs = performance.now() - made;
  log(`  ${RECORDINGS} recordings and ${expected.size} clips generated in ${seconds(generateMs)}`);
  await svcIngest({
    label: "sync day",
    root,
    home,
    expected: RECORDINGS + expected.size,
    env: OFFLINE,
    timeoutMs: 60 * 60_000,
  });
  const runs = {};
  for (const by of ["both", "waveform"]) {
    runs[by] = await svcSync(root, home, by);
    runs[by].within = await accuracy(root, expected);
    log(
      `  --by ${by}: ${seconds(runs[by].wallMs)}, peak ${runs[by].peakMb.toFixed(0)} MB, ${runs[by].within}/${expected.size} within 1 ms`,
    );
  }
  return { clips: expected.size, recordings: RECORDINGS, generateMs, runs };
}

export function syncRows(f) {
  return ["both", "waveform"].map((by) => {
    const r = f.runs[by];
    return [
      `sync: svc sync --by ${by}, ${f.clips} clips × ${f.recordings} recordings of one day (whole CLI process)`,
      `${seconds(r.wallMs)}, peak RSS ${r.peakMb.toFixed(0)} MB; ${r.summary.pairs} pairs, ${r.within}/${f.clips} within 1 ms`,
      r.cpuS === undefined ? "" : r.cpuS.toFixed(1),
      "",
      "",
      `all ${f.clips} within 1 ms`,
      r.within === f.clips ? "PASS" : "FAIL",
    ];
  });
}
