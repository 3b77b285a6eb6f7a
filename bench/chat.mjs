// Usage: npm run bench -- chat-eval   (intent routing quality against OLLAMA_HOST, or the test server)
//        npm run bench -- chat        (svc's own time per chat turn at 100,000+ scenes)
// Both need a prior `npm run build` when run as node bench/run.mjs <name>.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  freePort,
  importDist,
  libraryDist,
  log,
  printRows,
  seconds,
  serverMeter,
  settle,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";
import {
  addScenes,
  buildIndex,
  clearOfFreshnessRun,
  compileModelHost,
  DIM,
  SERVER_JS,
  startModelHost,
  stopChild,
  storeVectors,
  textSource,
} from "./semantic.mjs";

const PROMPTS = join(import.meta.dirname, "chat-eval", "prompts.json");
const INTENTS = ["compilation", "refinement", "similarity", "analytics", "general"];
const MODEL = "bge-m3";
// Items whose videos get 1–8 scenes each (semantic.mjs addScenes): comfortably over 100,000 scenes.
const ROWS = 36_000;
const MIN_SCENES = 100_000;
export const CONCURRENCY = [1, 16];
const MEASURE_S = 15;
const WARMUP_ROUNDS = 3;
export const OVERHEAD_P99_MS = 30;

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const round = (n) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// chat-eval: the production classifier over the labelled prompts.

async function evalHost() {
  const configured = process.env.OLLAMA_HOST;
  if (configured) return { url: configured, child: null, real: true };
  await compileModelHost();
  const host = await startModelHost();
  return { url: host.url, child: host, real: false };
}

export async function benchChatEval() {
  const { prompts, history } = JSON.parse(await readFile(PROMPTS, "utf8"));
  const { classifyIntent } = await importDist("library/chat/classify.js");
  const { createModelHost } = await importDist("adapters/modelhost.js");
  const host = await evalHost();
  const model = process.env.SVC_INTENT_MODEL || process.env.SVC_CHAT_MODEL || "qwen2.5:14b";
  log(
    host.real
      ? `chat-eval: ${prompts.length} prompts against ${model} on OLLAMA_HOST`
      : `chat-eval: ${prompts.length} prompts against the model-host TEST SERVER (a harness check: its answers are not a model's; set OLLAMA_HOST to measure a real one)`,
  );
  try {
    const modelHost = createModelHost({ host: host.url });
    const matrix = Object.fromEntries(
      INTENTS.map((i) => [i, Object.fromEntries(INTENTS.map((j) => [j, 0]))]),
    );
    const times = [];
    let fallbacks = 0;
    let tokens = 0;
    const wrong = [];
    for (const item of prompts) {
      const t0 = performance.now();
      const result = await classifyIntent(
        { modelHost, model },
        {
          prompt: item.prompt,
          history: item.previous ? history : [],
          hasPreviousList: item.previous === true,
          libraryHasScenes: true,
        },
      );
      times.push(performance.now() - t0);
      matrix[item.intent][result.intent] += 1;
      tokens += result.tokens;
      if (result.fallback) fallbacks += 1;
      if (result.intent !== item.intent && wrong.length < 10)
        wrong.push(
          `"${item.prompt}": expected ${item.intent}, got ${result.intent}${result.fallback ? ` (${result.fallback})` : ""}`,
        );
    }
    const perIntent = INTENTS.map((intent) => {
      const total = Object.values(matrix[intent]).reduce((a, b) => a + b, 0);
      return {
        intent,
        total,
        correct: matrix[intent][intent],
        accuracy: total ? matrix[intent][intent] / total : 0,
      };
    });
    const correct = perIntent.reduce((a, p) => a + p.correct, 0);
    times.sort((a, b) => a - b);
    const figures = {
      model,
      testServer: !host.real,
      prompts: prompts.length,
      accuracy: correct / prompts.length,
      perIntent,
      matrix,
      fallbacks,
      tokens,
      meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
      p95Ms: round(percentile(times, 95)),
      wrong,
    };
    printEval(figures);
    return figures;
  } finally {
    if (host.child) await stopChild(host.child);
  }
}

function printEval(f) {
  const pct = (x) => `${Math.round(x * 1000) / 10}%`;
  printRows(
    ["intent", "prompts", "correct", "accuracy"],
    [
      ...f.perIntent.map((p) => [p.intent, String(p.total), String(p.correct), pct(p.accuracy)]),
      ["all", String(f.prompts), String(Math.round(f.accuracy * f.prompts)), pct(f.accuracy)],
    ],
  );
  log("\nconfusion matrix (rows: labelled intent, columns: classifier's answer)");
  printRows(
    ["", ...INTENTS],
    INTENTS.map((row) => [row, ...INTENTS.map((col) => String(f.matrix[row][col]))]),
  );
  log(
    `\n${f.fallbacks} fallbacks (unknown, malformed or unsure answers); ${f.tokens} tokens; classification mean ${f.meanMs} ms, p95 ${f.p95Ms} ms`,
  );
  for (const line of f.wrong) log(`  ${line}`);
}

