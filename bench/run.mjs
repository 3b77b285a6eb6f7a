// Usage: npm run bench            (builds, then runs every benchmark)
//        node bench/run.mjs idle  (one of: ingest, ingest-pattern, idle, api, lists, semantic, vectors, stalls, bounded, arrivals,
//        chat-eval, chat, mcp, export, editor-proxy, proxy, offload, web, search-all, recorrect,
//        sequence-scan, camera-ingest, seat-forward, edit-house, sync, catch-up, scale;
//        needs a prior `npm run build`; `scale` runs only when named: its first run builds a
//        500,000-item library with a million vectors, tens of minutes, cached in bench/.corpus/scale/)
// Exits 0 when every run completed, even if a target is missed; non-zero when a run broke.
// Each run's figures go to bench/results/<finish time>.json; `npm run bench:compare -- a.json b.json`
// sets two of them side by side.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { benchApi } from "./api.mjs";
import { arrivalRows, benchArrivals, benchBounded, boundedRows } from "./bounded.mjs";
import { benchCameraIngest, cameraIngestRows } from "./camera-corpus.mjs";
import { benchCatchUp, catchUpRows } from "./catch-up.mjs";
import { benchChat, benchChatEval, chatEvalRows, chatRows } from "./chat.mjs";
import { CORPUS_DIR, ensureCorpus } from "./corpus.mjs";
import { benchEditHouse, editHouseRows } from "./edit-house.mjs";
import { benchEditorProxy, editorProxyRows } from "./editor-proxy.mjs";
import { benchExport, exportRows } from "./export.mjs";
import { benchIdleMemory, PRE_INGEST_SLOW_MS } from "./idle-memory.mjs";
import { benchIngest, benchPatternIngest } from "./ingest.mjs";
import { CLI, cleanTemp, cpuMeter, FFMPEG, log, printRows, REPO, seconds } from "./lib.mjs";
import { benchLists, listsRows } from "./lists.mjs";
import { benchMcp, mcpRows } from "./mcp.mjs";
import { benchOffload, offloadRows } from "./offload.mjs";
import { benchProxy, proxyRows } from "./playback-proxy.mjs";
import { benchRecorrect, recorrectRows } from "./recorrect.mjs";
import { benchScale, scaleRows } from "./scale.mjs";
import { benchSearchAll, searchAllRows } from "./search-all.mjs";
import { benchSeatForward, seatForwardRows } from "./seat-forward.mjs";
import { benchSemantic } from "./semantic.mjs";
import { benchSequenceScan, sequenceScanRows } from "./sequence-scan.mjs";
import { benchStalls, stallRows } from "./stalls.mjs";
import { benchSync, syncRows } from "./sync.mjs";
import { benchVectors, vectorRows } from "./vectors.mjs";
import { benchWeb, webRows } from "./web.mjs";

// The vector benchmark ignores the media corpus; it builds 100k and 1M-vector indexes (~15 min).
const BENCHES = {
  ingest: benchIngest,
  "ingest-pattern": () => benchPatternIngest(),
  idle: benchIdleMemory,
  api: benchApi,
  lists: () => benchLists(),
  semantic: benchSemantic,
  vectors: () => benchVectors(),
  stalls: () => benchStalls(),
  bounded: benchBounded,
  arrivals: benchArrivals,
  "chat-eval": () => benchChatEval(),
  chat: () => benchChat(),
  mcp: () => benchMcp(),
  export: () => benchExport(),
  "editor-proxy": () => benchEditorProxy(),
  proxy: () => benchProxy(),
  offload: () => benchOffload(),
  web: () => benchWeb(),
  "search-all": () => benchSearchAll(),
  recorrect: () => benchRecorrect(),
  "sequence-scan": () => benchSequenceScan(),
  "camera-ingest": () => benchCameraIngest(),
  "seat-forward": () => benchSeatForward(),
  "edit-house": () => benchEditHouse(),
  sync: () => benchSync(),
  scale: () => benchScale(),
  "catch-up": () => benchCatchUp(),
};
// Run only when named: `ingest-pattern` is a part of `ingest`; `scale` builds a library of tens of minutes.
const ONLY_NAMED = new Set(["ingest-pattern", "scale"]);
// The API and semantic benches generate their own libraries: running them alone needs no media corpus.
const USES_CORPUS = new Set(["ingest", "idle"]);

