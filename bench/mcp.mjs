// Usage: npm run bench -- mcp   (or node bench/run.mjs mcp after `npm run build`)
// MCP tools over Streamable HTTP against a real `svc serve` at 100,000+ scenes: `search_media`
// (varied queries, so the query-embedding cache does not answer) and `get_transcript` of a
// 6,000-word take with include_words (capped at 5,000), at 1 and 8 concurrent clients, each
// client its own session. Latency is measured at the client, per call.

import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { sceneLibrary } from "./chat.mjs";
import {
  BenchError,
  catchUpThroughSlot,
  freePort,
  libraryDist,
  log,
  serverMeter,
  settle,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";
import { clearOfFreshnessRun, compileModelHost, SERVER_JS, startModelHost, stopChild } from "./semantic.mjs";

export const CLIENTS = [1, 8];
const MEASURE_S = 10;
const WARMUP_CALLS = 20;
const TRANSCRIPT_WORDS = 6_000;
export const MCP_P99_MS = 50;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n) => Math.round(n * 10) / 10;

/** One long take: a transcript of TRANSCRIPT_WORDS timed words on the first video item. */
function addLongTake(root, dist) {
  const store = dist.openLibrary(root);
  try {
    const { id } = store.db.prepare("SELECT id FROM media WHERE kind = 'video' ORDER BY id LIMIT 1").get();
    const words = Array.from({ length: TRANSCRIPT_WORDS }, (_, i) => ({
      word: `word${i}`,
      start: round(i * 0.4),
      end: round(i * 0.4 + 0.3),
      score: 0.9,
    }));
    const segments = [];
    for (let i = 0; i < words.length; i += 12) {
      const slice = words.slice(i, i + 12);
      segments.push({
        start: slice[0].start,
        end: slice.at(-1).end,
        text: slice.map((w) => w.word).join(" "),
      });
    }
    store.db
      .prepare(
        "UPDATE media SET transcript = ?, segments_json = ?, words_json = ?, duration_s = ? WHERE id = ?",
      )
      .run(words.map((w) => w.word).join(" "), JSON.stringify(segments), JSON.stringify(words), 2400, id);
    return id;
  } finally {
    store.close();
  }
}

async function connect(url) {
  const client = new Client({ name: "svc-bench", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** Calls `tool` in a loop on every client for MEASURE_S seconds; per-call latency at the client. */
async function measure(clients, pid, tool, argsFor) {
  const meter = serverMeter(pid);
  const times = [];
  let errors = 0;
  const until = performance.now() + MEASURE_S * 1000;
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const start = performance.now();
        const result = await client.callTool({ name: tool, arguments: argsFor(c, i) });
        times.push(performance.now() - start);
        if (result.isError) errors += 1;
      }
    }),
  );
  const wallS = (performance.now() - t0) / 1000;
  const server = meter();
  times.sort((a, b) => a - b);
  return {
    tool,
    clients: clients.length,
    calls: times.length,
    callsPerSec: round(times.length / wallS),
    p50Ms: round(percentile(times, 50)),
    p99Ms: round(percentile(times, 99)),
    errors,
    cpuS: server.cpuS,
    otherLoad: server.otherLoad,
    loadAvg: server.loadAvg,
  };
}

export async function benchMcp() {
  await compileModelHost();
  const host = await startModelHost();
  const dist = await libraryDist();
  const { fakeEmbedding } = await import(pathToFileURL(SERVER_JS).href);
  const root = await tempDir("mcp");
  const home = await tempDir("mcp-home");
  try {
    const { sceneCount, stored, words } = await sceneLibrary("mcp", root, dist, fakeEmbedding);
    const longTake = addLongTake(root, dist);
    const port = await freePort();
    const mcpPort = await freePort();
    const daemon = startDaemon({
      root,
      home,
      port,
      logLevel: "warn",
      env: { OLLAMA_HOST: host.url, SVC_EMBED_MODEL: "bge-m3", SVC_MCP_PORT: String(mcpPort) },
    });
    const figures = { scenes: sceneCount, vectors: stored.vectors, runs: [], targetP99Ms: MCP_P99_MS };
    const clients = [];
    try {
      await waitForHttp(`http://127.0.0.1:${port}`, daemon, 60_000);
      await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 15 * 60_000);
      await settle(daemon.child.pid, 10 * 60_000);
      const url = `http://127.0.0.1:${mcpPort}/mcp`;
      for (let i = 0; i < Math.max(...CLIENTS); i++) clients.push(await connect(url));
      const check = await clients[0].callTool({
        name: "get_transcript",
        arguments: { media_id: longTake, include_words: true },
      });
      if (check.structuredContent?.words?.length !== 5000 || !check.structuredContent.words_truncated)
        throw new BenchError("get_transcript did not cap the long take's words at 5,000");
      // Every search thread loads the index on its first query: load them all before measuring.
      await Promise.all(
        clients.flatMap((client) =>
          Array.from({ length: WARMUP_CALLS }, () =>
            client.callTool({ name: "search_media", arguments: { query: words(2, 4) } }),
          ),
        ),
      );
      const first = await clients[0].callTool({ name: "search_media", arguments: { query: words(2, 4) } });
      if (first.structuredContent?.search_mode !== "semantic")
        throw new BenchError(
          `search_media answered in ${first.structuredContent?.search_mode} mode, not semantic`,
        );
      await clearOfFreshnessRun(daemon.child.pid, (MEASURE_S * 4 + 30) * 1000);
      log("mcp: measuring tools/call over Streamable HTTP");
      for (const n of CLIENTS) {
        const some = clients.slice(0, n);
        figures.runs.push(
          await measure(some, daemon.child.pid, "search_media", () => ({ query: words(2, 4) })),
        );
        figures.runs.push(
          await measure(some, daemon.child.pid, "get_transcript", () => ({
            media_id: longTake,
            include_words: true,
          })),
        );
      }
      for (const run of figures.runs) {
        run.pass = run.errors === 0 && run.p99Ms <= MCP_P99_MS;
        log(
          `  ${run.tool}, ${run.clients} client(s): ${run.callsPerSec} calls/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms`,
        );
      }
    } finally {
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
      await stopDaemon(daemon);
    }
    return figures;
  } finally {
    await stopChild(host);
  }
}

export function mcpRows(f) {
  return f.runs.map((m) => [
    `mcp: ${m.tool}${m.tool === "get_transcript" ? " (5,000 words)" : ""}, ${m.clients} client(s), ${f.scenes.toLocaleString("en")} scenes`,
    `${m.callsPerSec} calls/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms (${m.calls} calls, ${m.errors} errors)`,
    String(m.cpuS),
    m.loadAvg.toFixed(2),
    `${Math.round(m.otherLoad * 100)}%`,
    `p99 ≤ ${f.targetP99Ms} ms`,
    m.pass ? "PASS" : "FAIL",
  ]);
}
