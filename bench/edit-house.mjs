// Usage: npm run bench -- edit-house   (or node bench/run.mjs edit-house after `npm run build`)
// The soak of docs/edit-house.md: two workstations on this machine (own SVC_HOME, machine id and
// PID namespace each: `unshare --pid --fork --mount-proc`, needs root) share one project through
// two bindfs mounts of one folder. Each round drops new clips in through the host's mount,
// SIGKILLs the host while it ingests them, and times how long the seat takes to serve a write
// (PATCH through the seat answers 200); the new host finishes the work, the library is checked
// (PRAGMA integrity_check, one row per file), and the killed workstation comes back as the next
// seat. What a seat adds to a forwarded search is bench/seat-forward.mjs's measure.
// BENCH_EDIT_HOUSE_ROUNDS (20), BENCH_EDIT_HOUSE_LEASE_S (2) change the run.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import { BenchError, CLI, ffmpeg, importDist, log, seconds, tempDir } from "./lib.mjs";

const ROUNDS = Number(process.env.BENCH_EDIT_HOUSE_ROUNDS ?? 20);
const LEASE_S = Number(process.env.BENCH_EDIT_HOUSE_LEASE_S ?? 2);
const CLIPS_FIRST = 3;
const CLIPS_PER_ROUND = 2;
const LOCKED = /database is locked/i;

const mustHave = (program) => {
  try {
    execFileSync("sh", ["-c", `command -v ${program}`], { stdio: "ignore" });
  } catch {
    throw new BenchError(
      `${program} is not installed (the edit-house bench needs bindfs and unshare, as root)`,
    );
  }
};

const until = async (what, probe, timeoutMs, intervalMs = 25) => {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (performance.now() > deadline) throw new BenchError(`no ${what} after ${seconds(timeoutMs)}`);
    await sleep(intervalMs);
  }
};

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const spread = (values) => {
  const sorted = [...values].sort((x, y) => x - y);
  const at = (q) => Math.round(quantile(sorted, q));
  return {
    min: Math.round(sorted[0]),
    median: at(0.5),
    p95: at(0.95),
    max: Math.round(sorted.at(-1)),
  };
};

