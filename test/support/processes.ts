import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** Direct children of `pid` (Linux /proc), each with the program it runs. */
export function childrenOf(pid: number = process.pid): { pid: number; command: string }[] {
  const pids = new Set<number>();
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  for (const task of tasks) {
    try {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(/\s+/))
        if (child) pids.add(Number(child));
    } catch {
      // The thread ended while being read.
    }
  }
  return [...pids].map((child) => ({ pid: child, command: commandOf(child) }));
}

/** The program a process runs (first word of its command line), or "" once it is gone. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "";
  } catch {
    return "";
  }
}

/** The whole command line of a process (program and arguments), or [] once it is gone. */
export function commandLineOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
  } catch {
    return [];
  }
}

/** True while `pid` exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Waits until a child of `parent` runs a program whose name ends with `program`; returns its PID. */
export async function childRunning(
  program: string,
  parent = process.pid,
  timeoutMs = 30_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = childrenOf(parent).find((c) => c.command.split("/").pop() === program);
    if (found) return found.pid;
    if (Date.now() > deadline) throw new Error(`no ${program} child of ${parent} appeared`);
    await sleep(20);
  }
}

/** Fails unless `pid` has ended within `timeoutMs`. */
export async function expectGone(pid: number, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} (${commandOf(pid)}) is still running`);
    await sleep(20);
  }
}
