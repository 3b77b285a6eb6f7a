// Usage: node --expose-gc bench/run.mjs api   (or node bench/api.mjs; both need a prior `npm run build`)
// The read API under load: `GET /api/media?limit=50` and the shoot-date facets of a 100,000-item
// library, served by the real daemon, beside a bare h3 handler answering with a body of the same
// size, with autocannon at 32 connections.
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  cleanTemp,
  freePort,
  libraryDist,
  log,
  printRows,
  seconds,
  serverMeter,
  settle,
  start,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";

export const ROWS = 100_000;
export const CONNECTIONS = 32;
export const WARMUP_S = 2;
export const MEASURE_S = 10;
export const RATIO_TARGET = 0.5;
export const LIST_P99_MS = 50;
export const FACETS_P99_MS = 20;
const LIST_PATH = "/api/media?limit=50";
const FACETS_PATH = "/api/media/facets/shoot-date";

/** The answers the load will ask for, checked once so a broken daemon cannot pass as a fast one. */
async function checkAnswers(base) {
  const list = await fetch(`${base}${LIST_PATH}`, { signal: AbortSignal.timeout(10_000) });
  const listText = await list.text();
  if (list.status !== 200) throw new BenchError(`GET ${LIST_PATH}: ${list.status} ${listText.slice(0, 300)}`);
  const page = JSON.parse(listText);
  if (page.total !== ROWS || page.items.length !== 50)
    throw new BenchError(
      `GET ${LIST_PATH}: total ${page.total}, ${page.items.length} items; expected ${ROWS} and 50`,
    );
  const missing = page.items.filter((item) => item.missing).length;
  if (missing)
    throw new BenchError(`GET ${LIST_PATH}: ${missing} of 50 items flagged missing by the catch-up pass`);
  const facets = await fetch(`${base}${FACETS_PATH}`, { signal: AbortSignal.timeout(10_000) });
  const facetsText = await facets.text();
  if (facets.status !== 200)
    throw new BenchError(`GET ${FACETS_PATH}: ${facets.status} ${facetsText.slice(0, 300)}`);
  const buckets = JSON.parse(facetsText);
  const daySum = buckets.days.reduce((sum, d) => sum + d.count, 0) + buckets.unknown;
  if (buckets.total !== ROWS || daySum !== ROWS)
    throw new BenchError(
      `GET ${FACETS_PATH}: total ${buckets.total}, days+unknown ${daySum}; expected ${ROWS}`,
    );
  return {
    listText,
    listBytes: Buffer.byteLength(listText),
    facetsBytes: Buffer.byteLength(facetsText),
    days: buckets.days.length,
    unknown: buckets.unknown,
  };
}

/** Warm-up, then the measured run, of one URL; any non-2xx answer or socket error breaks the bench. */
async function load(label, url, pid) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const meter = serverMeter(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: MEASURE_S });
  const cpu = meter();
  if (result.non2xx || result.errors || result.timeouts)
    throw new BenchError(
      `${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts under load`,
    );
  const figures = {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    ...cpu,
  };
  log(`  ${label}: ${figures.rps} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`);
  return figures;
}

/** The bare baseline: a child process (the daemon's process model) serving one fixed document. */
async function startBare(bodyFile) {
  const prefix = "bare listening ";
  let settleStart;
  const started = new Promise((resolve, reject) => {
    settleStart = { resolve, reject };
  });
  const timer = setTimeout(
    () => settleStart.reject(new BenchError("bare h3 server did not start in 30 s")),
    30_000,
  );
  const proc = start(process.execPath, [import.meta.filename, "--bare", bodyFile], {
    onLine(line) {
      if (line.startsWith(prefix)) settleStart.resolve(line.slice(prefix.length).replace(/\/$/, ""));
    },
  });
  proc.done.then((res) =>
    settleStart.reject(
      new BenchError(`bare h3 server exited ${res.code ?? res.signal}: ${res.stderr().trim().slice(-1500)}`),
    ),
  );
  try {
    return { url: await started, child: proc.child, done: proc.done };
  } finally {
    clearTimeout(timer);
  }
}

/** Child-process mode: an h3 app with one route answering the stored document, served like the daemon. */
async function serveBare(bodyFile) {
  const { H3, serve } = await import("h3");
  // Parsed once and serialised per request, as the daemon's handler return value is.
  const document = JSON.parse(readFileSync(bodyFile, "utf8"));
  const app = new H3({ silent: true });
  app.get("/api/media", () => document);
  const server = serve(app, { port: 0, hostname: "127.0.0.1", silent: true, gracefulShutdown: false });
  await server.ready();
  process.stdout.write(`bare listening ${server.url}\n`);
  process.once("SIGTERM", () => server.close(true).then(() => process.exit(0)));
}

const verdict = (pass) => (pass ? "PASS" : "FAIL");

