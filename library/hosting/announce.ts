import { type Announcement, startAnnouncer } from "../../adapters/mdns.js";
import type { Config } from "../../state/config.js";
import { projectPaths } from "../../state/paths.js";
import { readProjectId } from "../../state/project-id.js";
import { isLoopback } from "../access/addresses.js";
import type { AppContext } from "../context.js";

/** DNS-SD's service type, `_svc._tcp`. */
export const SERVICE_TYPE = "svc";
/** The TXT keys a host announces (RFC 6763: short keys, `txtvers` first). */
export const TXT = {
  txtvers: "txtvers",
  version: "version",
  api: "api",
  url: "url",
  hostname: "hostname",
  machine: "machine",
  projects: "projects",
  /** `p1`, `p2`…: `<project id> <name>`, `-` for a project without an id yet. */
  project: (n: number) => `p${n}`,
} as const;
/** Where the HTTP API is, below the announced URL. */
const API_PATH = "/api/";
/**
 * RFC 6763 §6.2: a TXT record should stay under 1300 bytes to fit one packet with the other
 * records; each `key=value` is at most 255 bytes.
 */
const TXT_BUDGET = 1300;
const NAME_BYTES = 60;
const MACHINE_ID_CHARS = 12;
/** How often the hosted projects are looked at again; a change is announced at once then. */
export const ANNOUNCE_CHECK_MS = 15_000;

/** A project this svc hosts, as announced. */
export interface AnnouncedProject {
  readonly id: string | null;
  readonly name: string;
}

/** Why this svc announces nothing, or null when it announces. */
export function announcementOff(config: Pick<Config, "discovery" | "bindHost">): string | null {
  if (!config.discovery) return "SVC_DISCOVERY=0";
  if (config.bindHost === "localhost" || isLoopback(config.bindHost))
    return `bound to loopback (${config.bindHost}) only; set SVC_BIND_HOST to listen on the LAN`;
  return null;
}

/** `text` cut to at most `bytes` of UTF-8, never inside a character, without control characters. */
function clip(text: string, bytes: number): string {
  let out = "";
  for (const char of text.replace(/[\p{Cc}]/gu, " ")) {
    if (Buffer.byteLength(out + char) > bytes) break;
    out += char;
  }
  return out;
}

const entryBytes = (key: string, value: string) => 1 + Buffer.byteLength(`${key}=${value}`);

export interface AnnouncementInput {
  readonly version: string;
  readonly hostname: string;
  readonly machineId: string;
  /** Where this svc answers (SVC_PUBLIC_URL, else derived from the bind address). */
  readonly url: string;
  readonly port: number;
  readonly projects: readonly AnnouncedProject[];
}

/**
 * The DNS-SD record of a host: its version, URL, API path, host name, a short machine id and the
 * projects it hosts. Names are cut to 60 bytes; projects that would take the record past 1300
 * bytes are left out (the first ones by name stay), and `projects` keeps the full count so a
 * reader knows to ask the host's `GET /api/projects` for the rest.
 */
export function announcementFor(input: AnnouncementInput): Announcement {
  const txt: Record<string, string> = {
    [TXT.txtvers]: "1",
    [TXT.version]: input.version,
    [TXT.api]: API_PATH,
    [TXT.url]: clip(input.url, 200),
    [TXT.hostname]: clip(input.hostname, NAME_BYTES),
    [TXT.machine]: input.machineId.slice(0, MACHINE_ID_CHARS),
    [TXT.projects]: String(input.projects.length),
  };
  let used = Object.entries(txt).reduce((sum, [key, value]) => sum + entryBytes(key, value), 0);
  const sorted = [...input.projects].sort((a, b) => a.name.localeCompare(b.name));
  for (const [i, project] of sorted.entries()) {
    const key = TXT.project(i + 1);
    const value = `${project.id ?? "-"} ${clip(project.name, NAME_BYTES)}`;
    if (used + entryBytes(key, value) > TXT_BUDGET) break;
    used += entryBytes(key, value);
    txt[key] = value;
  }
  return {
    name: `svc on ${clip(input.hostname, NAME_BYTES)} port ${input.port}`,
    type: SERVICE_TYPE,
    port: input.port,
    txt,
  };
}

/** The registered projects this svc is the library host of now. */
export function hostedProjects(ctx: AppContext): AnnouncedProject[] {
  return ctx.registry.projects
    .all()
    .filter((project) => ctx.hosts.view(project.root).role === "host")
    .map((project) => ({ id: readProjectId(projectPaths(project.root)), name: project.name }));
}

/** A running announcement: looked at again on a timer, withdrawn (goodbye packets) at `stop`. */
export interface Announcing {
  stop(): Promise<void>;
}

const WILDCARD = new Set(["0.0.0.0", "::", ""]);

/**
 * Announces this svc as `_svc._tcp` while it listens beyond loopback (nothing when bound to
 * loopback or SVC_DISCOVERY=0: null). The projects it hosts change as leases are taken, lost and
 * projects registered, with no event for all of them: they are looked at every `everyMs`, and a
 * changed record is announced at once.
 */
export function startAnnouncing(
  ctx: AppContext,
  at: { url: string; port: number },
  everyMs = ANNOUNCE_CHECK_MS,
): Announcing | null {
  const off = announcementOff(ctx.config);
  if (off) {
    ctx.log.info({ reason: off }, "not announced on the LAN");
    return null;
  }
  const announcer = startAnnouncer({
    interfaceAddress: WILDCARD.has(ctx.config.bindHost) ? undefined : ctx.config.bindHost,
    onError: (error) => ctx.log.warn({ reason: error.message }, "LAN announcement failed"),
  });
  let last = "";
  let pending = Promise.resolve();
  const refresh = () => {
    pending = pending
      .then(async () => {
        const ad = announcementFor({
          version: ctx.version,
          hostname: ctx.hosts.identity.hostname,
          machineId: ctx.hosts.identity.machine_id,
          url: at.url,
          port: at.port,
          projects: hostedProjects(ctx),
        });
        const key = JSON.stringify(ad);
        if (key === last) return;
        last = key;
        await announcer.announce(ad);
        ctx.log.info(
          { service: `_${SERVICE_TYPE}._tcp`, name: ad.name, projects: ad.txt.projects },
          "announced on the LAN",
        );
      })
      .catch((error: unknown) => ctx.log.warn({ reason: String(error) }, "LAN announcement failed"));
  };
  refresh();
  const timer = setInterval(refresh, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await announcer.close();
    },
  };
}
