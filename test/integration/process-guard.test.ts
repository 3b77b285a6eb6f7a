import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuardKind, guarded, guardKind, ProcessError, run } from "../../adapters/process.js";
import { commandOf, expectGone } from "../support/processes.js";
import { tempWorkspace } from "../support/temp.js";
import { until } from "../support/until.js";

const PROCESS_JS = pathToFileURL(
  join(import.meta.dirname, "..", "..", "dist", "adapters", "process.js"),
).href;

/** A node process that starts `sleep 600` through the guard and prints the sleeper's PID. */
function guardedParent(kind: GuardKind) {
  const script = `
    import { spawn } from "node:child_process";
    import { guarded } from ${JSON.stringify(PROCESS_JS)};
    const command = guarded("sleep", ["600"], ${JSON.stringify(kind)});
    const child = spawn(command.file, command.args, { stdio: "ignore" });
    process.stdout.write(child.pid + "\\n");
    setInterval(() => {}, 1000);
  `;
  const parent = execa(process.execPath, ["--input-type=module", "-e", script], { reject: false });
  const pid = new Promise<number>((resolve) => {
    parent.stdout?.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { parent, pid };
}

const KINDS: GuardKind[] = process.platform === "linux" ? ["pdeathsig", "watchdog"] : ["watchdog"];

describe("children started through the guard", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  beforeAll(async () => {
    ws = await tempWorkspace("svc-guard-");
  });
  afterAll(() => ws.cleanup());

  it.each(KINDS)("die within 5 s of their parent's SIGKILL (%s)", async (kind) => {
    const { parent, pid } = guardedParent(kind);
    try {
      const child = await pid;
      // The guard execs the program: the PID execa kills is the program's own.
      await until("the guard to exec sleep", () => commandOf(child) === "sleep", { timeoutMs: 5_000 });
      parent.kill("SIGKILL");
      await parent;
      await expectGone(child, 5_000);
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it.each(KINDS)("keep the program's stdin, stdout, stderr and exit code (%s)", async (kind) => {
    const command = guarded("/bin/sh", ["-c", 'cat; echo "to stderr" >&2; exit 3'], kind);
    const result = await execa(command.file, command.args, { input: "to stdin\n", reject: false });
    expect(result.stdout).toBe("to stdin");
    expect(result.stderr).toBe("to stderr");
    expect(result.exitCode).toBe(3);
  });

  it("uses the kernel's parent-death signal where setpriv is installed", () => {
    expect(guardKind()).toBe(process.platform === "linux" ? "pdeathsig" : "watchdog");
  });

  it("reports a program that is missing or not executable as not installed", async () => {
    const notExecutable = join(ws.base, "not-a-program");
    await writeFile(notExecutable, "#!/bin/sh\n");
    await chmod(notExecutable, 0o644);
    for (const bin of [join(ws.base, "absent"), notExecutable, "svc-no-such-program"]) {
      const error = await run(bin, [], { timeoutMs: 5_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProcessError);
      expect((error as ProcessError).reason).toBe("not_found");
    }
  });

  it("still reports a program's own exit 127 as its failure", async () => {
    const error = await run("/bin/sh", ["-c", "echo 'lost a helper' >&2; exit 127"], {
      timeoutMs: 5_000,
    }).catch((e: unknown) => e);
    expect((error as ProcessError).reason).toBe("failed");
    expect((error as ProcessError).message).toContain("lost a helper");
  });
});
