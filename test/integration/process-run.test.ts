import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProcessError, run } from "../../adapters/process.js";
import { expectGone } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

/** A shell script that writes its PID to `pidFile` first, so a test can watch it end. */
const recordingPid = (pidFile: string, body: string) => `echo $$ > '${pidFile}'; ${body}`;

const pidIn = async (file: string) =>
  until("the program to record its PID", async () => {
    const text = await readFile(file, "utf8").catch(() => "");
    return /^\d+\n$/.test(text) ? Number(text) : undefined;
  });

describe("run: a program as a guarded child process", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-run-");
  });
  afterAll(() => ws.cleanup());

  it("collects stdout as text or bytes, and stderr, and streams stdout as it arrives", async () => {
    const heard: string[] = [];
    const text = await run("/bin/sh", ["-c", "printf 'é one\\n'; printf 'two' >&2"], {
      timeoutMs: 5_000,
      onStdout: (chunk) => heard.push(chunk),
    });
    expect(text).toEqual({ stdout: "é one\n", stderr: "two" });
    expect(heard.join("")).toBe("é one\n");
    const bytes = await run("/bin/sh", ["-c", "printf '\\001\\377'"], {
      timeoutMs: 5_000,
      encoding: "buffer",
    });
    expect([...bytes.stdout]).toEqual([1, 255]);
  });

  it("reports a non-zero exit with the end of stderr, without ffmpeg's address noise", async () => {
    const error = await run(
      "/bin/sh",
      ["-c", "echo one >&2; echo '[mov,mp4 @ 0x55d1c0] moov atom not found' >&2; exit 4"],
      { timeoutMs: 5_000 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as ProcessError).reason).toBe("failed");
    expect((error as ProcessError).message).toBe("sh exited with code 4: one | moov atom not found");
  });

  it("stops a program past its time limit and says so", async () => {
    const pidFile = join(ws.base, "timeout.pid");
    const pending = run("/bin/sh", ["-c", recordingPid(pidFile, "exec sleep 30")], { timeoutMs: 1_000 });
    const error = await pending.catch((e: unknown) => e);
    expect((error as ProcessError).reason).toBe("timeout");
    expect((error as ProcessError).message).toBe("sh timed out after 1 s");
    await expectGone(await pidIn(pidFile), 5_000);
  });

  it("stops a program when the caller cancels, and kills one that ignores SIGTERM", async () => {
    const pidFile = join(ws.base, "stubborn.pid");
    const controller = new AbortController();
    const pending = run("/bin/sh", ["-c", recordingPid(pidFile, "trap '' TERM; while :; do sleep 1; done")], {
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    const pid = await pidIn(pidFile);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect((error as ProcessError).reason).toBe("aborted");
    await expectGone(pid, 5_000);
  });

  it("starts nothing for a request already cancelled", async () => {
    const pidFile = join(ws.base, "never.pid");
    const controller = new AbortController();
    controller.abort();
    const error = await run("/bin/sh", ["-c", recordingPid(pidFile, "true")], {
      timeoutMs: 5_000,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect((error as ProcessError).reason).toBe("aborted");
    await expect(readFile(pidFile)).rejects.toThrow(/ENOENT/);
  });
});
