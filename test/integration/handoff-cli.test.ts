import { existsSync } from "node:fs";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HandoffCreated, HandoffList } from "../../domain/schemas/handoff.js";
import { svc } from "../support/cli.js";
import { seedExportItems } from "../support/export-fixtures.js";
import { tempWorkspace } from "../support/temp.js";

const SHIPPED = join(import.meta.dirname, "..", "..", "assets", "resolve", "svc_resolve.py");
const LINUX_FOLDER = [".local", "share", "DaVinciResolve", "Fusion", "Scripts", "Utility"];

describe("svc handoff and svc nle install resolve", () => {
  let ws: Awaited<ReturnType<typeof tempWorkspace>>;
  let env: Record<string, string>;
  let ids: number[];
  const run = (...args: string[]) => svc(args, env);

  beforeAll(async () => {
    ws = await tempWorkspace("svc-handoff-cli-");
    // HOME is where the script goes: a folder of the test's own.
    env = ws.env({ HOME: join(ws.base, "editor"), SVC_PORT: "8599" });
    ids = seedExportItems(ws.root, [
      { path: "A001.mov", duration_s: 4 },
      { path: "A002.mov", duration_s: 4 },
    ]);
  });

  afterAll(async () => {
    await ws?.cleanup();
  });

  const list = async () => {
    const res = await run("handoff", "list", "--json");
    expect(res.exitCode, res.stderr).toBe(0);
    return (JSON.parse(res.stdout) as HandoffList).items;
  };

  it("creates a hand-off and says what to do in Resolve; lists it", async () => {
    const [a, b] = ids as [number, number];
    const made = await run("handoff", "create", "--ids", `${b},${a},${b}`, "--bin", "Day 1\tpicks");
    expect(made.exitCode, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^hand-off 1 ready \(2 items, bin "Day 1 picks"\)/);
    expect(made.stdout).toContain("Workspace → Scripts → svc_resolve");
    const json = await run("handoff", "create", "--ids", String(a), "--subclips", "none", "--json");
    expect(JSON.parse(json.stdout) as HandoffCreated).toMatchObject({ id: 2, status: "pending", items: 1 });
    const items = await list();
    expect(items.map((h) => [h.id, h.status, h.items, h.bin])).toEqual([
      [2, "pending", 1, "footage"],
      [1, "pending", 2, "Day 1 picks"],
    ]);
    const text = await run("handoff", "list", "--limit", "1");
    expect(text.stdout.trim().split("\n")).toHaveLength(1);
    expect(text.stdout).toMatch(/^2\tpending\tfootage\t1 items\t/);
  });

  it("refuses bad flags and unknown items, storing nothing", async () => {
    const before = await list();
    for (const [args, pattern] of [
      [["--ids", "987654"], /no media item 987654/],
      [["--ids", String(ids[0]), "--subclips", "4,5"], /subclips: 4, 5 are no subclips of the chosen items/],
      [["--ids", String(ids[0]), "--subclips", "some"], /--subclips takes all, none or subclip ids/],
      [["--ids", String(ids[0]), "--bin", " \n "], /--bin: must not be empty/],
      [["--ids", "1,x"], /--ids: expected media ids/],
      [[], /needs --ids/],
    ] as const) {
      const res = await run("handoff", "create", ...args);
      expect(res.exitCode, res.stderr).toBe(2);
      expect(res.stderr).toMatch(pattern);
    }
    expect((await run("handoff", "list", "--limit", "0")).exitCode).toBe(2);
    expect((await run("handoff", "list", "--ids", "1")).exitCode).toBe(2);
    expect(await list()).toEqual(before);
    const help = await run("handoff", "--help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain("svc handoff create --ids");
  });

  it("installs the script and a starter config under HOME; --print writes nothing; a config is never overwritten", async () => {
    const folder = join(env.HOME as string, ...LINUX_FOLDER);
    const printed = await run("nle", "install", "resolve", "--print");
    expect(printed.exitCode, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(`script: ${folder}/svc_resolve.py\nconfig: ${folder}/svc_resolve.json`);
    expect(existsSync(env.HOME as string)).toBe(false);

    const installed = await run("nle", "install", "resolve");
    expect(installed.exitCode, installed.stderr).toBe(0);
    expect(installed.stdout).toContain(`installed ${folder}/svc_resolve.py`);
    expect(installed.stdout).toContain(`wrote a starter config ${folder}/svc_resolve.json`);
    expect(await readFile(join(folder, "svc_resolve.py"), "utf8")).toBe(await readFile(SHIPPED, "utf8"));
    const config = join(folder, "svc_resolve.json");
    expect(JSON.parse(await readFile(config, "utf8"))).toEqual({
      url: "http://127.0.0.1:8599",
      token: "",
      project: "",
      path_map: [],
      roots: {},
    });
    expect((await stat(config)).mode & 0o777).toBe(0o600);

    const edited = '{"url": "http://nas:8501", "token": "secret"}\n';
    await writeFile(config, edited);
    await writeFile(join(folder, "svc_resolve.py"), "old copy\n");
    const again = await run("nle", "install", "resolve");
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toContain(`kept your config ${config}`);
    expect(await readFile(config, "utf8")).toBe(edited);
    expect(await readFile(join(folder, "svc_resolve.py"), "utf8")).toBe(await readFile(SHIPPED, "utf8"));
    expect((await run("nle", "install", "resolve", "--print")).stdout).toContain("(already there)");

    const elsewhere = join(ws.base, "scripts here");
    const dir = await run("nle", "install", "resolve", "--dir", elsewhere);
    expect(dir.exitCode, dir.stderr).toBe(0);
    expect(existsSync(join(elsewhere, "svc_resolve.py"))).toBe(true);
    expect(existsSync(join(elsewhere, "svc_resolve.json"))).toBe(true);

    expect((await run("nle", "install", "premiere")).exitCode).toBe(2);
    const help = await run("nle", "--help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain("svc nle install resolve");
  });
});