function printTable(f) {
  const ms = (n) => `${n} ms`;
  const rows = [
    ["bare h3, same-size JSON", String(f.bare.rps), ms(f.bare.p50Ms), ms(f.bare.p99Ms), "", "", ""],
    [
      `GET ${LIST_PATH}`,
      String(f.list.rps),
      ms(f.list.p50Ms),
      ms(f.list.p99Ms),
      f.list.ratio.toFixed(2),
      `ratio ≥ ${RATIO_TARGET}, p99 ≤ ${LIST_P99_MS} ms`,
      verdict(f.list.pass),
    ],
    [
      `GET ${FACETS_PATH}`,
      String(f.facets.rps),
      ms(f.facets.p50Ms),
      ms(f.facets.p99Ms),
      f.facets.ratio.toFixed(2),
      `p99 ≤ ${FACETS_P99_MS} ms`,
      verdict(f.facets.pass),
    ],
    [
      `GET ${LIST_PATH}, log level info`,
      String(f.listInfo.rps),
      ms(f.listInfo.p50Ms),
      ms(f.listInfo.p99Ms),
      f.listInfo.ratio.toFixed(2),
      "(info)",
      "",
    ],
  ];
  const header = ["measure", "req/s", "p50", "p99", "ratio", "target", "result"];
  printRows(header, rows);
  log(
    `\napi: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${MEASURE_S} s per measurement, one after another; ` +
      `ratio = req/s over the bare handler's (body ${f.listBytes} bytes).`,
  );
  log(
    "api: the first three rows ran with SVC_LOG_LEVEL=warn (no per-request log line); the last at the default info.",
  );
}

export async function benchApi() {
  const dist = await libraryDist();
  const root = await tempDir("api");
  const home = await tempDir("api-home");
  const scratch = await tempDir("api-bare");

  log(`api: generating a ${ROWS}-item library`);
  const library = await buildLibrary(root, dist, { rows: ROWS });
  log(
    `  ${library.rows} rows, ${library.tags} tags, ${library.shootDays} shoot days, ${library.folders} folders: ` +
      `database ${seconds(library.dbMs)}, with hard-linked files ${seconds(library.totalMs)}`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  log("api: starting svc serve (SVC_LOG_LEVEL=warn) and waiting for its catch-up pass and watcher crawl");
  let daemon = startDaemon({ root, home, port, logLevel: "warn" });
  let bare = null;
  const figures = { rows: ROWS, connections: CONNECTIONS, warmupS: WARMUP_S, measureS: MEASURE_S, library };
  try {
    const t0 = performance.now();
    await waitForHttp(base, daemon, 60_000);
    await catchUpThroughSlot(dist.homePaths(home).registryDb, daemon, 15 * 60_000);
    await settle(daemon.child.pid, 10 * 60_000);
    figures.readyMs = Math.round(performance.now() - t0);
    log(`  ready ${seconds(figures.readyMs)} after start`);

    const answers = await checkAnswers(base);
    figures.listBytes = answers.listBytes;
    figures.facetsBytes = answers.facetsBytes;
    log(
      `  list answer ${answers.listBytes} bytes; facets answer ${answers.facetsBytes} bytes (${answers.days} days)`,
    );
    const bodyFile = join(scratch, "list.json");
    await writeFile(bodyFile, answers.listText);
    bare = await startBare(bodyFile);
    const bareCheck = await (await fetch(`${bare.url}/api/media`)).text();
    if (Buffer.byteLength(bareCheck) !== answers.listBytes)
      throw new BenchError(
        `bare h3 answers ${Buffer.byteLength(bareCheck)} bytes, the daemon ${answers.listBytes}`,
      );

    log("api: measuring (warn level)");
    figures.bare = await load("bare h3", `${bare.url}/api/media`, bare.child.pid);
    figures.list = await load("list", `${base}${LIST_PATH}`, daemon.child.pid);
    figures.facets = await load("facets", `${base}${FACETS_PATH}`, daemon.child.pid);
    bare.child.kill("SIGTERM");
    await bare.done;
    await stopDaemon(daemon);

    log("api: starting svc serve at the default log level (info)");
    daemon = startDaemon({ root, home, port: 0, logLevel: "info" });
    const listening = await daemon.waitFor("svc listening", (r) => r.msg === "svc listening", 60_000);
    const pass = await daemon.waitFor(
      "ingest pass finished",
      (r) => r.msg === "ingest pass finished",
      15 * 60_000,
    );
    if (pass.unchanged !== ROWS || pass.ingested || pass.failed || pass.skipped)
      throw new BenchError(
        `catch-up pass: expected ${ROWS} unchanged, got unchanged ${pass.unchanged}, ingested ${pass.ingested}, skipped ${pass.skipped}, failed ${pass.failed}`,
      );
    await settle(daemon.child.pid, 10 * 60_000);
    // From here on stdout is only drained, as journald would: parsing 1000s of lines a second in
    // this process would take CPU from autocannon, not from the daemon.
    daemon.state.watching = false;
    const infoBase = String(listening.url).replace(/\/$/, "");
    figures.catchUpUnchanged = pass.unchanged;
    figures.listInfo = await load("list (info)", `${infoBase}${LIST_PATH}`, daemon.child.pid);
    await stopDaemon(daemon);
  } finally {
    for (const proc of [bare, daemon])
      if (proc && proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill("SIGKILL");
  }

  const ratio = (m) => Math.round((m.rps / figures.bare.rps) * 100) / 100;
  figures.list.ratio = ratio(figures.list);
  figures.list.pass = figures.list.ratio >= RATIO_TARGET && figures.list.p99Ms <= LIST_P99_MS;
  figures.facets.ratio = ratio(figures.facets);
  figures.facets.pass = figures.facets.p99Ms <= FACETS_P99_MS;
  figures.listInfo.ratio = ratio(figures.listInfo);
  figures.targets = { ratio: RATIO_TARGET, listP99Ms: LIST_P99_MS, facetsP99Ms: FACETS_P99_MS };
  printTable(figures);
  return figures;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  if (process.argv[2] === "--bare") await serveBare(process.argv[3]);
  else {
    try {
      const figures = await benchApi();
      log(JSON.stringify(figures, null, 2));
    } finally {
      await cleanTemp();
    }
  }
}
