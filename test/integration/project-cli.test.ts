import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { svc } from "../support/cli.js";
import { tempWorkspace } from "../support/temp.js";

describe("svc project", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  // A fresh SVC_HOME per test: a project one test registers would show in another's list.
  beforeEach(async () => {
    ws = await tempWorkspace();
    await mkdir(join(ws.base, "feature"), { recursive: true });
  });
  afterEach(() => ws.cleanup());
  const env = () => ({ SVC_HOME: ws.home });

  it("adds, lists and removes projects", async () => {
    const added = await svc(["project", "add", "Feature A", join(ws.base, "feature")], env());
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toContain('project "Feature A"');
    const again = await svc(["project", "add", "Feature A", join(ws.base, "feature")], env());
    expect(again.exitCode).toBe(0);
    const list = await svc(["project", "list", "--json"], env());
    expect(JSON.parse(list.stdout)).toEqual([
      expect.objectContaining({ name: "Feature A", root: join(ws.base, "feature") }),
    ]);
    const removed = await svc(["project", "remove", "Feature A"], env());
    expect(removed.exitCode).toBe(0);
    expect((await svc(["project", "list"], env())).stdout).toContain("no projects registered");
  });

  it("refuses bad input with exit 2 and a clear message", async () => {
    const cases: [string[], RegExp][] = [
      [["project"], /usage: svc project/],
      [["project", "add", "X"], /usage: svc project/],
      [["project", "add", "../evil", ws.root], /a project name is/],
      [["project", "add", "Missing", join(ws.base, "nope")], /not an existing folder/],
      [["project", "remove", "ghost"], /no project named "ghost"/],
      [["project", "frobnicate"], /usage: svc project/],
    ];
    for (const [args, message] of cases) {
      const result = await svc(args, env());
      expect(result.exitCode, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });

  it("refuses a second name for an already registered folder", async () => {
    expect((await svc(["project", "add", "One", ws.root], env())).exitCode).toBe(0);
    const dup = await svc(["project", "add", "Two", ws.root], env());
    expect(dup.exitCode).toBe(2);
    expect(dup.stderr).toMatch(/already registered as project "One"/);
  });

  it("answers unknown commands and --version", async () => {
    const version = await svc(["--version"], env());
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const unknown = await svc(["frobnicate"], env());
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
    const offload = await svc(["offload", "/media/card"], env());
    expect(offload.exitCode).toBe(2);
    expect(offload.stderr).toMatch(/usage: svc offload SRC --dest/);
  });
});