function ffmpegVersion() {
  try {
    return execFileSync(FFMPEG, ["-version"], { encoding: "utf8" })
      .split("\n")[0]
      .replace(/\s+Copyright.*/, "");
  } catch {
    return "unknown";
  }
}

const verdict = (pass) => (pass ? "PASS" : "FAIL");

const pct = (share) => (share === undefined ? "" : `${Math.round(share * 100)}%`);
const load = (loadAvg) => (loadAvg === undefined ? "" : loadAvg.toFixed(2));
const row = (measure, value, { cpuS, otherLoad, loadAvg } = {}, target = "", result = "") => [
  measure,
  value,
  cpuS === undefined ? "" : cpuS.toFixed(1),
  load(loadAvg),
  pct(otherLoad),
  target,
  result,
];

const OTHER = 4;
/**
 * Rows of one benchmark with the machine's state beside each figure: the 1-minute load average
 * when it was taken, and the share of the CPU other processes took meanwhile. A figure measured
 * without a meter of its own gets the whole benchmark's (marked ~). Rows of six cells (measure,
 * value, CPU-s, other load, target, result) have no load average of their own.
 */
function withConditions(list, conditions) {
  return list.map((cells) => {
    const [measure, value, cpuS, loadAvg, other, target, result] =
      cells.length === 6 ? [...cells.slice(0, 3), "", ...cells.slice(3)] : cells;
    return [
      measure,
      value,
      cpuS,
      loadAvg !== "" ? loadAvg : conditions ? `~${load(conditions.loadAvg)}` : "",
      other !== "" ? other : conditions ? `~${pct(conditions.otherLoad)}` : "",
      target,
      result,
    ];
  });
}

