// Usage: node bench/run.mjs seat-forward   (or node bench/seat-forward.mjs; both need a prior `npm run build`)
// What a seat adds to a search it forwards to the project's library host over loopback: two
// `svc serve` on one project (different SVC_HOME and machine id), the first its host, the second
// a seat with a seat token. The same text searches (`GET /api/media?q=…&limit=20`, 10,000 items
// with transcripts, no model host) go to the host directly and through the seat, alternately, one
// connection; reports p50/p99 of each and of the added time per query.
import { performance } from "node:perf_hooks";
import {
  BenchError,
  buildLibrary,
  catchUpThroughSlot,
  cleanTemp,
  freePort,
  importDist,
  libraryDist,
  log,
  printRows,
  random,
  settle,
  startDaemon,
  stopDaemon,
  tempDir,
  waitForHttp,
} from "./lib.mjs";
import { textSource, transcriptDecoration } from "./semantic.mjs";

export const ROWS = 10_000;
export const QUERIES = 500;
const WARM_UP = 20;
// No model host (port 9 refuses): the searches are text searches, the same work on both paths.
const OFFLINE = { OLLAMA_HOST: "http://127.0.0.1:9", SVC_ASR: "none" };

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const ms = (value) => Math.round(value * 100) / 100;
const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50Ms: ms(quantile(sorted, 0.5)), p99Ms: ms(quantile(sorted, 0.99)) };
};

async function timed(url) {
  const t0 = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  const body = await res.text();
  const took = performance.now() - t0;
  if (res.status !== 200) throw new BenchError(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return { took, body };
}

export async function benchSeatForward() {
  const dist = await libraryDist();
  const { readVersion } = await importDist("library/system/version.js");
  const { createToken } = await importDist("library/access/tokens.js");
  const root = await tempDir("seat-forward-root");
  const hostHome = await tempDir("seat-forward-host");
  const seatHome = await tempDir("seat-forward-seat");
  const words = textSource();
  const texts = [];
  await buildLibrary(root, dist, {
    rows: ROWS,
    decorate: transcriptDecoration(words, texts),
  });
  const registry = dist.openRegistry(hostHome);
  let seatToken;
  try {
    registry.install.ensure(readVersion());
    ({ secret: seatToken } = createToken(registry, { name: "seat-bench", scopes: ["videos_read"] }));
  } finally {
    registry.close();
  }

  const [hostPort, seatPort] = [await freePort(), await freePort()];
  const hostBase = `http://127.0.0.1:${hostPort}`;
  const seatBase = `http://127.0.0.1:${seatPort}`;
  const host = startDaemon({
    root,
    home: hostHome,
    port: hostPort,
    logLevel: "warn",
    env: { ...OFFLINE, SVC_MACHINE_ID: "bench-host" },
  });
  let seat = null;
  try {
    await waitForHttp(hostBase, host, 60_000);
    await catchUpThroughSlot(dist.homePaths(hostHome).registryDb, host, 10 * 60_000);
    await settle(host.child.pid, 5 * 60_000);
    seat = startDaemon({
      root,
      home: seatHome,
      port: seatPort,
      logLevel: "warn",
      env: { ...OFFLINE, SVC_MACHINE_ID: "bench-seat", SVC_SEAT_TOKEN: seatToken },
    });
    await waitForHttp(seatBase, seat, 60_000);
    const rand = random(31);
    const paths = Array.from(
      { length: WARM_UP + QUERIES },
      () =>
        `/api/media?q=${encodeURIComponent(texts[Math.floor(rand() * texts.length)].split(" ").slice(0, 3).join(" "))}&limit=20`,
    );
    const direct = [];
    const forwarded = [];
    const added = [];
    for (const [i, path] of paths.entries()) {
      // Alternate which goes first, so neither path always meets a warm cache.
      const order = i % 2 === 0 ? [hostBase, seatBase] : [seatBase, hostBase];
      const [a, b] = [await timed(`${order[0]}${path}`), await timed(`${order[1]}${path}`)];
      const [viaHost, viaSeat] = order[0] === hostBase ? [a, b] : [b, a];
      if (JSON.parse(viaHost.body).total !== JSON.parse(viaSeat.body).total)
        throw new BenchError(`${path}: the seat's answer differs from the host's`);
      if (i < WARM_UP) continue;
      direct.push(viaHost.took);
      forwarded.push(viaSeat.took);
      added.push(viaSeat.took - viaHost.took);
    }
    await stopDaemon(seat);
    await stopDaemon(host);
    const figures = {
      rows: ROWS,
      queries: QUERIES,
      direct: summary(direct),
      forwarded: summary(forwarded),
      added: summary(added),
    };
    figures.addedP99Ms = ms(figures.forwarded.p99Ms - figures.direct.p99Ms);
    printRows(["measure", "value", "CPU-s", "other load", "target", "result"], seatForwardRows(figures));
    return figures;
  } finally {
    for (const daemon of [seat, host])
      if (daemon && daemon.child.exitCode === null && daemon.child.signalCode === null)
        daemon.child.kill("SIGKILL");
  }
}

export function seatForwardRows(f) {
  const line = (label, s) => [label, `p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms`, "", "", "(info)", ""];
  return [
    line(`seat-forward: text search on the host, ${f.rows} items, 1 conn`, f.direct),
    line("seat-forward: the same through a seat (loopback)", f.forwarded),
    line("seat-forward: added per query (seat − host)", f.added),
    ["seat-forward: p99 added (seat p99 − host p99)", `${f.addedP99Ms} ms`, "", "", "(info)", ""],
  ];
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    const figures = await benchSeatForward();
    log(JSON.stringify(figures, null, 2));
  } finally {
    await cleanTemp();
  }
}
