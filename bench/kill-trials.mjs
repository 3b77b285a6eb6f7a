#!/usr/bin/env node
// Usage: npm run build && node bench/kill-trials.mjs [--trials N] [--seed S] [--json]
//
// SIGKILLs `svc ingest` and `svc serve` (during its catch-up ingest), alternately, at random moments
// of a pass over stills, clips and (when pocketsphinx and flite are installed) a spoken clip, then
// checks what a user would be left with: within 5 s no process svc started is alive (found by a
// marker in their inherited environment, so grandchildren count too), a re-run of `svc ingest`
// exits 0, both databases pass `PRAGMA integrity_check`, there is one done row per file, and no
// work folder or temp file is left in the project or in TMPDIR. Exits 1 when any trial fails.
// Long (about 10 s a trial): not part of `npm test`, which runs a short version of it.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { BenchError, CLI, FFMPEG, ffmpeg, log, random, start } from "./lib.mjs";

const ORPHAN_LIMIT_MS = 5_000;
const MARKER = "SVC_KILL_TRIAL";
const TEMP_NAME = /(^|\/)\.analyse-|(^|\/)\.asr-|\.tmp$|\.tmp-\d+-\d+$/;

function installed(program) {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

async function makeFixtures(dir) {
  const files = [];
  for (let i = 0; i < 8; i++) {
    const name = `still-${i}.${i % 2 ? "png" : "jpg"}`;
    await ffmpeg(["-f", "lavfi", "-i", `testsrc2=size=640x360:rate=1`, "-frames:v", "1", join(dir, name)]);
    files.push(name);
  }
  for (let i = 0; i < 3; i++) {
    const name = `clip-${i}.mp4`;
    await ffmpeg([
      ...["-f", "lavfi", "-i", `testsrc2=size=320x240:rate=25:duration=6`],
      ...["-f", "lavfi", "-i", `sine=frequency=${440 + 220 * i}:duration=6`],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
      join(dir, name),
    ]);
    files.push(name);
  }
  const speech = installed("flite") && installed("pocketsphinx_continuous");
  if (speech) {
    const wav = join(dir, "speech.wav");
    execFileSync("flite", [
      ...["-voice", "kal16", "-o", wav],
      ...["-t", "The quick brown fox jumps over the lazy dog. Welcome to the media library test."],
    ]);
    await ffmpeg([
      ...["-f", "lavfi", "-i", "color=c=0x806040:size=320x240:rate=25:duration=6", "-i", wav],
      ...["-map", "0:v", "-map", "1:a", "-shortest"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
      join(dir, "interview.mp4"),
    ]);
    await rm(wav);
    files.push("interview.mp4");
  }
  return { files, asr: speech ? "pocketsphinx" : "none" };
}

/** Live (not zombie) processes whose environment carries `marker`, with what they run. */
async function marked(marker) {
  const found = [];
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = await readFile(`/proc/${name}/environ`, "latin1");
      if (!environ.split("\0").includes(marker)) continue;
      const stat = await readFile(`/proc/${name}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z") continue;
      const cmdline = (await readFile(`/proc/${name}/cmdline`, "utf8")).split("\0").filter(Boolean);
      // exiftool runs under perl: name the script, not the interpreter.
      const [first = "", ...rest] = cmdline.map((arg) => arg.split("/").pop());
      const program = first === "perl" ? (rest.find((arg) => !arg.startsWith("-")) ?? first) : first;
      found.push({
        pid: Number(name),
        program: program.split("/").pop(),
        command: cmdline.slice(0, 4).join(" "),
      });
    } catch {
      // Another user's process, or one that ended while being read.
    }
  }
  return found;
}

async function walk(dir, prefix = "") {
  const out = [];
  let entries = [];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    out.push(rel);
    if (entry.isDirectory()) out.push(...(await walk(join(dir, entry.name), rel)));
  }
  return out;
}

function integrity(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.pragma("integrity_check", { simple: true });
  } finally {
    db.close();
  }
}

function svcEnvFor(trial, extra = {}) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PROJECT_ROOT: trial.root,
    SVC_HOME: trial.home,
    TMPDIR: trial.tmp,
    OLLAMA_HOST: "http://127.0.0.1:9",
    SVC_ASR: trial.asr,
    SVC_LOG_LEVEL: "info",
    [MARKER]: trial.marker.split("=")[1],
    ...extra,
  };
}

function spawnSvc(trial, mode) {
  const args = mode === "serve" ? ["serve"] : ["ingest", "--progress", "json"];
  const env = svcEnvFor(trial, mode === "serve" ? { SVC_PORT: "0", SVC_MCP_PORT: "0" } : {});
  let finished = false;
  const proc = start(CLI, [...args], {
    env,
    onLine(line) {
      if (line.includes('"event":"summary"') || line.includes('"ingest pass finished"')) finished = true;
    },
  });
  return { ...proc, finished: () => finished };
}

async function newTrial(fixtures, label) {
  const base = await mkdtemp(join(tmpdir(), `svc-kill-${label}-`));
  const trial = {
    base,
    root: join(base, "footage"),
    home: join(base, "home"),
    tmp: join(base, "tmp"),
    asr: fixtures.asr,
    marker: `${MARKER}=${randomUUID()}`,
  };
  await mkdir(trial.root, { recursive: true });
  await mkdir(trial.tmp);
  for (const name of fixtures.files) await copyFile(join(fixtures.dir, name), join(trial.root, name));
  return trial;
}

/** How long an uninterrupted run of `mode` takes until its pass is over. */
async function calibrate(fixtures, mode) {
  const trial = await newTrial(fixtures, `calibrate-${mode}`);
  try {
    const t0 = performance.now();
    const proc = spawnSvc(trial, mode);
    while (!proc.finished() && proc.child.exitCode === null) await sleep(20);
    const ms = performance.now() - t0;
    if (mode === "serve") proc.child.kill("SIGTERM");
    const res = await proc.done;
    if (res.code !== 0)
      throw new BenchError(
        `calibration: svc ${mode} exited ${res.code ?? res.signal}: ${res.stderr().slice(-1500)}`,
      );
    return ms;
  } finally {
    await rm(trial.base, { recursive: true, force: true });
  }
}

async function runTrial(fixtures, mode, delayMs, index) {
  const trial = await newTrial(fixtures, String(index));
  const problems = [];
  const result = { trial: index, mode, delayMs: Math.round(delayMs), running: [], problems };
  try {
    const proc = spawnSvc(trial, mode);
    const t0 = performance.now();
    while (performance.now() - t0 < delayMs && proc.child.exitCode === null) await sleep(5);
    result.running = (await marked(trial.marker))
      .filter((p) => p.pid !== proc.child.pid)
      .map((p) => p.program);
    proc.child.kill("SIGKILL");
    const exit = await proc.done;
    result.killed = exit.signal === "SIGKILL";

    const deadline = performance.now() + ORPHAN_LIMIT_MS;
    let left = await marked(trial.marker);
    while (left.length > 0 && performance.now() < deadline) {
      await sleep(50);
      left = await marked(trial.marker);
    }
    if (left.length > 0)
      problems.push(
        `orphans after ${ORPHAN_LIMIT_MS / 1000} s: ${left.map((p) => `${p.pid} ${p.command}`).join("; ")}`,
      );

    let summary = null;
    const rerun = await start(CLI, ["ingest", "--progress", "json"], {
      env: svcEnvFor(trial),
      timeoutMs: 5 * 60_000,
      onLine(line) {
        if (line.includes('"event":"summary"')) summary = JSON.parse(line);
      },
    }).done;
    if (rerun.code !== 0)
      problems.push(`re-run exited ${rerun.code ?? rerun.signal}: ${rerun.stderr().trim().slice(-600)}`);
    if (summary && !summary.reconciled)
      problems.push(`re-run not reconciled: ${summary.problems.join("; ")}`);
    const after = await marked(trial.marker);
    if (after.length > 0)
      problems.push(`processes left by the re-run: ${after.map((p) => p.command).join("; ")}`);

    const libraryDb = join(trial.root, ".svc", "library.db");
    for (const [name, file] of [
      ["library", libraryDb],
      ["registry", join(trial.home, "registry.db")],
    ]) {
      try {
        const check = integrity(file);
        if (check !== "ok") problems.push(`${name} integrity_check: ${check}`);
      } catch (error) {
        problems.push(`${name} database: ${error.message}`);
      }
    }
    try {
      const db = new Database(libraryDb, { readonly: true, fileMustExist: true });
      try {
        const rows = db.prepare("SELECT rel_path, status FROM media").all();
        const paths = rows.map((r) => r.rel_path).sort();
        if (JSON.stringify(paths) !== JSON.stringify([...fixtures.files].sort()))
          problems.push(`rows ${JSON.stringify(paths)} for files ${JSON.stringify(fixtures.files)}`);
        const notDone = rows.filter((r) => r.status !== "done");
        if (notDone.length > 0)
          problems.push(`not done: ${notDone.map((r) => `${r.rel_path} (${r.status})`).join(", ")}`);
      } finally {
        db.close();
      }
    } catch (error) {
      problems.push(`library rows: ${error.message}`);
    }
    const temps = (await walk(trial.root)).filter((rel) => TEMP_NAME.test(rel));
    if (temps.length > 0) problems.push(`temp files in the project: ${temps.join(", ")}`);
    const tmpLeft = await walk(trial.tmp);
    if (tmpLeft.length > 0) problems.push(`left in TMPDIR: ${tmpLeft.join(", ")}`);
  } finally {
    await rm(trial.base, { recursive: true, force: true });
  }
  return result;
}

export async function killTrials({ trials, seed }) {
  if (process.platform !== "linux") throw new BenchError("kill trials read /proc: Linux only");
  const dir = await mkdtemp(join(tmpdir(), "svc-kill-fixtures-"));
  try {
    const made = await makeFixtures(dir);
    const fixtures = { dir, ...made };
    log(
      `kill trials: ${fixtures.files.length} files (ASR ${fixtures.asr}), ${trials} trials, seed ${seed}, ffmpeg ${FFMPEG}`,
    );
    const span = { ingest: await calibrate(fixtures, "ingest"), serve: await calibrate(fixtures, "serve") };
    log(
      `  an uninterrupted pass takes ${Math.round(span.ingest)} ms (ingest), ${Math.round(span.serve)} ms (serve)`,
    );
    const rand = random(seed);
    const results = [];
    for (let i = 0; i < trials; i++) {
      const mode = i % 2 === 0 ? "ingest" : "serve";
      // Up to 10 % past the pass's end, so a kill also lands after the work is done.
      const delayMs = rand() * span[mode] * 1.1;
      const result = await runTrial(fixtures, mode, delayMs, i + 1);
      results.push(result);
      const verdict = result.problems.length === 0 ? "ok" : `FAIL: ${result.problems.join(" | ")}`;
      log(
        `  #${result.trial} ${mode} killed at ${result.delayMs} ms (children: ${result.running.join(", ") || "none"}) ${verdict}`,
      );
    }
    const failed = results.filter((r) => r.problems.length > 0);
    return {
      trials,
      seed,
      files: fixtures.files.length,
      asr: fixtures.asr,
      passed: trials - failed.length,
      failed,
      results,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      trials: { type: "string", default: "100" },
      seed: { type: "string", default: String(Date.now() % 1_000_000) },
      json: { type: "boolean", default: false },
    },
  });
  const trials = Number(values.trials);
  if (!Number.isInteger(trials) || trials < 1) {
    process.stderr.write("kill-trials: --trials must be a whole number ≥ 1\n");
    process.exit(2);
  }
  try {
    const report = await killTrials({ trials, seed: Number(values.seed) });
    log(`kill trials: ${report.passed}/${report.trials} passed`);
    if (values.json) process.stdout.write(`${JSON.stringify({ ...report, results: undefined })}\n`);
    process.exitCode = report.failed.length === 0 ? 0 : 1;
  } catch (error) {
    process.stderr.write(`kill-trials: ${error.message}\n`);
    process.exitCode = 2;
  }
}
