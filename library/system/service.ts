import { existsSync } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { build, type PlistValue, parse } from "plist";
import { EXIT, UserError } from "../../domain/errors.js";
import { writeFileAtomic } from "../../state/atomic.js";
import { isErrno } from "../../state/errno.js";
import { packageDir } from "./version.js";

export type ServiceManager = "systemd" | "launchd";

type PlistObject = { [key: string]: PlistValue };

/** Where cards and destination drives mount on Linux; offloads write there ("-": if present). */
const MOUNT_POINTS = ["-/media", "-/mnt", "-/run/media"];

export const LAUNCHD_LABEL = "com.svc.daemon";
export const SYSTEMD_UNIT = "svc.service";

/** What a service definition needs to know about this machine. */
export interface ServiceTarget {
  manager: ServiceManager;
  /** A per-user service (systemd --user; launchd agents always are). */
  user: boolean;
  /** The folder the definition goes to; the manager's own when not given. */
  dir?: string | undefined;
  /** The command that starts svc: node and the CLI entry, absolute. */
  exec: readonly string[];
  home: string;
  /** PROJECT_ROOT, when set. */
  projectRoot: string | null;
  /** Every registered project root: the service must be able to write to each. */
  roots: readonly string[];
  /** The account a system unit runs as. */
  runAs: string;
  /** PATH for launchd, which starts agents with a bare one and ffmpeg lives in Homebrew. */
  path: string;
}

export interface ServiceOutcome {
  file: string;
  state: "installed" | "updated" | "unchanged" | "removed" | "absent";
  /** What the operator runs next. */
  next: string[];
}

/**
 * The service manager of this machine: launchd on macOS, systemd where it is booted or its
 * systemctl is installed; null elsewhere (Windows, Alpine's OpenRC…).
 */
export function detectServiceManager(
  platform: NodeJS.Platform = process.platform,
  envPath: string = process.env.PATH ?? "",
  exists: (path: string) => boolean = existsSync,
): ServiceManager | null {
  if (platform === "darwin") return "launchd";
  if (platform !== "linux") return null;
  if (exists("/run/systemd/system")) return "systemd";
  const onPath = envPath.split(delimiter).some((dir) => dir !== "" && exists(join(dir, "systemctl")));
  return onPath ? "systemd" : null;
}

export function requireServiceManager(found: ServiceManager | null, platform: string): ServiceManager {
  if (found) return found;
  throw new UserError(
    `this machine (${platform}) has neither systemd nor launchd: run "svc serve" under the service manager it has`,
    EXIT.usage,
  );
}

/** The unit and plist templates ship in the package folder (the repository root when run from it). */
function templateFile(relative: string): string {
  const file = join(packageDir(), relative);
  if (existsSync(file)) return file;
  throw new UserError(`${relative} is missing from this svc installation; reinstall svc`, EXIT.software);
}