function rows(results, errors, conditions) {
  const out = [];
  const marks = [];
  const section = (name) => marks.push({ name, start: out.length });
  const ingest = results.ingest ?? results["ingest-pattern"];
  section("ingest");
  if (ingest) {
    out.push(
      row(
        `svc ingest of an empty folder (start-up and exit), median of ${ingest.startup.runs}`,
        `${ingest.startup.medianMs} ms (min ${ingest.startup.minMs} ms, ${ingest.startup.cpuMsPerRun} ms CPU per run)`,
        { otherLoad: ingest.startup.otherLoad, loadAvg: ingest.startup.loadAvg },
        `≤ ${ingest.startup.targetMs} ms`,
        verdict(ingest.startup.pass),
      ),
    );
    for (const c of ingest.cases)
      out.push(
        row(
          `${c.label}: floor (plain decodes, ${ingest.concurrency} at a time)`,
          seconds(c.floor.wallMs),
          c.floor,
        ),
        row(`${c.label}: svc ingest (whole CLI process)`, seconds(c.svc.wallMs), c.svc),
        row(
          `${c.label}: svc / floor, wall`,
          c.ratio.toFixed(2),
          {},
          `≤ ${c.ratioTarget}`,
          verdict(c.ratioPass),
        ),
        row(
          `${c.label}: svc / floor, CPU-seconds`,
          c.cpuRatio.toFixed(2),
          {},
          `≤ ${c.cpuRatioTarget}`,
          verdict(c.cpuRatioPass),
        ),
      );
    if (ingest.full)
      out.push(
        row(
          `svc ingest, whole corpus (${ingest.full.files} files)`,
          seconds(ingest.full.wallMs),
          ingest.full,
        ),
        row("whole corpus throughput", `${ingest.full.filesPerSec.toFixed(2)} files/s`),
      );
  }
  const idle = results.idle;
  section("idle");
  if (idle) {
    out.push(
      row(
        `pre-ingest ${idle.files} tiny stills (svc ingest)`,
        `${seconds(idle.preIngest.wallMs)} (${idle.preIngest.filesPerSec} files/s)`,
        idle.preIngest,
        `≤ ${seconds(PRE_INGEST_SLOW_MS)} (info)`,
        idle.preIngest.slow ? "SLOW" : "ok",
      ),
      row("serve: start to catch-up pass finished", seconds(idle.catchUpMs)),
      row("serve: VmRSS right after catch-up", `${idle.rssAfterCatchUpMb.toFixed(1)} MB`),
      row(
        `serve: idle VmRSS, max of ${idle.rssSamplesMb.length} samples`,
        `${idle.maxRssMb.toFixed(1)} MB`,
        {},
        `≤ ${idle.rssTargetMb} MB`,
        verdict(idle.rssPass),
      ),
      row("serve: exit code on SIGTERM", String(idle.exitCode), {}, "0", verdict(idle.exitCode === 0)),
      ...idle.afterClips.flatMap((clips) => [
        row(
          `serve: peak VmRSS while ingesting ${clips.clips} clips, ${clips.label} (README start, no MALLOC_ARENA_MAX)`,
          `${clips.passPeakRssMb.toFixed(1)} MB (pass ${seconds(clips.passMs)})`,
          {},
          "(info)",
        ),
        row(
          `serve: idle VmRSS after ${clips.clips} clips, ${clips.label}, max of ${clips.rssSamplesMb.length} samples`,
          `${clips.maxRssMb.toFixed(1)} MB`,
          {},
          `≤ ${clips.rssTargetMb} MB`,
          verdict(clips.rssPass),
        ),
      ]),
    );
  }
  const api = results.api;
  section("api");
  if (api) {
    const meter = (m) => ({ cpuS: m.cpuS, otherLoad: m.otherLoad, loadAvg: m.loadAvg });
    const latency = (m) => `${m.rps} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms`;
    out.push(
      row(
        `api: bare h3, ${api.listBytes}-byte JSON, ${api.connections} conns`,
        latency(api.bare),
        meter(api.bare),
      ),
      row(
        `api: GET /api/media?limit=50, ${api.rows} rows (log warn)`,
        latency(api.list),
        meter(api.list),
        `p99 ≤ ${api.targets.listP99Ms} ms`,
        verdict(api.list.p99Ms <= api.targets.listP99Ms),
      ),
      row(
        "api: list req/s / bare req/s",
        api.list.ratio.toFixed(2),
        {},
        `≥ ${api.targets.ratio}`,
        verdict(api.list.ratio >= api.targets.ratio),
      ),
      row(
        "api: GET /api/media/facets/shoot-date (log warn)",
        latency(api.facets),
        meter(api.facets),
        `p99 ≤ ${api.targets.facetsP99Ms} ms`,
        verdict(api.facets.pass),
      ),
      row(
        "api: GET /api/media?limit=50 (log info, default)",
        `${latency(api.listInfo)}, ratio ${api.listInfo.ratio.toFixed(2)}`,
        meter(api.listInfo),
        "(info)",
      ),
    );
  }
  section("lists");
  if (results.lists) out.push(...listsRows(results.lists));
  section("vectors");
  if (results.vectors) out.push(...vectorRows(results.vectors));
  section("stalls");
  if (results.stalls) out.push(...stallRows(results.stalls));
  const semantic = results.semantic;
  section("semantic");
  if (semantic) {
    const latency = (m) => `${m.rps} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms`;
    const served = (m) =>
      `${latency(m)}; ${m.cpuMsPerRequest} ms daemon CPU per request` +
      (m.embeddedTexts === undefined
        ? ""
        : `, ${Math.max(0, m.requests - m.embeddedTexts)} cached embeddings`);
    const rate = (m) => `${m.textsPerSec} texts/s (${m.texts} texts, ${m.requests} requests)`;
    const { builder, adapter } = semantic.embed;
    for (const sc of semantic.scenarios)
      out.push(
        row(
          `semantic (${sc.label}): USearch build from SQLite, ${sc.index.vectors} × ${sc.dim}-dim`,
          `${seconds(sc.index.ms)}, ${sc.index.perSec} vectors/s, file ${sc.index.fileMb} MB`,
        ),
        row(`semantic (${sc.label}): first query (daemon loads the index)`, `${sc.firstQueryMs} ms`),
        row(
          `semantic (${sc.label}): queried item ranked first, ${sc.queries} queries`,
          `${Math.round(sc.check.top1 * 1000) / 10}%`,
          {},
          `≥ ${semantic.targets.top1 * 100}%`,
          verdict(sc.check.pass),
        ),
        ...sc.api.map((m) =>
          row(
            `semantic (${sc.label}): GET /api/media?q=, ${sc.rows} rows, ${m.connections} conn, ${sc.distinctQueries} distinct queries`,
            served(m),
            m,
            `p99 ≤ ${semantic.targets.apiP99Ms[m.connections]} ms`,
            verdict(m.pass),
          ),
        ),
        row(
          `semantic (${sc.label}): storm of ${sc.storm.connections} conn`,
          `${sc.storm.ok} answered, ${sc.storm.busy} × 503 (${sc.storm.retryAfter} with Retry-After), ${sc.storm.errors + sc.storm.timeouts + sc.storm.other} errors`,
          sc.storm,
          "only 200 or 503 + Retry-After",
          verdict(sc.storm.pass),
        ),
        row(
          `semantic (${sc.label}): query embedding alone (test server), 1 conn`,
          latency(sc.embedCall),
          sc.embedCall,
        ),
      );
    out.push(
      row(
        `semantic: svc embed builder, ${builder.batched.items} items, batched`,
        rate(builder.batched),
        builder.batched,
      ),
      row("semantic: svc embed builder, batchSize 1", rate(builder.single), builder.single),
      row("semantic: embed adapter alone, batches of 32", rate(adapter.batched), adapter.batched),
      row("semantic: embed adapter alone, batchSize 1", rate(adapter.single), adapter.single),
    );
  }
  section("bounded");
  if (results.bounded) out.push(...boundedRows(results.bounded));
  section("arrivals");
  if (results.arrivals) out.push(...arrivalRows(results.arrivals));
  section("chat-eval");
  if (results["chat-eval"]) out.push(...chatEvalRows(results["chat-eval"]));
  section("chat");
  if (results.chat) out.push(...chatRows(results.chat));
  section("mcp");
  if (results.mcp) out.push(...mcpRows(results.mcp));
  section("export");
  if (results.export) out.push(...exportRows(results.export));
  section("editor-proxy");
  if (results["editor-proxy"]) out.push(...editorProxyRows(results["editor-proxy"]));
  section("proxy");
  if (results.proxy) out.push(...proxyRows(results.proxy));
  section("offload");
  if (results.offload) out.push(...offloadRows(results.offload));
  section("web");
  if (results.web) out.push(...webRows(results.web));
  section("search-all");
  if (results["search-all"]) out.push(...searchAllRows(results["search-all"]));
  section("recorrect");
  if (results.recorrect) out.push(...recorrectRows(results.recorrect));
  section("sequence-scan");
  if (results["sequence-scan"]) out.push(...sequenceScanRows(results["sequence-scan"]));
  section("camera-ingest");
  if (results["camera-ingest"]) out.push(...cameraIngestRows(results["camera-ingest"]));
  section("seat-forward");
  if (results["seat-forward"]) out.push(...seatForwardRows(results["seat-forward"]));
  section("edit-house");
  if (results["edit-house"]) out.push(...editHouseRows(results["edit-house"]));
  section("sync");
  if (results.sync) out.push(...syncRows(results.sync));
  section("scale");
  if (results.scale) out.push(...scaleRows(results.scale));
  section("catch-up");
  if (results["catch-up"]) out.push(...catchUpRows(results["catch-up"]));
  section("errors");
  for (const [name, message] of Object.entries(errors))
    out.push(row(`${name} benchmark`, "BROKE", {}, "", `ERROR: ${message.split("\n")[0]}`));
  return marks.flatMap(({ name, start }, i) =>
    withConditions(out.slice(start, marks[i + 1]?.start ?? out.length), conditions[name]),
  );
}