/** Rows for run.mjs's table (measure, value, CPU-s, load avg, other load, target, result). */
export function chatEvalRows(f) {
  const pct = (x) => `${Math.round(x * 1000) / 10}%`;
  const where = f.testServer ? "test server (harness check)" : f.model;
  return [
    ...f.perIntent.map((p) => [
      `chat-eval, ${where}: ${p.intent}`,
      `${p.correct}/${p.total} (${pct(p.accuracy)})`,
      "",
      "",
      "",
      "(info)",
      "",
    ]),
    [
      `chat-eval, ${where}: all ${f.prompts} prompts`,
      `${pct(f.accuracy)}, ${f.fallbacks} fallbacks, p95 ${f.p95Ms} ms`,
      "",
      "",
      "",
      "(info)",
      "",
    ],
  ];
}

export function chatRows(f) {
  return f.runs.map((m) => [
    `chat: turn overhead (total − model), ${m.connections} conversation(s), ${f.scenes.toLocaleString("en")} scenes`,
    `p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, max ${m.maxMs} ms (${m.turns} turns, ${m.turnsPerSec}/s, ${m.errors} errors)`,
    String(m.cpuS),
    m.loadAvg.toFixed(2),
    `${Math.round(m.otherLoad * 100)}%`,
    `p99 ≤ ${f.targetP99Ms} ms`,
    m.pass ? "PASS" : "FAIL",
  ]);
}

// ---------------------------------------------------------------------------------------------
// chat: server-side overhead per turn (Server-Timing total − model) at 100,000+ scenes.

/**
 * Child-process mode: the test server with a keyword router for the classifier, so each turn of a
 * conversation takes the handler it names; answers cite the first scene.
 */
async function serveRoutedModelHost() {
  const { startFakeModelHost } = await import(pathToFileURL(SERVER_JS).href);
  const host = await startFakeModelHost({ dim: DIM });
  const route = (prompt) => {
    const base = {
      confidence: 0.9,
      search_text: "",
      filters: {},
      reference: {},
      metric: "hours",
      group_by: "none",
    };
    if (prompt.startsWith("find ")) return { ...base, intent: "compilation", search_text: prompt.slice(5) };
    if (prompt.startsWith("only ")) return { ...base, intent: "refinement", filters: { camera: "A" } };
    if (prompt.startsWith("more like")) return { ...base, intent: "similarity", reference: { position: 1 } };
    if (prompt.startsWith("how many")) return { ...base, intent: "analytics", group_by: "month" };
    return { ...base, intent: "general" };
  };
  host.setChatScript((request) => {
    const prompt = request.messages.at(-1)?.content ?? "";
    if (request.format) return JSON.stringify(route(prompt));
    return "The closest match is [1], then [2].";
  });
  process.stdout.write(`modelhost listening ${host.url}\n`);
  process.once("SIGTERM", () => host.close().then(() => process.exit(0)));
}

/** One conversation's turns, in order: each handler that reads the library, then plain chat. */
function conversationScript(words) {
  return [
    `find ${words(2, 3)}`,
    "only camera A",
    "more like the first one",
    "how many hours per month",
    "thanks",
  ];
}

async function turn(base, body) {
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new BenchError(`POST /api/chat: ${res.status} ${text.slice(0, 300)}`);
  const timing = /model;dur=([\d.]+), total;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
  if (!timing) throw new BenchError("POST /api/chat: no Server-Timing header");
  const answer = JSON.parse(text);
  return { answer, modelMs: Number(timing[1]), totalMs: Number(timing[2]) };
}