/** A systemd command-line word: quoted when it holds a space, quote or backslash. */
function systemdWord(word: string): string {
  if (!/[\s"'\\]/.test(word)) return word;
  return `"${word.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** An Environment= assignment, quoted as a whole when the value needs it. */
const systemdEnv = (name: string, value: string) => `Environment=${systemdWord(`${name}=${value}`)}`;

/** Percent signs start systemd specifiers; a literal one is doubled. */
const systemdText = (text: string) => text.replace(/%/g, "%%");

/** The systemd unit for this machine: the template with its paths, account and command replaced. */
export async function renderSystemdUnit(target: ServiceTarget): Promise<string> {
  const template = await readFile(
    templateFile(target.user ? "systemd/svc-user.service" : "systemd/svc.service"),
    "utf8",
  );
  const writable = [
    ...new Set([target.home, ...(target.projectRoot ? [target.projectRoot] : []), ...target.roots]),
  ];
  const lines: string[] = [];
  for (const line of template.split("\n")) {
    if (line.startsWith("User=")) {
      lines.push(`User=${target.runAs}`);
    } else if (line.startsWith("Environment=SVC_HOME=")) {
      lines.push(systemdText(systemdEnv("SVC_HOME", target.home)));
    } else if (line.startsWith("Environment=PROJECT_ROOT=")) {
      if (target.projectRoot) lines.push(systemdText(systemdEnv("PROJECT_ROOT", target.projectRoot)));
    } else if (line.startsWith("ExecStart=")) {
      lines.push(systemdText(`ExecStart=${[...target.exec, "serve"].map(systemdWord).join(" ")}`));
    } else if (line.startsWith("ReadWritePaths=")) {
      lines.push(systemdText(`ReadWritePaths=${[...writable.map(systemdWord), ...MOUNT_POINTS].join(" ")}`));
    } else {
      lines.push(line);
    }
  }
  return lines.join("\n");
}

/** The launchd agent for this machine: the template's keys with this machine's values. */
export async function renderLaunchdPlist(target: ServiceTarget): Promise<string> {
  const template = parse(
    await readFile(templateFile(`launchd/${LAUNCHD_LABEL}.plist`), "utf8"),
  ) as PlistObject;
  const logs = join(homedir(), "Library", "Logs", "svc");
  const env: PlistObject = { SVC_HOME: target.home, PATH: target.path };
  if (target.projectRoot) env.PROJECT_ROOT = target.projectRoot;
  const plist: PlistObject = {
    ...template,
    ProgramArguments: [...target.exec, "serve"],
    EnvironmentVariables: env,
    StandardOutPath: join(logs, "svc.out.log"),
    StandardErrorPath: join(logs, "svc.err.log"),
  };
  return `${build(plist)}\n`;
}

function definitionFile(target: ServiceTarget): string {
  const home = homedir();
  if (target.manager === "launchd") {
    return join(target.dir ?? join(home, "Library", "LaunchAgents"), `${LAUNCHD_LABEL}.plist`);
  }
  const dir = target.dir ?? (target.user ? join(home, ".config", "systemd", "user") : "/etc/systemd/system");
  return join(dir, SYSTEMD_UNIT);
}

function nextSteps(
  target: ServiceTarget,
  file: string,
  action: "install" | "uninstall",
  uid: number,
): string[] {
  if (target.manager === "launchd") {
    return action === "install"
      ? [`launchctl bootstrap gui/${uid} ${file}`]
      : [`launchctl bootout gui/${uid}/${LAUNCHD_LABEL}`];
  }
  const systemctl = target.user ? "systemctl --user" : "sudo systemctl";
  if (action === "uninstall") return [`${systemctl} daemon-reload`];
  const steps = [`${systemctl} daemon-reload`, `${systemctl} enable --now ${SYSTEMD_UNIT}`];
  if (target.user) steps.push(`loginctl enable-linger ${target.runAs}`);
  return steps;
}

function notPermitted(error: unknown, path: string, target: ServiceTarget): never {
  if (isErrno(error, "EACCES", "EPERM", "EROFS")) {
    const hint = target.manager === "systemd" && !target.user ? " (run it with sudo, or use --user)" : "";
    throw new UserError(`no permission to write ${path}${hint}`, EXIT.usage);
  }
  throw error;
}

/** Writes the service definition; run twice, the second run finds it in place and says so. */
export async function installService(target: ServiceTarget, uid: number): Promise<ServiceOutcome> {
  const file = definitionFile(target);
  const content =
    target.manager === "launchd" ? await renderLaunchdPlist(target) : await renderSystemdUnit(target);
  let existing: string | null = null;
  try {
    existing = await readFile(file, "utf8");
  } catch (error) {
    if (!isErrno(error, "ENOENT")) notPermitted(error, file, target);
  }
  const next = nextSteps(target, file, "install", uid);
  if (existing === content) return { file, state: "unchanged", next };
  try {
    if (target.manager === "launchd") {
      // launchd opens the log files but does not make their folder.
      await mkdir(join(homedir(), "Library", "Logs", "svc"), { recursive: true });
    }
    await writeFileAtomic(file, content);
  } catch (error) {
    notPermitted(error, file, target);
  }
  return { file, state: existing === null ? "installed" : "updated", next };
}

/**
 * Removes the definition and, for systemd, the link `systemctl enable` made (what `disable`
 * would remove, which needs the unit file this removes).
 */
export async function uninstallService(target: ServiceTarget, uid: number): Promise<ServiceOutcome> {
  const file = definitionFile(target);
  const next = nextSteps(target, file, "uninstall", uid);
  if (!existsSync(file)) return { file, state: "absent", next };
  const wants = target.user ? "default.target.wants" : "multi-user.target.wants";
  try {
    if (target.manager === "systemd") await rm(join(dirname(file), wants, SYSTEMD_UNIT), { force: true });
    await rm(file);
  } catch (error) {
    notPermitted(error, file, target);
  }
  const stop =
    target.manager === "systemd"
      ? [`${target.user ? "systemctl --user" : "sudo systemctl"} stop ${SYSTEMD_UNIT}`]
      : [];
  return { file, state: "removed", next: target.manager === "launchd" ? next : [...stop, ...next] };
}
