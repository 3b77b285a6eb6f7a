#!/usr/bin/env -S node --max-semi-space-size=4
// The flag caps V8's young generation at 4 MB per semi-space (16 MB by default): a burst such as
// a catch-up pass over 10,000 files grows it to the cap, and it stays resident while the daemon
// idles (about 154 MB idle with the default, 133 MB with this cap, watching 10,000 files).
import { EXIT } from "../domain/errors.js";
import { readVersion } from "../library/system/version.js";
import { fail, type Io, processIo } from "./io.js";

const HELP = `svc — local media-library daemon

usage:
  svc serve                         run the daemon (API, watch folders, schedules)
  svc ingest [--dir D] [--refresh] [--regenerate-thumbnails] [--vision-only] [--no-embed]
             [--language L] [--progress json]
                                    one ingest pass over PROJECT_ROOT
  svc ingest --retraditionalize [--dry-run] | --migrate-storage
             | --propose-collections [--collection-dry-run] | --apply-collections
                                    maintenance passes over PROJECT_ROOT
  svc embed [--rebuild] [--json]    bring embeddings and the vector index up to date
  svc chat [--url URL] [--token T] [--conversation ID] [--project NAME]… [--json] ["PROMPT"]
                                    ask a running svc serve; without PROMPT, one prompt per line
  svc export timeline --ids 1,2,3 --format FMT [--fps R] [--name N] [-o FILE]
  svc export batch --ids 1,2,3 [--formats F,F…] [-o FILE.zip]
                                    timelines and per-clip files for NLEs (same as the API);
                                    svc export --help lists every format and option
  svc media desqueeze ID VALUE [--json]
                                    set an item's anamorphic desqueeze (1, 1.25, 1.3, 1.33, 1.5, 1.65,
                                    1.8, 2) and render its pictures again
  svc marker add ID --at T [--end T] [--name N] [--note TEXT] [--color C] [--kind K] [--project P] [--json]
             | list ID [--json] | rm MARKER_ID [--json]
                                    an item's markers (T: seconds, or HH:MM:SS:FF from its start timecode)
  svc subclip add ID --in T --out T [--name N] [--note TEXT] [--color C] [--project P] [--json]
              | list ID [--json] | rm SUBCLIP_ID [--json]
                                    an item's subclips: named ranges
  svc handoff create --ids 1,2,3 [--bin NAME] [--subclips all|none|4,5] [--project P] [--json]
              | list [--limit N] [--project P] [--json]
                                    hand the items to DaVinci Resolve (Workspace → Scripts → svc_resolve)
  svc nle install resolve [--print] [--dir DIR]
                                    put svc_resolve.py in Resolve's scripts folder
  svc hosts [--json] [--wait SECONDS]
                                    the svc hosts announcing themselves on the LAN, and the
                                    projects each hosts
  svc mcp                           MCP tools over stdio (for Claude Desktop and other MCP clients)
  svc offload SRC --dest D [--dest D2 …] [--hash xxh64|xxh3|xxh128|md5|sha1|c4] [--no-verify] [--resume]
              [--progress json]     copy a card to drives, verify every copy, write ASC MHL
  svc offload verify DEST [--record]
                                    recheck a destination against its ASC MHL history
                                    (--record adds a verified generation)
  svc open [--url URL] [--no-browser]
                                    the web app in a browser (an app window with Chromium);
                                    starts svc here first when none answers
  svc project add NAME PATH | list [--json] | remove NAME
  svc proxy editor --ids 1,2,3 [--project P] [--progress json]
                                    ProRes 422 Proxy files in Proxy/ beside the sources
  svc token create --name N --scopes a,b [--ip-allowlist CIDR,…] [--expires-in DAYS] [--json]
                                    issue an API token (the secret is printed once)
  svc token list [--json] | show ID [--json] | revoke ID
  svc sync [--dir D] [--by timecode|waveform|both] [--project P] [--progress json]
                                    sync camera clips to the sound recorded apart (timecode, waveform)
  svc trash list [--json] | restore ID [--json] | empty [--older-than DAYS]
                                    deleted files of PROJECT_ROOT: list, put back, remove for good
  svc service install [--user] [--dir DIR] [--manager systemd|launchd]
              | uninstall [--user] [--dir DIR] [--manager systemd|launchd]
                                    write (or remove) the systemd unit or launchd agent for svc serve
  svc --version

configuration is by environment variables (PROJECT_ROOT, SVC_HOME, SVC_PORT, …); see
docs/configuration.md.
`;

type Command = (argv: string[], io: Io) => Promise<number>;

// Each command is loaded when it is run: `svc serve` pulls in the HTTP stack, the MCP SDK and the
// pipeline, which cost a short command like `svc token list` a third of its start-up time.
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./serve.js")).serveCommand,
  service: async () => (await import("./service.js")).serviceCommand,
  ingest: async () => (await import("./ingest.js")).ingestCommand,
  embed: async () => (await import("./embed.js")).embedCommand,
  chat: async () => (await import("./chat.js")).chatCommand,
  export: async () => (await import("./export.js")).exportCommand,
  handoff: async () => (await import("./handoff.js")).handoffCommand,
  hosts: async () => (await import("./hosts.js")).hostsCommand,
  marker: async () => (await import("./marks.js")).markerCommand,
  media: async () => (await import("./media.js")).mediaCommand,
  mcp: async () => (await import("./mcp.js")).mcpCommand,
  nle: async () => (await import("./nle.js")).nleCommand,
  open: async () => (await import("./open.js")).openCommand,
  offload: async () => (await import("./offload.js")).offloadCommand,
  project: async () => (await import("./project.js")).projectCommand,
  proxy: async () => (await import("./proxy.js")).proxyCommand,
  subclip: async () => (await import("./marks.js")).subclipCommand,
  token: async () => (await import("./token.js")).tokenCommand,
  sync: async () => (await import("./sync.js")).syncCommand,
  trash: async () => (await import("./trash.js")).trashCommand,
};

export async function main(argv: string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    io.stdout.write(HELP);
    return name ? EXIT.ok : EXIT.usage;
  }
  if (name === "--version" || name === "version") {
    io.stdout.write(`${readVersion()}\n`);
    return EXIT.ok;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (load) return (await load())(rest, io);
  fail(io, `unknown command "${name}"\n${HELP}`);
  return EXIT.usage;
}

// A reader that goes away (`svc token list | head -1`) ends svc the way SIGPIPE ends other Unix
// tools, quietly and with their status, 141; Node would instead throw EPIPE with a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(EXIT.brokenPipe);
  });

main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `svc: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = EXIT.software;
  },
);