/** `connections` conversations at once, each running its script over and over for MEASURE_S. */
async function measure(base, pid, connections, words) {
  const samples = [];
  const byIntent = new Map();
  const scenes = new Map();
  let errors = 0;
  const until = performance.now() + MEASURE_S * 1000;
  const meter = serverMeter(pid);
  const conversation = async () => {
    while (performance.now() < until) {
      let id;
      for (const prompt of conversationScript(words)) {
        try {
          const result = await turn(base, { prompt, ...(id ? { conversation_id: id } : {}) });
          id = result.answer.conversation_id;
          const overhead = result.totalMs - result.modelMs;
          samples.push(overhead);
          const intent = result.answer.intent;
          (byIntent.get(intent) ?? byIntent.set(intent, []).get(intent)).push(overhead);
          scenes.set(intent, (scenes.get(intent) ?? 0) + result.answer.scene_ids.length);
        } catch (error) {
          errors += 1;
          if (errors > 20) throw error;
        }
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, conversation));
  const wallS = (performance.now() - t0) / 1000;
  const server = meter();
  samples.sort((a, b) => a - b);
  const intents = Object.fromEntries(
    [...byIntent].map(([intent, list]) => {
      list.sort((a, b) => a - b);
      return [
        intent,
        {
          turns: list.length,
          p50Ms: round(percentile(list, 50)),
          p99Ms: round(percentile(list, 99)),
          scenes: round((scenes.get(intent) ?? 0) / list.length),
        },
      ];
    }),
  );
  const figures = {
    connections,
    turns: samples.length,
    turnsPerSec: round(samples.length / wallS),
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    maxMs: round(samples.at(-1) ?? 0),
    errors,
    intents,
    cpuS: server.cpuS,
    otherLoad: server.otherLoad,
    loadAvg: server.loadAvg,
  };
  figures.pass = errors === 0 && figures.p99Ms <= OVERHEAD_P99_MS;
  log(
    `  ${connections} conversation${connections === 1 ? "" : "s"}: ${figures.turns} turns (${figures.turnsPerSec}/s), overhead p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms, ${errors} errors`,
  );
  for (const [intent, m] of Object.entries(intents))
    log(
      `    ${intent}: ${m.turns} turns, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ${m.scenes} scenes per answer`,
    );
  return figures;
}

/**
 * A library of ROWS items with 100,000+ described scenes and every text embedded (the test
 * server's vectors) and indexed, as the chat and MCP benches search it.
 */
export async function sceneLibrary(label, root, dist, fakeEmbedding) {
  log(`${label}: generating a ${ROWS}-item library with scenes`);
  const library = await buildLibrary(root, dist, { rows: ROWS });
  const words = textSource();
  const sceneCount = addScenes(root, dist, words);
  if (sceneCount < MIN_SCENES)
    throw new BenchError(`${label}: only ${sceneCount} scenes, wanted ${MIN_SCENES}`);
  const stored = await storeVectors(root, dist, fakeEmbedding, { scenes: true });
  log(
    `  ${library.rows} items, ${sceneCount} scenes; ${stored.vectors} vectors stored in ${seconds(stored.ms)}`,
  );
  const index = await buildIndex(root, dist, stored.vectors);
  log(`  USearch index: ${index.vectors} vectors in ${seconds(index.ms)}`);
  return { library, sceneCount, stored, words };
}

export async function benchChat() {
  await compileModelHost();
  const host = await startModelHost(import.meta.filename);
  const dist = await libraryDist();
  const { fakeEmbedding } = await import(pathToFileURL(SERVER_JS).href);
  const root = await tempDir("chat");
  const home = await tempDir("chat-home");
  try {
    const { sceneCount, stored, words } = await sceneLibrary("chat", root, dist, fakeEmbedding);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const daemon = startDaemon({
      root,
      home,
      port,
      logLevel: "warn",
      env: { OLLAMA_HOST: host.url, SVC_EMBED_MODEL: MODEL },
    });
    const figures = { rows: ROWS, scenes: sceneCount, vectors: stored.vectors, runs: [] };
    try {
      await waitForHttp(base, daemon, 60_000);
      await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 15 * 60_000);
      await settle(daemon.child.pid, 10 * 60_000);
      // Side by side, so every search thread has loaded the index before anything is measured
      // (each loads it on its first query: seconds at this size).
      for (let i = 0; i < WARMUP_ROUNDS; i += 1)
        await Promise.all(
          Array.from({ length: Math.max(...CONCURRENCY) }, () =>
            turn(base, { prompt: `find ${words(2, 3)}` }),
          ),
        );
      await clearOfFreshnessRun(daemon.child.pid, (MEASURE_S * CONCURRENCY.length + 30) * 1000);
      log("chat: measuring svc's own time per turn (Server-Timing total − model)");
      for (const connections of CONCURRENCY)
        figures.runs.push(await measure(base, daemon.child.pid, connections, words));
      await stopDaemon(daemon);
    } finally {
      if (daemon.child.exitCode === null && daemon.child.signalCode === null) daemon.child.kill("SIGKILL");
    }
    figures.targetP99Ms = OVERHEAD_P99_MS;
    return figures;
  } finally {
    await stopChild(host);
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv[2] === "--modelhost")
  await serveRoutedModelHost();
