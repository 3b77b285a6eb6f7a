import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { type PlistValue, parse } from "plist";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKGROUND_STOP_MS } from "../../daemon/serve.js";
import { EXIT } from "../../domain/errors.js";
import { detectServiceManager, requireServiceManager } from "../../library/system/service.js";
import { CLI, svc } from "../support/cli.js";

type Plist = Record<string, PlistValue>;

const REPO = join(import.meta.dirname, "..", "..");
const SYSTEM_UNIT = join(REPO, "systemd", "svc.service");
const USER_UNIT = join(REPO, "systemd", "svc-user.service");
const PLIST = join(REPO, "launchd", "com.svc.daemon.plist");

if (spawnSync("systemd-analyze", ["--version"]).status !== 0) {
  throw new Error("these tests verify the units with systemd-analyze: install systemd");
}

let base: string;
let runtimeDir: string;

/** `systemd-analyze verify`: the exit code and everything it printed (warnings included). */
function verify(file: string, user = false) {
  const result = spawnSync("systemd-analyze", ["verify", ...(user ? ["--user"] : []), file], {
    encoding: "utf8",
    // A user manager needs a runtime folder of its own to exist.
    env: { ...process.env, XDG_RUNTIME_DIR: runtimeDir, SYSTEMD_LOG_COLOR: "0" },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
}

/** Every `Key=value` of a unit, in order; repeated keys keep every value. */
function directives(unit: string): [string, string][] {
  return unit
    .split("\n")
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}
const valuesOf = (unit: string, key: string) =>
  directives(unit)
    .filter(([k]) => k === key)
    .map(([, v]) => v);

/** A folder nothing may be written to, even by root (an immutable flag), else by mode. */
async function unwritableDir(): Promise<string> {
  const dir = join(base, "locked");
  await mkdir(dir);
  if (userInfo().uid === 0) execFileSync("chattr", ["+i", dir]);
  else await chmod(dir, 0o555);
  return dir;
}

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "svc-service-"));
  runtimeDir = join(base, "runtime");
  await mkdir(runtimeDir, { mode: 0o700 });
});

afterAll(async () => {
  const locked = join(base, "locked");
  if (existsSync(locked) && userInfo().uid === 0) execFileSync("chattr", ["-i", locked]);
  await rm(base, { recursive: true, force: true });
});

describe("the systemd units in systemd/", () => {
  it("pass systemd-analyze verify without a warning", async () => {
    expect(verify(SYSTEM_UNIT)).toEqual({ status: 0, output: "" });
    expect(verify(USER_UNIT, true)).toEqual({ status: 0, output: "" });
  });

  it("are refused by systemd-analyze when broken, so the check above means something", async () => {
    const broken = join(base, "broken.service");
    const unit = await readFile(SYSTEM_UNIT, "utf8");
    await writeFile(broken, unit.replace(/^ExecStart=.*$/m, "ExecStart=/nowhere/svc serve"));
    expect(verify(broken).status).not.toBe(0);
    await writeFile(broken, unit.replace("Restart=on-failure", "Restart=sometimes"));
    expect(verify(broken).output).toMatch(/restart/i);
  });

  it("restart on failure and wait longer than svc's own shutdown before killing it", async () => {
    for (const file of [SYSTEM_UNIT, USER_UNIT]) {
      const unit = await readFile(file, "utf8");
      expect(valuesOf(unit, "Restart"), file).toEqual(["on-failure"]);
      expect(Number(valuesOf(unit, "TimeoutStopSec")[0]), file).toBeGreaterThan(BACKGROUND_STOP_MS / 1000);
      expect(valuesOf(unit, "NoNewPrivileges"), file).toEqual(["true"]);
      // Issue 6 keeps the idle daemon under budget without it (adapters/images.ts).
      expect(unit, file).not.toContain("MALLOC_ARENA_MAX");
    }
  });

  it("harden the system unit with the project root and SVC_HOME left writable", async () => {
    const unit = await readFile(SYSTEM_UNIT, "utf8");
    expect(valuesOf(unit, "ProtectSystem")).toEqual(["strict"]);
    expect(valuesOf(unit, "PrivateTmp")).toEqual(["true"]);
    const env = Object.fromEntries(valuesOf(unit, "Environment").map((v) => v.split("=", 2)));
    const writable = valuesOf(unit, "ReadWritePaths").join(" ").split(" ");
    expect(writable).toEqual(expect.arrayContaining([env.SVC_HOME, env.PROJECT_ROOT]));
  });
});

