import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import { seenHosts } from "../library/hosting/seen-hosts.js";
import { fail, type Io } from "./io.js";

const USAGE = "usage: svc hosts [--json] [--wait SECONDS]";
/** Long enough for every host on a LAN to answer a query and its repeat, short enough to wait for. */
const DEFAULT_WAIT_S = 2;
const MAX_WAIT_S = 60;

/** `svc hosts`: the svc hosts announcing themselves on the LAN (`_svc._tcp`) and the projects each hosts. */
export async function hostsCommand(argv: string[], io: Io): Promise<number> {
  let values: { json?: boolean; wait?: string };
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { json: { type: "boolean" }, wait: { type: "string" } },
    }).values;
  } catch (error) {
    fail(io, `${(error as Error).message}\n${USAGE}`);
    return EXIT.usage;
  }
  const wait = values.wait === undefined ? DEFAULT_WAIT_S : Number(values.wait);
  if (!/^\d+(\.\d+)?$/.test(values.wait ?? "2") || wait < 0.1 || wait > MAX_WAIT_S) {
    fail(io, `--wait takes seconds from 0.1 to ${MAX_WAIT_S} (got "${(values.wait ?? "").slice(0, 20)}")`);
    return EXIT.usage;
  }
  const hosts = await seenHosts(wait * 1000);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(hosts)}\n`);
    return EXIT.ok;
  }
  if (hosts.length === 0) {
    io.stdout.write(`no svc hosts seen in ${wait} s\n`);
    return EXIT.ok;
  }
  for (const host of hosts) {
    io.stdout.write(`${host.name}\t${host.hostname}\tsvc ${host.version}\n`);
    for (const url of host.urls) io.stdout.write(`  ${url}\n`);
    for (const project of host.projects)
      io.stdout.write(`  hosts "${project.name}"${project.id ? ` (${project.id})` : ""}\n`);
    const more = host.projects_total - host.projects.length;
    if (more > 0)
      io.stdout.write(
        `  and ${more} more project(s): ask ${host.urls[0] ?? "the host"}${host.api}projects\n`,
      );
  }
  return EXIT.ok;
}
