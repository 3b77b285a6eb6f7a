import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

const READY_MS = 30_000;
const STOP_MS = 10_000;

const tail = (text) => text.trim().split("\n").slice(-10).join("\n");

/**
 * Starts `svc serve` on this Node (svc's native modules are built for it) and resolves once it
 * listens and has finished its first catch-up scan, so the library the checks read is settled.
 * stdout and stderr go to `logFile`. `stop()` ends it with SIGTERM, then SIGKILL, as does an
 * abort of `signal` before it is ready; if this script exits first, the daemon is killed with it.
 */
export async function startDaemon({ cli, env, logFile, signal }) {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [cli, "serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const killOnExit = () => child.kill("SIGKILL");
  process.on("exit", killOnExit);
  const exited = new Promise((resolve) => child.once("exit", (code, killedBy) => resolve(killedBy ?? code)));

  let output = "";
  let pending = "";
  let mcpUrl;
  let scanned = false;
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`svc serve was not ready after ${READY_MS / 1000} s:\n${tail(output)}`)),
      READY_MS,
    );
    const check = () => {
      if (mcpUrl && scanned) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", (chunk) => {
      log.write(chunk);
      output += chunk;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.includes('"svc listening"')) mcpUrl = JSON.parse(line).mcp_url;
        if (line.includes('"ingest pass finished"')) scanned = true;
      }
      check();
    });
    child.stderr.on("data", (chunk) => {
      log.write(chunk);
      output += chunk;
    });
    exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`svc serve exited (${how}) before it was ready:\n${tail(output)}`));
    });
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const late = await Promise.race([
        exited.then(() => false),
        new Promise((resolve) => setTimeout(() => resolve(true), STOP_MS).unref()),
      ]);
      if (late) {
        child.kill("SIGKILL");
        await exited;
      }
    }
    process.off("exit", killOnExit);
    await new Promise((resolve) => log.end(resolve));
  };

  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { mcpUrl, stop };
}