describe("svc service install / uninstall (systemd)", () => {
  let home: string;
  let root: string;
  let other: string;
  const env = () => ({ HOME: home, SVC_HOME: join(home, ".svc"), PROJECT_ROOT: root });

  beforeAll(async () => {
    home = join(base, "home");
    // A space and a percent sign: both need quoting in a unit, and verify proves they got it.
    root = join(base, "Foot age 100%");
    other = join(base, "second project");
    await Promise.all([mkdir(home), mkdir(root), mkdir(other)]);
    const added = await svc(["project", "add", "second", other], env());
    expect(added.exitCode, added.stderr).toBe(0);
  });

  it("writes a unit with this machine's paths that verifies, and prints the systemctl lines", async () => {
    const dir = join(base, "system");
    const first = await svc(["service", "install", "--manager", "systemd", "--dir", dir], env());
    expect(first.exitCode, first.stderr).toBe(0);
    const file = join(dir, "svc.service");
    expect(first.stdout).toContain(`installed ${file}`);
    expect(first.stdout).toContain("sudo systemctl daemon-reload");
    expect(first.stdout).toContain("sudo systemctl enable --now svc.service");
    expect(verify(file)).toEqual({ status: 0, output: "" });
    const unit = await readFile(file, "utf8");
    expect(valuesOf(unit, "ExecStart")).toEqual([`${process.execPath} ${CLI} serve`]);
    expect(valuesOf(unit, "User")).toEqual([process.env.SUDO_USER || userInfo().username]);
    const writable = valuesOf(unit, "ReadWritePaths")[0] ?? "";
    for (const path of [join(home, ".svc"), root, other]) {
      const word = path.replace(/%/g, "%%");
      expect(writable).toContain(/\s|%/.test(path) ? `"${word}"` : word);
    }
    expect(valuesOf(unit, "Environment")).toContain(`"PROJECT_ROOT=${root.replace(/%/g, "%%")}"`);
  });

  it("is idempotent: a second install says it is already installed and changes nothing", async () => {
    const dir = join(base, "twice");
    await svc(["service", "install", "--manager", "systemd", "--dir", dir], env());
    const before = await readFile(join(dir, "svc.service"), "utf8");
    const again = await svc(["service", "install", "--manager", "systemd", "--dir", dir], env());
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already installed/);
    expect(await readFile(join(dir, "svc.service"), "utf8")).toBe(before);
  });

  it("writes the user unit to ~/.config/systemd/user and prints the systemctl --user lines", async () => {
    const res = await svc(["service", "install", "--user", "--manager", "systemd"], env());
    expect(res.exitCode, res.stderr).toBe(0);
    const file = join(home, ".config", "systemd", "user", "svc.service");
    expect(res.stdout).toContain(`installed ${file}`);
    expect(res.stdout).toContain("systemctl --user enable --now svc.service");
    expect(res.stdout).toContain("loginctl enable-linger");
    expect(verify(file, true)).toEqual({ status: 0, output: "" });
    const unit = await readFile(file, "utf8");
    expect(valuesOf(unit, "User")).toEqual([]);
    expect(valuesOf(unit, "WantedBy")).toEqual(["default.target"]);
  });

  it("names the path when it may not write the unit", async () => {
    const dir = await unwritableDir();
    const res = await svc(["service", "install", "--manager", "systemd", "--dir", dir], env());
    expect(res.exitCode).toBe(EXIT.usage);
    expect(res.stderr).toContain(`no permission to write ${join(dir, "svc.service")}`);
    expect(res.stderr).not.toMatch(/\n\s+at /);
  });

  it("uninstall removes the unit and its enable link, and says so when there is none", async () => {
    const dir = join(base, "remove");
    await svc(["service", "install", "--manager", "systemd", "--dir", dir], env());
    await mkdir(join(dir, "multi-user.target.wants"));
    await symlink(join(dir, "svc.service"), join(dir, "multi-user.target.wants", "svc.service"));
    const res = await svc(["service", "uninstall", "--manager", "systemd", "--dir", dir], env());
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain(`removed ${join(dir, "svc.service")}`);
    expect(res.stdout).toContain("sudo systemctl stop svc.service");
    expect(existsSync(join(dir, "svc.service"))).toBe(false);
    expect(existsSync(join(dir, "multi-user.target.wants", "svc.service"))).toBe(false);
    const again = await svc(["service", "uninstall", "--manager", "systemd", "--dir", dir], env());
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toMatch(/not installed/);
  });

  it("refuses an unknown action or manager with the usage", async () => {
    expect((await svc(["service", "start"], env())).exitCode).toBe(EXIT.usage);
    const bad = await svc(["service", "install", "--manager", "upstart"], env());
    expect(bad.exitCode).toBe(EXIT.usage);
    expect(bad.stderr).toMatch(/systemd or launchd/);
  });
});

