import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname, userInfo } from "node:os";
import { run } from "./process.js";

/** Which svc this is, as a project's host lease names it. */
export interface HostIdentity {
  readonly hostname: string;
  readonly machine_id: string;
  /** The account svc runs as: two accounts on one machine are two hosts. */
  readonly account: string;
  readonly svc_home: string;
}

const LOOKUP_TIMEOUT_MS = 5000;

/** systemd's id, then D-Bus's (the same on most Linux systems; one of them exists on all). */
function linuxMachineId(): string | undefined {
  for (const file of ["/etc/machine-id", "/var/lib/dbus/machine-id"]) {
    try {
      const id = readFileSync(file, "utf8").trim();
      if (/^[0-9a-f]{32}$/i.test(id)) return id.toLowerCase();
    } catch {
      // The next place, or none.
    }
  }
  return undefined;
}

/** The hardware UUID macOS gives every Mac (`ioreg`), as `system_profiler` shows it. */
async function macMachineId(): Promise<string | undefined> {
  const { stdout } = await run("/usr/sbin/ioreg", ["-rd1", "-c", "IOPlatformExpertDevice"], {
    timeoutMs: LOOKUP_TIMEOUT_MS,
  });
  return /"IOPlatformUUID"\s*=\s*"([0-9A-F-]+)"/i.exec(stdout)?.[1]?.toLowerCase();
}

/** Windows' MachineGuid, made at installation. */
async function windowsMachineId(): Promise<string | undefined> {
  const { stdout } = await run(
    "reg",
    ["query", "HKLM\\SOFTWARE\\Microsoft\\Cryptography", "/v", "MachineGuid"],
    { timeoutMs: LOOKUP_TIMEOUT_MS },
  );
  return /MachineGuid\s+REG_SZ\s+([0-9a-f-]+)/i.exec(stdout)?.[1]?.toLowerCase();
}

async function platformMachineId(): Promise<string | undefined> {
  try {
    if (process.platform === "linux") return linuxMachineId();
    if (process.platform === "darwin") return await macMachineId();
    if (process.platform === "win32") return await windowsMachineId();
  } catch {
    // Looked up and not found: the fallback below.
  }
  return undefined;
}

function account(): string {
  try {
    const user = userInfo();
    return user.uid >= 0 ? `${user.username} (${user.uid})` : user.username;
  } catch {
    // An account without a passwd entry (a container's arbitrary uid).
    return `uid ${process.getuid?.() ?? "unknown"}`;
  }
}

/** The name of the account this process runs as: what a person at the workstation signs with. */
export function accountName(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? "unknown"}`;
  }
}

function identity(machineId: string | undefined, svcHome: string): HostIdentity {
  const name = hostname();
  // A machine without an id it can read is named by a hash of its host name, unique wherever host
  // names are, as on any LAN that resolves them.
  const id = machineId ?? `host-${createHash("sha256").update(name).digest("hex").slice(0, 32)}`;
  return { hostname: name, machine_id: id, account: account(), svc_home: svcHome };
}

/**
 * This svc's identity: `machineId` (SVC_MACHINE_ID) or the platform's machine id, the host name,
 * the account and SVC_HOME.
 */
export async function hostIdentity(machineId: string | undefined, svcHome: string): Promise<HostIdentity> {
  return identity(machineId ?? (await platformMachineId()), svcHome);
}

/** `hostIdentity` where the machine id is a file (Linux) or given: for code that cannot wait. */
export function hostIdentitySync(machineId: string | undefined, svcHome: string): HostIdentity {
  return identity(machineId ?? (process.platform === "linux" ? linuxMachineId() : undefined), svcHome);
}
