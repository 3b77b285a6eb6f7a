import { browse, type SeenService } from "../../adapters/mdns.js";
import { type AnnouncedProject, SERVICE_TYPE, TXT } from "./announce.js";

/** An svc host seen on the LAN, as `svc hosts` lists it. */
export interface SeenHost {
  /** The DNS-SD instance name (`svc on edit-3 port 8501`). */
  readonly name: string;
  readonly hostname: string;
  /** The URL the host says it answers at first, then one per address its announcement carried. */
  readonly urls: readonly string[];
  readonly api: string;
  readonly version: string;
  /** The first characters of its machine id. */
  readonly machine: string;
  /** The projects it hosts, as many as its announcement had room for. */
  readonly projects: readonly AnnouncedProject[];
  /** How many projects it hosts in all (more than `projects` when the record was full). */
  readonly projects_total: number;
}

const urlHost = (address: string) => (address.includes(":") ? `[${address}]` : address);

/** What an announcement of `_svc._tcp` says, read back; services of another kind are none. */
export function hostOf(seen: SeenService): SeenHost | null {
  const txt = seen.txt;
  if (txt[TXT.txtvers] !== "1") return null;
  const projects: AnnouncedProject[] = [];
  for (let n = 1; txt[TXT.project(n)] !== undefined; n++) {
    const entry = txt[TXT.project(n)] ?? "";
    const space = entry.indexOf(" ");
    const id = space < 0 ? entry : entry.slice(0, space);
    projects.push({ id: id === "-" ? null : id, name: space < 0 ? "" : entry.slice(space + 1) });
  }
  const total = Number(txt[TXT.projects]);
  const byAddress = seen.addresses.map((address) => `http://${urlHost(address)}:${seen.port}`);
  const own = txt[TXT.url];
  return {
    name: seen.name,
    hostname: txt[TXT.hostname] ?? seen.host,
    urls: [...new Set([...(own ? [own] : []), ...byAddress])],
    api: txt[TXT.api] ?? "/api/",
    version: txt[TXT.version] ?? "",
    machine: txt[TXT.machine] ?? "",
    projects,
    projects_total: Number.isInteger(total) && total >= projects.length ? total : projects.length,
  };
}

/** The svc hosts that answer on the LAN within `waitMs`, by name. */
export async function seenHosts(waitMs: number): Promise<SeenHost[]> {
  const services = await browse(SERVICE_TYPE, waitMs, {
    // A socket error (no network at all) leaves the list empty rather than failing the look.
    onError: () => undefined,
  });
  return services
    .map(hostOf)
    .filter((host) => host !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}
