import { once } from "node:events";
import { lstat, readdir, readFile, readlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LogDestination, rolledLogFiles, rollingLog } from "../../state/rolling-log.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

const end = (destination: LogDestination) =>
  new Promise<void>((resolve) => {
    destination.once("close", () => resolve());
    destination.end();
  });

describe("rollingLog", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let logFile: string;
  beforeEach(async () => {
    ws = await tempWorkspace("svc-rolling-");
    logFile = join(ws.home, "logs", "svc.log");
  });
  afterEach(() => ws.cleanup());

  it("writes svc.1.log in a folder it makes, with current.log pointing at it", async () => {
    const log = await rollingLog(logFile, { maxBytes: 1024, keep: 2 });
    log.write("first\n");
    await end(log);
    expect(await readFile(join(ws.home, "logs", "svc.1.log"), "utf8")).toBe("first\n");
    expect((await lstat(join(ws.home, "logs", "current.log"))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(ws.home, "logs", "current.log"))).toBe("svc.1.log");
  });

  it("goes on to the next number past the size limit and keeps only the newest files", async () => {
    const log = await rollingLog(logFile, { maxBytes: 100, keep: 2 });
    const line = `${"x".repeat(59)}\n`;
    for (let i = 0; i < 12; i += 1) {
      // A roll is decided when a write has reached the file.
      const written = once(log, "write");
      log.write(line);
      await written;
    }
    const names = async () => (await rolledLogFiles(logFile)).map((f) => f.split("/").pop()).join(",");
    await until("the roll to svc.7.log and the pruning", async () =>
      (await names()) === "svc.5.log,svc.6.log,svc.7.log" ? true : undefined,
    );
    await end(log);
    const files = await rolledLogFiles(logFile);
    // Two 60-byte lines fill a file: the twelfth line filled svc.6.log and svc.7.log was begun.
    expect(files.map((f) => f.split("/").pop())).toEqual(["svc.5.log", "svc.6.log", "svc.7.log"]);
    expect(await Promise.all(files.map(async (f) => (await readFile(f, "utf8")).length))).toEqual([
      120, 120, 0,
    ]);
    expect(await readlink(join(ws.home, "logs", "current.log"))).toBe("svc.7.log");
  });

  it("appends to the newest file on the next start, or begins the next one when it is full", async () => {
    const first = await rollingLog(logFile, { maxBytes: 100, keep: 5 });
    first.write("one\n");
    await end(first);
    const second = await rollingLog(logFile, { maxBytes: 100, keep: 5 });
    second.write("two\n");
    await end(second);
    expect(await readFile(join(ws.home, "logs", "svc.1.log"), "utf8")).toBe("one\ntwo\n");
    await writeFile(join(ws.home, "logs", "svc.1.log"), "y".repeat(100));
    const third = await rollingLog(logFile, { maxBytes: 100, keep: 5 });
    third.write("three\n");
    await end(third);
    expect(await readFile(join(ws.home, "logs", "svc.2.log"), "utf8")).toBe("three\n");
    expect((await readdir(join(ws.home, "logs"))).sort()).toEqual(["current.log", "svc.1.log", "svc.2.log"]);
  });
});