// Beyond this share of the machine taken by other processes, wall times are not comparable.
const BUSY = 0.1;

export const HEADER = ["measure", "value", "CPU-s", "load avg", "other load", "target", "result"];

function printTable(table) {
  printRows(HEADER, table);
  const busy = table.some(
    (r) => r[OTHER] !== "" && Number.parseInt(r[OTHER].replace("~", ""), 10) / 100 > BUSY,
  );
  log("\nMB = MiB. CPU-s: CPU seconds of the measured processes and their children.");
  log(`load avg: the machine's 1-minute load average when the figure was taken (${cpus().length} cores).`);
  log("other load: share of the machine's CPU used by processes outside the bench meanwhile.");
  log("~: the whole benchmark's value, for a figure measured without a meter of its own.");
  if (busy)
    log(
      `WARNING: other processes used over ${BUSY * 100}% of the machine during a timed run; wall times are inflated.`,
    );
}

async function main() {
  const started = performance.now();
  const chosen = process.argv.slice(2);
  const unknown = chosen.filter((name) => !BENCHES[name]);
  if (unknown.length) {
    log(`unknown benchmark ${unknown.join(", ")}; choose from ${Object.keys(BENCHES).join(", ")}`);
    return 2;
  }
  if (!existsSync(CLI)) {
    log(`${CLI} is missing: run npm run build first (npm run bench does)`);
    return 2;
  }
  await mkdir(CORPUS_DIR, { recursive: true });
  const machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    ffmpeg: ffmpegVersion(),
  };
  log(`svc bench — ${machine.cores} cores, ${machine.cpu}, node ${machine.node}, ${machine.ffmpeg}`);

  const results = {};
  const errors = {};
  const conditions = {};
  const names = chosen.length ? chosen : Object.keys(BENCHES).filter((name) => !ONLY_NAMED.has(name));
  let corpus = null;
  if (names.some((name) => USES_CORPUS.has(name))) {
    try {
      corpus = await ensureCorpus();
      log(`corpus ready in ${seconds(corpus.elapsedMs)}`);
    } catch (error) {
      errors.corpus = error.message;
    }
  }
  for (const name of names) {
    if (USES_CORPUS.has(name) && !corpus) continue;
    const meter = cpuMeter();
    try {
      results[name] = await BENCHES[name](corpus);
    } catch (error) {
      errors[name] = error.stack && error.name !== "BenchError" ? error.stack : error.message;
      log(`${name}: BROKE\n${errors[name]}`);
    }
    conditions[name] = meter();
    await cleanTemp();
  }
  const totalMs = performance.now() - started;
  const table = rows(results, errors, conditions);
  printTable(table);
  log(
    `\ntotal bench wall time: ${seconds(totalMs)}${corpus?.generated ? " (corpus generated this run)" : ""}`,
  );

  const finishedAt = new Date().toISOString();
  const report = {
    finishedAt,
    machine,
    conditions,
    table: table.map((cells) => Object.fromEntries(HEADER.map((name, i) => [name, cells[i]]))),
    corpus: corpus && { generatedFiles: corpus.generated, elapsedMs: Math.round(corpus.elapsedMs) },
    ...results,
    errors,
    totalMs: Math.round(totalMs),
  };
  const dir = join(REPO, "bench", "results");
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${finishedAt.slice(0, 19).replaceAll(":", "-")}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  log(`results written to ${file}`);
  return Object.keys(errors).length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`bench: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