describe("the service manager of a machine", () => {
  it("is launchd on macOS, systemd where it runs or systemctl is installed, none elsewhere", () => {
    expect(detectServiceManager("darwin", "", () => false)).toBe("launchd");
    expect(detectServiceManager("linux", "", (p) => p === "/run/systemd/system")).toBe("systemd");
    expect(detectServiceManager("linux", "/usr/bin:/bin", (p) => p === "/usr/bin/systemctl")).toBe("systemd");
    expect(detectServiceManager("linux", "/usr/bin", () => false)).toBeNull();
    expect(detectServiceManager("win32", "C:\\Windows", () => true)).toBeNull();
  });

  it("is refused with exit 2 when there is neither, saying so", () => {
    expect(() => requireServiceManager(null, "win32")).toThrow(/neither systemd nor launchd/);
    try {
      requireServiceManager(null, "win32");
    } catch (error) {
      expect((error as { exitCode: number }).exitCode).toBe(EXIT.usage);
    }
  });
});

describe("the launchd agent", () => {
  it("in launchd/ is a valid plist that keeps svc alive and logs to ~/Library/Logs/svc/", async () => {
    const plist = parse(await readFile(PLIST, "utf8")) as Plist;
    expect(plist.Label).toBe("com.svc.daemon");
    expect(plist.KeepAlive).toEqual({ SuccessfulExit: false });
    expect(plist.RunAtLoad).toBe(true);
    expect((plist.ProgramArguments as string[]).at(-1)).toBe("serve");
    expect(Number(plist.ExitTimeOut)).toBeGreaterThan(BACKGROUND_STOP_MS / 1000);
    for (const key of ["StandardOutPath", "StandardErrorPath"]) {
      expect(plist[key]).toMatch(/\/Library\/Logs\/svc\/[^/]+\.log$/);
    }
  });

  it("is written to ~/Library/LaunchAgents with this machine's paths, and the bootstrap line printed", async () => {
    const home = join(base, "mac");
    await mkdir(home);
    const env = { HOME: home, SVC_HOME: join(home, "svc-home"), PROJECT_ROOT: join(home, "Footage") };
    const res = await svc(["service", "install", "--manager", "launchd"], env);
    expect(res.exitCode, res.stderr).toBe(0);
    const file = join(home, "Library", "LaunchAgents", "com.svc.daemon.plist");
    expect(res.stdout).toContain(`launchctl bootstrap gui/${userInfo().uid} ${file}`);
    const plist = parse(await readFile(file, "utf8")) as Plist;
    expect(plist.ProgramArguments).toEqual([process.execPath, CLI, "serve"]);
    expect(plist.EnvironmentVariables).toMatchObject({
      SVC_HOME: env.SVC_HOME,
      PROJECT_ROOT: env.PROJECT_ROOT,
    });
    expect(plist.StandardErrorPath).toBe(join(home, "Library", "Logs", "svc", "svc.err.log"));
    expect(existsSync(join(home, "Library", "Logs", "svc"))).toBe(true);
    expect((await svc(["service", "install", "--manager", "launchd"], env)).stdout).toMatch(
      /already installed/,
    );
    const removed = await svc(["service", "uninstall", "--manager", "launchd"], env);
    expect(removed.stdout).toContain(`launchctl bootout gui/${userInfo().uid}/com.svc.daemon`);
    expect(existsSync(file)).toBe(false);
  });
});