/** The children of `pid` (Linux /proc). */
async function childrenOf(pid) {
  const found = [];
  for (const task of await readdir(`/proc/${pid}/task`).catch(() => [])) {
    const text = await readFile(`/proc/${pid}/task/${task}/children`, "utf8").catch(() => "");
    found.push(...text.split(/\s+/).filter(Boolean).map(Number));
  }
  return found;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function mount(source, mountPoint) {
  await mkdir(mountPoint, { recursive: true });
  const bindfs = spawn("bindfs", ["-f", source, mountPoint], { stdio: "ignore" });
  const exited = new Promise((resolve) => bindfs.once("exit", resolve));
  await until(
    `mount at ${mountPoint}`,
    () => {
      try {
        execFileSync("mountpoint", ["-q", mountPoint]);
        return true;
      } catch {
        return false;
      }
    },
    10_000,
  );
  return {
    unmount: async () => {
      try {
        execFileSync("umount", ["--lazy", mountPoint]);
      } catch {
        // Gone already.
      }
      await exited;
    },
  };
}

/** `svc serve` of one workstation in a PID namespace of its own; killing its init kills all of it. */
async function serve(station) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    OLLAMA_HOST: "http://127.0.0.1:9",
    SVC_ASR: "none",
    SVC_LOG_LEVEL: "info",
    PROJECT_ROOT: station.root,
    SVC_HOME: station.home,
    SVC_MACHINE_ID: station.machineId,
    SVC_LEASE_TIMEOUT_S: String(LEASE_S),
    SVC_PORT: "0",
    SVC_MCP_PORT: "0",
    SVC_SEAT_TOKEN: station.seatToken,
  };
  const child = spawn(
    "unshare",
    ["--pid", "--fork", "--mount-proc", "--kill-child", process.execPath, CLI, "serve"],
    { env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const daemon = { station, lines: [], url: null, pid: null, exited };
  const read = (stream) =>
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      daemon.lines.push(line);
      if (line.includes('"svc listening"')) daemon.url = JSON.parse(line).url;
    });
  read(child.stdout);
  read(child.stderr);
  try {
    await until(
      `${station.name}'s daemon listening`,
      () => {
        if (child.exitCode !== null)
          throw new BenchError(`svc serve exited: ${daemon.lines.slice(-20).join("\n")}`);
        return daemon.url;
      },
      30_000,
    );
    daemon.pid = await until(
      `${station.name}'s daemon pid`,
      async () => (await childrenOf(child.pid))[0],
      5_000,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  daemon.kill = async () => {
    if (alive(daemon.pid)) process.kill(daemon.pid, "SIGKILL");
    await exited;
  };
  daemon.stop = async () => {
    if (alive(daemon.pid)) process.kill(daemon.pid, "SIGTERM");
    await exited;
  };
  return daemon;
}

async function call(daemon, method, path, body) {
  const res = await fetch(new URL(path, daemon.url), {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, text };
}

async function items(daemon) {
  const res = await call(daemon, "GET", "/api/media?limit=500").catch(() => null);
  return res?.status === 200 ? JSON.parse(res.text).items : null;
}

const holder = (share) => {
  try {
    return JSON.parse(readFileSync(join(share, ".svc", "host.json"), "utf8")).host.machine_id;
  } catch {
    return null;
  }
};

/** The library's state, read-only through `root` (the host's own mount, so its locks are honoured). */
function library(root) {
  const db = new Database(join(root, ".svc", "library.db"), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT rel_path, status FROM media").all();
    return {
      integrity: db.pragma("integrity_check", { simple: true }),
      journal: db.pragma("journal_mode", { simple: true }),
      paths: rows.map((r) => r.rel_path),
      failed: rows.filter((r) => r.status === "failed").length,
    };
  } finally {
    db.close();
  }
}

async function makeClips(dir, count) {
  await mkdir(dir, { recursive: true });
  const names = [];
  for (let i = 1; i <= count; i += 1) {
    const name = `shot-${String(i).padStart(3, "0")}.mp4`;
    await ffmpeg([
      ...["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=25:duration=1"],
      ...["-f", "lavfi", "-i", `sine=frequency=${200 + 10 * i}:duration=1`],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"],
      join(dir, name),
    ]);
    names.push(name);
  }
  return names;
}

async function seatToken(station, seatName, scopes) {
  const out = execFileSync(
    process.execPath,
    [CLI, "token", "create", "--name", `seat-${seatName}`, "--scopes", scopes, "--json"],
    {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SVC_HOME: station.home },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  return JSON.parse(out).secret;
}

export async function benchEditHouse() {
  mustHave("bindfs");
  mustHave("unshare");
  const { SEAT_TOKEN_SCOPES } = await importDist("library/hosting/forward.js");
  const { lookInterval, settleTime } = await importDist("library/hosting/lease-keeper.js");
  // The target is a takeover within the timeout, one look at the lease and the read-back of the win.
  const lookMs = lookInterval(LEASE_S * 1000);
  const settleMs = settleTime(LEASE_S * 1000);
  const base = await tempDir("edit-house");
  const share = join(base, "nas", "share");
  await mkdir(share, { recursive: true });
  const clips = await makeClips(join(base, "staging"), CLIPS_FIRST + ROUNDS * CLIPS_PER_ROUND);
  const mounts = [];
  const daemons = [];
  const stations = [];
  for (const name of ["a", "b"]) {
    const root = join(base, name, "mnt", "share");
    mounts.push(await mount(share, root));
    stations.push({
      name,
      root,
      home: join(base, name, "home"),
      machineId: `${name}-machine-bench-edit-house`.slice(0, 32),
    });
  }
  const [a, b] = stations;
  // Each host's admin issues the other a seat token: whichever is host, the other forwards to it.
  a.seatToken = await seatToken(b, "a", SEAT_TOKEN_SCOPES);
  b.seatToken = await seatToken(a, "b", SEAT_TOKEN_SCOPES);
  const started = async (station) => {
    const daemon = await serve(station);
    daemons.push(daemon);
    return daemon;
  };
  const dropIn = async (station, names) => {
    for (const name of names) await copyFile(join(base, "staging", name), join(station.root, name));
  };

  try {
    let host = await started(a);
    await until("a holding the lease", () => holder(share) === a.machineId, 10_000);
    let seat = await started(b);
    let dropped = clips.slice(0, CLIPS_FIRST);
    await dropIn(a, dropped);
    await until(
      "the first clips ingested",
      async () => {
        const list = await items(host);
        return list?.length === dropped.length && list.every((i) => i.status !== "pending");
      },
      60_000,
    );

    const rounds = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const fresh = clips.slice(dropped.length, dropped.length + CLIPS_PER_ROUND);
      dropped = [...dropped, ...fresh];
      await dropIn(host.station, fresh);
      // Killed mid-ingest: the new clips known and not all done (else as soon as they are known).
      let midIngest = false;
      await until(
        "the host ingesting the new clips",
        async () => {
          const list = await items(host);
          if (!list || list.length <= dropped.length - fresh.length) return false;
          midIngest = list.some((i) => i.status === "pending");
          return true;
        },
        30_000,
        10,
      );
      await host.kill();
      const died = performance.now();
      // When the lease file first names the seat, apart from when a write is served: the keeper
      // reads its new lease back after a settle before it writes anything.
      let leaseMs = null;
      await until(
        "the seat serving writes",
        async () => {
          if (leaseMs === null && holder(share) === seat.station.machineId)
            leaseMs = performance.now() - died;
          const res = await call(seat, "PATCH", "/api/media/1/rating", { rating: `round ${round}` }).catch(
            () => null,
          );
          return res?.status === 200;
        },
        LEASE_S * 1000 + 60_000,
        10,
      );
      const takeoverMs = performance.now() - died;
      leaseMs ??= takeoverMs;
      if (holder(share) !== seat.station.machineId)
        throw new BenchError(`round ${round}: the seat serves writes but the lease names ${holder(share)}`);
      await until(
        "the new host finishing the work",
        async () => {
          const list = await items(seat);
          return list?.length === dropped.length && list.every((i) => i.status !== "pending");
        },
        60_000,
      );
      const lib = library(seat.station.root);
      const unique = new Set(lib.paths);
      const result = {
        round,
        takeoverMs,
        leaseMs,
        midIngest,
        integrity: lib.integrity,
        journal: lib.journal,
        lost: dropped.filter((name) => !unique.has(name)).length,
        duplicated: lib.paths.length - unique.size,
        failed: lib.failed,
      };
      rounds.push(result);
      log(
        `edit-house: round ${round}: takeover ${Math.round(takeoverMs)} ms (lease taken at ${Math.round(leaseMs)} ms)${midIngest ? "" : " (the host had finished)"}, integrity ${lib.integrity}, lost ${result.lost}, duplicated ${result.duplicated}, failed ${result.failed}`,
      );
      // The killed workstation comes back as the next seat.
      const next = await started(host.station);
      host = seat;
      seat = next;
    }

    await seat.stop();
    await host.stop();
    const final = library(share);
    const locked = daemons.reduce((sum, d) => sum + d.lines.filter((line) => LOCKED.test(line)).length, 0);
    return {
      rounds,
      leaseTimeoutMs: LEASE_S * 1000,
      lookMs,
      settleMs,
      takeover: spread(rounds.map((r) => r.takeoverMs)),
      leaseTaken: spread(rounds.map((r) => r.leaseMs)),
      midIngest: rounds.filter((r) => r.midIngest).length,
      locked,
      integrityFailures:
        rounds.filter((r) => r.integrity !== "ok").length + (final.integrity === "ok" ? 0 : 1),
      lost: Math.max(...rounds.map((r) => r.lost), clips.length - new Set(final.paths).size),
      duplicated: Math.max(
        ...rounds.map((r) => r.duplicated),
        final.paths.length - new Set(final.paths).size,
      ),
      failed: final.failed,
      journal: final.journal,
      files: final.paths.length,
    };
  } catch (error) {
    // What each daemon last said is what tells a lost takeover from a stuck ingest.
    const tails = await Promise.all(
      daemons.slice(-3).map(async (d) => {
        const said = d.lines.filter((line) => !/"msg":"request"|HostedElsewhere/.test(line));
        const projects = await call(d, "GET", "/api/projects").catch((e) => ({ text: String(e) }));
        return `--- ${d.station.name} (pid ${d.pid}):\n${said.slice(-12).join("\n")}\nprojects: ${projects.text}`;
      }),
    );
    // Every daemon's whole log stays behind for a closer look.
    const logs = await mkdtemp(join(tmpdir(), "svc-edit-house-logs-"));
    await Promise.all(
      daemons.map((d, i) => writeFile(join(logs, `${i + 1}-${d.station.name}.log`), d.lines.join("\n"))),
    );
    throw new BenchError(`${error.message}\n${tails.join("\n")}\nevery daemon's log: ${logs}`);
  } finally {
    await Promise.all(daemons.map((d) => d.kill().catch(() => undefined)));
    for (const m of mounts.reverse()) await m.unmount();
  }
}

export function editHouseRows(f) {
  const target = f.leaseTimeoutMs + f.lookMs + f.settleMs;
  const verdict = (pass) => (pass ? "PASS" : "FAIL");
  const t = f.takeover;
  return [
    [
      `edit house: ${f.rounds.length} host kills in a row (${f.midIngest} mid-ingest), host death → the seat serving a write, lease timeout ${seconds(f.leaseTimeoutMs)}`,
      `min ${t.min} ms, median ${t.median} ms, p95 ${t.p95} ms, max ${t.max} ms (the lease file naming the seat: median ${f.leaseTaken.median} ms, max ${f.leaseTaken.max} ms)`,
      "",
      "",
      "",
      `p95 ≤ ${target} ms (timeout + one look + read-back)`,
      verdict(t.p95 <= target),
    ],
    [
      'edit house: "database is locked" lines in every daemon\'s log',
      String(f.locked),
      "",
      "",
      "",
      "0",
      verdict(f.locked === 0),
    ],
    [
      `edit house: integrity_check after each round and at the end (journal ${f.journal})`,
      `${f.integrityFailures} not ok`,
      "",
      "",
      "",
      "0",
      verdict(f.integrityFailures === 0),
    ],
    [
      `edit house: media rows lost / duplicated / failed, ${f.files} files`,
      `${f.lost} / ${f.duplicated} / ${f.failed}`,
      "",
      "",
      "",
      "0 / 0 / 0",
      verdict(f.lost === 0 && f.duplicated === 0 && f.failed === 0),
    ],
  ];
}
